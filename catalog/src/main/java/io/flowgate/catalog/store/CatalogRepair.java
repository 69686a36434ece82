package io.flowgate.catalog.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Repairs, when a store opens, catalog rows that earlier versions wrote wrongly. Each repair is idempotent and
 * reports what it changed, so the opener can log it.
 */
public final class CatalogRepair {
  private CatalogRepair() {}

  /** Runs every repair inside the caller's transaction; returns one sentence per change made. */
  public static List<String> repair(Connection connection) throws SQLException {
    List<String> changes = new ArrayList<>();
    changes.addAll(foreignKeysWithoutReferencedColumns(connection));
    return changes;
  }

  /** A foreign key on one table, as its rows identify it. */
  private record ForeignKey(long tableId, String table, String key, String refCatalog, String refSchema,
      String refTable, int columns) {}

  /**
   * Before the fix of issue 19, {@code REFERENCES p} without a column list stored its key with no referenced
   * columns. The dialect means p's primary key: a key whose arity matches it gets those columns, any other is
   * dropped (it never named anything).
   */
  private static List<String> foreignKeysWithoutReferencedColumns(Connection connection) throws SQLException {
    List<ForeignKey> broken = CatalogStore.list(connection,
        "SELECT k.TABLE_ID, t.CATALOG || '.' || t.SCHEMA_NAME || '.' || t.NAME, k.KEY_NAME, MAX(k.REF_CATALOG),"
            + " MAX(k.REF_SCHEMA), MAX(k.REF_TABLE), COUNT(*) FROM FG_SYS.TABLE_KEYS k"
            + " LEFT JOIN FG_SYS.TABLES t ON t.ID = k.TABLE_ID WHERE NOT k.IS_PRIMARY"
            + " GROUP BY k.TABLE_ID, t.CATALOG, t.SCHEMA_NAME, t.NAME, k.KEY_NAME"
            + " HAVING COUNT(k.REF_COLUMN) < COUNT(*)",
        rows -> new ForeignKey(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4),
            rows.getString(5), rows.getString(6), rows.getInt(7)));
    List<String> changes = new ArrayList<>();
    for (ForeignKey key : broken) {
      List<String> primary = CatalogStore.list(connection,
          "SELECT k.COLUMN_NAME FROM FG_SYS.TABLE_KEYS k JOIN FG_SYS.TABLES t ON t.ID = k.TABLE_ID"
              + " WHERE t.CATALOG = ? AND t.SCHEMA_NAME = ? AND t.NAME = ? AND k.IS_PRIMARY ORDER BY k.POS",
          rows -> rows.getString(1), key.refCatalog(), key.refSchema(), key.refTable());
      String referenced = key.refCatalog() + "." + key.refSchema() + "." + key.refTable();
      if (!primary.isEmpty() && primary.size() == key.columns()) {
        for (int i = 0; i < primary.size(); i++) {
          CatalogStore.update(connection, "UPDATE FG_SYS.TABLE_KEYS SET REF_COLUMN = ?"
              + " WHERE TABLE_ID = ? AND KEY_NAME = ? AND POS = ?", primary.get(i), key.tableId(), key.key(), i + 1);
        }
        changes.add("foreign key " + key.key() + " of " + key.table() + " named no referenced columns; it now"
            + " references the primary key " + primary + " of " + referenced);
      } else {
        CatalogStore.update(connection, "DELETE FROM FG_SYS.TABLE_KEYS WHERE TABLE_ID = ? AND KEY_NAME = ?",
            key.tableId(), key.key());
        changes.add("foreign key " + key.key() + " of " + key.table() + " named no referenced columns and "
            + referenced + " has no primary key of " + key.columns() + " column(s); the key was dropped");
      }
    }
    return changes;
  }
}
