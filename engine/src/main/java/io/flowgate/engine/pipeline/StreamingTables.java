package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.PipelineIds;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.StreamingSettings;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.CheckConstraints;
import io.flowgate.engine.exec.DdlExecutor;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.exec.ListCursor;
import io.flowgate.engine.exec.PolicyExecutor;
import io.flowgate.engine.exec.QueryDescriber;
import io.flowgate.engine.exec.RefreshSchedule;
import io.flowgate.engine.exec.TableKeys;
import io.flowgate.engine.exec.TableLayout;
import io.flowgate.engine.exec.VersionedWrite;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.plan.TableDefinitions;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.PrivateDatasets;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.RowLevelExpressions;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.analyzer.TablesRead;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.RunningStatement;
import io.flowgate.engine.type.SqlType;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CREATE [OR REFRESH] STREAMING TABLE and REFRESH: a streaming table is a table that only its flows write. Creating
 * one runs its first update, as the dialect's CREATE does outside a pipeline; every refresh runs each flow once.
 */
public final class StreamingTables {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(StreamingTables.class);

  private final ExecutionContext context;
  private final FlowPlans plans;
  private final CatalogService catalog;
  private final H2Storage storage;

  public StreamingTables(ExecutionContext context, FlowPlans plans) {
    this.context = context;
    this.plans = plans;
    this.catalog = context.catalog();
    this.storage = context.storage();
  }

  /** The rows this statement's updates wrote: a client's CREATE or REFRESH answers them as its update count. */
  private long rowsWritten;

  private String user() {
    return context.session().user();
  }

  public long rowsWritten() {
    return rowsWritten;
  }

  /** Listens to an update's flows, e.g. to print progress; the default listens to nothing. */
  public interface FlowListener {
    FlowListener NONE = (table, flow, result) -> { };

    void completed(TableInfo table, FlowInfo flow, FlowRunner.BatchResult result);

    default void failed(TableInfo table, FlowInfo flow, EngineException failure) {}
  }

  /** CREATE [OR REFRESH] STREAMING TABLE or CREATE TABLE ... FLOW from a client: defines it and runs an update. */
  public void create(Pipeline.CreateFlowTable create) {
    define(create, Origin.CLIENT);
  }

  /**
   * Where a definition's table is kept: a pipeline's PRIVATE dataset apart from the catalog's names; outside a
   * pipeline project there is no PRIVATE dataset.
   */
  public TableName stored(TableName written, Pipeline.CreateFlowTable create) {
    if (!create.pipelinePrivate()) {
      return written;
    }
    return PrivateDatasets.stored(written, context.session().pipeline().orElseThrow(() -> Errors.notSupported(
        "PRIVATE streaming tables outside a pipeline project (a private dataset belongs to the pipeline that"
            + " defines it: java -jar flowgate-gateway.jar run PIPELINE_DIR)", create.span())));
  }

  /**
   * Where a definition comes from. A client's CREATE runs an update after it, and redefines an existing table only
   * with OR REFRESH; a pipeline's definitions are declarative (each run redefines what the last one made) and its
   * run updates the datasets afterwards, in order.
   */
  public enum Origin { CLIENT, PIPELINE }

