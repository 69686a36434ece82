package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.PipelineIds;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.AccessTokenInfo;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.PrincipalInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.StreamingSettings;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.RowValue;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.security.Privileges;
import io.flowgate.engine.security.VisibleCatalog;
import io.flowgate.engine.sql.tree.Show;
import io.flowgate.engine.sql.tree.SqlFormatter;
import io.flowgate.engine.type.JsonPath;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Answers SHOW and DESCRIBE from the catalog, with the output columns the dialect documents. */
public final class ShowExecutor {
  private final ExecutionContext context;
  private final CatalogService catalog;

  public ShowExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  public StatementResult execute(Show show) {
    if (show instanceof Show.ShowGrants grants) {
      GrantInfo.Securable kind = GrantInfo.Securable.valueOf(grants.kind().name());
      List<String> name = AccessExecutor.securable(context, kind, grants.name(), grants.span());
      // The owner sees every grant on the object; anyone else only those to themselves and their groups.
      String user = context.session().user();
      java.util.Set<String> own = new java.util.HashSet<>(catalog.groupsOf(user));
      own.add(user);
      own.add(CatalogService.ALL_USERS);
      boolean owner = context.access().owns(user, kind, name);
      List<List<Object>> rows = catalog.grants().stream()
          .filter(grant -> grant.kind() == kind && grant.securable().equals(name))
          .filter(grant -> owner || own.contains(grant.principal()))
          .filter(grant -> grants.principal().map(grant.principal()::equals).orElse(true))
          .map(grant -> List.<Object>of(grant.principal(), grant.privilege(), grant.kind().name(),
              String.join(".", grant.securable()))).toList();
      return result(List.of(column("principal"), column("action_type"), column("object_type"),
          column("object_key")), rows);
    }
    if (show instanceof Show.ShowTokens) {
      String user = context.session().user();
      List<List<Object>> rows = new java.util.ArrayList<>();
      for (AccessTokenInfo token : catalog.tokens()) {
        if (token.user().equals(user) || user.equals(Privileges.ADMINISTRATOR)) {
          List<Object> row = new java.util.ArrayList<>(List.of(token.id(), token.user()));
          row.add(token.comment().orElse(null));
          row.add(token.created().toString());
          row.add(token.expires().map(Object::toString).orElse(null));
          rows.add(row);
        }
      }
      return result(List.of(column("token_id"), column("user"), new ResultColumn("comment", SqlType.STRING, true),
          column("created"), new ResultColumn("expires", SqlType.STRING, true)), rows);
    }
    if (show instanceof Show.ShowPrincipals principals) {
      PrincipalInfo.Kind kind = principals.groups() ? PrincipalInfo.Kind.GROUP : PrincipalInfo.Kind.USER;
      // The administrator sees every principal; anyone else themselves and the groups they belong to.
      String user = context.session().user();
      java.util.Set<String> own = new java.util.HashSet<>(catalog.groupsOf(user));
      own.add(user);
      boolean administrator = user.equals(Privileges.ADMINISTRATOR);
      List<List<Object>> rows = catalog.principals(kind).stream()
          .filter(principal -> administrator || own.contains(principal.name()))
          .filter(principal -> matches(principals.pattern()).test(principal.name())).map(principal -> principals.groups()
          ? List.<Object>of(principal.name(), String.join(", ", catalog.members(principal.name())))
          : List.<Object>of(principal.name())).toList();
      return result(principals.groups() ? List.of(column("name"), column("members")) : List.of(column("name")), rows);
    }
    if (show instanceof Show.DescribeNamespace namespace) {
      return describeNamespace(namespace);
    }
    if (show instanceof Show.ShowCatalogs catalogs) {
      List<List<Object>> rows = visible().catalogs().stream().map(CatalogInfo::name)
          .filter(matches(catalogs.pattern())).map(name -> List.<Object>of(name)).toList();
      return result(List.of(column("catalog")), rows);
    }
    if (show instanceof Show.ShowSchemas schemas) {
      String name = schemas.catalog().map(c -> c.toLowerCase(Locale.ROOT)).orElse(context.session().catalog());
      if (catalog.catalog(name).isEmpty()) {
        throw Errors.catalogNotFound(name, schemas.span());
      }
      List<List<Object>> rows = visible().schemas(name).stream().map(SchemaInfo::name)
          .filter(matches(schemas.pattern())).map(schema -> List.<Object>of(schema)).toList();
      return result(List.of(column("databaseName")), rows);
    }
    if (show instanceof Show.ShowTables tables) {
      List<String> schema = tables.schema().isEmpty()
          ? List.of(context.session().catalog(), context.session().schema())
          : new DdlExecutor(context).schemaName(tables.schema(), tables.span());
      if (catalog.schema(schema.get(0), schema.get(1)).isEmpty()) {
        throw Errors.schemaNotFound(schema, tables.span());
      }
      Show.TableSet listed = tables.listed();
      boolean views = listed != Show.TableSet.TABLES;
      List<List<Object>> rows = new ArrayList<>(visible().tables(schema.get(0), schema.get(1)).stream()
          .filter(table -> switch (listed) {
            case TABLES -> true;
            case VIEWS -> table.kind() == TableKind.VIEW || table.kind() == TableKind.MATERIALIZED_VIEW;
            case MATERIALIZED_VIEWS -> table.kind() == TableKind.MATERIALIZED_VIEW;
          })
          .filter(table -> matches(tables.pattern()).test(table.name().table()))
          .map(table -> views
              ? Arrays.<Object>asList(schema.get(1), table.name().table(), false,
                  table.kind() == TableKind.MATERIALIZED_VIEW)
              : Arrays.<Object>asList(schema.get(1), table.name().table(), false)).toList());
      // As the dialect lists them: the session's temporary views, in no schema, after the tables.
      context.session().tempViews().values().stream().filter(view -> listed != Show.TableSet.MATERIALIZED_VIEWS)
          .filter(view -> matches(tables.pattern()).test(view.name()))
          .sorted(java.util.Comparator.comparing(io.flowgate.engine.sql.analyzer.TempView::name))
          .forEach(view -> rows.add(views ? Arrays.<Object>asList("", view.name(), true, false)
              : Arrays.<Object>asList("", view.name(), true)));
      ResultColumn temporary = new ResultColumn("isTemporary", SqlType.BOOLEAN, false);
      return result(views ? List.of(column("namespace"), column("viewName"), temporary,
          new ResultColumn("isMaterialized", SqlType.BOOLEAN, false))
          : List.of(column("database"), column("tableName"), temporary), rows);
    }
    if (show instanceof Show.DescribeQuery describe) {
      List<List<Object>> rows = new ArrayList<>();
      for (ResultColumn column : QueryDescriber.columns(context.translator().analyze(describe.query()).columns())) {
        rows.add(Arrays.asList(column.name(), column.type().sql(), null));
      }
      return result(List.of(column("col_name"), column("data_type"), nullable("comment")), rows);
    }
    if (show instanceof Show.DescribeColumn describe) {
      TableInfo table = table(describe.table(), describe.span());
      ColumnInfo column = table.columns().stream().filter(c -> c.name().equalsIgnoreCase(describe.column()))
          .findFirst().orElseThrow(() -> Errors.unresolvedColumn(List.of(describe.column()),
              table.columns().stream().map(ColumnInfo::name).toList(), describe.span()));
      return result(List.of(column("info_name"), nullable("info_value")), List.of(
          Arrays.asList("col_name", column.name()), Arrays.asList("data_type", column.type()),
          Arrays.asList("comment", column.comment().orElse(null))));
    }
    if (show instanceof Show.ShowFunctions functions) {
      // The built-in functions, then the SQL functions of the current schema by their qualified names.
      List<String> names = new java.util.ArrayList<>();
      if (functions.which() != Show.FunctionSet.USER) {
        names.addAll(io.flowgate.engine.sql.analyzer.FunctionRegistry.names().keySet());
      }
      if (functions.which() != Show.FunctionSet.SYSTEM) {
        catalog.functions(context.session().catalog(), context.session().schema())
            .forEach(function -> names.add(String.join(".", function.name().parts())));
      }
      List<List<Object>> rows = names.stream().filter(matches(functions.pattern()))
          .map(name -> List.<Object>of(name)).toList();
      return result(List.of(column("function")), rows);
    }
    if (show instanceof Show.DescribeFunction describe) {
      return new RoutineExecutor(context).describe(describe);
    }
    if (show instanceof Show.ShowColumns columns) {
      TableInfo table = table(columns.table(), columns.span());
      return result(List.of(column("col_name")),
          table.columns().stream().map(c -> List.<Object>of(c.name())).toList());
    }
    if (show instanceof Show.ShowTableProperties properties) {
      TableInfo table = table(properties.table(), properties.span());
      List<List<Object>> rows = table.properties().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
          .filter(entry -> properties.key().map(entry.getKey()::equals).orElse(true))
          .map(entry -> List.<Object>of(entry.getKey(), entry.getValue())).toList();
      if (rows.isEmpty() && properties.key().isPresent()) {
        // As Spark answers for a key the table does not have.
        rows = List.of(List.of(properties.key().get(), "Table " + String.join(".", table.name().parts())
            + " does not have property: " + properties.key().get()));
      }
      return result(List.of(column("key"), column("value")), rows);
    }
    if (show instanceof Show.ShowCreateTable create) {
      TableInfo table = table(create.table(), create.span());
      return result(List.of(column("createtab_stmt")), List.of(List.of(createStatement(table))));
    }
    if (show instanceof Show.DescribeTable describe) {
      Optional<io.flowgate.engine.sql.analyzer.TempView> temporary = describe.table().size() != 1 ? Optional.empty()
          : Optional.ofNullable(context.session().tempViews().get(describe.table().get(0).toLowerCase(Locale.ROOT)));
      if (temporary.isPresent()) {
        return describeTempView(temporary.get(), describe.extended());
      }
      return describe(table(describe.table(), describe.span()), describe.extended());
    }
    if (show instanceof Show.DescribeHistory history) {
      return history(table(history.table(), history.span()), history.limit());
    }
    if (show instanceof Show.DescribeDetail detail) {
      return detail(table(detail.table(), detail.span()), detail.span());
    }
    throw Errors.internal("unknown SHOW statement", null);
  }

