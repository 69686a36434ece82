package io.flowgate.tck.harness;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** A query's rows as text, {@code a | b | c} a row, for assertions on exact results. */
public final class QueryRows {
  private QueryRows() {}

  public static List<String> of(Statement statement, String sql) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (ResultSet result = statement.executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        List<String> cells = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          cells.add(String.valueOf(result.getObject(i)));
        }
        rows.add(String.join(" | ", cells));
      }
    }
    return rows;
  }
}
