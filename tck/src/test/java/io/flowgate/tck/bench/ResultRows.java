package io.flowgate.tck.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A query's rows read to the end, for comparing two engines' answers to the same query: numbers compare by value
 * within a relative 1e-5 (an average or a quotient of decimals may carry a different scale on each side, as the
 * dialect and H2 derive it differently), everything else by its text.
 */
record ResultRows(List<List<Object>> rows) {
  private static final BigDecimal TOLERANCE = new BigDecimal("1e-5");

  static ResultRows read(ResultSet results) throws SQLException {
    int width = results.getMetaData().getColumnCount();
    List<List<Object>> rows = new ArrayList<>();
    while (results.next()) {
      List<Object> row = new ArrayList<>(width);
      for (int i = 1; i <= width; i++) {
        Object value = results.getObject(i);
        row.add(value instanceof Number number ? new BigDecimal(number.toString())
            : value == null ? null : value.toString());
      }
      rows.add(row);
    }
    return new ResultRows(rows);
  }

  /** The first difference from {@code expected}, if there is one, described for a person. */
  Optional<String> differenceFrom(ResultRows expected) {
    if (rows.size() != expected.rows.size()) {
      return Optional.of(rows.size() + " rows, expected " + expected.rows.size());
    }
    for (int r = 0; r < rows.size(); r++) {
      List<Object> row = rows.get(r);
      List<Object> want = expected.rows.get(r);
      if (row.size() != want.size()) {
        return Optional.of(row.size() + " columns, expected " + want.size());
      }
      for (int c = 0; c < row.size(); c++) {
        if (!same(row.get(c), want.get(c))) {
          return Optional.of("row " + (r + 1) + " column " + (c + 1) + ": " + row.get(c) + ", expected "
              + want.get(c));
        }
      }
    }
    return Optional.empty();
  }

  private static boolean same(Object actual, Object expected) {
    if (actual instanceof BigDecimal a && expected instanceof BigDecimal e) {
      BigDecimal scale = e.abs().max(BigDecimal.ONE);
      return a.subtract(e).abs().divide(scale, MathContext.DECIMAL64).compareTo(TOLERANCE) <= 0;
    }
    return actual == null ? expected == null : actual.equals(expected);
  }
}
