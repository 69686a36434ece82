package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A query as the translator understood it. Its columns come out of H2 named {@code c1..cN} by position;
 * {@code columns} holds the names and types the client sees.
 */
public record TranslatedQuery(AnalyzedQuery query, List<OutputColumn> columns) {
  public TranslatedQuery {
    columns = List.copyOf(columns);
  }

  /** The same query with its columns named {@code names} (as many as it has). */
  TranslatedQuery renamed(List<String> names) {
    List<OutputColumn> renamed = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      renamed.add(columns.get(i).renamed(names.get(i)));
    }
    return new TranslatedQuery(query, renamed);
  }

  /** A column of the query: {@code type} is empty only for a bare parameter marker, which the client sees as STRING. */
  record OutputColumn(String name, Optional<SqlType> type, boolean nullable) {
    OutputColumn(String name, Optional<SqlType> type) {
      this(name, type, true);
    }

    OutputColumn renamed(String newName) {
      return new OutputColumn(newName, type, nullable);
    }
  }

  public static String positional(int index) {
    return "c" + (index + 1);
  }
}