  /**
   * Creates or redefines the table and its own flow. An existing table is redefined by CREATE OR REFRESH, by a
   * pipeline's definition of a table that flows write, and by a flow that imports a checkpoint: the CREATE TABLE ...
   * FLOW page's migration adopts the table the imported stream wrote.
   */
  public TableInfo define(Pipeline.CreateFlowTable create, Origin origin) {
    boolean update = origin == Origin.CLIENT;
    keptSchedule(create.clauses().schedule(), create.span());
    CheckConstraints.refuseProperties(create.clauses().properties().keySet(), create.span());
    TableName asWritten = context.translator().qualify(create.name(), create.span());
    new DdlExecutor(context).requireSchema(asWritten, create.span());
    TableName name = stored(asWritten, create);
    Optional<TableInfo> existing = catalog.table(name);
    if (existing.isPresent() && !create.ifNotExists()) {
      context.access().requireOwner(user(), GrantInfo.Securable.TABLE, name.parts(), create.span());
    } else if (existing.isEmpty()) {
      // The pages name the privileges: a streaming table needs CREATE MATERIALIZED VIEW, a managed table CREATE TABLE.
      context.access().require(user(), GrantInfo.Securable.SCHEMA, List.of(asWritten.catalog(), asWritten.schema()),
          create.kind() == Pipeline.DatasetKind.TABLE ? "CREATE TABLE" : "CREATE MATERIALIZED VIEW", create.span());
    }
    if (existing.isPresent()) {
      if (create.kind() == Pipeline.DatasetKind.TABLE && existing.get().kind() == TableKind.STREAMING_TABLE) {
        throw EngineException.of(ErrorClass.CANNOT_SWITCH_STREAMING_TABLE_TO_MANAGED_TABLE)
            .parameter("tableName", Errors.quote(name.parts())).at(create.span()).build();
      }
      if (create.ifNotExists()) {
        return existing.get();
      }
      TableInfo table = existing.get();
      List<FlowInfo> flows = storage.read(connection -> catalog.flows(connection, table.id()));
      boolean written = table.kind() == TableKind.STREAMING_TABLE || !flows.isEmpty();
      boolean adopts = create.flow().flatMap(Pipeline.FlowQuery::importCheckpoint).isPresent();
      boolean redefines = create.orRefresh() || origin == Origin.PIPELINE && written || adopts;
      boolean sameKind = tableKind(create) == table.kind() && table.viewSql().isEmpty();
      if (!redefines || !sameKind) {
        throw Errors.tableOrViewAlreadyExists(name.parts(), create.span());
      }
      redefine(table, flows, create, update);
      return catalog.table(name).orElseThrow();
    }
    TableKind kind = tableKind(create);
    long id = context.writeMetadata(catalog::nextTableId);
    long flowId = context.writeMetadata(catalog::nextTableId);
    Optional<FlowInfo> flow = create.flow().map(query -> new FlowInfo(flowId, id, name.table(), kindOf(query),
        query.queryText(), context.session().catalog(), context.session().schema(), context.session().pipeline()));
    List<ColumnDefinition> columns = create.columns();
    if (columns.isEmpty() && flow.isPresent()) {
      columns = columnsOf(flow.get(), create.span());
    }
    // Without a column list or a query the table starts with no columns; CREATE FLOW widens it to its flows.
    TableLayout.check(create.clauses(), DdlExecutor.columnInfos(columns), name, true, create.span());
    String storageName = "T" + id;
    TableInfo table = new PolicyExecutor(context).withPolicies(new TableInfo(id, name, kind, storageName,
        DdlExecutor.columnInfos(columns), create.clauses().comment(), create.clauses().properties(),
        create.clauses().partitionBy(), create.clauses().clusterBy(), create.clauses().clusterAuto(),
        create.clauses().location(), Optional.empty(), TableKeys.of(name, columns, create.constraints(), catalog,
        context.translator()), user(), Instant.now(), create.pipelinePrivate(), List.of()),
        create.clauses().policies());
    FlowRunner runner = new FlowRunner(catalog, context.access(), storage, user(), context.files(), plans);
    List<ExpectationInfo> expectations = expectations(create);
    boolean declared = !create.columns().isEmpty();
    // Plan the flow before anything is created, so a query that does not fit the table fails the CREATE cleanly.
    Optional<FlowRunner.PlannedFlow> planned = flow.map(definition -> {
      if (declared) {
        requireFit(table, definition, create.span(), user());
      }
      return runner.plan(definition, table, expectations, create.span());
    });
    Optional<CheckpointImport.Consumed> imported = create.flow().flatMap(Pipeline.FlowQuery::importCheckpoint)
        .map(path -> CheckpointImport.read(CheckpointImport.folder(path, context, create.span()),
            path, create.span()));
    storage.execute(TableDefinitions.dataTable(storageName, columns, context.definitions(context.session())));
    try {
      context.writeMetadata(connection -> {
        catalog.createTable(connection, table);
        catalog.recordCommit(connection, new CommitInfo(id, 0, Instant.now(), creation(kind), user(), Map.of(),
            Map.of()));
        if (flow.isPresent()) {
          catalog.saveFlow(connection, flow.get());
          if (imported.isPresent()) {
            startFromCheckpoint(connection, flow.get(), planned.orElseThrow(), imported.get(), create.span());
          }
        }
        catalog.replaceExpectations(connection, id, expectations);
        catalog.saveStreamingSettings(connection, new StreamingSettings(id, declared,
            keptSchedule(create.clauses().schedule(), create.span())));
        return null;
      });
    } catch (RuntimeException e) {
      storage.dropTable(storageName);
      throw e;
    }
    // a managed table its flows write keeps history as any managed table does
    io.flowgate.engine.exec.TableHistory.ensure(catalog, storage, table);
    if (update) {
      refresh(table, false, create.span());
    }
    return table;
  }

  private static TableKind tableKind(Pipeline.CreateFlowTable create) {
    return switch (create.kind()) {
      case TABLE -> TableKind.MANAGED;
      case STREAMING_TABLE -> TableKind.STREAMING_TABLE;
      case MATERIALIZED_VIEW -> TableKind.MATERIALIZED_VIEW;
    };
  }

