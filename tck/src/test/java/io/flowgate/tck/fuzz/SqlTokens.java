package io.flowgate.tck.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into tokens for mutation: quoted strings and identifiers whole, numbers, words, and each other
 * character on its own. Good enough to cut statements at token boundaries; it is not the engine's lexer.
 */
final class SqlTokens {
  private SqlTokens() {}

  static List<String> of(String sql) {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      int start = i;
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      if (c == '\'' || c == '"' || c == '`') {
        i++;
        while (i < sql.length() && sql.charAt(i) != c) {
          i += sql.charAt(i) == '\\' ? 2 : 1;
        }
        i = Math.min(sql.length(), i + 1);
      } else if (Character.isLetterOrDigit(c) || c == '_') {
        while (i < sql.length() && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
            || sql.charAt(i) == '.' && Character.isDigit(c))) {
          i++;
        }
      } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
        while (i < sql.length() && sql.charAt(i) != '\n') {
          i++;
        }
      } else {
        i++;
      }
      tokens.add(sql.substring(start, i));
    }
    return tokens;
  }

  static String join(List<String> tokens) {
    return String.join(" ", tokens);
  }
}
