package io.flowgate.catalog.store;

import io.flowgate.catalog.model.PrincipalInfo;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads and writes users, groups and group members in the system tables over a caller's connection. */
public final class PrincipalStore {
  private PrincipalStore() {}

  public static List<PrincipalInfo> principals(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT NAME, KIND, PASSWORD_HASH, CREATED FROM FG_SYS.PRINCIPALS"
        + " ORDER BY NAME", rows -> new PrincipalInfo(rows.getString(1), PrincipalInfo.Kind.valueOf(rows.getString(2)),
            Optional.ofNullable(rows.getString(3)), CatalogStore.instant(rows, 4)));
  }

  /** Every (group, member) pair. */
  public static List<Map.Entry<String, String>> members(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT GROUP_NAME, MEMBER_NAME FROM FG_SYS.MEMBERS ORDER BY GROUP_NAME,"
        + " MEMBER_NAME", rows -> Map.entry(rows.getString(1), rows.getString(2)));
  }

  public static void insert(Connection connection, PrincipalInfo principal) throws SQLException {
    CatalogStore.update(connection, "INSERT INTO FG_SYS.PRINCIPALS(NAME, KIND, PASSWORD_HASH, CREATED)"
        + " VALUES (?, ?, ?, ?)", principal.name(), principal.kind().name(), principal.passwordHash().orElse(null),
        CatalogStore.utc(principal.created()));
  }

  /** Removes a principal, every membership it has or gives, and its access tokens. */
  public static void delete(Connection connection, String name) throws SQLException {
    TokenStore.deleteOf(connection, name);
    CatalogStore.update(connection, "DELETE FROM FG_SYS.MEMBERS WHERE GROUP_NAME = ? OR MEMBER_NAME = ?", name,
        name);
    CatalogStore.update(connection, "DELETE FROM FG_SYS.PRINCIPALS WHERE NAME = ?", name);
  }

  public static void setPassword(Connection connection, String name, String passwordHash) throws SQLException {
    CatalogStore.update(connection, "UPDATE FG_SYS.PRINCIPALS SET PASSWORD_HASH = ? WHERE NAME = ?", passwordHash,
        name);
  }

  public static void addMember(Connection connection, String group, String member) throws SQLException {
    CatalogStore.update(connection, "MERGE INTO FG_SYS.MEMBERS(GROUP_NAME, MEMBER_NAME) KEY(GROUP_NAME, MEMBER_NAME)"
        + " VALUES (?, ?)", group, member);
  }

  public static void removeMember(Connection connection, String group, String member) throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.MEMBERS WHERE GROUP_NAME = ? AND MEMBER_NAME = ?", group,
        member);
  }
}