  private static CommitOperation creation(TableKind kind) {
    return kind == TableKind.STREAMING_TABLE ? CommitOperation.CREATE_STREAMING_TABLE
        : kind == TableKind.MATERIALIZED_VIEW ? CommitOperation.CREATE_MATERIALIZED_VIEW : CommitOperation.CREATE_TABLE;
  }

  private static FlowInfo.FlowKind kindOf(Pipeline.FlowQuery query) {
    return query.cdc().isPresent() ? (query.once() ? FlowInfo.FlowKind.AUTO_CDC_ONCE : FlowInfo.FlowKind.AUTO_CDC)
        : query.replaceWhere().isPresent() ? FlowInfo.FlowKind.REPLACE_WHERE
        : query.once() ? FlowInfo.FlowKind.ONCE : FlowInfo.FlowKind.APPEND;
  }

  /**
   * IMPORT CHECKPOINT: a new flow starts where the imported Structured Streaming query stopped, so its first update
   * reads only what that query had not committed: after the table version it had consumed, or the files it had not
   * read. Later updates and FULL refresh go on from the flow's own checkpoint.
   */
  private void startFromCheckpoint(Connection connection, FlowInfo flow, FlowRunner.PlannedFlow planned,
      CheckpointImport.Consumed consumed, Span span) throws java.sql.SQLException {
    if (consumed.tableVersion().isPresent()) {
      if (planned.sources().size() != 1 || !planned.fileReads().isEmpty()) {
        throw Errors.notSupported("IMPORT CHECKPOINT of a table source into a flow that does not stream one table",
            span);
      }
      TableInfo source = planned.sources().get(0).table();
      catalog.saveCheckpoint(connection, new FlowCheckpoint(flow.id(), source.id(),
          String.join(".", source.name().parts()), consumed.tableVersion().get()));
    } else if (!consumed.files().isEmpty()) {
      List<StreamSources.FileRead> reads = planned.fileReads().stream().filter(StreamSources.FileRead::streaming)
          .toList();
      if (reads.size() != 1 || !planned.sources().isEmpty()) {
        throw Errors.notSupported("IMPORT CHECKPOINT of a file source into a flow that does not stream one"
            + " read_files", span);
      }
      StreamSources.FileRead read = reads.get(0);
      for (java.nio.file.Path file : read.files().files()) {
        if (CheckpointImport.logged(consumed.files(), read.files().base(), file)) {
          catalog.recordIngestedFile(connection, flow.id(), file.toString());
        }
      }
    }
  }

  /** The expectations declared in a streaming table's specification, checked for unique names. */
  private static List<ExpectationInfo> expectations(Pipeline.CreateFlowTable create) {
    List<ExpectationInfo> expectations = new ArrayList<>();
    java.util.Set<String> names = new java.util.HashSet<>();
    for (var constraint : create.constraints()) {
      if (constraint instanceof Ddl.Expectation expectation) {
        if (!names.add(expectation.name().toLowerCase(java.util.Locale.ROOT))) {
          throw EngineException.of(ErrorClass.DUPLICATE_EXPECTATION).parameter("name", Errors.quote(expectation.name()))
              .at(expectation.span()).build();
        }
        RowLevelExpressions.check(expectation.condition().expression(), RowLevelExpressions.Use.EXPECTATION,
            expectation.name(), expectation.condition().text(), FunctionRegistry.TRAITS);
        expectations.add(new ExpectationInfo(expectation.name(), expectation.condition().text(),
            ExpectationInfo.Action.valueOf(expectation.action().name())));
      }
    }
    return expectations;
  }

