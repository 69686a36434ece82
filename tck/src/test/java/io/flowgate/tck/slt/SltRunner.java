package io.flowgate.tck.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs the records of one SQLLogicTest file on a connection and reports how they went: each query's values are
 * printed as the format prescribes (integers, reals with three decimals, text, NULL, "(empty)"), sorted as the
 * record asks, and compared with the expected values or their MD5 hash.
 */
final class SltRunner {
  /** What happened to a file's records; {@code failures} are the ones to fix or to list as differences. */
  record Report(int statements, int queries, int skipped, int differing, Map<String, Integer> errorClasses,
      List<String> failures) {}

  private SltRunner() {}

  static Report run(Connection connection, String file, List<SltRecord> records, SltDifferences differences)
      throws SQLException {
    int statements = 0;
    int queries = 0;
    int skipped = 0;
    int differing = 0;
    Map<String, Integer> errorClasses = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    try (Statement statement = connection.createStatement()) {
      for (SltRecord record : records) {
        java.util.Optional<SltDifferences.Rule> rule = differences.find(file, record.sql());
        if (rule.isPresent() && rule.get().kind() == SltDifferences.Kind.SKIP) {
          skipped++;
          continue;
        }
        boolean differs = rule.isPresent() && rule.get().kind() == SltDifferences.Kind.DIFFER;
        java.util.Optional<String> refusedWith = rule.filter(r -> r.kind() == SltDifferences.Kind.REFUSED)
            .map(SltDifferences.Rule::errorClass);
        String where = file + ":" + record.line() + " " + record.sql().replace('\n', ' ');
        try {
          if (record instanceof SltRecord.Statement expected) {
            statements++;
            statement.execute(record.sql());
            if (expected.expectError() && !differs) {
              failures.add(where + ": succeeded, but should fail");
            }
          } else {
            queries++;
            SltRecord.Query query = (SltRecord.Query) record;
            List<String> values = values(statement, query);
            if (!matches(query.expected(), values)) {
              if (differs) {
                differing++;
              } else {
                failures.add(where + ": " + shown(values) + ", expected " + shown(query.expected()));
              }
            }
          }
        } catch (SQLException e) {
          String errorClass = errorClass(e);
          errorClasses.merge(errorClass, 1, Integer::sum);
          boolean expectedError = record instanceof SltRecord.Statement s && s.expectError();
          if (errorClass.startsWith("INTERNAL_ERROR") || errorClass.equals("unclassified")) {
            failures.add(where + ": " + e.getMessage());
          } else if (refusedWith.isPresent()) {
            if (refusedWith.get().equals(errorClass)) {
              differing++;
            } else {
              failures.add(where + ": " + e.getMessage() + ", but may only fail with " + refusedWith.get());
            }
          } else if (differs) {
            differing++;
          } else if (!expectedError) {
            failures.add(where + ": " + e.getMessage());
          }
        }
      }
    }
    return new Report(statements, queries, skipped, differing, errorClasses, failures);
  }

  private static List<String> values(Statement statement, SltRecord.Query query) throws SQLException {
    List<List<String>> rows = new ArrayList<>();
    try (ResultSet result = statement.executeQuery(query.sql())) {
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        List<String> row = new ArrayList<>(columns);
        for (int column = 1; column <= columns; column++) {
          char type = column <= query.types().length() ? query.types().charAt(column - 1) : 'T';
          row.add(format(result.getObject(column), type));
        }
        rows.add(row);
      }
    }
    if (query.sort().equals("rowsort")) {
      rows.sort((left, right) -> {
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
          int order = left.get(i).compareTo(right.get(i));
          if (order != 0) {
            return order;
          }
        }
        return Integer.compare(left.size(), right.size());
      });
    }
    List<String> values = new ArrayList<>();
    rows.forEach(values::addAll);
    if (query.sort().equals("valuesort")) {
      Collections.sort(values);
    }
    return values;
  }

  /** A value as the format prints it for its column's type letter. */
  static String format(Object value, char type) {
    if (value == null) {
      return "NULL";
    }
    Object plain = value instanceof Boolean bool ? (bool ? 1 : 0) : value;
    if (type == 'I' && plain instanceof Number number) {
      boolean integral = number instanceof Integer || number instanceof Long || number instanceof Short
          || number instanceof Byte || number instanceof BigInteger
          || number instanceof BigDecimal decimal && decimal.stripTrailingZeros().scale() <= 0;
      return integral ? String.valueOf(number.longValue()) : String.valueOf((long) number.doubleValue());
    }
    if (type == 'R' && plain instanceof Number number) {
      return String.format(java.util.Locale.ROOT, "%.3f", number.doubleValue());
    }
    String text = String.valueOf(plain);
    if (text.isEmpty()) {
      return "(empty)";
    }
    StringBuilder printable = new StringBuilder(text.length());
    text.chars().forEach(c -> printable.append(c < ' ' || c > '~' ? '@' : (char) c));
    return printable.toString();
  }

  private static boolean matches(List<String> expected, List<String> values) {
    if (expected.size() == 1 && expected.get(0).contains(" values hashing to ")) {
      String[] parts = expected.get(0).split("\\s+");
      StringBuilder joined = new StringBuilder();
      values.forEach(value -> joined.append(value).append('\n'));
      return Integer.parseInt(parts[0]) == values.size() && parts[4].equals(md5(joined.toString()));
    }
    return expected.equals(values);
  }

  private static String md5(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String shown(List<String> values) {
    return values.size() <= 8 ? values.toString() : values.subList(0, 8) + " ... (" + values.size() + " values)";
  }

  private static String errorClass(SQLException e) {
    String message = e.getMessage();
    if (message == null || !message.startsWith("[") || message.indexOf(']') < 0) {
      return "unclassified";
    }
    return message.substring(1, message.indexOf(']'));
  }
}
