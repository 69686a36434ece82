package io.flowgate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;

/**
 * Avatica's protocol carries only six metadata calls; its client answers the rest (primary keys, foreign keys,
 * functions) with empty results. This wraps the client's {@link Meta} so those calls become queries on the
 * gateway's {@code information_schema}, with the result columns JDBC defines.
 */
final class MetadataQueries implements InvocationHandler {
  private final Meta remote;

  private MetadataQueries(Meta remote) {
    this.remote = remote;
  }

  static Meta wrap(Meta remote) {
    return (Meta) Proxy.newProxyInstance(MetadataQueries.class.getClassLoader(), new Class<?>[] {Meta.class},
        new MetadataQueries(remote));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String sql = switch (method.getName()) {
      case "getPrimaryKeys" -> primaryKeys((String) args[1], (String) args[2], (String) args[3]);
      case "getImportedKeys" -> foreignKeys((String) args[1], "fk", (String) args[2], (String) args[3]);
      case "getExportedKeys" -> foreignKeys((String) args[1], "r", (String) args[2], (String) args[3]);
      case "getFunctions" -> functions(((Meta.Pat) args[3]).s);
      case "getIndexInfo" -> indexes((String) args[1], (String) args[2], (String) args[3]);
      default -> null;
    };
    if (sql == null) {
      try {
        return method.invoke(remote, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
    return query((Meta.ConnectionHandle) args[0], sql);
  }

  private Meta.MetaResultSet query(Meta.ConnectionHandle connection, String sql) throws Exception {
    Meta.StatementHandle statement = remote.createStatement(connection);
    Object monitor = new Object();
    Meta.ExecuteResult result = remote.prepareAndExecute(statement, sql, -1, -1, new Meta.PrepareCallback() {
      @Override
      public Object getMonitor() {
        return monitor;
      }

      @Override
      public void clear() {
      }

      @Override
      public void assign(Meta.Signature signature, Meta.Frame firstFrame, long updateCount) {
      }

      @Override
      public void execute() {
      }
    });
    return result.resultSets.get(0);
  }

  /** The information schema to read: one catalog's, or {@code system}'s (every catalog) when none is named. */
  private static String schema(String catalog) {
    return (catalog == null || catalog.isEmpty() ? "system" : quoteIdentifier(catalog)) + ".information_schema";
  }

  /** The key_column_usage rows {@code k} of primary keys, of one schema and table when they are given. */
  private static String primaryKeyRows(String schema, String table) {
    List<String> where = new ArrayList<>(List.of("k.position_in_unique_constraint IS NULL"));
    equal(where, "k.table_schema", schema);
    equal(where, "k.table_name", table);
    return String.join(" AND ", where);
  }

  private static String primaryKeys(String catalog, String schema, String table) {
    return "SELECT k.table_catalog AS TABLE_CAT, k.table_schema AS TABLE_SCHEM, k.table_name AS TABLE_NAME,"
        + " k.column_name AS COLUMN_NAME, CAST(k.ordinal_position AS SMALLINT) AS KEY_SEQ,"
        + " k.constraint_name AS PK_NAME FROM " + schema(catalog) + ".key_column_usage k WHERE "
        + primaryKeyRows(schema, table) + " ORDER BY COLUMN_NAME";
  }

  /**
   * The one index a table has: its primary key's (informational, unique by declaration). Statistics rows and
   * non-unique indexes there are none.
   */
  private static String indexes(String catalog, String schema, String table) {
    return "SELECT k.table_catalog AS TABLE_CAT, k.table_schema AS TABLE_SCHEM, k.table_name AS TABLE_NAME,"
        + " FALSE AS NON_UNIQUE, k.table_catalog AS INDEX_QUALIFIER, k.constraint_name AS INDEX_NAME,"
        + " CAST(3 AS SMALLINT) AS TYPE, CAST(k.ordinal_position AS SMALLINT) AS ORDINAL_POSITION,"
        + " k.column_name AS COLUMN_NAME, 'A' AS ASC_OR_DESC, CAST(NULL AS BIGINT) AS CARDINALITY,"
        + " CAST(NULL AS BIGINT) AS PAGES, CAST(NULL AS STRING) AS FILTER_CONDITION FROM " + schema(catalog)
        + ".key_column_usage k WHERE " + primaryKeyRows(schema, table)
        + " ORDER BY NON_UNIQUE, TYPE, INDEX_NAME, ORDINAL_POSITION";
  }

  /** Imported keys filter on the referencing table ({@code fk}), exported keys on the referenced one ({@code r}). */
  private static String foreignKeys(String catalog, String side, String schema, String table) {
    List<String> where = new ArrayList<>(List.of("TRUE"));
    if (side.equals("fk")) {
      equal(where, "fk.table_schema", schema);
      equal(where, "fk.table_name", table);
    } else {
      equal(where, "r.unique_constraint_schema", schema);
      equal(where, "r.unique_constraint_table", table);
    }
    String from = schema(catalog);
    return "SELECT r.unique_constraint_catalog AS PKTABLE_CAT, r.unique_constraint_schema AS PKTABLE_SCHEM,"
        + " r.unique_constraint_table AS PKTABLE_NAME, pk.column_name AS PKCOLUMN_NAME,"
        + " fk.table_catalog AS FKTABLE_CAT, fk.table_schema AS FKTABLE_SCHEM, fk.table_name AS FKTABLE_NAME,"
        + " fk.column_name AS FKCOLUMN_NAME, CAST(fk.ordinal_position AS SMALLINT) AS KEY_SEQ,"
        + " CAST(3 AS SMALLINT) AS UPDATE_RULE, CAST(3 AS SMALLINT) AS DELETE_RULE, fk.constraint_name AS FK_NAME,"
        + " r.unique_constraint_name AS PK_NAME, CAST(7 AS SMALLINT) AS DEFERRABILITY"
        + " FROM " + from + ".key_column_usage fk JOIN " + from + ".referential_constraints r"
        + " ON fk.constraint_catalog = r.constraint_catalog AND fk.constraint_schema = r.constraint_schema"
        + " AND fk.constraint_name = r.constraint_name"
        + " LEFT JOIN " + from + ".key_column_usage pk ON pk.constraint_catalog = r.unique_constraint_catalog"
        + " AND pk.constraint_schema = r.unique_constraint_schema AND pk.constraint_name = r.unique_constraint_name"
        + " AND pk.ordinal_position = fk.position_in_unique_constraint"
        + " WHERE " + String.join(" AND ", where)
        + " ORDER BY PKTABLE_CAT, PKTABLE_SCHEM, PKTABLE_NAME, KEY_SEQ";
  }

  private static String functions(String pattern) {
    String filter = pattern == null ? "" : " WHERE routine_name LIKE " + quoteString(pattern);
    return "SELECT routine_catalog AS FUNCTION_CAT, routine_schema AS FUNCTION_SCHEM, routine_name AS FUNCTION_NAME,"
        + " comment AS REMARKS, CAST(1 AS SMALLINT) AS FUNCTION_TYPE, specific_name AS SPECIFIC_NAME"
        + " FROM system.information_schema.routines" + filter + " ORDER BY FUNCTION_CAT, FUNCTION_SCHEM,"
        + " FUNCTION_NAME, SPECIFIC_NAME";
  }

  private static void equal(List<String> where, String column, String value) {
    if (value != null) {
      where.add(column + " = " + quoteString(value.toLowerCase(java.util.Locale.ROOT)));
    }
  }

  /** A string literal of the dialect: backslash and single quote are escaped with a backslash. */
  static String quoteString(String value) {
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  static String quoteIdentifier(String name) {
    return "`" + name.replace("`", "``") + "`";
  }
}
