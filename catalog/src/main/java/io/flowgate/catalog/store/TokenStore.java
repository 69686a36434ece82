package io.flowgate.catalog.store;

import io.flowgate.catalog.model.AccessTokenInfo;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Reads and writes personal access tokens in the system tables over a caller's connection. */
public final class TokenStore {
  private TokenStore() {}

  public static List<AccessTokenInfo> tokens(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT ID, USER_NAME, SECRET_HASH, COMMENT, CREATED, EXPIRES"
        + " FROM FG_SYS.ACCESS_TOKENS ORDER BY CREATED, ID", rows -> new AccessTokenInfo(rows.getString(1),
            rows.getString(2), rows.getString(3), Optional.ofNullable(rows.getString(4)),
            CatalogStore.instant(rows, 5), rows.getObject(6) == null ? Optional.empty()
                : Optional.of(CatalogStore.instant(rows, 6))));
  }

  public static void insert(Connection connection, AccessTokenInfo token) throws SQLException {
    CatalogStore.update(connection, "INSERT INTO FG_SYS.ACCESS_TOKENS(ID, USER_NAME, SECRET_HASH, COMMENT, CREATED,"
        + " EXPIRES) VALUES (?, ?, ?, ?, ?, ?)", token.id(), token.user(), token.secretHash(),
        token.comment().orElse(null), CatalogStore.utc(token.created()),
        token.expires().map(CatalogStore::utc).orElse(null));
  }

  public static void delete(Connection connection, String id) throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.ACCESS_TOKENS WHERE ID = ?", id);
  }

  /** Removes every token of a user (when the user is dropped). */
  public static void deleteOf(Connection connection, String user) throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.ACCESS_TOKENS WHERE USER_NAME = ?", user);
  }
}
