package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.OutputMode;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.catalog.model.WriteMode;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.OpenFiles;
import io.flowgate.engine.exec.QueryDescriber;
import io.flowgate.engine.exec.VersionedWrite;
import io.flowgate.engine.files.FileAreas;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.plan.CdcPlanner;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.plan.DmlPlanner;
import io.flowgate.engine.plan.TableDefinitions;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.DmlAnalyzer;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.analyzer.TablesRead;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.AutoCdc;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.LiveProgress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Runs one flow batch: reads what the flow's sources gained since its checkpoint, writes it into the target, and
 * advances the checkpoint. The rows, the target's commit-log entry and the checkpoint commit in one H2
 * transaction, so a crash anywhere loses nothing and writes nothing twice.
 */
public final class FlowRunner {
  private final CatalogService catalog;
  private final AccessControl access;
  private final H2Storage storage;
  private final String user;
  private final FileAreas files;
  private final FlowPlans plans;

  public FlowRunner(CatalogService catalog, AccessControl access, H2Storage storage, String user,
      FileAreas files, FlowPlans plans) {
    this.catalog = catalog;
    this.access = access;
    this.storage = storage;
    this.user = user;
    this.files = files;
    this.plans = plans;
  }

  /**
   * What one flow batch did: rows read (new rows of its streaming sources and files; for a ONCE flow over tables,
   * the rows its query yielded), rows written, per expectation the rows that failed it, and rows dropped.
   */
  public record BatchResult(long read, long written, Map<String, Long> failedByExpectation, long dropped) {
    static final BatchResult NOTHING = new BatchResult(0, 0, Map.of(), 0);
  }

  /**
   * A flow planned into its target: an append ({@code statements}, with the checks it makes) or the change events
   * of an AUTO CDC flow ({@code cdc}), and the streams it reads.
   */
  record PlannedFlow(Optional<DmlPlanner.FlowStatements> append, Optional<CdcApply> cdc,
      Optional<Replacement> replace, List<StreamSources.Source> sources, List<StreamSources.FileRead> fileReads,
      List<ExpectationInfo> expectations, Optional<ViewMaintenance> view) {
    DmlPlanner.FlowStatements statements() {
      return append.orElseThrow();
    }
  }

  /**
   * What a REPLACE WHERE flow does besides appending its query's rows: counts the rows that fall outside its
   * predicate (they are an error) and deletes the target's rows inside it.
   */
  /**
   * What a materialized view's refresh needs of its query, decided with its plan (once per catalog generation): how
   * it can follow appends, if it can, and the first call that keeps its changes from being followed at all.
   */
  record ViewMaintenance(Map<Long, IncrementalRefresh> techniques, List<IncrementalRefresh.Average> averages,
      Optional<String> untrackedCall) {}

  /** REPLACE WHERE's predicate as written, the count of the query's rows outside it (none for TRUE), the delete. */
  record Replacement(String predicate, Optional<H2Statement> outside, Sql delete) {}

  /** A flow's query: what an append or ONCE flow keeps, or the query of a REPLACE WHERE flow. */
  /** The datasets a flow's query names (lineage), qualified where the flow was defined; parsed once per flow. */
  List<io.flowgate.catalog.TableName> inputs(FlowInfo flow) {
    return plans.inputs(flow, definition -> {
      Node read = definition.autoCdc() ? SqlParser.parseAutoCdc(definition.querySql()).source() : queryOf(definition);
      QueryTranslator names = new QueryTranslator(catalog, access, new SessionContext(user, definition.catalog(),
          definition.schema()));
      return TablesRead.of(read).stream().map(name -> names.qualify(name, Span.NONE)).distinct().toList();
    });
  }

  static Query queryOf(FlowInfo flow) {
    return flow.kind() == FlowInfo.FlowKind.REPLACE_WHERE ? SqlParser.parseReplaceWhere(flow.querySql()).query()
        : (Query) SqlParser.parseStatement(flow.querySql()).statement();
  }

  /** Plans a flow's query into its target; checks the flow kind against its sources. */
  PlannedFlow plan(FlowInfo flow, TableInfo target, Span span) {
    return plan(flow, target, storage.read(connection -> catalog.expectations(connection, target.id())),
        span);
  }

  /**
   * Plans a flow with the given expectations (those of a table being created are not stored yet), or takes the plan
   * made at this catalog generation.
   */
  PlannedFlow plan(FlowInfo flow, TableInfo target, List<ExpectationInfo> expectations, Span span) {
    return plans.get(catalog.generation(), user, flow, target, expectations,
        () -> planAnew(flow, target, expectations, span));
  }

