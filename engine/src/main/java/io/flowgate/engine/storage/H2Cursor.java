package io.flowgate.engine.storage;

import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.RowValue;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * Streams an H2 result set; values are normalized to plain Java types (arrays become {@code Object[]}). It owns its
 * connection and closes it with itself, unless it runs inside a client transaction (connection null), which keeps it.
 */
final class H2Cursor implements RowCursor {
  private final Connection connection;
  private final PreparedStatement statement;
  private final ResultSet rows;
  private final boolean[] json;
  /** Runs once the cursor is closed: releases what the query read besides tables. */
  private final Runnable onClose;
  private boolean closed;
  /** Closed by the end of the client transaction it ran in, before it was read to the end. */
  private boolean ended;

  H2Cursor(Connection connection, PreparedStatement statement, ResultSet rows, Runnable onClose)
      throws SQLException {
    this.connection = connection;
    this.onClose = onClose;
    this.statement = statement;
    this.rows = rows;
    int count = rows.getMetaData().getColumnCount();
    this.json = new boolean[count];
    for (int i = 0; i < count; i++) {
      json[i] = rows.getMetaData().getColumnType(i + 1) == Types.OTHER
          && "JSON".equals(rows.getMetaData().getColumnTypeName(i + 1));
    }
  }

  @Override
  public boolean next() {
    if (ended) {
      throw EngineException.of(ErrorClass.RESULT_CLOSED).build();
    }
    try {
      boolean more = rows.next();
      if (!more) {
        close();
      }
      return more;
    } catch (SQLException e) {
      close();
      throw H2Errors.translate(e);
    }
  }

  @Override
  public Object get(int index) {
    try {
      if (json[index]) {
        return rows.getString(index + 1);
      }
      return plain(rows.getObject(index + 1));
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  /** H2 gives arrays as {@code java.sql.Array} and row values (structs, maps) as one-row result sets. */
  static Object plain(Object value) throws SQLException {
    if (value instanceof Array array) {
      Object[] elements = (Object[]) array.getArray();
      Object[] converted = new Object[elements.length];
      for (int i = 0; i < elements.length; i++) {
        converted[i] = plain(elements[i]);
      }
      return converted;
    }
    if (value instanceof ResultSet row) {
      int count = row.getMetaData().getColumnCount();
      Object[] fields = new Object[count];
      if (row.next()) {
        for (int i = 0; i < count; i++) {
          fields[i] = plain(row.getObject(i + 1));
        }
      }
      return new RowValue(fields);
    }
    return value;
  }

  /** Its transaction committed or rolled back: the rows it has not given are gone with the transaction's connection. */
  void endWithTransaction() {
    if (!closed) {
      ended = true;
      close();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try (connection; statement; rows) {
      // closed by try-with-resources, in reverse order; a null connection (a transaction's) is skipped
    } catch (SQLException ignored) {
      // nothing useful to do when closing fails
    } finally {
      onClose.run();
    }
  }
}