  /**
   * A new definition of an existing table: the statement's definition replaces the table's (see {@link
   * Redefinition}); a new query and new expectations apply to new data; then an update runs. Everything is checked
   * before anything changes.
   */
  private void redefine(TableInfo table, List<FlowInfo> flows, Pipeline.CreateFlowTable create, boolean update) {
    List<ExpectationInfo> expectations = expectations(create);
    boolean declared = !create.columns().isEmpty();
    Optional<FlowInfo> existingFlow = flows.stream().filter(existing -> existing.name().equals(table.name().table()))
        .findFirst();
    Optional<FlowInfo> flow = create.flow().map(query -> new FlowInfo(existingFlow.map(FlowInfo::id)
        .orElseGet(() -> context.writeMetadata(catalog::nextTableId)), table.id(), table.name().table(), kindOf(query),
        query.queryText(), context.session().catalog(), context.session().schema(), context.session().pipeline()));
    // A checkpoint is imported by the flow's first definition only; later ones go on from the flow's own.
    Optional<CheckpointImport.Consumed> imported = existingFlow.isPresent() ? Optional.empty()
        : create.flow().flatMap(Pipeline.FlowQuery::importCheckpoint).map(path -> CheckpointImport.read(
            CheckpointImport.folder(path, context, create.span()), path, create.span()));
    boolean view = table.kind() == TableKind.MATERIALIZED_VIEW;
    List<ColumnDefinition> viewColumns = !view ? List.of() : declared ? create.columns()
        : flow.map(definition -> columnsOf(definition, create.span())).orElse(List.of());
    Redefinition.Columns columns = view ? Redefinition.recomputed(table, viewColumns)
        : declared ? Redefinition.declared(table, create.columns(), create.span())
        : Redefinition.inferred(table, flow.map(definition -> missingColumns(table, definition, create.span(), user()))
            .orElse(List.of()));
    TableLayout.check(create.clauses(), columns.columns(), table.name(), true, create.span());
    List<ColumnDefinition> definitions = declared || view ? (view ? viewColumns : create.columns())
        : columns.columns().stream().map(column -> new ColumnDefinition(create.span(), column.name(),
            SqlParser.parseType(column.type()), !column.nullable(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty())).toList();
    String storageName = columns.rebuilt() ? "T" + context.writeMetadata(catalog::nextTableId) : table.storageName();
    TableInfo redefined = new PolicyExecutor(context).withPolicies(Redefinition.table(table, storageName, columns,
        create.clauses(), TableKeys.of(table.name(), definitions, create.constraints(), catalog,
            context.translator())), create.clauses().policies());
    Optional<FlowRunner.PlannedFlow> planned = flow.map(definition -> {
      if (declared) {
        requireFit(redefined, definition, create.span(), user());
      }
      return new FlowRunner(catalog, context.access(), storage, user(), context.files(), plans).plan(definition, redefined,
          expectations, create.span());
    });
    if (columns.rebuilt()) {
      // A new store table, named by the catalog in the same transaction as the definition; start-up drops one a
      // crash leaves unnamed, and the old one goes once the new definition is committed.
      storage.execute(TableDefinitions.dataTable(storageName, definitions, context.definitions(context.session())));
    }
    // H2 commits each ALTER on its own; an added column a failure leaves behind is unused, and adopted later.
    columns.nullability().forEach((column, nullable) ->
        storage.execute(TableDefinitions.setNullable(table.storageName(), column, nullable)));
    TableDefinitions.addColumns(table.storageName(), columns.added(), declared ? create.columns() : columns.added(),
        context.definitions(context.session())).forEach(storage::execute);
    try {
      saveDefinition(table, redefined, flow, imported, planned, expectations, declared, create);
    } catch (RuntimeException e) {
      if (columns.rebuilt()) {
        storage.dropTable(storageName);
      }
      throw e;
    }
    if (columns.rebuilt()) {
      storage.dropTable(table.storageName());
    }
    if (update) {
      refresh(catalog.table(table.name()).orElseThrow(), false, create.span());
    }
  }

  private void saveDefinition(TableInfo table, TableInfo redefined, Optional<FlowInfo> flow,
      Optional<CheckpointImport.Consumed> imported, Optional<FlowRunner.PlannedFlow> planned,
      List<ExpectationInfo> expectations, boolean declared, Pipeline.CreateFlowTable create) {
    context.writeMetadata(connection -> {
      catalog.redefineTable(connection, redefined);
      if (flow.isPresent()) {
        catalog.saveFlow(connection, flow.get());
        if (imported.isPresent()) {
          startFromCheckpoint(connection, flow.get(), planned.orElseThrow(), imported.get(), create.span());
        }
      }
      catalog.replaceExpectations(connection, table.id(), expectations);
      catalog.saveStreamingSettings(connection, new StreamingSettings(table.id(), declared,
          keptSchedule(create.clauses().schedule(), create.span())));
      return null;
    });
  }

  /**
   * CREATE FLOW: another flow into a streaming table, with its own checkpoint. The table widens to any column the
   * flow writes that it lacks (its schema is the union of its flows'). The flow's first batch runs at once.
   * Defining a flow again under its name replaces its query for new data and keeps its checkpoint.
   */
  public void createFlow(Pipeline.CreateFlow create) {
    defineFlow(create, true);
  }

  /** Defines (or redefines) a flow into a table that flows write; {@code update} runs its first batch. */
  public TableInfo defineFlow(Pipeline.CreateFlow create, boolean update) {
    TableInfo target = context.translator().resolveFlowTarget(create.target(), create.span());
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, target.name().parts(), create.span());
    // A managed table may be fed by flows only (the CREATE TABLE ... FLOW page's fan-in): its first CREATE FLOW
    // makes it one that REFRESH runs.
    List<FlowInfo> flows = target.kind() == TableKind.MANAGED
        ? storage.read(connection -> catalog.flows(connection, target.id()))
        : flowsOf(target, "CREATE FLOW", create.span());
    long flowId = flows.stream().filter(flow -> flow.name().equalsIgnoreCase(create.name())).map(FlowInfo::id)
        .findFirst().orElseGet(() -> context.writeMetadata(catalog::nextTableId));
    FlowInfo flow = new FlowInfo(flowId, target.id(), create.name(), kindOf(create.flow()),
        create.flow().queryText(), context.session().catalog(), context.session().schema(),
        context.session().pipeline());
    FlowRunner.requireTargetFor(flow, target, create.span());
    boolean cdc = flow.autoCdc();
    if (flows.stream().anyMatch(other -> other.id() != flowId
        && other.autoCdc() != cdc)) {
      // AUTO CDC rewrites a key's rows from its events, which would drop rows another kind of flow appended.
      throw Errors.notSupported("AUTO CDC and append flows into one table", create.span());
    }
    TableInfo widened = conform(target, flow, create.span(), user());
    new FlowRunner(catalog, context.access(), storage, user(), context.files(), plans).plan(flow, widened, create.span());
    context.writeMetadata(connection -> {
      catalog.saveFlow(connection, flow);
      return null;
    });
    if (update) {
      runFlows(new EventLog(catalog, widened), widened, List.of(flow), false, create.span(), FlowListener.NONE);
    }
    return widened;
  }

