package io.flowgate.engine.sql.parser;

import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;

/**
 * The parser's front door. It is pure: text becomes a tree or a {@code PARSE_SYNTAX_ERROR}; it knows nothing of
 * sessions or the catalog. Thread-safe (it keeps no state between calls).
 */
public final class SqlParser {
  private SqlParser() {}

  /** One statement, optionally followed by a semicolon. */
  public static ParsedStatement parseStatement(String sql) {
    TokenCursor cursor = new TokenCursor(sql);
    Statement statement = new StatementParser(cursor).statement();
    cursor.acceptSymbol(";");
    if (!cursor.atEnd()) {
      throw cursor.unexpected("end of statement");
    }
    return new ParsedStatement(statement, cursor.parameterCount());
  }

  /** Statements separated by semicolons, as in a script file. */
  public static List<Statement> parseScript(String sql) {
    TokenCursor cursor = new TokenCursor(sql);
    StatementParser parser = new StatementParser(cursor);
    List<Statement> statements = new ArrayList<>();
    while (!cursor.atEnd()) {
      if (cursor.acceptSymbol(";")) {
        continue;
      }
      statements.add(parser.statement());
      if (!cursor.atEnd()) {
        cursor.expectSymbol(";");
      }
    }
    return statements;
  }

  public static Expression parseExpression(String sql) {
    TokenCursor cursor = new TokenCursor(sql);
    Expression expression = new QueryParser(cursor).expressions().expression();
    if (!cursor.atEnd()) {
      throw cursor.unexpected("end of expression");
    }
    return expression;
  }

  /** A data type as the dialect writes it, e.g. {@code decimal(10,2)}; used to read types back from the catalog. */
  /** An AUTO CDC spec as a flow keeps it (from {@code FROM}). */
  public static io.flowgate.engine.sql.tree.AutoCdc parseAutoCdc(String text) {
    TokenCursor cursor = new TokenCursor(text);
    QueryParser queries = new QueryParser(cursor);
    io.flowgate.engine.sql.tree.AutoCdc cdc = new TableDdlParser(cursor, queries).autoCdc(cursor.span()).cdc()
        .orElseThrow();
    cursor.acceptSymbol(";");
    if (!cursor.atEnd()) {
      throw cursor.unexpected("end of the AUTO CDC spec");
    }
    return cdc;
  }

  /** A REPLACE WHERE flow as it is kept: {@code REPLACE WHERE predicate BY NAME query}. */
  public static io.flowgate.engine.sql.tree.Pipeline.FlowQuery parseReplaceWhere(String text) {
    TokenCursor cursor = new TokenCursor(text);
    io.flowgate.engine.sql.tree.Pipeline.FlowQuery flow = new TableDdlParser(cursor, new QueryParser(cursor))
        .replaceWhere(cursor.span());
    cursor.acceptSymbol(";");
    if (!cursor.atEnd()) {
      throw cursor.unexpected("end of the flow");
    }
    return flow;
  }

  public static SqlType parseType(String text) {
    TokenCursor cursor = new TokenCursor(text);
    SqlType type = new QueryParser(cursor).expressions().type();
    if (!cursor.atEnd()) {
      throw cursor.unexpected("end of type");
    }
    return type;
  }

  /** A statement and the number of {@code ?} parameters it has. */
  public record ParsedStatement(Statement statement, int parameterCount) {}
}
