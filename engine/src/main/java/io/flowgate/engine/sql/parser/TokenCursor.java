package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Walks the tokens of one statement; the parser families share one cursor. */
final class TokenCursor {
  /** Words that end an expression or relation, so they are never taken as an implicit alias. */
  private static final Set<String> RESERVED = Set.of(
      "ALL", "AND", "ANTI", "AS", "ASC", "BETWEEN", "BY", "CASE", "CLUSTER", "CROSS", "DESC", "DISTINCT", "DIV",
      "ELSE", "END", "EXCEPT", "FILTER", "FOR", "FROM", "FULL", "GROUP", "HAVING", "ILIKE", "IN", "INNER",
      "INTERSECT", "INTO", "IS", "JOIN", "LATERAL", "LEFT", "LIKE", "LIMIT", "MINUS", "NATURAL", "NOT", "NULLS",
      "OFFSET", "ON", "OR", "ORDER", "OUTER", "OVER", "PARTITION", "QUALIFY", "RIGHT", "RLIKE", "SELECT", "SEMI",
      "SET", "THEN", "UNION", "USING", "VALUES", "WHEN", "WHERE", "WINDOW", "WITH");

  /**
   * How deep expressions and queries may nest (parentheses, calls, subqueries, unary operators). Deeper statements
   * are refused by name instead of exhausting the stack of the parser, the translator or H2's parser.
   */
  static final int MAX_NESTING = 500;

  private final String text;
  private final List<Token> tokens;
  private int index;
  private int parameterCount;
  private int nesting;

  TokenCursor(String text) {
    this.text = text;
    this.tokens = Lexer.tokenize(text);
  }

  String text() {
    return text;
  }

  Token peek() {
    return tokens.get(index);
  }

  Token peek(int ahead) {
    return tokens.get(Math.min(index + ahead, tokens.size() - 1));
  }

  Token next() {
    Token token = tokens.get(index);
    if (token.type() != TokenType.END) {
      index++;
    }
    return token;
  }

  Span span() {
    return peek().span();
  }

  /** Enters one level of nesting; every call is paired with {@link #leave()}. */
  void enter() {
    if (++nesting > MAX_NESTING) {
      nesting--;
      throw Errors.statementTooComplex("it nests expressions or queries more than " + MAX_NESTING + " deep",
          span());
    }
  }

  void leave() {
    nesting--;
  }

  /** The cursor's place, to come back to with {@link #reset}: for a clause read ahead of where it stands. */
  int mark() {
    return index;
  }

  void reset(int mark) {
    index = mark;
  }

  int nextParameterIndex() {
    return parameterCount++;
  }

  int parameterCount() {
    return parameterCount;
  }

  boolean atEnd() {
    return peek().type() == TokenType.END;
  }

  boolean isWord(String word) {
    return peek().isWord(word);
  }

  boolean isWord(int ahead, String word) {
    return peek(ahead).isWord(word);
  }

  boolean isSymbol(String symbol) {
    return peek().isSymbol(symbol);
  }

  boolean isSymbol(int ahead, String symbol) {
    return peek(ahead).isSymbol(symbol);
  }

  boolean acceptWord(String word) {
    if (isWord(word)) {
      index++;
      return true;
    }
    return false;
  }

  /** Accepts a sequence of words only if all of them are next. */
  boolean acceptWords(String... words) {
    for (int i = 0; i < words.length; i++) {
      if (!peek(i).isWord(words[i])) {
        return false;
      }
    }
    index += words.length;
    return true;
  }

  boolean acceptSymbol(String symbol) {
    if (isSymbol(symbol)) {
      index++;
      return true;
    }
    return false;
  }

  void expectWord(String word) {
    if (!acceptWord(word)) {
      throw unexpected(word);
    }
  }

  void expectWords(String... words) {
    for (String word : words) {
      expectWord(word);
    }
  }

  void expectSymbol(String symbol) {
    if (!acceptSymbol(symbol)) {
      throw unexpected("'" + symbol + "'");
    }
  }

  String expectString() {
    if (peek().type() != TokenType.STRING) {
      throw unexpected("a string literal");
    }
    return next().text();
  }

  long expectInteger() {
    boolean negative = acceptSymbol("-");
    if (peek().type() != TokenType.INTEGER) {
      throw unexpected("an integer");
    }
    Token token = next();
    try {
      // parsed with its sign, so Long.MIN_VALUE can be written
      return Long.parseLong((negative ? "-" : "") + token.text().replaceAll("[LSY]$", ""));
    } catch (NumberFormatException e) {
      throw Errors.syntax(token.describe(), " (integer out of range)", token.span());
    }
  }

