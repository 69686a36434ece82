package io.flowgate.tck.harness;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs a scenario file: statements, each followed by what must happen, in the style of H2's test scripts.
 *
 * <pre>
 * CREATE TABLE t (a INT);          -- a statement ends with ';' at the end of a line
 * > ok                             -- it succeeds (any update count)
 * INSERT INTO t VALUES (1);
 * > update count 1
 * SELECT a, a * 2 AS b FROM t;
 * > a | b                          -- column labels, then rows, cells separated by ' | ', NULL as null
 * > 1 | 2
 * > rows: 1
 * SELECT nope FROM t;
 * > exception UNRESOLVED_COLUMN.WITH_SUGGESTION
 * --@ user bob                     -- later statements run as bob (a connection per user)
 * </pre>
 */
public final class ScenarioRunner {
  private final Function<String, Connection> connections;
  private final Map<String, Connection> open = new HashMap<>();

  public ScenarioRunner(Function<String, Connection> connections) {
    this.connections = connections;
  }

  /** A failed expectation, with the file line it was written at. */
  public static final class ScenarioFailure extends AssertionError {
    private static final long serialVersionUID = 1L;

    public ScenarioFailure(String message) {
      super(message);
    }
  }

  public void run(Path file) throws IOException, SQLException {
    List<ScenarioFile.Step> steps = ScenarioFile.read(file);
    if (steps.isEmpty()) {
      throw new ScenarioFailure(file + ": no statements");
    }
    try {
      for (ScenarioFile.Step step : steps) {
        check(step.where(), connection(step.user()), step.sql(), step.expected());
      }
    } finally {
      for (Connection connection : open.values()) {
        connection.close();
      }
      open.clear();
    }
  }

  private Connection connection(String user) {
    return open.computeIfAbsent(user, connections);
  }

  private static void check(String where, Connection connection, String sql, List<String> expected)
      throws SQLException {
    if (expected.isEmpty()) {
      throw new ScenarioFailure(where + ": no expectation for " + sql);
    }
    String first = expected.get(0);
    try (Statement statement = connection.createStatement()) {
      boolean hasRows;
      try {
        hasRows = statement.execute(sql);
      } catch (SQLException e) {
        if (first.startsWith("exception ")) {
          // exception CLASS [text the message holds]
          String[] expectedError = first.substring("exception ".length()).split(" ", 2);
          String errorClass = expectedError[0];
          String message = e.getMessage();
          if (!message.startsWith("[" + errorClass + "]") || !message.contains(" SQLSTATE: " + e.getSQLState())) {
            throw new ScenarioFailure(where + ": expected [" + errorClass + "] with its SQLSTATE, got "
                + e.getSQLState() + " " + message);
          }
          if (expectedError.length > 1 && !message.contains(expectedError[1])) {
            throw new ScenarioFailure(where + ": expected the message to hold \"" + expectedError[1] + "\", got "
                + message);
          }
          return;
        }
        throw new ScenarioFailure(where + ": " + sql + "\nfailed: " + e.getMessage());
      }
      if (first.startsWith("exception ")) {
        throw new ScenarioFailure(where + ": expected " + first + " but the statement succeeded: " + sql);
      }
      if (first.equals("ok")) {
        return;
      }
      if (first.startsWith("update count ")) {
        long count = statement.getLargeUpdateCount();
        if (hasRows || count != Long.parseLong(first.substring("update count ".length()))) {
          throw new ScenarioFailure(where + ": expected " + first + ", got " + (hasRows ? "rows" : count));
        }
        return;
      }
      if (!hasRows) {
        throw new ScenarioFailure(where + ": expected rows from " + sql);
      }
      List<String> actual = render(statement.getResultSet());
      if (!actual.equals(expected)) {
        throw new ScenarioFailure(where + ": " + sql + "\nexpected:\n> " + String.join("\n> ", expected)
            + "\nactual:\n> " + String.join("\n> ", actual));
      }
    }
  }

  private static List<String> render(ResultSet rows) throws SQLException {
    List<String> out = new ArrayList<>();
    ResultSetMetaData metadata = rows.getMetaData();
    List<String> header = new ArrayList<>();
    for (int i = 1; i <= metadata.getColumnCount(); i++) {
      header.add(metadata.getColumnLabel(i));
    }
    out.add(String.join(" | ", header).strip());
    int count = 0;
    while (rows.next()) {
      List<String> cells = new ArrayList<>();
      for (int i = 1; i <= metadata.getColumnCount(); i++) {
        Object value = rows.getObject(i);
        cells.add(value == null ? "null" : value instanceof BigDecimal decimal ? decimal.toPlainString()
            : value instanceof byte[] bytes ? hex(bytes) : value.toString());
      }
      out.add(String.join(" | ", cells).strip());
      count++;
    }
    out.add("rows: " + count);
    return out;
  }

  private static String hex(byte[] bytes) {
    StringBuilder text = new StringBuilder("X'");
    for (byte b : bytes) {
      text.append(String.format("%02X", b));
    }
    return text.append('\'').toString();
  }
}
