package io.flowgate.catalog.store;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.VolumeInfo;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Reads and writes volumes in the system tables over a caller's connection. */
public final class VolumeStore {
  private VolumeStore() {}

  public static List<VolumeInfo> volumes(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT CATALOG, SCHEMA_NAME, NAME, KIND, LOCATION, COMMENT, OWNER, CREATED"
        + " FROM FG_SYS.VOLUMES ORDER BY CATALOG, SCHEMA_NAME, NAME", rows -> new VolumeInfo(
            new TableName(rows.getString(1), rows.getString(2), rows.getString(3)),
            VolumeInfo.Kind.valueOf(rows.getString(4)), rows.getString(5), Optional.ofNullable(rows.getString(6)),
            rows.getString(7), CatalogStore.instant(rows, 8)));
  }

  public static void insert(Connection connection, VolumeInfo volume) throws SQLException {
    CatalogStore.update(connection, "INSERT INTO FG_SYS.VOLUMES(CATALOG, SCHEMA_NAME, NAME, KIND, LOCATION, COMMENT,"
        + " OWNER, CREATED) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", volume.name().catalog(), volume.name().schema(),
        volume.name().table(), volume.kind().name(), volume.location(), volume.comment().orElse(null),
        volume.owner(), CatalogStore.utc(volume.created()));
  }

  public static void delete(Connection connection, TableName name) throws SQLException {
    GrantStore.deleteOn(connection, GrantInfo.Securable.VOLUME, name.parts());
    CatalogStore.update(connection, "DELETE FROM FG_SYS.VOLUMES WHERE CATALOG = ? AND SCHEMA_NAME = ? AND NAME = ?",
        name.catalog(), name.schema(), name.table());
  }
}