  /** A table whose definition the statement shows: only to those who may see it listed. */
  private TableInfo table(List<String> name, io.flowgate.engine.sql.tree.Span span) {
    TableInfo table = context.translator().resolveTable(name, span);
    context.access().requireDescribable(context.session().user(), table.name().parts(), span);
    return table;
  }

  /** Listings show only what the user may see. */
  private VisibleCatalog visible() {
    return new VisibleCatalog(catalog, context.access(), context.session().user());
  }

  private static ResultColumn column(String name) {
    return new ResultColumn(name, SqlType.STRING, false);
  }

  private static StatementResult result(List<ResultColumn> columns, List<List<Object>> rows) {
    return new StatementResult.Rows(columns, new ListCursor(rows));
  }

  /** SHOW ... LIKE patterns: {@code *} matches anything and {@code |} separates alternatives, ignoring case. */
  static java.util.function.Predicate<String> matches(Optional<String> pattern) {
    if (pattern.isEmpty()) {
      return name -> true;
    }
    String regex = Arrays.stream(pattern.get().split("\\|"))
        .map(part -> Arrays.stream(part.strip().split("\\*", -1)).map(Pattern::quote)
            .collect(Collectors.joining(".*")))
        .collect(Collectors.joining("|"));
    Pattern compiled = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    return name -> compiled.matcher(name).matches();
  }

