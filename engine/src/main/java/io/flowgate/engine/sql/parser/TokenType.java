package io.flowgate.engine.sql.parser;

enum TokenType {
  /** An unquoted word: a keyword or an identifier, decided by the parser from context. */
  WORD,
  /** A backquoted identifier; never a keyword. */
  QUOTED_IDENTIFIER,
  STRING,
  INTEGER,
  DECIMAL,
  PARAMETER,
  SYMBOL,
  END
}