  /**
   * The table ready for a flow's query: a table whose columns come from its queries gains the columns the query
   * writes that it lacks (its schema grows additively, as the dialect's streaming tables do); a table with a
   * declared schema must already have them.
   */
  private TableInfo conform(TableInfo table, FlowInfo flow, Span span, String reader) {
    if (declaredSchema(table)) {
      requireFit(table, flow, span, reader);
      return table;
    }
    return widen(table, missingColumns(table, flow, span, reader));
  }

  private boolean declaredSchema(TableInfo table) {
    return storage.read(connection -> catalog.streamingSettings(connection, table.id()))
        .map(StreamingSettings::declaredSchema).orElse(false);
  }

  /** {@code reader}: whose rights the flow's query is planned with (who defines it, or the owner who runs it). */
  private List<ColumnDefinition> missingColumns(TableInfo table, FlowInfo flow, Span span, String reader) {
    return columnsOf(flow, span, reader).stream().filter(column -> table.column(column.name()).isEmpty()).toList();
  }

  /** A declared schema must hold every column the flow's query writes. */
  private void requireFit(TableInfo table, FlowInfo flow, Span span, String reader) {
    List<ColumnDefinition> missing = missingColumns(table, flow, span, reader);
    if (!missing.isEmpty()) {
      throw EngineException.of(ErrorClass.USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE)
          .parameter("tableName", String.join(".", table.name().parts()))
          .parameter("columns", missing.stream().map(column -> Errors.quote(List.of(column.name())))
              .collect(java.util.stream.Collectors.joining(", ")))
          .parameter("streamingTableHint", table.kind() == TableKind.STREAMING_TABLE
              ? "Streaming tables remember the data they processed; to recompute the table from scratch, change"
                  + " the declared schema and run a full refresh." : "")
          .at(span).build();
    }
  }

  /** Adds to the table the columns a flow writes that it does not have yet. */
  private TableInfo widen(TableInfo table, List<ColumnDefinition> missing) {
    if (missing.isEmpty()) {
      return table;
    }
    // H2 commits the ALTER on its own; a crash before the catalog row leaves an unused column, never a missing one,
    // and the next widening adopts it.
    TableDefinitions.addColumns(table.storageName(), missing, missing, context.definitions(context.session()))
        .forEach(storage::execute);
    context.writeMetadata(connection -> {
      catalog.addColumns(connection, table, DdlExecutor.columnInfos(missing));
      return null;
    });
    return catalog.table(table.name()).orElseThrow();
  }

