package io.flowgate.engine;

import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.security.VisibleCatalog;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.type.SqlType;
import java.util.List;

/**
 * The catalog as one user may see it, for listings such as JDBC metadata: the catalogs and schemas the user may use
 * and the tables the user may read or write. Names of anything else never appear.
 */
public final class Listings {
  private final VisibleCatalog visible;

  Listings(VisibleCatalog visible) {
    this.visible = visible;
  }

  public List<CatalogInfo> catalogs() {
    return visible.catalogs();
  }

  public List<SchemaInfo> schemas(String catalog) {
    return visible.schemas(catalog);
  }

  public List<TableInfo> tables(String catalog, String schema) {
    return visible.tables(catalog, schema);
  }

  /** A column's type; a type text that no longer reads (stored by an older version) lists as a string. */
  public static SqlType typeOf(ColumnInfo column) {
    try {
      return SqlParser.parseType(column.type());
    } catch (RuntimeException unreadable) {
      return SqlType.STRING;
    }
  }
}
