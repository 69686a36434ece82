package io.flowgate.engine.plan;

import io.flowgate.engine.h2.SqlText;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * A query translated to H2 SQL (with binding markers). Its columns come out of H2 named {@code c1..cN} by
 * position; {@code columns} holds the names and types the client sees.
 */
record TranslatedQuery(String sql, List<OutputColumn> columns) {
  TranslatedQuery {
    columns = List.copyOf(columns);
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

  static String positional(int index) {
    return "c" + (index + 1);
  }

  /** {@code "c1", "c2", ...} qualified by {@code relation} when it is not empty. */
  String columnList(String relation) {
    StringBuilder sql = new StringBuilder();
    for (int i = 0; i < columns.size(); i++) {
      if (i > 0) {
        sql.append(", ");
      }
      if (!relation.isEmpty()) {
        sql.append(SqlText.quote(relation)).append('.');
      }
      sql.append(SqlText.quote(positional(i)));
    }
    return sql.toString();
  }
}
