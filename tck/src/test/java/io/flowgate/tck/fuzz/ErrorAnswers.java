package io.flowgate.tck.fuzz;

import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What makes an error answer acceptable: a class and SQLSTATE in the dialect's form, and nothing internal. */
final class ErrorAnswers {
  private static final Pattern CLASSIFIED = Pattern.compile(
      "^\\[([A-Z][A-Z0-9_]*(?:\\.[A-Z0-9_]+)?)\\] .* SQLSTATE: ([0-9A-Z]{5})(?: \\(line \\d+, pos \\d+\\))?$",
      Pattern.DOTALL);
  /** Java packages, exception names, stack frames and H2's message text. */
  private static final Pattern INTERNAL = Pattern.compile(
      "\\b(?:java|javax|jdk|sun|org\\.h2|org\\.apache|com\\.fasterxml|com\\.google|io\\.netty|io\\.flowgate)\\.[a-z]"
          + "|[A-Za-z]+(?:Exception|Error)\\b|\\n\\s*at [a-z]|storage error|SQL statement:|\\[\\d{5}-\\d{3}\\]"
          + "|\"PUBLIC\"|FG_SYS|see the gateway log");

  private ErrorAnswers() {}

  /** Why {@code e}, the answer to {@code sql}, is not acceptable, or null when it is. */
  static String problem(SQLException e, String sql) {
    String message = e.getMessage() == null ? "" : e.getMessage();
    Matcher matcher = CLASSIFIED.matcher(message);
    if (!matcher.matches()) {
      return "unclassified";
    }
    if (matcher.group(1).equals("INTERNAL_ERROR")) {
      return "internal error";
    }
    if (!matcher.group(2).equals(e.getSQLState())) {
      return "SQLSTATE " + e.getSQLState() + " differs from the message's";
    }
    // What the statement itself said may be quoted back (a name like FG_SYS typed by the client).
    String statement = sql.toLowerCase(java.util.Locale.ROOT);
    Matcher internal = INTERNAL.matcher(message);
    while (internal.find()) {
      if (!statement.contains(internal.group().toLowerCase(java.util.Locale.ROOT))) {
        return "internal text";
      }
    }
    return null;
  }

  static Optional<String> errorClass(SQLException e) {
    Matcher matcher = CLASSIFIED.matcher(e.getMessage() == null ? "" : e.getMessage());
    return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
  }
}