  /**
   * The flows a managed table takes: INSERT BY NAME only (the CREATE TABLE ... FLOW page). AUTO CDC and REPLACE WHERE
   * need a streaming table.
   */
  static void requireTargetFor(FlowInfo flow, TableInfo target, Span span) {
    if (target.kind() == TableKind.STREAMING_TABLE) {
      return;
    }
    if (target.kind() == TableKind.MATERIALIZED_VIEW) {
      // As the dialect's graph validation: only its own flow, which recomputes it, writes a materialized view.
      if (flow.kind() != FlowInfo.FlowKind.REPLACE_WHERE || !flow.name().equals(target.name().table())) {
        throw EngineException.of(ErrorClass.INVALID_DESTINATION_WITH_MULTIPLE_FLOWS).parameter("tableName",
            Errors.quote(target.name().parts())).parameter("flows", Errors.quote(target.name().table()) + ", "
            + Errors.quote(flow.name())).at(span).build();
      }
      return;
    }
    if (flow.autoCdc()) {
      throw EngineException.of(ErrorClass.MANAGED_TABLE_DOES_NOT_SUPPORT_CDC).at(span).build();
    }
    if (flow.kind() == FlowInfo.FlowKind.REPLACE_WHERE) {
      throw Errors.notSupported("REPLACE WHERE flows into a managed table; only INSERT BY NAME flows write one (make "
          + Errors.quote(target.name().parts()) + " a streaming table to recompute a part of it)", span);
    }
  }

