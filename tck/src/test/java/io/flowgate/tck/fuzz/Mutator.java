package io.flowgate.tck.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutates a valid statement at token level: drops, repeats, swaps or replaces tokens, swaps in edge values for
 * literals, wraps a piece in parentheses or a cast, or cuts the statement short. Most results are invalid; the point
 * is that each must still be answered with a classified error or a result.
 */
final class Mutator {
  private static final String[] EDGE_VALUES = {"0", "-0", "1", "-1", "NULL", "2147483647", "-2147483648",
      "2147483648", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e308", "-1e308", "1e-320",
      "0.0000000000000000000000000000000000001", "99999999999999999999999999999999999999.9", "''", "'x'", "'NaN'",
      "'-Infinity'", "'2024-02-30'", "'9999-12-31 23:59:59.999999'", "'\\u0000'", "X'00FF'", "TRUE", "DATE '0001-01-01'",
      "TIMESTAMP '2024-01-01 00:00:00'", "CAST(NULL AS INT)", "CAST(NULL AS STRING)", "ARRAY()", "ARRAY(NULL)",
      "MAP()", "?", "*", "(SELECT 1)", "(SELECT NULL)"};
  private static final String[] KEYWORDS = {"SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "HAVING", "LIMIT",
      "JOIN", "ON", "UNION", "ALL", "DISTINCT", "AS", "CASE", "WHEN", "THEN", "ELSE", "END", "AND", "OR", "NOT", "IN",
      "IS", "NULL", "LIKE", "BETWEEN", "EXISTS", "CAST", "OVER", "PARTITION", "WINDOW", "STREAM", "TABLE", "VIEW",
      "CREATE", "DROP", "ALTER", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE", "MERGE", "USING", "REFRESH",
      "FLOW", "STREAMING", "GRANT", "REVOKE", "TO", "WITH", "ROW", "FILTER", "MASK", "CONSTRAINT", "EXPECT", "IF",
      "LATERAL", "INTERVAL", "ARRAY", "MAP", "STRUCT", "IDENTIFIER", "CATALOG", "SCHEMA", "FUNCTION", "RETURN"};
  private static final String[] PUNCTUATION = {"(", ")", ",", ".", ";", "*", "+", "-", "/", "%", "=", "<>", "<", ">=",
      "||", "::", "[", "]", ":", "'", "\"", "`", "?", "--", "/*", "*/", "\\"};

  private final Random random;
  private final List<String> vocabulary;

  /** {@code vocabulary}: words seen in the corpus (names, functions), to splice in elsewhere. */
  Mutator(Random random, List<String> vocabulary) {
    this.random = random;
    this.vocabulary = vocabulary;
  }

  String mutate(String sql) {
    List<String> tokens = new ArrayList<>(SqlTokens.of(sql));
    int times = 1 + random.nextInt(3);
    for (int n = 0; n < times && !tokens.isEmpty(); n++) {
      int at = random.nextInt(tokens.size());
      switch (random.nextInt(10)) {
        case 0 -> tokens.remove(at);
        case 1 -> tokens.add(at, tokens.get(at));
        case 2 -> {
          int other = random.nextInt(tokens.size());
          String swapped = tokens.get(at);
          tokens.set(at, tokens.get(other));
          tokens.set(other, swapped);
        }
        case 3 -> tokens.set(at, pick(KEYWORDS));
        case 4 -> tokens.add(at, pick(PUNCTUATION));
        case 5 -> tokens.set(at, vocabulary.get(random.nextInt(vocabulary.size())));
        case 6, 7 -> replaceLiteral(tokens, at);
        case 8 -> {
          int end = Math.min(tokens.size(), at + 1 + random.nextInt(4));
          tokens.add(end, random.nextBoolean() ? ")" : ") AS " + pick(new String[] {"INT", "STRING", "DOUBLE",
              "DECIMAL(38, 0)", "DATE", "BOOLEAN", "BINARY", "ARRAY<INT>"}) + ")");
          tokens.add(at, tokens.get(end).startsWith(") AS") ? "CAST(" : "(");
        }
        default -> tokens.subList(at, tokens.size()).clear();
      }
    }
    return SqlTokens.join(tokens);
  }

  /** Swaps an edge value in for the literal nearest after {@code at}, or for the token there if none follows. */
  private void replaceLiteral(List<String> tokens, int at) {
    for (int i = at; i < tokens.size(); i++) {
      String token = tokens.get(i);
      char first = token.charAt(0);
      if (Character.isDigit(first) || first == '\'') {
        tokens.set(i, pick(EDGE_VALUES));
        return;
      }
    }
    tokens.set(at, pick(EDGE_VALUES));
  }

  private String pick(String[] choices) {
    return choices[random.nextInt(choices.length)];
  }
}