  /** ALTER STREAMING TABLE ... {ADD | ALTER} SCHEDULE / DROP SCHEDULE: the schedule is kept with the table. */
  public void alterSchedule(Pipeline.AlterSchedule alter) {
    TableInfo table = context.translator().resolveTable(alter.name(), alter.span());
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, table.name().parts(), alter.span());
    if (!table.kind().writtenByFlows()) {
      throw Errors.notAStreamingTable("ALTER STREAMING TABLE", table.name().parts(), alter.span());
    }
    Optional<String> schedule = keptSchedule(alter.schedule(), alter.span());
    boolean declared = declaredSchema(table);
    context.writeMetadata(connection -> {
      catalog.saveStreamingSettings(connection, new StreamingSettings(table.id(), declared, schedule));
      return null;
    });
  }

  /** A schedule as the catalog keeps it: checked, and a CRON given the session's time zone when it names none. */
  private Optional<String> keptSchedule(Optional<String> written, Span span) {
    return written.map(text -> RefreshSchedule.kept(text, context.session().timeZone(), span));
  }

  /** The table a REFRESH names, checked for the REFRESH privilege, and its flows. */
  private record Refreshed(TableInfo table, List<FlowInfo> flows) {}

  private Refreshed refreshed(Pipeline.Refresh refresh) {
    TableInfo table = context.translator().resolveTable(refresh.name(), refresh.span());
    context.access().require(user(), GrantInfo.Securable.TABLE, table.name().parts(), "REFRESH", refresh.span());
    if (refresh.full() && !resetAllowed(table)) {
      throw EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED).subClass("RESET_NOT_ALLOWED",
          "the table property pipelines.reset.allowed of <tableName> is false, so a full refresh may not clear it."
              + " Refresh it without FULL, or set the property to true first.")
          .parameter("operation", "REFRESH ... FULL").parameter("tableName", Errors.quote(table.name().parts()))
          .at(refresh.span()).build();
    }
    return new Refreshed(table, flowsOf(table, "REFRESH", refresh.span()));
  }

  /**
   * REFRESH: synchronous, it answers the rows the update wrote as its update count; ASYNC answers at once with a row
   * naming the update it started (its {@code pipeline_id} and {@code update_id}, as the event log's {@code origin}
   * has them), whose progress and outcome, failure included, are in the table's event log.
   */
  public StatementResult refresh(Pipeline.Refresh refresh) {
    Refreshed refreshed = refreshed(refresh);
    TableInfo table = refreshed.table();
    List<FlowInfo> flows = refreshed.flows();
    EventLog events = new EventLog(catalog, table);
    if (!refresh.async()) {
      return new StatementResult.UpdateCount(runFlows(events, table, flows, refresh.full(), refresh.span(),
          FlowListener.NONE));
    }
    context.background().execute(() -> {
      try {
        runFlows(events, table, flows, refresh.full(), refresh.span(), FlowListener.NONE);
      } catch (EngineException failed) {
        // already logged with the update's end
      }
    });
    return new StatementResult.Rows(List.of(new ResultColumn("pipeline_id", SqlType.STRING, false),
        new ResultColumn("update_id", SqlType.STRING, false)),
        new ListCursor(List.of(List.of(PipelineIds.of(table.id()), events.updateId()))));
  }

  /**
   * EXPLAIN REFRESH: the table's flows and what their next batch would read, checked as the REFRESH would be and
   * not run.
   */
  public List<String> explain(Pipeline.Refresh refresh) {
    Refreshed refreshed = refreshed(refresh);
    TableInfo table = refreshed.table();
    List<FlowInfo> flows = refreshed.flows();
    List<String> lines = new ArrayList<>();
    lines.add("Refreshes: " + table.name() + (refresh.full() ? " (full: its rows and checkpoints cleared first)" : ""));
    FlowRunner runner = new FlowRunner(catalog, context.access(), storage, table.owner(), context.files(), plans);
    for (FlowInfo flow : flows) {
      lines.addAll(runner.describe(flow, table, refresh.span()));
    }
    return lines;
  }

  public static final String RESET_ALLOWED = "pipelines.reset.allowed";

  /**
   * Whether a full refresh may clear the table: not when its property {@code pipelines.reset.allowed} is false
   * (the vendor's switch for tables whose sources no longer hold what was read).
   */
  public static boolean resetAllowed(TableInfo table) {
    return !"false".equalsIgnoreCase(table.properties().getOrDefault(RESET_ALLOWED, "true").strip());
  }

  /**
   * One update of a table's flows, reporting each completed flow (pipeline runs print them). A full one of a table
   * that may not be reset ({@link #resetAllowed}) runs as an ordinary update.
   */
  public void update(TableInfo table, boolean full, Span span, FlowListener listener) {
    runFlows(new EventLog(catalog, table), table, storage.read(connection -> catalog.flows(connection,
        table.id())), full && resetAllowed(table), span, listener);
  }

  /** The tables and views the table's flows read, named as the catalog names them. */
  public List<TableName> sources(TableInfo table) {
    FlowRunner runner = new FlowRunner(catalog, context.access(), storage, table.owner(), context.files(), plans);
    return storage.read(connection -> catalog.flows(connection, table.id())).stream()
        .flatMap(flow -> runner.inputs(flow).stream()).distinct().toList();
  }

  /**
   * The tables whose commits change what the table's flows read: its sources, a view among them replaced by the
   * tables its query reads (names resolved where the view was created), through views of views.
   */
  public List<TableName> committingSources(TableInfo table) {
    List<TableName> tables = new ArrayList<>();
    java.util.Set<TableName> seen = new java.util.HashSet<>();
    java.util.Deque<TableName> pending = new java.util.ArrayDeque<>(sources(table));
    while (!pending.isEmpty()) {
      TableName name = pending.pop();
      if (!seen.add(name)) {
        continue;
      }
      Optional<TableInfo> read = catalog.table(name);
      if (read.isEmpty() || read.get().kind() != TableKind.VIEW || read.get().viewSql().isEmpty()) {
        tables.add(name);
        continue;
      }
      QueryTranslator names = new QueryTranslator(catalog, context.access(), new SessionContext(table.owner(),
          name.catalog(), name.schema()));
      for (List<String> inner : TablesRead.of(SqlParser.parseStatement(read.get().viewSql().get()).statement())) {
        pending.push(names.qualify(inner, Span.NONE));
      }
    }
    return tables;
  }

  /**
   * An update the table's schedule or its sources' commits started; the context is its owner's, as a scheduled
   * refresh runs with the owner's rights.
   */
  public void refreshScheduled(TableInfo table, UpdateCause cause) {
    runFlows(new EventLog(catalog, table, cause), table, flowsOf(table, "REFRESH", Span.NONE), false, Span.NONE,
        FlowListener.NONE);
  }

  /**
   * An update of a table that does not run because a dataset it reads failed in the same pipeline update: its flows
   * are SKIPPED, as the dialect reports them, and the update FAILED.
   */
  public List<FlowInfo> skip(TableInfo table, String reason) {
    List<FlowInfo> flows = storage.read(connection -> catalog.flows(connection, table.id()));
    EventLog events = new EventLog(catalog, table);
    storage.inTransaction(connection -> {
      events.createUpdate(connection, false, user());
      defineFlows(connection, events, table, flows);
      for (FlowInfo flow : flows) {
        events.flowProgress(connection, flow.name(), "SKIPPED", Map.of(), Optional.empty(), Optional.empty());
      }
      events.updateProgress(connection, "FAILED", Optional.of(reason));
      return null;
    });
    return flows;
  }

  /** Logs each flow's definition at the start of an update, as the vendor's event log has it (lineage queries). */
  private void defineFlows(Connection connection, EventLog events, TableInfo table, List<FlowInfo> flows)
      throws java.sql.SQLException {
    FlowRunner runner = new FlowRunner(catalog, context.access(), storage, table.owner(), context.files(), plans);
    for (FlowInfo flow : flows) {
      events.flowDefinition(connection, flow, runner.inputs(flow));
    }
  }

  /** The flows of a table that flows write: a streaming table, or a managed table made by CREATE TABLE ... FLOW. */
  private List<FlowInfo> flowsOf(TableInfo table, String operation, Span span) {
    List<FlowInfo> flows = storage.read(connection -> catalog.flows(connection, table.id()));
    if (table.kind() != TableKind.STREAMING_TABLE && flows.isEmpty()) {
      throw Errors.notAStreamingTable(operation, table.name().parts(), span);
    }
    return flows;
  }

  /**
   * Runs every flow of the table once, each in its own transaction. FULL first empties the table and forgets every
   * checkpoint in one transaction, so a crash in between leaves an empty table that the next update refills.
   */
  private void refresh(TableInfo table, boolean full, Span span) {
    update(table, full, span, FlowListener.NONE);
  }

  /**
   * One update: the given flows, each once, each in its own transaction with its events. FULL first empties the
   * table and forgets every checkpoint in one transaction, so a crash in between leaves an empty table that the
   * next update refills. A failed flow fails the update; its events are written after its transaction rolled back.
   * Returns the rows the flows wrote.
   */
  private long runFlows(EventLog events, TableInfo table, List<FlowInfo> flows, boolean full, Span span,
      FlowListener listener) {
    // Known by its id while it runs: SHOW STATEMENTS lists it, CANCEL STATEMENT 'update id' stops it.
    return context.updates().run(events.updateId(), table.id(), owner -> context.access().owns(owner,
        GrantInfo.Securable.TABLE, table.name().parts()), user(), "update " + events.updateId() + " of " + table.name(),
        () -> runUpdate(events, table, flows, full, span, listener));
  }

  private long runUpdate(EventLog events, TableInfo table, List<FlowInfo> flows, boolean full, Span span,
      FlowListener listener) {
    long started = System.nanoTime();
    log.info("update {} of {} started by {}{}: {} flow(s){}", events.updateId(), table.name(), user(),
        events.cause().why(), flows.size(), full ? ", full refresh" : "");
    storage.inTransaction(connection -> {
      events.createUpdate(connection, full, user());
      defineFlows(connection, events, table, flows);
      events.updateProgress(connection, "RUNNING", Optional.empty());
      return null;
    });
    // A materialized view's every refresh recomputes it whole in one transaction, so FULL has nothing to clear
    // first (clearing would let readers see it empty).
    if (full && table.kind() != TableKind.MATERIALIZED_VIEW) {
      storage.inTransaction(connection -> {
        for (FlowInfo flow : flows) {
          catalog.lockFlow(connection, flow.id());
          catalog.clearCheckpoints(connection, flow.id());
        }
        return VersionedWrite.commit(catalog, connection, table.id(), user(), version -> {
          if (ChangeDataFeed.enabled(table)) {
            H2Storage.update(connection, ChangeFeed.recordAll(table, "delete", version), List.of(), Map.of());
          }
          long removed = H2Storage.deleteAll(connection, table.storageName());
          if (flows.stream().anyMatch(FlowInfo::autoCdc)) {
            // AUTO CDC forgets its events (and so its tombstones) with the rows.
            H2Storage.deleteAll(connection, StoreNames.eventStore(table.id()));
          }
          return new VersionedWrite.Written<Void>(null, CommitOperation.FULL_REFRESH, Map.of(),
              Map.of("numRemovedRows", removed));
        });
      });
    }
    // Flows are independent: one failing keeps its checkpoint and the others still run; the update then fails
    // with the first failure. They read their sources as the table's owner, whoever asked for the refresh.
    FlowRunner runner = new FlowRunner(catalog, context.access(), storage, table.owner(), context.files(), plans);
    EngineException firstFailure = null;
    TableInfo current = catalog.table(table.name()).orElse(table);
    long written = 0;
    long dropped = 0;
    for (FlowInfo flow : flows) {
      try {
        // New files or source columns may bring columns the table lacks; checked before each batch.
        current = conform(current, flow, span, table.owner());
        FlowRunner.BatchResult result = runner.run(flow, current, full, span, events);
        written += result.written();
        dropped += result.dropped();
        listener.completed(current, flow, result);
      } catch (EngineException failure) {
        // Written even when the update was cancelled or timed out: that is what it says.
        RunningStatement.outside(() -> storage.inTransaction(connection -> {
          events.flowProgress(connection, flow.name(), "FAILED", Map.of(), Optional.empty(),
              Optional.of(failure.getMessage()));
          return null;
        }));
        listener.failed(current, flow, failure);
        if (firstFailure == null) {
          firstFailure = failure;
        }
      }
    }
    EngineException failed = firstFailure;
    String state = failed == null ? "COMPLETED"
        : failed.errorClass() == ErrorClass.OPERATION_CANCELED ? "CANCELED" : "FAILED";
    RunningStatement.outside(() -> storage.inTransaction(connection -> {
      events.updateProgress(connection, state, Optional.ofNullable(failed).map(EngineException::getMessage));
      return null;
    }));
    long millis = (System.nanoTime() - started) / 1_000_000;
    if (failed != null) {
      log.warn("update {} of {} {} after {} ms: {}", events.updateId(), table.name(), state, millis,
          failed.qualifiedClass());
      throw failed;
    }
    log.info("update {} of {} COMPLETED in {} ms: {} rows written, {} dropped", events.updateId(), table.name(),
        millis, written, dropped);
    rowsWritten += written;
    return written;
  }


  /** The columns a streaming table without a declared schema gets: its flow query's. */
  private List<ColumnDefinition> columnsOf(FlowInfo flow, Span span) {
    return columnsOf(flow, span, user());
  }

  private List<ColumnDefinition> columnsOf(FlowInfo flow, Span span, String reader) {
    if (flow.autoCdc()) {
      return new FlowRunner(catalog, context.access(), storage, reader, context.files(), plans)
          .cdc(flow, StreamSources.forFlow(context.files()), List.of(), span).targetColumns(span);
    }
    List<ResultColumn> described = plans.columns(catalog.generation(), reader, flow, () -> {
      StreamSources streams = StreamSources.forFlow(context.files());
      QueryTranslator translator = new QueryTranslator(catalog, context.access(), new SessionContext(reader,
          flow.catalog(), flow.schema()).inPipeline(flow.pipeline()), streams);
      Analysis analysis = translator.analyze(FlowRunner.queryOf(flow));
      return new FlowPlans.Columns(QueryDescriber.columns(analysis.columns()), !analysis.fileReads().isEmpty());
    });
    List<ColumnDefinition> columns = new ArrayList<>();
    for (ResultColumn column : described) {
      SqlType type = QueryDescriber.storedType(column, span);
      columns.add(new ColumnDefinition(span, column.name(), type, false, Optional.empty(), Optional.empty(),
          Optional.empty(), Optional.empty()));
    }
    return columns;
  }
}
