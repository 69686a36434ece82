package io.flowgate.gateway.meta;

import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.ResultColumn;
import java.util.List;

/**
 * A statement of a connection: the prepared text, if any, and the cursor of its current result. Its result counts
 * against {@link OpenResults} while open; one left unfetched too long is closed there, and a later fetch says so.
 */
final class StatementState {
  final String connectionId;
  final int id;
  final String user;
  private final OpenResults results;
  /** Whether the client reads this statement's timestamps as microseconds (see {@code Values}). */
  final boolean microseconds;
  String sql;
  List<ResultColumn> columns = List.of();
  RowCursor cursor;
  long rowsSent;
  long maxRows;
  private volatile long lastUse = System.nanoTime();
  private boolean expired;

  StatementState(String connectionId, int id, String user, OpenResults results, boolean microseconds) {
    this.microseconds = microseconds;
    this.connectionId = connectionId;
    this.id = id;
    this.user = user;
    this.results = results;
  }

  /** Makes {@code next} the statement's result; refused (and closed) when the client has too many open. */
  synchronized void replaceCursor(RowCursor next, List<ResultColumn> nextColumns, long limit) {
    close();
    try {
      results.admit(this, user);
    } catch (RuntimeException e) {
      next.close();
      throw e;
    }
    cursor = next;
    columns = nextColumns;
    rowsSent = 0;
    maxRows = limit;
    expired = false;
    touch();
  }

  void touch() {
    lastUse = System.nanoTime();
  }

  long lastUse() {
    return lastUse;
  }

  /** Whether the current result was closed for being left unfetched. */
  synchronized boolean expired() {
    return expired;
  }

  /** Closes a result nobody fetched from; the next fetch fails instead of ending early. */
  synchronized void expire() {
    if (cursor != null) {
      close();
      expired = true;
    }
  }

  synchronized void close() {
    if (cursor != null) {
      try {
        cursor.close();
      } finally {
        cursor = null;
        results.released(this);
      }
    }
  }
}
