package io.flowgate.catalog.store;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.IdentityInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.SchemaTables;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.catalog.model.UnreadableTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads every table of one schema from the system tables. A table whose rows cannot be made into a {@link
 * TableInfo} (a row an older version wrote wrongly, say) is returned as {@link UnreadableTable} with the reason,
 * so one bad row never hides the rest of its schema, and the table itself can still be dropped.
 */
final class SchemaTablesReader {
  private static final String TABLE_FILTER =
      " WHERE TABLE_ID IN (SELECT ID FROM FG_SYS.TABLES WHERE CATALOG = ? AND SCHEMA_NAME = ?)";

  private final Connection connection;
  private final String catalog;
  private final String schema;
  private final Map<Long, List<ColumnInfo>> columns = new HashMap<>();
  private final Map<Long, Map<String, String>> properties = new HashMap<>();
  private final Map<Long, Map<String, List<String>>> lists = new HashMap<>();
  private final Map<Long, Map<String, KeyParts>> keys = new HashMap<>();
  private final Map<Long, List<PolicyInfo>> policies = new HashMap<>();
  /** Why a table's rows could not be read, by table id; the first reason found is kept. */
  private final Map<Long, String> unreadable = new HashMap<>();

  private SchemaTablesReader(Connection connection, String catalog, String schema) {
    this.connection = connection;
    this.catalog = catalog;
    this.schema = schema;
  }

  static SchemaTables read(Connection connection, String catalog, String schema) throws SQLException {
    return new SchemaTablesReader(connection, catalog, schema).read();
  }

  /** One row of a table's part: read, or the table marked unreadable with what was wrong. */
  private interface PartReader {
    void read(ResultSet rows) throws SQLException;
  }

