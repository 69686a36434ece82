package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.List;

/** Splits statement text into tokens. Strings may use single or double quotes, as in the dialect. */
final class Lexer {
  private static final String[] SYMBOLS = {
    "<=>", "||", "<=", ">=", "<>", "!=", "==", "::", "->", "=>",
    "(", ")", ",", ".", ";", "+", "-", "*", "/", "%", "=", "<", ">", "[", "]", ":", "&", "|", "^", "~", "!", "@"
  };

  private final String text;
  private int position;
  private int line = 1;
  private int lineStart;

  private Lexer(String text) {
    this.text = text;
  }

  static List<Token> tokenize(String text) {
    return new Lexer(text).run();
  }

  private List<Token> run() {
    List<Token> tokens = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      Span span = span();
      if (position >= text.length()) {
        tokens.add(new Token(TokenType.END, "", span));
        return tokens;
      }
      char c = text.charAt(position);
      if ((c == 'r' || c == 'R') && position + 1 < text.length()
          && (text.charAt(position + 1) == '\'' || text.charAt(position + 1) == '"')) {
        position++;
        tokens.add(new Token(TokenType.STRING, raw(text.charAt(position), span), span));
      } else if (Character.isLetter(c) || c == '_') {
        int start = position;
        while (position < text.length() && isWordPart(text.charAt(position))) {
          position++;
        }
        tokens.add(new Token(TokenType.WORD, text.substring(start, position), span));
      } else if (Character.isDigit(c) || (c == '.' && position + 1 < text.length() && Character.isDigit(text.charAt(position + 1)))) {
        tokens.add(number(span));
      } else if (c == '\'' || c == '"') {
        tokens.add(new Token(TokenType.STRING, quoted(c, span), span));
      } else if (c == '`') {
        tokens.add(new Token(TokenType.QUOTED_IDENTIFIER, backquoted(span), span));
      } else if (c == '?') {
        position++;
        tokens.add(new Token(TokenType.PARAMETER, "?", span));
      } else {
        tokens.add(symbol(span));
      }
    }
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  private Span span() {
    return new Span(position, line, position - lineStart + 1);
  }

  private void skipSpaceAndComments() {
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == '\n') {
        position++;
        line++;
        lineStart = position;
      } else if (Character.isWhitespace(c)) {
        position++;
      } else if (text.startsWith("--", position)) {
        while (position < text.length() && text.charAt(position) != '\n') {
          position++;
        }
      } else if (text.startsWith("/*", position)) {
        bracketedComment();
      } else {
        return;
      }
    }
  }

  /** A bracketed comment; comments nest, as in the dialect: {@code /* a /* b *\/ c *\/} is one comment. */
  private void bracketedComment() {
    Span start = span();
    int depth = 0;
    while (position < text.length()) {
      if (text.startsWith("/*", position)) {
        depth++;
        position += 2;
      } else if (text.startsWith("*/", position)) {
        depth--;
        position += 2;
        if (depth == 0) {
          return;
        }
      } else {
        if (text.charAt(position) == '\n') {
          line++;
          lineStart = position + 1;
        }
        position++;
      }
    }
    throw Errors.syntax("end of input", " (unclosed comment)", start);
  }

  private Token number(Span span) {
    int start = position;
    boolean decimal = false;
    while (position < text.length() && Character.isDigit(text.charAt(position))) {
      position++;
    }
    if (position < text.length() && text.charAt(position) == '.'
        && !(position + 1 < text.length() && text.charAt(position + 1) == '.')) {
      decimal = true;
      position++;
      while (position < text.length() && Character.isDigit(text.charAt(position))) {
        position++;
      }
    }
    if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
      int mark = position;
      position++;
      if (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
        position++;
      }
      if (position < text.length() && Character.isDigit(text.charAt(position))) {
        while (position < text.length() && Character.isDigit(text.charAt(position))) {
          position++;
        }
        // An exponent makes the literal a DOUBLE, as in the dialect.
        return new Token(TokenType.DECIMAL, text.substring(start, position) + "D", span);
      }
      position = mark;
    }
    String digits = text.substring(start, position);
    // Typed suffixes: 10L (BIGINT), 10S (SMALLINT), 10Y (TINYINT), 1.5D (DOUBLE), 1.5BD (DECIMAL), 1.5F (FLOAT).
    String suffix = "";
    if (text.regionMatches(true, position, "BD", 0, 2) && !continuesWord(position + 2)) {
      suffix = "BD";
    } else if (position < text.length() && "LSYDF".indexOf(Character.toUpperCase(text.charAt(position))) >= 0
        && !continuesWord(position + 1)) {
      suffix = String.valueOf(Character.toUpperCase(text.charAt(position)));
    }
    if (!suffix.isEmpty()) {
      position += suffix.length();
    } else if (position < text.length() && isWordPart(text.charAt(position))) {
      throw Errors.syntax("'" + digits + text.charAt(position) + "'", "", span);
    }
    boolean integer = !decimal && (suffix.isEmpty() || "LSY".contains(suffix));
    return new Token(integer ? TokenType.INTEGER : TokenType.DECIMAL, digits + suffix, span);
  }

  private boolean continuesWord(int index) {
    return index < text.length() && isWordPart(text.charAt(index));
  }

  private String quoted(char quote, Span span) {
    StringBuilder value = new StringBuilder();
    position++;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == '\\' && position + 1 < text.length()) {
        char next = text.charAt(position + 1);
        value.append(switch (next) {
          case 'n' -> '\n';
          case 't' -> '\t';
          case 'r' -> '\r';
          case '0' -> '\0';
          default -> next;
        });
        position += 2;
      } else if (c == quote) {
        if (position + 1 < text.length() && text.charAt(position + 1) == quote) {
          value.append(quote);
          position += 2;
        } else {
          position++;
          return value.toString();
        }
      } else {
        if (c == '\n') {
          line++;
          lineStart = position + 1;
        }
        value.append(c);
        position++;
      }
    }
    throw Errors.syntax("end of input", " (unclosed string literal)", span);
  }

  /** {@code r'...'}: a raw string, whose backslashes are plain characters; it ends at the first closing quote. */
  private String raw(char quote, Span span) {
    int end = text.indexOf(quote, position + 1);
    if (end < 0) {
      throw Errors.syntax("end of input", " (unclosed string literal)", span);
    }
    String value = text.substring(position + 1, end);
    for (int i = position; i < end; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    position = end + 1;
    return value;
  }

  private String backquoted(Span span) {
    StringBuilder value = new StringBuilder();
    position++;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == '`') {
        if (position + 1 < text.length() && text.charAt(position + 1) == '`') {
          value.append('`');
          position += 2;
          continue;
        }
        position++;
        if (value.isEmpty()) {
          throw Errors.syntax("``", " (empty identifier)", span);
        }
        return value.toString();
      }
      value.append(c);
      position++;
    }
    throw Errors.syntax("end of input", " (unclosed quoted identifier)", span);
  }

  private Token symbol(Span span) {
    for (String symbol : SYMBOLS) {
      if (text.startsWith(symbol, position)) {
        position += symbol.length();
        return new Token(TokenType.SYMBOL, symbol, span);
      }
    }
    throw Errors.syntax("'" + text.charAt(position) + "'", "", span);
  }
}