  /** A word that ends an expression, so it cannot start one as a column name. */
  boolean isReservedWord() {
    Token token = peek();
    return token.type() == TokenType.WORD && RESERVED.contains(token.text().toUpperCase(Locale.ROOT));
  }

  boolean isIdentifier() {
    Token token = peek();
    return token.type() == TokenType.QUOTED_IDENTIFIER
        || (token.type() == TokenType.WORD && !RESERVED.contains(token.text().toUpperCase(Locale.ROOT)));
  }

  /** Any word, reserved or not, or a quoted identifier: used where the grammar leaves no doubt. */
  boolean isAnyIdentifier() {
    return isAnyIdentifier(0);
  }

  /** {@link #isAnyIdentifier()} of the token {@code ahead} tokens on. */
  boolean isAnyIdentifier(int ahead) {
    TokenType type = peek(ahead).type();
    return type == TokenType.QUOTED_IDENTIFIER || type == TokenType.WORD;
  }

  String identifier() {
    if (!isIdentifier()) {
      throw unexpected("an identifier");
    }
    return next().text();
  }

  String anyIdentifier() {
    if (!isAnyIdentifier()) {
      throw unexpected("an identifier");
    }
    return next().text();
  }

  List<String> qualifiedName() {
    List<String> parts = new ArrayList<>();
    parts.add(anyIdentifier());
    while (isSymbol(".") && (peek(1).type() == TokenType.WORD || peek(1).type() == TokenType.QUOTED_IDENTIFIER)) {
      next();
      parts.add(anyIdentifier());
    }
    return parts;
  }

  /** {@code (a, b, c)} of plain identifiers. */
  List<String> identifierList() {
    expectSymbol("(");
    List<String> names = new ArrayList<>();
    do {
      names.add(anyIdentifier());
    } while (acceptSymbol(","));
    expectSymbol(")");
    return names;
  }

  /** Passes over a parenthesized part, nested parentheses included (what is refused later by name). */
  void skipParenthesized() {
    expectSymbol("(");
    for (int depth = 1; depth > 0; ) {
      if (atEnd()) {
        throw unexpected(")");
      }
      Token token = next();
      depth += token.isSymbol("(") ? 1 : token.isSymbol(")") ? -1 : 0;
    }
  }

  /** Passes over the rest of the statement (for commands that are refused once their table is known). */
  void skipStatement() {
    while (!atEnd() && !isSymbol(";")) {
      next();
    }
  }

  EngineException unexpected(String expected) {
    Token token = peek();
    return Errors.syntax(token.describe(), expected.isEmpty() ? "" : ": expected " + expected, token.span());
  }

  /** The statement text from {@code start} up to the current token. */
  String textFrom(Span start) {
    return text.substring(start.offset(), peek().span().offset()).strip();
  }

  /** {@code (key, ...)}: the keys of an UNSET TBLPROPERTIES. */
  List<String> propertyKeys() {
    expectSymbol("(");
    List<String> keys = new ArrayList<>();
    do {
      keys.add(propertyKey());
    } while (acceptSymbol(","));
    expectSymbol(")");
    return keys;
  }

  /** A property key: a string, or dotted identifiers such as {@code delta.enableChangeDataFeed}. */
  private String propertyKey() {
    if (peek().type() == TokenType.STRING) {
      return expectString();
    }
    StringBuilder dotted = new StringBuilder(anyIdentifier());
    while (acceptSymbol(".")) {
      dotted.append('.').append(anyIdentifier());
    }
    return dotted.toString();
  }

  Map<String, String> propertyList() {
    return propertyList(false);
  }

  /** {@code (key = value, flag, ...)}: a read's options, where a key alone is a boolean option set to true. */
  Map<String, String> optionList() {
    return propertyList(true);
  }

  private Map<String, String> propertyList(boolean flags) {
    expectSymbol("(");
    Map<String, String> properties = new LinkedHashMap<>();
    if (acceptSymbol(")")) {
      return properties;
    }
    do {
      String key = propertyKey();
      if (flags && (isSymbol(",") || isSymbol(")"))) {
        properties.put(key, "true");
        continue;
      }
      acceptSymbol("=");
      Token value = next();
      if (value.type() == TokenType.SYMBOL || value.type() == TokenType.END) {
        throw Errors.syntax(value.describe(), ": expected a property value", value.span());
      }
      properties.put(key, value.text());
    } while (acceptSymbol(","));
    expectSymbol(")");
    return properties;
  }
}
