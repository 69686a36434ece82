package io.flowgate.gateway.meta;

import io.flowgate.engine.ResultColumn;
import io.flowgate.engine.RowCursor;
import java.util.List;

/** A statement of a connection: the prepared text, if any, and the cursor of its current result. */
final class StatementState {
  final String connectionId;
  final int id;
  String sql;
  List<ResultColumn> columns = List.of();
  RowCursor cursor;
  long rowsSent;
  long maxRows;

  StatementState(String connectionId, int id) {
    this.connectionId = connectionId;
    this.id = id;
  }

  void replaceCursor(RowCursor next, List<ResultColumn> nextColumns, long limit) {
    close();
    cursor = next;
    columns = nextColumns;
    rowsSent = 0;
    maxRows = limit;
  }

  void close() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }
}