  private SchemaTables read() throws SQLException {
    readParts("SELECT TABLE_ID, NAME, TYPE, NULLABLE, DEFAULT_SQL, GENERATED_SQL, IDENTITY_ALWAYS, IDENTITY_START,"
        + " IDENTITY_STEP, COMMENT FROM FG_SYS.COLUMNS" + TABLE_FILTER + " ORDER BY TABLE_ID, ORDINAL", "a column",
        rows -> {
          Optional<IdentityInfo> identity = rows.getObject(7) == null ? Optional.empty()
              : Optional.of(new IdentityInfo(rows.getBoolean(7), rows.getLong(8), rows.getLong(9)));
          String name = required(rows, 2, "column name");
          columns.computeIfAbsent(rows.getLong(1), id -> new ArrayList<>()).add(new ColumnInfo(name,
              required(rows, 3, "type of column " + name), rows.getBoolean(4), Optional.ofNullable(rows.getString(5)),
              Optional.ofNullable(rows.getString(6)), identity, Optional.ofNullable(rows.getString(10))));
        });
    readParts("SELECT TABLE_ID, PROPERTY_KEY, PROPERTY_VALUE FROM FG_SYS.TABLE_PROPERTIES" + TABLE_FILTER
        + " ORDER BY TABLE_ID, PROPERTY_KEY", "a property", rows -> properties.computeIfAbsent(rows.getLong(1),
            id -> new LinkedHashMap<>()).put(required(rows, 2, "property key"), required(rows, 3, "property value")));
    readParts("SELECT TABLE_ID, LIST, ITEM FROM FG_SYS.TABLE_LISTS" + TABLE_FILTER + " ORDER BY TABLE_ID, LIST, POS",
        "a partition or cluster column", rows -> lists.computeIfAbsent(rows.getLong(1), id -> new HashMap<>())
            .computeIfAbsent(required(rows, 2, "list"), list -> new ArrayList<>()).add(required(rows, 3, "item")));
    readParts("SELECT TABLE_ID, KEY_NAME, IS_PRIMARY, COLUMN_NAME, REF_CATALOG, REF_SCHEMA, REF_TABLE, REF_COLUMN"
        + " FROM FG_SYS.TABLE_KEYS" + TABLE_FILTER + " ORDER BY TABLE_ID, KEY_NAME, POS", "a key", rows -> {
          String name = required(rows, 2, "key name");
          KeyParts key = keys.computeIfAbsent(rows.getLong(1), id -> new LinkedHashMap<>())
              .computeIfAbsent(name, any -> new KeyParts());
          key.primary = rows.getBoolean(3);
          key.columns.add(required(rows, 4, "column of key " + name));
          if (rows.getString(7) != null) {
            key.referenced = Optional.of(new TableName(required(rows, 5, "referenced catalog of key " + name),
                required(rows, 6, "referenced schema of key " + name), rows.getString(7)));
            key.referencedColumns.add(required(rows, 8, "referenced column of key " + name));
          }
        });
    readParts("SELECT TABLE_ID, COLUMN_NAME, FN_CATALOG, FN_SCHEMA, FN_NAME, ARGUMENTS FROM FG_SYS.TABLE_POLICIES"
        + TABLE_FILTER + " ORDER BY TABLE_ID, POS", "a row filter or column mask", rows -> {
          String arguments = required(rows, 6, "policy arguments");
          policies.computeIfAbsent(rows.getLong(1), id -> new ArrayList<>()).add(new PolicyInfo(
              Optional.ofNullable(rows.getString(2)), new TableName(required(rows, 3, "policy catalog"),
                  required(rows, 4, "policy schema"), required(rows, 5, "policy function")),
              arguments.isEmpty() ? List.of() : List.of(arguments.split("\n"))));
        });
    Map<String, TableInfo> tables = new LinkedHashMap<>();
    Map<String, UnreadableTable> broken = new LinkedHashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT ID, NAME, KIND, STORAGE_NAME, COMMENT, LOCATION, VIEW_SQL, OWNER, CREATED, PIPELINE_PRIVATE"
            + " FROM FG_SYS.TABLES WHERE CATALOG = ? AND SCHEMA_NAME = ? ORDER BY NAME")) {
      statement.setString(1, catalog);
      statement.setString(2, schema);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          long id = rows.getLong(1);
          TableName name = new TableName(catalog, schema, rows.getString(2));
          try {
            if (unreadable.containsKey(id)) {
              throw new IllegalStateException(unreadable.get(id));
            }
            tables.put(name.table(), table(id, name, rows));
          } catch (RuntimeException e) {
            broken.put(name.table(), new UnreadableTable(id, name, Optional.ofNullable(rows.getString(4)),
                reason(e)));
          }
        }
      }
    }
    return new SchemaTables(tables, broken);
  }

  private TableInfo table(long id, TableName name, ResultSet rows) throws SQLException {
    Map<String, List<String>> tableLists = lists.getOrDefault(id, Map.of());
    List<KeyInfo> tableKeys = new ArrayList<>();
    keys.getOrDefault(id, Map.of()).forEach((keyName, key) -> tableKeys.add(
        new KeyInfo(keyName, key.primary, key.columns, key.referenced, key.referencedColumns)));
    if (rows.getObject(9) == null) {
      throw new IllegalStateException("its creation time is missing");
    }
    return new TableInfo(id, name, kind(required(rows, 3, "kind")), required(rows, 4, "storage name"),
        columns.getOrDefault(id, List.of()), Optional.ofNullable(rows.getString(5)),
        properties.getOrDefault(id, Map.of()), tableLists.getOrDefault("partition", List.of()),
        tableLists.getOrDefault("cluster", List.of()), !tableLists.getOrDefault("cluster_auto", List.of()).isEmpty(),
        Optional.ofNullable(rows.getString(6)),
        Optional.ofNullable(rows.getString(7)), tableKeys, required(rows, 8, "owner"),
        CatalogStore.instant(rows, 9), rows.getBoolean(10), policies.getOrDefault(id, List.of()));
  }

  private static TableKind kind(String name) {
    for (TableKind kind : TableKind.values()) {
      if (kind.name().equals(name)) {
        return kind;
      }
    }
    throw new IllegalStateException("its kind " + name + " is unknown");
  }

  private void readParts(String sql, String part, PartReader reader) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, catalog);
      statement.setString(2, schema);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          try {
            reader.read(rows);
          } catch (RuntimeException e) {
            unreadable.putIfAbsent(rows.getLong(1), part + " cannot be read: " + reason(e));
          }
        }
      }
    }
  }

  private static String required(ResultSet rows, int column, String what) throws SQLException {
    String value = rows.getString(column);
    if (value == null) {
      throw new IllegalStateException("its " + what + " is missing");
    }
    return value;
  }

  /** Our own checks say what is wrong; anything else is described without naming code. */
  private static String reason(RuntimeException e) {
    return e instanceof IllegalStateException && e.getMessage() != null ? e.getMessage() : "a value is not valid";
  }

  private static final class KeyParts {
    boolean primary;
    final List<String> columns = new ArrayList<>();
    Optional<TableName> referenced = Optional.empty();
    final List<String> referencedColumns = new ArrayList<>();
  }
}
