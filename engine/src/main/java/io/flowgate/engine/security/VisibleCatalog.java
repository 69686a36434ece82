package io.flowgate.engine.security;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.GrantInfo.Securable;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import java.util.List;

/**
 * The catalog as one user may see it, for listings (SHOW, information_schema, JDBC metadata): catalogs the user may
 * USE, schemas the user may USE in them, and the published tables the user may SELECT from or MODIFY. Names of
 * anything else never appear.
 */
public final class VisibleCatalog {
  private final CatalogService catalog;
  private final AccessControl privileges;
  private final String user;

  public VisibleCatalog(CatalogService catalog, AccessControl privileges, String user) {
    this.catalog = catalog;
    this.privileges = privileges;
    this.user = user;
  }

  public List<CatalogInfo> catalogs() {
    return catalog.catalogs().stream()
        .filter(info -> privileges.holds(user, Securable.CATALOG, List.of(info.name()), "USE CATALOG")).toList();
  }

  public List<SchemaInfo> schemas(String catalogName) {
    if (!privileges.holds(user, Securable.CATALOG, List.of(catalogName), "USE CATALOG")) {
      return List.of();
    }
    return catalog.schemas(catalogName).stream().filter(schema -> privileges.holds(user, Securable.SCHEMA,
        List.of(schema.catalog(), schema.name()), "USE SCHEMA")).toList();
  }

  public List<TableInfo> tables(String catalogName, String schemaName) {
    if (schemas(catalogName).stream().noneMatch(schema -> schema.name().equals(schemaName))) {
      return List.of();
    }
    return catalog.publishedTables(catalogName, schemaName).stream()
        .filter(table -> privileges.holds(user, Securable.TABLE, table.name().parts(), "SELECT")
            || privileges.holds(user, Securable.TABLE, table.name().parts(), "MODIFY")).toList();
  }
}
