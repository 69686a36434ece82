package io.flowgate.catalog.store;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.IdentityInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.PipelineEvent;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.SchemaTables;
import io.flowgate.catalog.model.StreamingSettings;
import io.flowgate.catalog.model.TableInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads and writes catalog rows in the system tables over a caller's connection; every value is bound. */
public final class CatalogStore {
  private CatalogStore() {}

  public static List<CatalogInfo> catalogs(Connection connection) throws SQLException {
    return list(connection, "SELECT NAME, COMMENT, OWNER, CREATED FROM FG_SYS.CATALOGS ORDER BY NAME",
        rows -> new CatalogInfo(rows.getString(1), Optional.ofNullable(rows.getString(2)), rows.getString(3),
            instant(rows, 4)));
  }

  public static List<SchemaInfo> schemas(Connection connection) throws SQLException {
    return list(connection, "SELECT CATALOG, NAME, COMMENT, OWNER, CREATED FROM FG_SYS.SCHEMAS ORDER BY CATALOG, NAME",
        rows -> new SchemaInfo(rows.getString(1), rows.getString(2), Optional.ofNullable(rows.getString(3)),
            rows.getString(4), instant(rows, 5)));
  }

  public static void insertCatalog(Connection connection, CatalogInfo catalog) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.CATALOGS(NAME, COMMENT, OWNER, CREATED) VALUES (?, ?, ?, ?)",
        catalog.name(), catalog.comment().orElse(null), catalog.owner(), utc(catalog.created()));
  }

  public static void deleteCatalog(Connection connection, String name) throws SQLException {
    GrantStore.deleteOn(connection, GrantInfo.Securable.CATALOG, List.of(name));
    update(connection, "DELETE FROM FG_SYS.CATALOGS WHERE NAME = ?", name);
  }

  public static void insertSchema(Connection connection, SchemaInfo schema) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.SCHEMAS(CATALOG, NAME, COMMENT, OWNER, CREATED) VALUES (?, ?, ?, ?, ?)",
        schema.catalog(), schema.name(), schema.comment().orElse(null), schema.owner(),
        utc(schema.created()));
  }

  public static void deleteSchema(Connection connection, String catalog, String name) throws SQLException {
    GrantStore.deleteOn(connection, GrantInfo.Securable.SCHEMA, List.of(catalog, name));
    update(connection, "DELETE FROM FG_SYS.SCHEMAS WHERE CATALOG = ? AND NAME = ?", catalog, name);
  }

  public static long nextTableId(Connection connection) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("VALUES NEXT VALUE FOR FG_SYS.TABLE_IDS");
        ResultSet rows = statement.executeQuery()) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /** Every table of one schema by lower-case name; those whose rows cannot be read are kept apart. */
  public static SchemaTables tables(Connection connection, String catalog, String schema) throws SQLException {
    return SchemaTablesReader.read(connection, catalog, schema);
  }

  /** The name of the table with id {@code tableId}, if there is one. */
  public static Optional<TableName> tableName(Connection connection, long tableId) throws SQLException {
    return first(connection, "SELECT CATALOG, SCHEMA_NAME, NAME FROM FG_SYS.TABLES WHERE ID = ?",
        rows -> new TableName(rows.getString(1), rows.getString(2), rows.getString(3)), tableId);
  }

  public static void insertTable(Connection connection, TableInfo table) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.TABLES(ID, CATALOG, SCHEMA_NAME, NAME, KIND, STORAGE_NAME, COMMENT,"
            + " LOCATION, VIEW_SQL, OWNER, CREATED, PIPELINE_PRIVATE, LATEST_VERSION)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, -1)",
        table.id(), table.name().catalog(), table.name().schema(), table.name().table(), table.kind().name(),
        table.storageName(), table.comment().orElse(null), table.location().orElse(null),
        table.viewSql().orElse(null), table.owner(), utc(table.created()), table.pipelinePrivate());
    int ordinal = 0;
    for (ColumnInfo column : table.columns()) {
      insertColumn(connection, table.id(), ++ordinal, column);
    }
    insertProperties(connection, table.id(), table.properties());
    replacePolicies(connection, table.id(), table.policies());
    insertList(connection, table.id(), "partition", table.partitionBy());
    insertList(connection, table.id(), "cluster", table.clusterBy());
    insertList(connection, table.id(), "cluster_auto", table.clusterAuto() ? List.of("true") : List.of());
    insertKeys(connection, table);
  }

  private static void insertKeys(Connection connection, TableInfo table) throws SQLException {
    for (KeyInfo key : table.keys()) {
      for (int i = 0; i < key.columns().size(); i++) {
        Optional<TableName> referenced = key.referencedTable();
        update(connection, "INSERT INTO FG_SYS.TABLE_KEYS(TABLE_ID, KEY_NAME, IS_PRIMARY, POS, COLUMN_NAME,"
                + " REF_CATALOG, REF_SCHEMA, REF_TABLE, REF_COLUMN) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            table.id(), key.name(), key.primary(), i + 1, key.columns().get(i),
            referenced.map(TableName::catalog).orElse(null), referenced.map(TableName::schema).orElse(null),
            referenced.map(TableName::table).orElse(null),
            i < key.referencedColumns().size() ? key.referencedColumns().get(i) : null);
      }
    }
  }

  /**
   * Replaces what a table's definition says of it: its store table, comment, location, columns, properties,
   * partitioning, clustering, informational keys, row filter and masks. Its identity, owner, grants, flows and history stay.
   */
  public static void redefineTable(Connection connection, TableInfo table) throws SQLException {
    update(connection, "UPDATE FG_SYS.TABLES SET STORAGE_NAME = ?, COMMENT = ?, LOCATION = ? WHERE ID = ?",
        table.storageName(), table.comment().orElse(null), table.location().orElse(null), table.id());
    update(connection, "DELETE FROM FG_SYS.COLUMNS WHERE TABLE_ID = ?", table.id());
    int ordinal = 0;
    for (ColumnInfo column : table.columns()) {
      insertColumn(connection, table.id(), ++ordinal, column);
    }
    replaceProperties(connection, table.id(), table.properties());
    replacePolicies(connection, table.id(), table.policies());
    update(connection, "DELETE FROM FG_SYS.TABLE_LISTS WHERE TABLE_ID = ?", table.id());
    insertList(connection, table.id(), "partition", table.partitionBy());
    insertList(connection, table.id(), "cluster", table.clusterBy());
    insertList(connection, table.id(), "cluster_auto", table.clusterAuto() ? List.of("true") : List.of());
    update(connection, "DELETE FROM FG_SYS.TABLE_KEYS WHERE TABLE_ID = ?", table.id());
    insertKeys(connection, table);
  }

  /** Adds a column at position {@code ordinal} (1-based), after the table's existing columns. */
  public static void insertColumn(Connection connection, long tableId, int ordinal, ColumnInfo column)
      throws SQLException {
    update(connection, "INSERT INTO FG_SYS.COLUMNS(TABLE_ID, ORDINAL, NAME, TYPE, NULLABLE, DEFAULT_SQL,"
            + " GENERATED_SQL, IDENTITY_ALWAYS, IDENTITY_START, IDENTITY_STEP, COMMENT)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        tableId, ordinal, column.name(), column.type(), column.nullable(), column.defaultSql().orElse(null),
        column.generatedSql().orElse(null), column.identity().map(IdentityInfo::always).orElse(null),
        column.identity().map(IdentityInfo::start).orElse(null),
        column.identity().map(IdentityInfo::step).orElse(null), column.comment().orElse(null));
  }

  private static void insertList(Connection connection, long tableId, String list, List<String> values)
      throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      update(connection, "INSERT INTO FG_SYS.TABLE_LISTS(TABLE_ID, LIST, POS, ITEM) VALUES (?, ?, ?, ?)",
          tableId, list, i + 1, values.get(i));
    }
  }

  public static void renameTable(Connection connection, TableInfo table, TableName renamed) throws SQLException {
    update(connection, "UPDATE FG_SYS.TABLES SET NAME = ? WHERE ID = ?", renamed.table(), table.id());
    GrantStore.moveOn(connection, GrantInfo.Securable.TABLE, table.name().parts(), renamed.parts());
  }

  public static void deleteTable(Connection connection, long tableId) throws SQLException {
    // A table made later under the same name must not inherit this one's grants.
    Optional<TableName> name = tableName(connection, tableId);
    if (name.isPresent()) {
      GrantStore.deleteOn(connection, GrantInfo.Securable.TABLE, name.get().parts());
    }
    deleteFlows(connection, tableId);
    update(connection, "DELETE FROM FG_SYS.EVENTS WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.EXPECTATIONS WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.COPIED_FILES WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.TABLE_HISTORY WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.STREAMING_SETTINGS WHERE TABLE_ID = ?", tableId);
    for (String table : List.of("COLUMNS", "TABLE_PROPERTIES", "TABLE_LISTS", "TABLE_KEYS", "TABLE_POLICIES",
        "COMMITS")) {
      update(connection, "DELETE FROM FG_SYS." + table + " WHERE TABLE_ID = ?", tableId);
    }
    update(connection, "DELETE FROM FG_SYS.TABLES WHERE ID = ?", tableId);
  }

  public static List<String> storageNames(Connection connection) throws SQLException {
    return list(connection, "SELECT STORAGE_NAME FROM FG_SYS.TABLES", rows -> rows.getString(1));
  }

  public static long latestVersion(Connection connection, long tableId) throws SQLException {
    Optional<Long> kept = first(connection, "SELECT LATEST_VERSION FROM FG_SYS.TABLES WHERE ID = ?",
        rows -> rows.getObject(1) == null ? null : rows.getLong(1), tableId);
    if (kept.isPresent()) {
      return kept.get();
    }
    // No catalog row (a table being dropped, or commits recorded without one): the log itself says.
    return first(connection, "SELECT COALESCE(MAX(VERSION), -1) FROM FG_SYS.COMMITS WHERE TABLE_ID = ?",
        rows -> rows.getLong(1), tableId).orElseThrow();
  }

  public static void insertCommit(Connection connection, CommitInfo commit) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.COMMITS(TABLE_ID, VERSION, TS, OPERATION, USER_NAME, PARAMETERS, METRICS)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?)",
        commit.tableId(), commit.version(), utc(commit.timestamp()), commit.operation().text(), commit.userName(),
        TextMaps.encode(commit.parameters()), TextMaps.encode(commit.metrics()));
    update(connection, "UPDATE FG_SYS.TABLES SET LATEST_VERSION = ? WHERE ID = ? AND LATEST_VERSION < ?",
        commit.version(), commit.tableId(), commit.version());
  }

  /** The commit log of a table, newest first. */
  public static List<CommitInfo> commits(Connection connection, long tableId) throws SQLException {
    return readCommits(connection, "SELECT VERSION, TS, OPERATION, USER_NAME, PARAMETERS, METRICS FROM FG_SYS.COMMITS"
        + " WHERE TABLE_ID = ? ORDER BY VERSION DESC", tableId, tableId);
  }

  /** Commits with {@code after < version <= upTo}, oldest first. */
  public static List<CommitInfo> commitsBetween(Connection connection, long tableId, long after, long upTo)
      throws SQLException {
    return readCommits(connection, "SELECT VERSION, TS, OPERATION, USER_NAME, PARAMETERS, METRICS FROM FG_SYS.COMMITS"
        + " WHERE TABLE_ID = ? AND VERSION > ? AND VERSION <= ? ORDER BY VERSION", tableId, tableId, after, upTo);
  }

  private static List<CommitInfo> readCommits(Connection connection, String sql, long tableId, Object... values)
      throws SQLException {
    return list(connection, sql, rows -> {
      Map<String, Long> metrics = new LinkedHashMap<>();
      TextMaps.decode(rows.getString(6)).forEach((key, value) -> metrics.put(key, Long.parseLong(value)));
      return new CommitInfo(tableId, rows.getLong(1), instant(rows, 2), CommitOperation.of(rows.getString(3)),
          rows.getString(4), TextMaps.decode(rows.getString(5)), metrics);
    }, values);
  }

  public static List<FlowInfo> flows(Connection connection, long targetId) throws SQLException {
    return list(connection, "SELECT ID, NAME, KIND, QUERY_SQL, CATALOG, SCHEMA_NAME, PIPELINE FROM FG_SYS.FLOWS"
        + " WHERE TARGET_ID = ? ORDER BY ID", rows -> new FlowInfo(rows.getLong(1), targetId, rows.getString(2),
            FlowInfo.FlowKind.valueOf(rows.getString(3)), rows.getString(4), rows.getString(5), rows.getString(6),
            java.util.Optional.ofNullable(rows.getString(7))), targetId);
  }

  public static void upsertFlow(Connection connection, FlowInfo flow) throws SQLException {
    update(connection, "MERGE INTO FG_SYS.FLOWS(ID, TARGET_ID, NAME, KIND, QUERY_SQL, CATALOG, SCHEMA_NAME,"
            + " PIPELINE) KEY(ID) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", flow.id(), flow.targetId(), flow.name(),
        flow.kind().name(), flow.querySql(), flow.catalog(), flow.schema(), flow.pipeline().orElse(null));
  }

  public static void deleteFlows(Connection connection, long targetId) throws SQLException {
    update(connection, "DELETE FROM FG_SYS.CHECKPOINTS WHERE FLOW_ID IN (SELECT ID FROM FG_SYS.FLOWS WHERE"
        + " TARGET_ID = ?)", targetId);
    update(connection, "DELETE FROM FG_SYS.INGESTED_FILES WHERE FLOW_ID IN (SELECT ID FROM FG_SYS.FLOWS WHERE"
        + " TARGET_ID = ?)", targetId);
    update(connection, "DELETE FROM FG_SYS.FLOWS WHERE TARGET_ID = ?", targetId);
  }

  public static void insertEvent(Connection connection, PipelineEvent event) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.EVENTS(ID, TABLE_ID, UPDATE_ID, FLOW_NAME, TS, LEVEL, EVENT_TYPE, MESSAGE,"
            + " ERROR, ORIGIN, DETAILS) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", event.id(), event.tableId(),
        event.updateId(), event.flowName().orElse(null), java.time.LocalDateTime.ofInstant(event.timestamp(),
            java.time.ZoneOffset.UTC), event.level(), event.eventType(), event.message(), event.error().orElse(null),
        event.origin(), event.details());
  }

  /** The details of a table's newest event of one type. */
  public static Optional<String> latestEventDetails(Connection connection, long tableId, String eventType)
      throws SQLException {
    return first(connection, "SELECT DETAILS FROM FG_SYS.EVENTS WHERE TABLE_ID = ? AND EVENT_TYPE = ?"
        + " ORDER BY SEQ DESC LIMIT 1", rows -> rows.getString(1), tableId, eventType);
  }

  /** When a table's newest event of one type was logged. */
  public static Optional<Instant> latestEventTime(Connection connection, long tableId, String eventType)
      throws SQLException {
    return first(connection, "SELECT TS FROM FG_SYS.EVENTS WHERE TABLE_ID = ? AND EVENT_TYPE = ?"
        + " ORDER BY SEQ DESC LIMIT 1", rows -> rows.getObject(1, java.time.LocalDateTime.class)
            .toInstant(java.time.ZoneOffset.UTC), tableId, eventType);
  }

  /** When a table's newest commit was made. */
  public static Optional<Instant> latestCommitTime(Connection connection, long tableId) throws SQLException {
    return first(connection, "SELECT TS FROM FG_SYS.COMMITS WHERE TABLE_ID = ? ORDER BY VERSION DESC LIMIT 1",
        rows -> instant(rows, 1), tableId);
  }

  public static List<ExpectationInfo> expectations(Connection connection, long tableId) throws SQLException {
    return list(connection, "SELECT NAME, EXPRESSION, ACTION FROM FG_SYS.EXPECTATIONS WHERE TABLE_ID = ? ORDER BY POS",
        rows -> new ExpectationInfo(rows.getString(1), rows.getString(2),
            ExpectationInfo.Action.valueOf(rows.getString(3))), tableId);
  }

  public static void replaceExpectations(Connection connection, long tableId, List<ExpectationInfo> expectations)
      throws SQLException {
    update(connection, "DELETE FROM FG_SYS.EXPECTATIONS WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.COPIED_FILES WHERE TABLE_ID = ?", tableId);
    update(connection, "DELETE FROM FG_SYS.TABLE_HISTORY WHERE TABLE_ID = ?", tableId);
    for (int i = 0; i < expectations.size(); i++) {
      ExpectationInfo expectation = expectations.get(i);
      update(connection, "INSERT INTO FG_SYS.EXPECTATIONS(TABLE_ID, POS, NAME, EXPRESSION, ACTION)"
          + " VALUES (?, ?, ?, ?, ?)", tableId, i + 1, expectation.name(), expectation.expressionSql(),
          expectation.action().name());
    }
  }

  /** Holds the table's catalog row until the transaction ends, so that writers of one table take turns. */
  public static void lockTable(Connection connection, long tableId) throws SQLException {
    lockRow(connection, "FG_SYS.TABLES", tableId);
  }

  public static void lockFlow(Connection connection, long flowId) throws SQLException {
    lockRow(connection, "FG_SYS.FLOWS", flowId);
  }

  private static void lockRow(Connection connection, String table, long id) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT ID FROM " + table + " WHERE ID = ? FOR UPDATE")) {
      bind(statement, id);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
      }
    }
  }

  public static List<FlowCheckpoint> checkpoints(Connection connection, long flowId) throws SQLException {
    return list(connection, "SELECT SOURCE_ID, SOURCE_NAME, VERSION FROM FG_SYS.CHECKPOINTS WHERE FLOW_ID = ?"
        + " ORDER BY SOURCE_ID", rows -> new FlowCheckpoint(flowId, rows.getLong(1), rows.getString(2),
            rows.getLong(3)), flowId);
  }

  public static void saveCheckpoint(Connection connection, FlowCheckpoint checkpoint) throws SQLException {
    update(connection, "MERGE INTO FG_SYS.CHECKPOINTS(FLOW_ID, SOURCE_ID, SOURCE_NAME, VERSION)"
        + " KEY(FLOW_ID, SOURCE_ID) VALUES (?, ?, ?, ?)", checkpoint.flowId(), checkpoint.sourceTableId(),
        checkpoint.sourceName(), checkpoint.version());
  }

  public static Optional<StreamingSettings> streamingSettings(Connection connection, long tableId)
      throws SQLException {
    return first(connection, "SELECT DECLARED_SCHEMA, SCHEDULE FROM FG_SYS.STREAMING_SETTINGS WHERE TABLE_ID = ?",
        rows -> new StreamingSettings(tableId, rows.getBoolean(1), Optional.ofNullable(rows.getString(2))), tableId);
  }

  /** The settings of every table with a refresh schedule. */
  public static List<StreamingSettings> scheduled(Connection connection) throws SQLException {
    return list(connection, "SELECT TABLE_ID, DECLARED_SCHEMA, SCHEDULE FROM FG_SYS.STREAMING_SETTINGS"
        + " WHERE SCHEDULE IS NOT NULL ORDER BY TABLE_ID", rows -> new StreamingSettings(rows.getLong(1),
            rows.getBoolean(2), Optional.of(rows.getString(3))));
  }

  public static void saveStreamingSettings(Connection connection, StreamingSettings settings) throws SQLException {
    update(connection, "MERGE INTO FG_SYS.STREAMING_SETTINGS(TABLE_ID, DECLARED_SCHEMA, SCHEDULE) KEY(TABLE_ID)"
        + " VALUES (?, ?, ?)", settings.tableId(), settings.declaredSchema(), settings.schedule().orElse(null));
  }

  public static void clearCheckpoints(Connection connection, long flowId) throws SQLException {
    update(connection, "DELETE FROM FG_SYS.CHECKPOINTS WHERE FLOW_ID = ?", flowId);
    update(connection, "DELETE FROM FG_SYS.INGESTED_FILES WHERE FLOW_ID = ?", flowId);
  }

  public static java.util.Set<String> ingestedFiles(Connection connection, long flowId) throws SQLException {
    return new java.util.HashSet<>(list(connection, "SELECT PATH FROM FG_SYS.INGESTED_FILES WHERE FLOW_ID = ?",
        rows -> rows.getString(1), flowId));
  }

  public static Optional<Long> historySince(Connection connection, long tableId) throws SQLException {
    return list(connection, "SELECT SINCE_VERSION FROM FG_SYS.TABLE_HISTORY WHERE TABLE_ID = ?",
        row -> row.getLong(1), tableId).stream().findFirst();
  }

  public static void recordHistory(Connection connection, long tableId, long since) throws SQLException {
    update(connection, "MERGE INTO FG_SYS.TABLE_HISTORY(TABLE_ID, SINCE_VERSION) KEY(TABLE_ID) VALUES (?, ?)",
        tableId, since);
  }

  public static java.util.Set<String> copiedFiles(Connection connection, long tableId) throws SQLException {
    return new java.util.HashSet<>(list(connection, "SELECT PATH FROM FG_SYS.COPIED_FILES WHERE TABLE_ID = ?",
        row -> row.getString(1), tableId));
  }

  /** Records a file COPY INTO loaded into the table (again, with force: the record stays one). */
  public static void recordCopiedFile(Connection connection, long tableId, String path) throws SQLException {
    update(connection, "MERGE INTO FG_SYS.COPIED_FILES(TABLE_ID, PATH) KEY(TABLE_ID, PATH) VALUES (?, ?)", tableId,
        path);
  }

  public static void recordIngestedFile(Connection connection, long flowId, String path) throws SQLException {
    update(connection, "INSERT INTO FG_SYS.INGESTED_FILES(FLOW_ID, PATH) VALUES (?, ?)", flowId, path);
  }

  static java.time.OffsetDateTime utc(Instant instant) {
    return instant.atOffset(java.time.ZoneOffset.UTC);
  }

  static Instant instant(ResultSet rows, int column) throws SQLException {
    return rows.getObject(column, java.time.OffsetDateTime.class).toInstant();
  }

  /** Replaces a table's row filter and masks. Arguments are expression texts, one per line. */
  public static void replacePolicies(Connection connection, long tableId, List<PolicyInfo> policies)
      throws SQLException {
    update(connection, "DELETE FROM FG_SYS.TABLE_POLICIES WHERE TABLE_ID = ?", tableId);
    int position = 0;
    for (PolicyInfo policy : policies) {
      update(connection, "INSERT INTO FG_SYS.TABLE_POLICIES(TABLE_ID, POS, COLUMN_NAME, FN_CATALOG, FN_SCHEMA,"
          + " FN_NAME, ARGUMENTS) VALUES (?, ?, ?, ?, ?, ?, ?)", tableId, ++position, policy.column().orElse(null),
          policy.function().catalog(), policy.function().schema(), policy.function().table(),
          String.join("\n", policy.arguments()));
    }
  }

  public static void replaceProperties(Connection connection, long tableId, Map<String, String> properties)
      throws SQLException {
    update(connection, "DELETE FROM FG_SYS.TABLE_PROPERTIES WHERE TABLE_ID = ?", tableId);
    insertProperties(connection, tableId, properties);
  }

  private static void insertProperties(Connection connection, long tableId, Map<String, String> properties)
      throws SQLException {
    for (Map.Entry<String, String> property : properties.entrySet()) {
      update(connection, "INSERT INTO FG_SYS.TABLE_PROPERTIES(TABLE_ID, PROPERTY_KEY, PROPERTY_VALUE) VALUES (?, ?, ?)",
          tableId, property.getKey(), property.getValue());
    }
  }

  static void update(Connection connection, String sql, Object... values) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      statement.executeUpdate();
    }
  }

  /** Reads one row of a result into a value. */
  interface RowReader<T> {
    T read(ResultSet rows) throws SQLException;
  }

  static <T> List<T> list(Connection connection, String sql, RowReader<T> reader, Object... values)
      throws SQLException {
    List<T> result = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          result.add(reader.read(rows));
        }
      }
    }
    return result;
  }

  private static <T> Optional<T> first(Connection connection, String sql, RowReader<T> reader, Object... values)
      throws SQLException {
    return list(connection, sql, reader, values).stream().findFirst();
  }

  private static void bind(PreparedStatement statement, Object... values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        statement.setNull(i + 1, Types.VARCHAR);
      } else {
        statement.setObject(i + 1, values[i]);
      }
    }
  }
}
