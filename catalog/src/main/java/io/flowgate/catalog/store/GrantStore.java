package io.flowgate.catalog.store;

import io.flowgate.catalog.model.GrantInfo;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** Reads and writes privilege grants in the system tables over a caller's connection. */
public final class GrantStore {
  private GrantStore() {}

  public static List<GrantInfo> grants(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT KIND, SECURABLE, PRINCIPAL, PRIVILEGE FROM FG_SYS.GRANTS"
        + " ORDER BY KIND, SECURABLE, PRINCIPAL, PRIVILEGE", rows -> new GrantInfo(
            GrantInfo.Securable.valueOf(rows.getString(1)),
            rows.getString(2).isEmpty() ? List.of() : List.of(rows.getString(2).split("\n")),
            rows.getString(3), rows.getString(4)));
  }

  public static void insert(Connection connection, GrantInfo grant) throws SQLException {
    CatalogStore.update(connection, "MERGE INTO FG_SYS.GRANTS(KIND, SECURABLE, PRINCIPAL, PRIVILEGE)"
        + " KEY(KIND, SECURABLE, PRINCIPAL, PRIVILEGE) VALUES (?, ?, ?, ?)", grant.kind().name(),
        String.join("\n", grant.securable()), grant.principal(), grant.privilege());
  }

  public static void delete(Connection connection, GrantInfo grant) throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.GRANTS WHERE KIND = ? AND SECURABLE = ? AND PRINCIPAL = ?"
        + " AND PRIVILEGE = ?", grant.kind().name(), String.join("\n", grant.securable()), grant.principal(),
        grant.privilege());
  }

  /** Moves every grant on a securable to its new name (when it is renamed). */
  public static void moveOn(Connection connection, GrantInfo.Securable kind, List<String> from, List<String> to)
      throws SQLException {
    CatalogStore.update(connection, "UPDATE FG_SYS.GRANTS SET SECURABLE = ? WHERE KIND = ? AND SECURABLE = ?",
        String.join("\n", to), kind.name(), String.join("\n", from));
  }

  /** Removes every grant on a securable (when it is dropped). */
  public static void deleteOn(Connection connection, GrantInfo.Securable kind, List<String> securable)
      throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.GRANTS WHERE KIND = ? AND SECURABLE = ?", kind.name(),
        String.join("\n", securable));
  }
}
