package io.flowgate.tck.fuzz;

import java.util.List;
import java.util.Random;

/**
 * Writes random queries from a small grammar over the fuzz table {@code fz.t}: expressions of literals (edge values
 * included), columns, operators, CASE, CAST, the gateway's own functions (named by SHOW FUNCTIONS) and aggregates,
 * in SELECT lists, WHERE, GROUP BY, HAVING, ORDER BY, subqueries and set operations. Most are valid; those that are
 * not must still be answered by class. The SQLLogicTest corpus's random queries are of this shape.
 */
final class QueryGenerator {
  static final String TABLE = "fz.t";
  /** The fuzz table's columns; {@link #SETUP} creates and fills it. */
  private static final String[] COLUMNS = {"i", "b", "d", "m", "s", "dt", "ts", "flag", "arr", "bin"};
  static final List<String> SETUP = List.of(
      "CREATE SCHEMA IF NOT EXISTS fz",
      "CREATE OR REPLACE TABLE fz.t (i INT, b BIGINT, d DOUBLE, m DECIMAL(10, 2), s STRING, dt DATE, ts TIMESTAMP,"
          + " flag BOOLEAN, arr ARRAY<INT>, bin BINARY)",
      "INSERT INTO fz.t VALUES (1, 10, 1.5, 2.25, 'a', DATE '2024-01-31', TIMESTAMP '2024-01-31 10:00:00', TRUE,"
          + " ARRAY(1, 2), X'01'), (2, -20, -0.5, -3.10, 'bb', DATE '2024-02-29', TIMESTAMP '2024-02-29 23:59:59',"
          + " FALSE, ARRAY(3), X'FF'), (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),"
          + " (2147483647, 9223372036854775807, 1e300, 99999999.99, '', DATE '1970-01-01',"
          + " TIMESTAMP '1970-01-01 00:00:00', TRUE, ARRAY(), X'')");
  private static final String[] LITERALS = {"0", "1", "-1", "7", "66", "-76", "2147483647", "-2147483648",
      "9223372036854775807", "0.5", "-2.75", "1e10", "1.0E-5", "NULL", "TRUE", "FALSE", "'abc'", "''", "'10'",
      "'2024-01-01'", "DATE '2024-03-01'", "TIMESTAMP '2024-03-01 12:30:00'", "X'0A0B'", "CAST(NULL AS INT)",
      "CAST(NULL AS STRING)", "CAST(NULL AS DOUBLE)", "CAST(NULL AS DECIMAL(10, 2))", "ARRAY(1, NULL, 3)",
      "MAP('k', 1)", "NAMED_STRUCT('a', 1, 'b', 'x')", "123456789012345678.12345"};
  private static final String[] BINARY = {"+", "-", "*", "/", "%", "=", "<>", "<", "<=", ">", ">=", "AND", "OR", "||",
      "<=>", "DIV", "&", "|", "^"};
  private static final String[] TYPES = {"INT", "BIGINT", "SMALLINT", "TINYINT", "DOUBLE", "FLOAT", "DECIMAL(5, 1)",
      "DECIMAL(38, 10)", "STRING", "DATE", "TIMESTAMP", "BOOLEAN", "BINARY", "ARRAY<INT>", "ARRAY<STRING>",
      "MAP<STRING, INT>", "STRUCT<a: INT>"};
  private static final String[] AGGREGATES = {"count", "sum", "avg", "min", "max", "stddev", "variance",
      "collect_list", "collect_set", "first", "last", "any_value", "count_if", "bool_and", "bool_or",
      "approx_count_distinct", "median", "percentile", "max_by", "min_by"};

  private final Random random;
  private final List<String> functions;

  QueryGenerator(Random random, List<String> functions) {
    this.random = random;
    this.functions = functions;
  }

