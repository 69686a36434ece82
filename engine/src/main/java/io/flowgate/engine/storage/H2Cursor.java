package io.flowgate.engine.storage;

import io.flowgate.engine.RowCursor;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/** Streams an H2 result set; values are normalized to plain Java types (arrays become {@code Object[]}). */
final class H2Cursor implements RowCursor {
  private final Connection connection;
  private final PreparedStatement statement;
  private final ResultSet rows;
  private final boolean[] json;
  private boolean closed;

  H2Cursor(Connection connection, PreparedStatement statement, ResultSet rows) throws SQLException {
    this.connection = connection;
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
      Object value = rows.getObject(index + 1);
      if (value instanceof Array array) {
        return array.getArray();
      }
      return value;
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try (connection; statement; rows) {
      // closed by try-with-resources, in reverse order
    } catch (SQLException ignored) {
      // nothing useful to do when closing fails
    }
  }
}
