package io.flowgate.engine.sql.parser;

import io.flowgate.engine.sql.tree.Span;

/** A lexical token; {@code text} is the value (unescaped for strings and quoted identifiers). */
record Token(TokenType type, String text, Span span) {
  boolean isWord(String word) {
    return type == TokenType.WORD && text.equalsIgnoreCase(word);
  }

  boolean isSymbol(String symbol) {
    return type == TokenType.SYMBOL && text.equals(symbol);
  }

  String describe() {
    return switch (type) {
      case END -> "end of input";
      case STRING -> "'" + text + "'";
      case QUOTED_IDENTIFIER -> "`" + text + "`";
      default -> "'" + text + "'";
    };
  }
}