  String query() {
    return switch (random.nextInt(8)) {
      case 0 -> "SELECT " + expression(3) + (random.nextBoolean() ? ", " + expression(2) : "");
      case 1 -> "SELECT " + aggregate() + ", " + aggregate() + " FROM " + TABLE + where();
      case 2 -> {
        String key = column();
        yield "SELECT " + key + ", " + aggregate() + " FROM " + TABLE + where() + " GROUP BY " + key
            + (random.nextBoolean() ? " HAVING " + aggregate() + " > " + literal() : "") + " ORDER BY 1";
      }
      case 3 -> "SELECT " + expression(2) + " FROM " + TABLE + " AS x JOIN " + TABLE + " AS y ON x." + column()
          + " = y." + column() + where();
      case 4 -> "SELECT " + expression(2) + " FROM " + TABLE + where() + " UNION " + (random.nextBoolean() ? "ALL " : "")
          + "SELECT " + expression(2);
      case 5 -> "SELECT " + expression(2) + ", " + window() + " FROM " + TABLE + where();
      case 6 -> "SELECT * FROM " + TABLE + " WHERE " + column() + " IN (SELECT " + expression(1) + " FROM " + TABLE
          + ") ORDER BY " + (1 + random.nextInt(COLUMNS.length)) + " LIMIT " + random.nextInt(5);
      default -> "SELECT " + expression(3) + " FROM " + TABLE + where() + " ORDER BY " + expression(1);
    };
  }

  private String where() {
    return random.nextBoolean() ? " WHERE " + expression(2) : "";
  }

  private String expression(int depth) {
    if (depth <= 0) {
      return random.nextInt(3) == 0 ? column() : literal();
    }
    return switch (random.nextInt(11)) {
      case 0 -> expression(depth - 1) + " " + BINARY[random.nextInt(BINARY.length)] + " " + expression(depth - 1);
      case 1 -> (random.nextBoolean() ? "- " : "NOT ") + expression(depth - 1);
      case 2 -> "CASE " + (random.nextBoolean() ? expression(depth - 1) + " " : "") + "WHEN " + expression(depth - 1)
          + " THEN " + expression(depth - 1) + (random.nextBoolean() ? " ELSE " + expression(depth - 1) : "") + " END";
      case 3 -> "CAST(" + expression(depth - 1) + " AS " + TYPES[random.nextInt(TYPES.length)] + ")";
      case 4, 5 -> call(depth - 1);
      case 6 -> expression(depth - 1) + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
      case 7 -> expression(depth - 1) + " BETWEEN " + expression(depth - 1) + " AND " + expression(depth - 1);
      case 8 -> expression(depth - 1) + " IN (" + expression(depth - 1) + ", " + literal() + ")";
      case 9 -> "(SELECT " + expression(depth - 1) + (random.nextBoolean() ? " FROM " + TABLE + " LIMIT 1" : "") + ")";
      default -> "(" + expression(depth - 1) + ")";
    };
  }

  private String call(int depth) {
    String name = functions.get(random.nextInt(functions.size()));
    int arguments = random.nextInt(4);
    StringBuilder call = new StringBuilder(name).append('(');
    for (int i = 0; i < arguments; i++) {
      call.append(i > 0 ? ", " : "").append(expression(depth));
    }
    return call.append(')').toString();
  }

  private String aggregate() {
    String name = AGGREGATES[random.nextInt(AGGREGATES.length)];
    String argument = random.nextInt(5) == 0 ? "*" : expression(1);
    String second = name.endsWith("_by") || name.equals("percentile") ? ", " + expression(1) : "";
    return name + "(" + (random.nextInt(4) == 0 ? "DISTINCT " : "") + argument + second + ")";
  }

  private String window() {
    String[] functions = {"row_number()", "rank()", "dense_rank()", "lag(" + column() + ")", "lead(" + column() + ", 2)",
        "sum(" + column() + ")", "count(*)", "ntile(" + literal() + ")", "first_value(" + column() + ")"};
    return functions[random.nextInt(functions.length)] + " OVER (" + (random.nextBoolean() ? "PARTITION BY "
        + column() + " " : "") + "ORDER BY " + column() + (random.nextBoolean() ? " ROWS BETWEEN 1 PRECEDING AND"
        + " CURRENT ROW" : "") + ")";
  }

  private String column() {
    return COLUMNS[random.nextInt(COLUMNS.length)];
  }

  private String literal() {
    return LITERALS[random.nextInt(LITERALS.length)];
  }
}
