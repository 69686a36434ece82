package io.flowgate.catalog;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A fully qualified table name. Parts are stored in lower case: names are case-insensitive, as in the dialect. */
public record TableName(String catalog, String schema, String table) {
  public TableName {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(schema, "schema is null");
    requireNonNull(table, "table is null");
  }

  public List<String> parts() {
    return List.of(catalog, schema, table);
  }

  @Override
  public String toString() {
    return catalog + "." + schema + "." + table;
  }
}