  private PlannedFlow planAnew(FlowInfo flow, TableInfo target, List<ExpectationInfo> expectations, Span span) {
    requireTargetFor(flow, target, span);
    if (flow.autoCdc()) {
      return planCdc(flow, target, expectations, span);
    }
    Query query = queryOf(flow);
    StreamSources streams = StreamSources.forFlow(files);
    QueryTranslator translator = new QueryTranslator(catalog, access, new SessionContext(user, flow.catalog(),
        flow.schema()).inPipeline(flow.pipeline()), streams);
    List<DmlAnalyzer.Check> checks = expectations.stream().map(expectation -> new DmlAnalyzer.Check(expectation.name(),
        SqlParser.parseExpression(expectation.expressionSql()),
        expectation.action() == ExpectationInfo.Action.DROP_ROW,
        expectation.action() == ExpectationInfo.Action.FAIL_UPDATE)).toList();
    // A view that can follow appends: how, and the averages it keeps sums and counts for, which each recompute writes.
    Map<Long, IncrementalRefresh> techniques = target.kind() != TableKind.MATERIALIZED_VIEW
        || flow.kind() != FlowInfo.FlowKind.REPLACE_WHERE ? Map.of() : IncrementalRefresh.of(query, target,
            name -> catalog.table(translator.qualify(name, span)).map(TableInfo::id));
    List<IncrementalRefresh.Average> averages = techniques.isEmpty() ? List.of()
        : IncrementalRefresh.Average.of(query, target);
    DmlPlanner.FlowStatements statements = new DmlPlanner(translator).flowInsert(new Dml.Insert(span,
        target.name().parts(), false, List.of(), true, IncrementalRefresh.Average.withHiddenItems(query, averages)),
        IncrementalRefresh.Average.withHiddenColumns(target, averages), checks);
    List<StreamSources.Source> sources = streams.sources();
    List<StreamSources.FileRead> fileReads = streams.fileReads();
    ensureReadable(sources);
    boolean once = flow.once();
    boolean streaming = !sources.isEmpty() || fileReads.stream().anyMatch(StreamSources.FileRead::streaming);
    if (flow.kind() == FlowInfo.FlowKind.REPLACE_WHERE) {
      if (streaming && target.kind() == TableKind.MATERIALIZED_VIEW) {
        throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass(
            "STREAMING_RELATION_FOR_MATERIALIZED_VIEW", "Materialized views may only be defined by a batch relation;"
                + " read the source without STREAM, or define a streaming table.")
            .parameter("flowIdentifier", Errors.quote(flow.name())).at(span).build();
      }
      if (streaming) {
        throw Errors.notSupported("STREAM in a REPLACE WHERE flow (its query is run whole on every update)", span);
      }
      Optional<ViewMaintenance> view = Optional.empty();
      if (target.kind() == TableKind.MATERIALIZED_VIEW) {
        // An incremental refresh reads its source's new rows by version, as a stream does.
        for (io.flowgate.catalog.TableName input : inputs(flow)) {
          catalog.table(input).filter(table -> table.kind() != TableKind.VIEW)
              .ifPresent(table -> storage.executeOnce(TableDefinitions.versionIndex(table.storageName())));
        }
        view = Optional.of(new ViewMaintenance(techniques, averages, MaterializedViewSources.untrackedCall(query)));
      }
      return new PlannedFlow(Optional.of(statements), Optional.empty(),
          Optional.of(replacement(flow, target, query, translator, span)), sources, fileReads, expectations, view);
    }
    // A managed table's flow may read batch sources (the CREATE TABLE ... FLOW page): each update reads them whole.
    if (!once && !streaming && target.kind() == TableKind.STREAMING_TABLE) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("BATCH_RELATION_FOR_STREAMING_TABLE",
          "Streaming tables may only be defined by streaming relations. Please use the STREAM keyword, or an"
              + " INSERT ONCE flow for a batch query.").parameter("flowIdentifier", Errors.quote(flow.name()))
          .at(span).build();
    }
    if (once && streaming) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("STREAMING_RELATION_FOR_ONCE_FLOW",
          "INSERT ONCE flows may only read batch relations; remove the STREAM keyword.")
          .parameter("flowIdentifier", Errors.quote(flow.name())).at(span).build();
    }
    return new PlannedFlow(Optional.of(statements), Optional.empty(), Optional.empty(), sources, fileReads,
        expectations, Optional.empty());
  }

  private Replacement replacement(FlowInfo flow, TableInfo target, Query query, QueryTranslator translator,
      Span span) {
    Pipeline.FlowQuery parsed = SqlParser.parseReplaceWhere(flow.querySql());
    DmlPlanner.Replacement replacement = new DmlPlanner(translator).replaceWhere(parsed.replaceWhere().orElseThrow(),
        query, List.of(), target, span);
    // The predicate as written, for the error that quotes it: the text between REPLACE WHERE and BY NAME.
    String predicateText = flow.querySql().split("(?i)\\bBY\\s+NAME\\b", 2)[0].replaceFirst("(?is)^\\s*REPLACE\\s+WHERE",
        "").strip();
    return new Replacement(predicateText, replacement.outside(), replacement.delete());
  }

  /**
   * An append flow with no stream in it (a managed table's flow over batch sources): each update reads its query
   * whole and appends what it returns, as the CREATE TABLE ... FLOW page describes. ONCE makes it a one-time backfill.
   */
  private static boolean batchEachUpdate(PlannedFlow planned) {
    return planned.append().isPresent() && planned.replace().isEmpty() && planned.sources().isEmpty()
        && planned.fileReads().stream().noneMatch(StreamSources.FileRead::streaming);
  }

  /** An AUTO CDC flow: its events query, its target's event store, and the checks that its source streams. */
  private PlannedFlow planCdc(FlowInfo flow, TableInfo target, List<ExpectationInfo> expectations, Span span) {
    StreamSources streams = StreamSources.forFlow(files);
    CdcApply cdc = cdc(flow, streams, expectations, span).forTarget(target, flow.name(), expectations);
    return new PlannedFlow(Optional.empty(), Optional.of(cdc), Optional.empty(), streams.sources(),
        streams.fileReads(), expectations, Optional.empty());
  }

  /**
   * Plans an AUTO CDC flow's read side, collecting its sources in {@code streams}; they must stream. The target's
   * expectations are checked on each change event, by the source's column names.
   */
  CdcApply cdc(FlowInfo flow, StreamSources streams, List<ExpectationInfo> expectations, Span span) {
    AutoCdc spec = SqlParser.parseAutoCdc(flow.querySql());
    CdcPlanner.Events events = CdcPlanner.plan(catalog, access, new SessionContext(user, flow.catalog(), flow.schema())
        .inPipeline(flow.pipeline()), streams, files, spec, expectations.stream()
            .map(expectation -> SqlParser.parseExpression(expectation.expressionSql())).toList());
    ensureReadable(streams.sources());
    boolean streaming = !streams.sources().isEmpty()
        || streams.fileReads().stream().anyMatch(StreamSources.FileRead::streaming);
    if (flow.once() && streaming) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("STREAMING_RELATION_FOR_ONCE_FLOW",
          "AUTO CDC ONCE flows may only read batch relations; remove the STREAM keyword.")
          .parameter("flowIdentifier", Errors.quote(flow.name())).at(span).build();
    }
    if (!flow.once() && !streaming) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("BATCH_RELATION_FOR_STREAMING_TABLE",
          "AUTO CDC flows read change events from a stream. Please use the STREAM keyword.")
          .parameter("flowIdentifier", Errors.quote(flow.name())).at(span).build();
    }
    return new CdcApply(spec, events, QueryDescriber.columns(events.query().columns()));
  }

  /**
   * What the next batch of the flow would do, without running it: its kind, the stream windows of its sources (the
   * commits after its checkpoint, up to the source's latest), the files it reads and its expectations.
   */
  List<String> describe(FlowInfo flow, TableInfo target, Span span) {
    PlannedFlow planned = plan(flow, target, span);
    List<String> lines = new ArrayList<>();
    String kind = planned.cdc().isPresent() ? "AUTO CDC" : planned.replace().isPresent() ? "REPLACE WHERE "
        + planned.replace().get().predicate() : flow.once() ? "append once" : "append";
    lines.add("Flow " + flow.name() + ": " + kind);
    storage.inTransaction(connection -> {
      List<FlowCheckpoint> checkpoints = catalog.checkpoints(connection, flow.id());
      if (flow.once() && checkpoints.stream().anyMatch(c -> c.sourceTableId() == FlowCheckpoint.ONCE_DONE)) {
        lines.add("  done: a ONCE flow runs once");
      }
      for (StreamSources.Source source : planned.sources()) {
        long latest = catalog.latestVersion(connection, source.table().id());
        Optional<Long> checkpoint = checkpoints.stream().filter(c -> c.sourceTableId() == source.table().id())
            .map(FlowCheckpoint::version).findFirst();
        long from = windowStart(connection, checkpoint, source, latest);
        String window = latest > from ? "commits " + (from + 1) + " to " + latest + " (" + (latest - from) + " new)"
            : "nothing new after commit " + from;
        lines.add("  reads " + source.table().name() + (source.changeFeed() ? " (change data feed)" : "") + ": "
            + window + (source.skipChangeCommits() ? ", skipping changes" : ""));
      }
      return null;
    });
    for (StreamSources.FileRead read : planned.fileReads()) {
      lines.add("  reads files " + read.files().base() + " (" + read.files().format()
          + (read.streaming() ? ", files not read before)" : ")"));
    }
    for (ExpectationInfo expectation : planned.expectations()) {
      lines.add("  expectation " + expectation.name() + ": " + expectation.action().name().toLowerCase(Locale.ROOT)
          .replace('_', ' '));
    }
    return lines;
  }

  /**
   * Runs one batch of the flow and returns the number of rows it wrote (0 when there was nothing new).
   * {@code full} only labels the batch in the commit log: the caller has already reset the flow.
   */
  public BatchResult run(FlowInfo flow, TableInfo target, boolean full, Span span, EventLog events) {
    PlannedFlow planned = plan(flow, target, span);
    planned.cdc().ifPresent(cdc -> cdc.prepare(storage));
    if (ChangeDataFeed.enabled(target)) {
      ChangeFeed.ddl(target).forEach(storage::executeOnce);
    }
    // A view merged by group keys finds each group's row by an index (DDL: before the batch's transaction).
    for (IncrementalRefresh technique : planned.view().map(view -> view.techniques().values())
        .orElse(List.of())) {
      if (technique instanceof IncrementalRefresh.GroupAggregate group && !group.keys().isEmpty()) {
        storage.executeOnce(TableDefinitions.keyIndex(target.storageName(), group.keys()));
      }
    }
    for (IncrementalRefresh.Average average : planned.view().map(ViewMaintenance::averages).orElse(List.of())) {
      average.columns().forEach(column -> storage.executeOnce(TableDefinitions.hiddenColumn(target.storageName(),
          column)));
    }
    try (OpenFiles files = new OpenFiles(); LiveProgress.Counter written = LiveProgress.counter();
        LiveProgress.Showing running = events.running(flow.name(), written)) {
      return runBatch(flow, target, full, planned, events, files, written);
    }
  }

  private BatchResult runBatch(FlowInfo flow, TableInfo target, boolean full, PlannedFlow planned,
      EventLog events, OpenFiles files, LiveProgress.Counter written) {
    return storage.inTransaction(connection -> {
      // Two updates of one flow must not read the same checkpoint: the second waits for the first to commit.
      catalog.lockFlow(connection, flow.id());
      List<FlowCheckpoint> checkpoints = catalog.checkpoints(connection, flow.id());
      if (flow.once()
          && checkpoints.stream().anyMatch(c -> c.sourceTableId() == FlowCheckpoint.ONCE_DONE)) {
        events.flowProgress(connection, flow.name(), "SKIPPED", Map.of(), Optional.empty(), Optional.empty());
        return BatchResult.NOTHING;
      }
      Map<String, Object> runtime = new HashMap<>();
      runtime.put(Binding.Runtime.ROW_COUNTER.key(), written.key());
      Optional<MaterializedViewSources> viewSources = Optional.empty();
      if (planned.view().isPresent()) {
        MaterializedViewSources reading = MaterializedViewSources.now(catalog, connection, flow, inputs(flow),
            planned.view().get().untrackedCall(), !planned.fileReads().isEmpty());
        if (!full && reading.unchangedSince(checkpoints, flow, target, viewDefinition(flow, target, planned),
            catalog.latestVersion(connection, target.id()))) {
          events.planningInformation(connection, flow, "NO_OP", "no table the query reads has changed since the"
              + " last refresh");
          events.flowProgress(connection, flow.name(), "COMPLETED", Map.of("num_output_rows", 0L), Optional.empty(),
              Optional.empty());
          return BatchResult.NOTHING;
        }
        Optional<BatchResult> followed = full ? Optional.empty()
            : refreshIncrementally(connection, flow, target, planned, reading, checkpoints, events, written);
        if (followed.isPresent()) {
          return followed.get();
        }
        events.planningInformation(connection, flow, "COMPLETE_RECOMPUTE", full ? "a full refresh recomputes the"
            + " query" : reading.untracked().map(why -> "changes cannot be followed: " + why)
            .orElse("its query, or what changed in its sources since the last refresh, needs a recompute"));
        viewSources = Optional.of(reading);
      }
      Optional<MaterializedViewSources> readByView = viewSources;
      List<FlowCheckpoint> next = new ArrayList<>();
      List<FlowCheckpoint> passed = new ArrayList<>();
      // A ONCE flow's first run and every run of a REPLACE WHERE flow read their batch query whole.
      boolean anythingNew = flow.once() || planned.replace().isPresent() || batchEachUpdate(planned);
      for (StreamSources.Source source : planned.sources()) {
        long sourceId = source.table().id();
        String sourceName = String.join(".", source.table().name().parts());
        Long checkpoint = checkpoints.stream().filter(c -> c.sourceTableId() == sourceId)
            .map(FlowCheckpoint::version).findFirst().orElse(null);
        if (checkpoint == null) {
          failIfRecreated(checkpoints, source.table(), sourceName);
        }
        long latest = catalog.latestVersion(connection, sourceId);
        long from = windowStart(connection, Optional.ofNullable(checkpoint), source, latest);
        // A fresh stream starts from a snapshot, which already shows earlier updates; only commits after its start
        // point have to be appends.
        // A change-feed read follows updates and deletes; only a read of the rows must refuse them.
        List<Long> skip = !source.changeFeed()
            && (checkpoint != null || !(source.start() instanceof StreamSources.Start.Beginning))
            ? changeCommits(connection, source, from, latest) : List.of();
        runtime.put(source.keys().from().key(), from + 1);
        runtime.put(source.keys().to().key(), latest);
        runtime.put(source.keys().skip().key(), skip.toArray(new Long[0]));
        // Commit versions are consecutive, so a window of skipped commits only (every batch of an AUTO CDC target,
        // read with skipChangeCommits) has no rows to read: the flow does not scan for them, and moves its
        // checkpoint past them.
        boolean skippedOnly = latest > from && skip.size() == latest - from;
        anythingNew |= latest > from && !skippedOnly;
        FlowCheckpoint reached = new FlowCheckpoint(flow.id(), sourceId, sourceName, latest);
        next.add(reached);
        // A stream's first run fixes where it starts (after 'latest', or a timestamp), even when it reads nothing.
        if (skippedOnly || checkpoint == null) {
          passed.add(reached);
        }
      }
      for (StreamSources.FileRead read : planned.fileReads()) {
        // Files a flow reads as a batch (a ONCE flow, or a static side of a stream) are read whole each time.
        if (!read.streaming()) {
          files.open(read, read.files().files());
          continue;
        }
        Set<String> done = catalog.ingestedFiles(connection, flow.id());
        List<Path> fresh = read.files().files().stream().filter(file -> !done.contains(file.toString())).toList();
        files.open(read, fresh);
        for (Path file : fresh) {
          catalog.recordIngestedFile(connection, flow.id(), file.toString());
        }
        anythingNew |= !fresh.isEmpty();
      }
      if (!anythingNew) {
        for (FlowCheckpoint checkpoint : passed) {
          catalog.saveCheckpoint(connection, checkpoint);
        }
        events.flowProgress(connection, flow.name(), "COMPLETED", Map.of("num_output_rows", 0L), Optional.empty(),
            Optional.empty());
        return BatchResult.NOTHING;
      }
      runtime.putAll(files.runtime());
      long rowsRead = 0;
      for (StreamSources.Source source : planned.sources()) {
        rowsRead += ((Number) H2Storage.firstRow(connection, windowCount(source), runtime)[0]).longValue();
      }
      long sourceRows = rowsRead;
      LongSupplier read = () -> sourceRows + files.rows();
      if (!planned.sources().isEmpty() || !planned.fileReads().isEmpty()) {
        written.reading(read);
      }
      return VersionedWrite.commit(catalog, connection, target.id(), user, version -> {
        runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
        for (FlowCheckpoint checkpoint : next) {
          catalog.saveCheckpoint(connection, checkpoint);
        }
        if (readByView.isPresent()) {
          catalog.clearCheckpoints(connection, flow.id());
          for (FlowCheckpoint checkpoint : readByView.get().afterRefresh(flow, target,
              viewDefinition(flow, target, planned), version)) {
            catalog.saveCheckpoint(connection, checkpoint);
          }
        }
        if (flow.once()) {
          catalog.saveCheckpoint(connection, new FlowCheckpoint(flow.id(), FlowCheckpoint.ONCE_DONE, "", version));
        }
        return planned.cdc().isPresent()
            ? applyChanges(connection, flow, target, full, planned, events, runtime, version, read)
            : append(connection, flow, target, full, planned, events, runtime, version, read);
      });
    });
  }

  /**
   * A materialized view refreshed from the rows appended to its one source since its last refresh
   * ({@link IncrementalRefresh}), in the caller's transaction; empty when it must be recomputed: its query has no
   * technique, a commit since rewrote or removed rows, or it has expectations or a change data feed (both need every
   * row it writes seen whole) or a row filter or mask of its own (a write through them would not see every row).
   */
  private Optional<BatchResult> refreshIncrementally(Connection connection, FlowInfo flow, TableInfo target,
      PlannedFlow planned, MaterializedViewSources reading, List<FlowCheckpoint> saved, EventLog events,
      LiveProgress.Counter written) throws SQLException {
    if (!planned.expectations().isEmpty() || ChangeDataFeed.enabled(target) || !target.policies().isEmpty()) {
      return Optional.empty();
    }
    String definition = viewDefinition(flow, target, planned);
    Optional<FlowCheckpoint> last = reading.onlyMoved(saved, flow, target, definition,
        catalog.latestVersion(connection, target.id()));
    Optional<IncrementalRefresh> technique = last.flatMap(moved -> planned.view()
        .map(view -> view.techniques().get(moved.sourceTableId())));
    if (technique.isEmpty()) {
      return Optional.empty();
    }
    long latest = reading.latest(last.get().sourceTableId());
    if (!IncrementalRefresh.appendsOnly(catalog.commitsBetween(connection, last.get().sourceTableId(),
        last.get().version(), latest))) {
      return Optional.empty();
    }
    StreamSources streams = StreamSources.forFlow(files);
    DmlPlanner planner = new DmlPlanner(new QueryTranslator(catalog, access, new SessionContext(user, flow.catalog(),
        flow.schema()).inPipeline(flow.pipeline()), streams));
    H2Statement write;
    try {
      write = technique.get() instanceof IncrementalRefresh.AppendOnly append
          ? planner.flowInsert(append.insert(), target, List.of()).insert()
          : planner.merge(((IncrementalRefresh.GroupAggregate) technique.get()).merge(),
              IncrementalRefresh.Average.withHiddenColumns(target, planned.view().get().averages())).statement();
    } catch (EngineException unplanned) {
      // The recompute's plan of the same query holds; this form of it does not: recompute.
      return Optional.empty();
    }
    StreamSources.Source source = streams.sources().get(0);
    Map<String, Object> runtime = new HashMap<>();
    runtime.put(Binding.Runtime.ROW_COUNTER.key(), written.key());
    runtime.put(source.keys().from().key(), last.get().version() + 1);
    runtime.put(source.keys().to().key(), latest);
    runtime.put(source.keys().skip().key(), new Long[0]);
    long read = ((Number) H2Storage.firstRow(connection, windowCount(source), runtime)[0]).longValue();
    written.reading(() -> read);
    events.planningInformation(connection, flow, technique.get().technique(), "only rows were appended to "
        + last.get().sourceName() + " since the last refresh" + (reading.versions().size() > 1
        ? ", and the other tables it joins are unchanged" : "") + ": " + read + " read");
    return Optional.of(VersionedWrite.commit(catalog, connection, target.id(), user, version -> {
      runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
      long rows = H2Storage.update(connection, write, List.of(), runtime);
      catalog.clearCheckpoints(connection, flow.id());
      for (FlowCheckpoint checkpoint : reading.afterRefresh(flow, target, definition, version)) {
        catalog.saveCheckpoint(connection, checkpoint);
      }
      events.flowProgress(connection, flow.name(), "COMPLETED", EventLog.rows(rows, read), Optional.empty(),
          Optional.empty());
      return new VersionedWrite.Written<>(new BatchResult(read, rows, Map.of(), 0),
          CommitOperation.MATERIALIZED_VIEW_REFRESH, Map.of("flowName", flow.name(), "technique",
              technique.get().technique()), Map.of("numOutputRows", rows));
    }));
  }

  /** What decides a materialized view's rows besides its sources' rows. */
  private static String viewDefinition(FlowInfo flow, TableInfo view, PlannedFlow planned) {
    // a view refreshed before it kept its averages' sums and counts holds none: its next refresh recomputes
    return flow.querySql() + "\n" + view.columns() + "\n" + planned.expectations() + planned.view()
        .map(ViewMaintenance::averages).filter(averages -> !averages.isEmpty()).map(averages -> "\naverages kept")
        .orElse("");
  }

  /** An AUTO CDC batch: the target's rows replaced and removed by key, so a stream reading it sees an update. */
  private VersionedWrite.Written<BatchResult> applyChanges(Connection connection, FlowInfo flow, TableInfo target,
      boolean full, PlannedFlow planned, EventLog events, Map<String, Object> runtime, long version,
      LongSupplier read) throws SQLException {
    CdcApply.Result applied = planned.cdc().get().apply(connection, runtime, version);
    Map<String, Long> metrics = EventLog.rows(applied.rowsWritten(), read.getAsLong());
    metrics.put("num_upserted_rows", applied.upserts());
    metrics.put("num_deleted_rows", applied.deletes());
    DataQuality quality = applied.checks().isEmpty() ? DataQuality.NONE
        : DataQuality.of(target, planned.expectations(), applied.checks());
    events.flowProgress(connection, flow.name(), "COMPLETED", metrics, quality.json(), Optional.empty());
    return new VersionedWrite.Written<>(new BatchResult(read.getAsLong(), applied.upserts() + applied.deletes(),
        quality.failedByExpectation(), quality.dropped()), CommitOperation.STREAMING_UPDATE,
        Map.of("flowName", flow.name(), OutputMode.PARAMETER, OutputMode.UPDATE.text(), "refreshType",
            full ? "FULL" : "INCREMENTAL"),
        Map.of("numOutputRows", applied.rowsWritten(), "numUpsertedRows", applied.upserts(),
            "numDeletedRows", applied.deletes()));
  }

  /** An append batch (for REPLACE WHERE, the predicate's rows removed first): expectations, then the insert. */
  private VersionedWrite.Written<BatchResult> append(Connection connection, FlowInfo flow, TableInfo target,
      boolean full, PlannedFlow planned, EventLog events, Map<String, Object> runtime, long version,
      LongSupplier read) throws SQLException {
    DataQuality quality = DataQuality.NONE;
    if (planned.statements().metrics().isPresent()) {
      Object[] counts = H2Storage.firstRow(connection, planned.statements().metrics().get(), runtime);
      failIfViolated(connection, flow, planned, runtime);
      quality = DataQuality.of(target, planned.expectations(), Arrays.stream(counts).map(Number.class::cast).toList());
    }
    long removed = 0;
    if (planned.replace().isPresent()) {
      removed = replaceRows(connection, planned.replace().get(), runtime, target, version);
    }
    long rows = H2Storage.update(connection, planned.statements().insert(), List.of(), runtime);
    if (ChangeDataFeed.enabled(target)) {
      H2Storage.update(connection, ChangeFeed.recordWritten(target, "insert", version), List.of(), Map.of());
    }
    boolean readsTablesWhole = planned.sources().isEmpty() && planned.fileReads().isEmpty();
    // what the batch read from files is known once the insert has pulled them
    BatchResult result = new BatchResult(readsTablesWhole ? rows + quality.dropped() : read.getAsLong(), rows,
        quality.failedByExpectation(), quality.dropped());
    events.flowProgress(connection, flow.name(), "COMPLETED", EventLog.rows(rows, result.read()), quality.json(),
        Optional.empty());
    if (planned.replace().isPresent() && target.kind() == TableKind.MATERIALIZED_VIEW) {
      return new VersionedWrite.Written<>(result, CommitOperation.MATERIALIZED_VIEW_REFRESH, Map.of("flowName",
          flow.name(), "technique", "COMPLETE_RECOMPUTE"), Map.of("numOutputRows", rows, "numRemovedRows", removed));
    }
    if (planned.replace().isPresent()) {
      // An overwrite of the predicate's rows: a stream reading the target sees rows rewritten.
      return new VersionedWrite.Written<>(result, CommitOperation.WRITE, Map.of("flowName", flow.name(),
          WriteMode.PARAMETER, WriteMode.OVERWRITE.text(), "predicate", planned.replace().get().predicate()),
          Map.of("numOutputRows", rows, "numRemovedRows", removed));
    }
    return new VersionedWrite.Written<>(result, CommitOperation.STREAMING_UPDATE, Map.of("flowName", flow.name(),
        OutputMode.PARAMETER, OutputMode.APPEND.text(), "refreshType", full ? "FULL" : "INCREMENTAL"),
        Map.of("numOutputRows", rows));
  }

  /**
   * REPLACE WHERE: the query's rows must all satisfy the predicate; the target's rows that do are removed before
   * the query's rows are written. Returns how many were removed.
   */
  private static long replaceRows(Connection connection, Replacement replace, Map<String, Object> runtime,
      TableInfo target, long version) throws SQLException {
    long outside = replace.outside().isEmpty() ? 0
        : ((Number) H2Storage.firstRow(connection, replace.outside().get(), runtime)[0]).longValue();
    if (outside > 0) {
      throw EngineException.of(ErrorClass.DELTA_REPLACE_WHERE_MISMATCH).parameter("replaceWhere", replace.predicate())
          .parameter("message", outside + " row(s) of the flow's query do not satisfy it.").build();
    }
    H2Statement delete = ChangeDataFeed.enabled(target) ? ChangeFeed.recordOld(target, "delete", version,
        replace.delete()) : replace.delete().statement();
    return H2Storage.update(connection, delete, List.of(), runtime);
  }

  /** The indexes a streaming read uses (and a change feed's table), made the first time a flow reads a table. */
  private void ensureReadable(List<StreamSources.Source> sources) {
    for (StreamSources.Source source : sources) {
      storage.executeOnce(TableDefinitions.versionIndex(source.table().storageName()));
      if (source.changeFeed()) {
        ChangeFeed.ddl(source.table()).forEach(storage::executeOnce);
      }
    }
  }

  /**
   * The last version a stream has read: its checkpoint, else the version before where it starts (see {@link
   * StreamSources.Start}; -1 for a fresh stream that reads from the start). A starting timestamp after the latest
   * commit starts after it.
   */
  private long windowStart(Connection connection, Optional<Long> checkpoint, StreamSources.Source source, long latest)
      throws SQLException {
    if (checkpoint.isPresent()) {
      return checkpoint.get();
    }
    StreamSources.Start start = source.start();
    if (start instanceof StreamSources.Start.AtVersion at) {
      return at.version() - 1;
    }
    if (start instanceof StreamSources.Start.Latest) {
      return latest;
    }
    if (start instanceof StreamSources.Start.AtTimestamp at) {
      long before = -1;
      for (CommitInfo commit : catalog.commitsBetween(connection, source.table().id(), -1, latest)) {
        if (commit.timestamp().isBefore(at.timestamp())) {
          before = Math.max(before, commit.version());
        }
      }
      return before;
    }
    return -1;
  }

  /** Counts the rows of a source's version window, by its version index (a change feed's: its changes). */
  private static H2Statement windowCount(StreamSources.Source source) {
    Sql from = Sql.param(source.keys().from());
    Sql to = Sql.param(source.keys().to());
    if (source.changeFeed()) {
      Sql version = Sql.name(ChangeDataFeed.COMMIT_VERSION);
      return Sql.of("SELECT COUNT(*) FROM {} WHERE {} >= CAST({} AS BIGINT) AND {} <= CAST({} AS BIGINT)",
          Sql.table(ChangeFeed.changeTable(source.table())), version, from, version, to).statement();
    }
    Sql version = Sql.name(StoreNames.VERSION_COLUMN);
    return Sql.of("SELECT COUNT(*) FROM {} WHERE {} >= CAST({} AS BIGINT) AND {} <= CAST({} AS BIGINT)"
        + " AND NOT ARRAY_CONTAINS(CAST({} AS BIGINT ARRAY), {})", Sql.table(source.table().storageName()), version,
        from, version, to, Sql.param(source.keys().skip()), version).statement();
  }

  /**
   * A source the flow has no checkpoint for, while it has one for another table of the same name: that table was
   * dropped and this one created in its place. Reading it from the start could duplicate rows, so the stream stops
   * until a full refresh, as Delta streaming reads do.
   */
  private static void failIfRecreated(List<FlowCheckpoint> checkpoints, TableInfo source, String sourceName) {
    for (FlowCheckpoint old : checkpoints) {
      if (old.sourceName().equals(sourceName) && old.sourceTableId() != source.id()) {
        throw EngineException.of(ErrorClass.DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE)
            .parameter("newTableId", source.id()).parameter("oldTableId", old.sourceTableId())
            .parameter("tableName", Errors.quote(source.name().parts())).build();
      }
    }
  }

  /**
   * FAIL UPDATE: one violating row fails the batch, which then writes nothing and keeps its checkpoint. The error
   * names every failing expectation of that row and shows the row.
   */
  private static void failIfViolated(Connection connection, FlowInfo flow, PlannedFlow planned,
      Map<String, Object> runtime) throws SQLException {
    if (planned.statements().firstFailure().isEmpty()) {
      return;
    }
    Object[] row = H2Storage.firstRow(connection, planned.statements().firstFailure().get(), runtime);
    if (row == null) {
      return;
    }
    List<String> names = planned.statements().columnNames();
    List<ExpectationInfo> failing = planned.expectations().stream()
        .filter(expectation -> expectation.action() == ExpectationInfo.Action.FAIL_UPDATE).toList();
    List<String> violated = new ArrayList<>();
    for (int i = 0; i < failing.size(); i++) {
      if (((Number) row[names.size() + i]).intValue() == 1) {
        violated.add(failing.get(i).name());
      }
    }
    throw ExpectationViolation.of(flow.name(), names, row, violated);
  }

  /**
   * The commit versions in {@code (from, to]} that rewrote or removed rows: skipped when the read allows it, an
   * error otherwise, as Delta streaming reads do.
   */
  private List<Long> changeCommits(Connection connection, StreamSources.Source source, long from, long to)
      throws SQLException {
    List<Long> skipped = new ArrayList<>();
    for (CommitInfo commit : catalog.commitsBetween(connection, source.table().id(), from, to)) {
      // An overwrite, or an AUTO CDC batch (it replaces and removes rows), rewrites rows too.
      boolean overwrite = WriteMode.OVERWRITE.of(commit) || OutputMode.UPDATE.of(commit);
      boolean delete = commit.operation().onlyRemovesRows();
      if (!overwrite && !commit.operation().changesRows()) {
        continue;
      }
      if (source.skipChangeCommits() || (delete && source.ignoreDeletes())) {
        skipped.add(commit.version());
        continue;
      }
      String path = String.join(".", source.table().name().parts());
      if (delete) {
        throw EngineException.of(ErrorClass.DELTA_SOURCE_IGNORE_DELETE).parameter("removedFile", "a deleted row")
            .parameter("version", commit.version()).parameter("dataPath", path).build();
      }
      throw EngineException.of(ErrorClass.DELTA_SOURCE_TABLE_IGNORE_CHANGES)
          .parameter("file", commit.operation().text() + " of rows").parameter("version", commit.version())
          .parameter("dataPath", path).build();
    }
    return skipped;
  }
}