  /** DESCRIBE of the session's temporary view: its columns as a query of it gives them. */
  private StatementResult describeTempView(io.flowgate.engine.sql.analyzer.TempView view, boolean extended) {
    // A query of the view, written in the dialect for the parser (never H2), answers what its columns are.
    io.flowgate.engine.sql.tree.Query query = (io.flowgate.engine.sql.tree.Query) io.flowgate.engine.sql.parser
        .SqlParser.parseStatement("SELECT * FROM " + Errors.quote(view.name())).statement();
    List<List<Object>> rows = new ArrayList<>();
    for (ResultColumn column : QueryDescriber.columns(context.translator().analyze(query).columns())) {
      rows.add(Arrays.asList(column.name(), column.type().sql(), null));
    }
    if (extended) {
      rows.add(Arrays.asList("", "", ""));
      rows.add(Arrays.asList("# Detailed Table Information", "", ""));
      rows.add(Arrays.asList("Table", view.name(), ""));
      rows.add(Arrays.asList("Type", "VIEW (TEMPORARY)", ""));
      rows.add(Arrays.asList("View Text", view.queryText(), ""));
    }
    return result(List.of(column("col_name"), column("data_type"), nullable("comment")), rows);
  }

  private StatementResult describe(TableInfo table, boolean extended) {
    List<List<Object>> rows = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      rows.add(Arrays.asList(column.name(), column.type(), column.comment().orElse(null)));
    }
    if (!table.partitionBy().isEmpty()) {
      rows.add(Arrays.asList("# Partition Information", "", ""));
      rows.add(Arrays.asList("# col_name", "data_type", "comment"));
      for (String name : table.partitionBy()) {
        Optional<ColumnInfo> column = table.column(name);
        rows.add(Arrays.asList(name, column.map(ColumnInfo::type).orElse(""),
            column.flatMap(ColumnInfo::comment).orElse(null)));
      }
    }
    if (extended) {
      rows.add(Arrays.asList("", "", ""));
      rows.add(Arrays.asList("# Detailed Table Information", "", ""));
      rows.add(Arrays.asList("Catalog", table.name().catalog(), ""));
      rows.add(Arrays.asList("Database", table.name().schema(), ""));
      rows.add(Arrays.asList("Table", table.name().table(), ""));
      rows.add(Arrays.asList("Created Time", table.created().toString(), ""));
      rows.add(Arrays.asList("Owner", table.owner(), ""));
      rows.add(Arrays.asList("Type", table.kind().name(), ""));
      if (table.kind() != TableKind.VIEW) {
        rows.add(Arrays.asList("Provider", "delta", ""));
      }
      table.comment().ifPresent(comment -> rows.add(Arrays.asList("Comment", comment, "")));
      table.viewSql().ifPresent(sql -> rows.add(Arrays.asList("View Text", sql, "")));
      table.location().ifPresent(location -> rows.add(Arrays.asList("Location", location, "")));
      if (!table.clusterBy().isEmpty()) {
        rows.add(Arrays.asList("Clustering Columns", "[" + String.join(", ", table.clusterBy()) + "]", ""));
      } else if (table.clusterAuto()) {
        rows.add(Arrays.asList("Clustering Columns", "AUTO", ""));
      }
      if (table.kind().writtenByFlows()) {
        refreshInformation(table, rows);
      }
      if (!table.properties().isEmpty()) {
        rows.add(Arrays.asList("Table Properties", "[" + table.properties().entrySet().stream().sorted(
            java.util.Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(",")) + "]", ""));
      }
    }
    return result(List.of(column("col_name"), column("data_type"), new ResultColumn("comment", SqlType.STRING, true)),
        rows);
  }

  /** When the table was last refreshed and how, from its commit log. */
  private void refreshInformation(TableInfo table, List<List<Object>> rows) {
    rows.add(Arrays.asList("", "", ""));
    rows.add(Arrays.asList("# Refresh Information", "", ""));
    Optional<CommitInfo> last = catalog.history(table.id()).stream()
        .filter(commit -> commit.operation() == CommitOperation.STREAMING_UPDATE
            || commit.operation() == CommitOperation.FULL_REFRESH
            || commit.operation() == CommitOperation.MATERIALIZED_VIEW_REFRESH)
        .findFirst();
    rows.add(Arrays.asList("Last Refreshed", last.map(commit -> commit.timestamp().toString()).orElse("never"), ""));
    // A materialized view's complete recompute is FULL, as the vendor calls it; its other techniques INCREMENTAL.
    rows.add(Arrays.asList("Last Refresh Type", last.map(commit -> commit.operation() == CommitOperation.FULL_REFRESH
        || commit.operation() == CommitOperation.MATERIALIZED_VIEW_REFRESH
            && commit.parameters().getOrDefault("technique", "").equals("COMPLETE_RECOMPUTE") ? "FULL"
        : commit.parameters().getOrDefault("refreshType", "INCREMENTAL")).orElse(""), ""));
    last.map(commit -> commit.parameters().get("technique")).ifPresent(technique -> rows.add(Arrays.asList(
        "Last Refresh Technique", technique, "")));
    record Pipeline(Optional<String> state, Optional<String> schedule, Optional<String> next, List<String> flows) {}
    Pipeline pipeline = context.storage().read(connection -> {
      Optional<String> schedule = catalog.streamingSettings(connection, table.id())
          .flatMap(StreamingSettings::schedule);
      return new Pipeline(catalog.latestEventDetails(connection, table.id(), "update_progress")
          .map(details -> JsonPath.extract(details, List.of("update_progress", "state"))), schedule,
          schedule.isEmpty() ? Optional.empty()
              : Optional.of(RefreshSchedule.nextRefresh(catalog, connection, table, schedule.get(),
                  context.scheduleFloor())),
          catalog.flows(connection, table.id()).stream().map(FlowInfo::name).toList());
    });
    rows.add(Arrays.asList("Latest Refresh Status", pipeline.state().map(ShowExecutor::refreshStatus).orElse(""),
        ""));
    rows.add(Arrays.asList("Refresh Schedule", pipeline.schedule().orElse("MANUAL"), ""));
    pipeline.next().ifPresent(next -> rows.add(Arrays.asList("Next Refresh", next, "")));
    rows.add(Arrays.asList("Flows", String.join(", ", pipeline.flows()), ""));
    rows.add(Arrays.asList("Pipeline Id", PipelineIds.of(table.id()), ""));
  }

  /**
   * DESCRIBE SCHEMA / CATALOG, with the vendor's column names ({@code database_description_item / _value} for a
   * schema, {@code info_name / info_value} for a catalog); one the user may not see is not found.
   */
  private StatementResult describeNamespace(Show.DescribeNamespace namespace) {
    List<List<Object>> rows = new ArrayList<>();
    if (namespace.catalog()) {
      String name = namespace.name().get(0).toLowerCase(Locale.ROOT);
      CatalogInfo found = visible().catalogs().stream().filter(info -> info.name().equals(name)).findFirst()
          .orElseThrow(() -> Errors.catalogNotFound(name, namespace.span()));
      rows.add(Arrays.asList("Catalog Name", found.name()));
      rows.add(Arrays.asList("Comment", found.comment().orElse("")));
      rows.add(Arrays.asList("Owner", found.owner()));
      rows.add(Arrays.asList("Catalog Type", "Regular"));
      if (namespace.extended()) {
        rows.add(Arrays.asList("Created Time", found.created().toString()));
      }
      return result(List.of(column("info_name"), column("info_value")), rows);
    }
    List<String> name = new DdlExecutor(context).schemaName(namespace.name(), namespace.span());
    SchemaInfo found = visible().schemas(name.get(0)).stream().filter(info -> info.name().equals(name.get(1)))
        .findFirst().orElseThrow(() -> Errors.schemaNotFound(name, namespace.span()));
    rows.add(Arrays.asList("Catalog Name", found.catalog()));
    rows.add(Arrays.asList("Namespace Name", found.name()));
    rows.add(Arrays.asList("Comment", found.comment().orElse("")));
    rows.add(Arrays.asList("Owner", found.owner()));
    if (namespace.extended()) {
      rows.add(Arrays.asList("Created Time", found.created().toString()));
    }
    return result(List.of(column("database_description_item"), column("database_description_value")), rows);
  }

  /** An update's state as the table's refresh status reads it. */
  private static String refreshStatus(String state) {
    return switch (state) {
      case "COMPLETED" -> "Succeeded";
      case "FAILED" -> "Failed";
      case "CANCELED" -> "Canceled";
      default -> "Running";
    };
  }

  /**
   * DESCRIBE DETAIL's one row, in the vendor's columns. The store is H2, not files: there is no location for a managed
   * table, and numFiles and sizeInBytes are NULL rather than made up.
   */
  private StatementResult detail(TableInfo table, io.flowgate.engine.sql.tree.Span span) {
    if (table.kind() == TableKind.VIEW) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", "DESCRIBE DETAIL")
          .parameter("viewName", Errors.quote(table.name().parts())).at(span).build();
    }
    Instant modified = context.storage().read(connection -> catalog.latestCommitTime(connection, table.id()))
        .orElse(table.created());
    List<String> keys = table.properties().keySet().stream().sorted().toList();
    Object properties = new RowValue(new Object[] {keys.toArray(),
        keys.stream().map(table.properties()::get).toArray()});
    Object none = new RowValue(new Object[] {new Object[0], new Object[0]});
    SqlType strings = SqlType.array(SqlType.STRING);
    SqlType map = SqlType.map(SqlType.STRING, SqlType.STRING);
    List<ResultColumn> columns = List.of(column("format"), column("id"), column("name"), nullable("description"),
        nullable("location"), new ResultColumn("createdAt", SqlType.TIMESTAMP, false),
        new ResultColumn("lastModified", SqlType.TIMESTAMP, false),
        new ResultColumn("partitionColumns", strings, false), new ResultColumn("clusteringColumns", strings, false),
        new ResultColumn("numFiles", SqlType.BIGINT, true), new ResultColumn("sizeInBytes", SqlType.BIGINT, true),
        new ResultColumn("properties", map, false), new ResultColumn("minReaderVersion", SqlType.INT, false),
        new ResultColumn("minWriterVersion", SqlType.INT, false), new ResultColumn("tableFeatures", strings, false),
        new ResultColumn("statistics", map, false));
    List<Object> row = Arrays.asList("delta", UUID.nameUUIDFromBytes(("flowgate table " + table.id())
        .getBytes(StandardCharsets.UTF_8)).toString(), String.join(".", table.name().parts()),
        table.comment().orElse(null), table.location().orElse(null), Timestamps.utc(table.created()),
        Timestamps.utc(modified), table.partitionBy().toArray(), table.clusterBy().toArray(), null, null, properties,
        1, 2, new Object[0], none);
    return result(columns, List.of(row));
  }

  private StatementResult history(TableInfo table, OptionalLong limit) {
    // Row counts of a table with a row filter or mask tell about rows its readers may not see: only its owner
    // (and the administrator) gets the metrics then.
    boolean metrics = table.policies().isEmpty() || context.access().owns(context.session().user(),
        GrantInfo.Securable.TABLE, table.name().parts());
    List<List<Object>> rows = new ArrayList<>();
    for (CommitInfo commit : catalog.history(table.id())) {
      if (limit.isPresent() && rows.size() >= limit.getAsLong()) {
        break;
      }
      rows.add(Arrays.asList(commit.version(), Timestamps.utc(commit.timestamp()), commit.userName(),
          commit.userName(), commit.operation().text(), render(commit.parameters()), null, null, null,
          commit.version() == 0 ? null : commit.version() - 1, "WriteSerializable",
          commit.operation() == CommitOperation.WRITE, metrics ? render(commit.metrics()) : "{}", null, "Flowgate"));
    }
    List<ResultColumn> columns = List.of(new ResultColumn("version", SqlType.BIGINT, false),
        new ResultColumn("timestamp", SqlType.TIMESTAMP, false), column("userId"), column("userName"),
        column("operation"), column("operationParameters"), nullable("job"), nullable("notebook"),
        nullable("clusterId"), new ResultColumn("readVersion", SqlType.BIGINT, true), column("isolationLevel"),
        new ResultColumn("isBlindAppend", SqlType.BOOLEAN, false), column("operationMetrics"),
        nullable("userMetadata"), column("engineInfo"));
    return result(columns, rows);
  }

  private static ResultColumn nullable(String name) {
    return new ResultColumn(name, SqlType.STRING, true);
  }

  private static String render(java.util.Map<String, ?> map) {
    return map.entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
        .map(entry -> "\"" + entry.getKey() + "\":\"" + entry.getValue() + "\"")
        .collect(Collectors.joining(",", "{", "}"));
  }

  /**
   * A statement that recreates the table: for a table that flows write, its expectations, schedule and flows (its
   * own as the query, the others as CREATE FLOW statements after it). Row filters and masks are shown to the table's
   * owner only, as their functions are the owner's business.
   */
  private String createStatement(TableInfo table) {
    TableName name = table.name();
    if (table.kind() == TableKind.VIEW) {
      return "CREATE VIEW " + Errors.quote(name.parts()) + " AS " + table.viewSql().orElse("");
    }
    boolean policies = context.access().owns(context.session().user(), GrantInfo.Securable.TABLE, name.parts());
    record Definition(List<FlowInfo> flows, List<ExpectationInfo> expectations, Optional<StreamingSettings> settings) {}
    Definition definition = context.storage().read(connection -> new Definition(
        catalog.flows(connection, table.id()), catalog.expectations(connection, table.id()),
        catalog.streamingSettings(connection, table.id())));
    boolean streaming = table.kind() == TableKind.STREAMING_TABLE;
    boolean materialized = table.kind() == TableKind.MATERIALIZED_VIEW;
    boolean flowTable = streaming || !definition.flows().isEmpty();
    Optional<FlowInfo> own = definition.flows().stream().filter(flow -> flow.name().equals(name.table()))
        .findFirst();
    boolean declared = !flowTable || definition.settings().map(StreamingSettings::declaredSchema).orElse(false)
        || policies && table.policies().stream().anyMatch(policy -> !policy.rowFilter());
    StringBuilder sql = new StringBuilder(streaming ? "CREATE STREAMING TABLE " : materialized
        ? "CREATE MATERIALIZED VIEW " : "CREATE TABLE ").append(Errors.quote(name.parts()));
    List<String> lines = new ArrayList<>();
    if (declared) {
      for (ColumnInfo column : table.columns()) {
        lines.add("  " + columnDefinition(column, policies ? table.mask(column.name()) : Optional.empty()));
      }
    }
    for (KeyInfo key : table.keys()) {
      String columns = key.columns().stream().map(Errors::quote).collect(Collectors.joining(", "));
      lines.add("  CONSTRAINT " + Errors.quote(key.name()) + (key.primary() ? " PRIMARY KEY (" + columns + ")"
          : " FOREIGN KEY (" + columns + ") REFERENCES " + Errors.quote(key.referencedTable().orElseThrow().parts())
              + " (" + key.referencedColumns().stream().map(Errors::quote).collect(Collectors.joining(", ")) + ")"));
    }
    for (ExpectationInfo expectation : definition.expectations()) {
      lines.add("  CONSTRAINT " + Errors.quote(expectation.name()) + " EXPECT (" + expectation.expressionSql() + ")"
          + switch (expectation.action()) {
            case DROP_ROW -> " ON VIOLATION DROP ROW";
            case FAIL_UPDATE -> " ON VIOLATION FAIL UPDATE";
            default -> "";
          });
    }
    if (!lines.isEmpty()) {
      sql.append(" (\n").append(String.join(",\n", lines)).append("\n)");
    }
    if (!materialized) {
      sql.append("\nUSING delta");
    }
    if (!table.partitionBy().isEmpty()) {
      sql.append("\nPARTITIONED BY (").append(table.partitionBy().stream().map(Errors::quote)
          .collect(Collectors.joining(", "))).append(')');
    }
    if (!table.clusterBy().isEmpty()) {
      sql.append("\nCLUSTER BY (").append(table.clusterBy().stream().map(Errors::quote)
          .collect(Collectors.joining(", "))).append(')');
    } else if (table.clusterAuto()) {
      sql.append("\nCLUSTER BY AUTO");
    }
    table.comment().ifPresent(comment -> sql.append("\nCOMMENT ").append(SqlFormatter.string(comment)));
    if (!table.properties().isEmpty()) {
      sql.append("\nTBLPROPERTIES (").append(table.properties().entrySet().stream().sorted(
          java.util.Map.Entry.comparingByKey()).map(e -> SqlFormatter.string(e.getKey()) + " = " + SqlFormatter.string(e.getValue()))
          .collect(Collectors.joining(", "))).append(')');
    }
    if (policies) {
      table.rowFilter().ifPresent(filter -> sql.append("\nWITH ROW FILTER ").append(Errors.quote(
          filter.function().parts())).append(" ON (").append(String.join(", ", filter.arguments())).append(')'));
    }
    definition.settings().flatMap(StreamingSettings::schedule).ifPresent(schedule -> sql.append('\n')
        .append(schedule.startsWith("TRIGGER") ? schedule : "SCHEDULE " + schedule));
    own.ifPresent(flow -> sql.append('\n').append(materialized ? "AS " + flow.querySql()
        .replaceFirst("^REPLACE WHERE TRUE BY NAME ", "") : ownFlow(flow, streaming)));
    for (FlowInfo flow : definition.flows()) {
      if (own.filter(flow::equals).isEmpty()) {
        sql.append(";\n").append(createFlow(flow, name));
      }
    }
    return sql.toString();
  }

  private static String columnDefinition(ColumnInfo column, Optional<PolicyInfo> mask) {
    StringBuilder line = new StringBuilder(Errors.quote(column.name())).append(' ')
        .append(column.type().toUpperCase(Locale.ROOT));
    if (!column.nullable()) {
      line.append(" NOT NULL");
    }
    column.generatedSql().ifPresent(expression -> line.append(" GENERATED ALWAYS AS (").append(expression)
        .append(')'));
    column.identity().ifPresent(identity -> line.append(" GENERATED ").append(identity.always() ? "ALWAYS"
        : "BY DEFAULT").append(" AS IDENTITY (START WITH ").append(identity.start()).append(" INCREMENT BY ")
        .append(identity.step()).append(')'));
    column.defaultSql().ifPresent(expression -> line.append(" DEFAULT ").append(expression));
    column.comment().ifPresent(comment -> line.append(" COMMENT ").append(SqlFormatter.string(comment)));
    mask.ifPresent(policy -> {
      line.append(" MASK ").append(Errors.quote(policy.function().parts()));
      // A mask's own column is its first argument; the rest are written out.
      if (policy.arguments().size() > 0) {
        line.append(" USING COLUMNS (").append(String.join(", ", policy.arguments())).append(')');
      }
    });
    return line.toString();
  }

  /** The table's own flow, as the clause of its CREATE that defines it. */
  private static String ownFlow(FlowInfo flow, boolean streaming) {
    return switch (flow.kind()) {
      case APPEND -> streaming ? "AS " + flow.querySql() : "FLOW INSERT BY NAME " + flow.querySql();
      case ONCE -> "FLOW INSERT ONCE BY NAME " + flow.querySql();
      case REPLACE_WHERE -> "FLOW " + flow.querySql();
      case AUTO_CDC -> "FLOW AUTO CDC " + flow.querySql();
      case AUTO_CDC_ONCE -> "FLOW AUTO CDC ONCE " + flow.querySql();
    };
  }

  /** Another flow into the table, as its CREATE FLOW. */
  private static String createFlow(FlowInfo flow, TableName target) {
    String into = " INTO " + Errors.quote(target.parts()) + " ";
    String name = "CREATE FLOW " + Errors.quote(flow.name()) + " AS ";
    return name + switch (flow.kind()) {
      case APPEND -> "INSERT" + into + "BY NAME " + flow.querySql();
      case ONCE -> "INSERT ONCE" + into + "BY NAME " + flow.querySql();
      case REPLACE_WHERE -> "INSERT" + into + flow.querySql();
      case AUTO_CDC -> "AUTO CDC" + into + flow.querySql();
      case AUTO_CDC_ONCE -> "AUTO CDC ONCE" + into + flow.querySql();
    };
  }


}
