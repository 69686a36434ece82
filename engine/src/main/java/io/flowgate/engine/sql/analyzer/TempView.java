package io.flowgate.engine.sql.analyzer;

import java.util.List;

/**
 * A session's temporary view ({@code CREATE TEMP VIEW}): its query text, read as the session's user with names
 * resolved in the catalog and schema current when it was made, and the column names it gives the query's columns
 * (empty: the query's own).
 */
public record TempView(String name, List<String> columns, String queryText, String catalog, String schema) {
  public TempView {
    columns = List.copyOf(columns);
  }
}
