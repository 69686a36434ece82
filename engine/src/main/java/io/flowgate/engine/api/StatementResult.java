package io.flowgate.engine.api;

import java.util.List;

/** What a statement produced: rows, a count of changed rows, or nothing. */
public sealed interface StatementResult {
  record Rows(List<ResultColumn> columns, RowCursor cursor) implements StatementResult {
    public Rows {
      columns = List.copyOf(columns);
    }
  }

  record UpdateCount(long count) implements StatementResult {}

  record Done() implements StatementResult {}
}
