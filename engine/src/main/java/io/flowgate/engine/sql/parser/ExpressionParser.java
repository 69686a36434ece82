package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.BoundKind;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.Frame;
import io.flowgate.engine.sql.tree.Expression.FrameBound;
import io.flowgate.engine.sql.tree.Expression.FrameUnit;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.InList;
import io.flowgate.engine.sql.tree.Expression.InSubquery;
import io.flowgate.engine.sql.tree.Expression.IsBoolean;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.Like;
import io.flowgate.engine.sql.tree.Expression.LikeKind;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.Parameter;
import io.flowgate.engine.sql.tree.Expression.ScalarSubquery;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Expression.Subscript;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.UnaryOperator;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression.WindowSpec;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.Collation;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Parses expressions by precedence climbing, lowest first: OR, AND, NOT, predicates, bit and arithmetic operators. */
final class ExpressionParser {
  private final TokenCursor cursor;
  private final QueryParser queries;

  ExpressionParser(TokenCursor cursor, QueryParser queries) {
    this.cursor = cursor;
    this.queries = queries;
  }

  Expression expression() {
    return nested(this::or);
  }

  /** An expression one level deeper than its parent: a parenthesized or argument expression, or an operand. */
  private Expression nested(java.util.function.Supplier<Expression> operand) {
    cursor.enter();
    try {
      return operand.get();
    } finally {
      cursor.leave();
    }
  }

  private Expression or() {
    Expression left = and();
    while (cursor.isWord("OR")) {
      Span span = cursor.next().span();
      left = new Binary(span, BinaryOperator.OR, left, and());
    }
    return left;
  }

  private Expression and() {
    Expression left = not();
    while (cursor.isWord("AND")) {
      Span span = cursor.next().span();
      left = new Binary(span, BinaryOperator.AND, left, not());
    }
    return left;
  }

  private Expression not() {
    if (cursor.isWord("NOT") || cursor.isSymbol("!")) {
      Span span = cursor.next().span();
      return new Unary(span, UnaryOperator.NOT, nested(this::not));
    }
    return predicate();
  }

  private Expression predicate() {
    Expression left = bitOr();
    while (true) {
      Span span = cursor.span();
      BinaryOperator comparison = comparisonOperator();
      if (comparison != null) {
        cursor.next();
        left = new Binary(span, comparison, left, bitOr());
        continue;
      }
      if (cursor.acceptWord("IS")) {
        boolean negated = cursor.acceptWord("NOT");
        if (cursor.acceptWord("NULL")) {
          left = new IsNull(span, left, negated);
        } else if (cursor.acceptWord("TRUE")) {
          left = new IsBoolean(span, left, true, negated);
        } else if (cursor.acceptWord("FALSE")) {
          left = new IsBoolean(span, left, false, negated);
        } else if (cursor.acceptWords("DISTINCT", "FROM")) {
          Expression same = new Binary(span, BinaryOperator.NULL_SAFE_EQUAL, left, bitOr());
          left = negated ? same : new Unary(span, UnaryOperator.NOT, same);
        } else {
          throw cursor.unexpected("NULL, TRUE, FALSE or DISTINCT FROM");
        }
        continue;
      }
      boolean negated = cursor.isWord("NOT") && (cursor.isWord(1, "IN") || cursor.isWord(1, "LIKE")
          || cursor.isWord(1, "ILIKE") || cursor.isWord(1, "RLIKE") || cursor.isWord(1, "BETWEEN")
          || cursor.isWord(1, "REGEXP"));
      if (negated) {
        cursor.next();
      }
      if (cursor.acceptWord("IN")) {
        left = in(span, left, negated);
      } else if (cursor.acceptWord("BETWEEN")) {
        Expression low = bitOr();
        cursor.expectWord("AND");
        left = new Between(span, left, low, bitOr(), negated);
      } else if (cursor.isWord("LIKE") || cursor.isWord("ILIKE") || cursor.isWord("RLIKE") || cursor.isWord("REGEXP")) {
        String word = cursor.next().text().toUpperCase(Locale.ROOT);
        LikeKind kind = word.equals("REGEXP") ? LikeKind.RLIKE : LikeKind.valueOf(word);
        if (kind != LikeKind.RLIKE && (cursor.isWord("ANY") || cursor.isWord("SOME") || cursor.isWord("ALL"))
            && cursor.isSymbol(1, "(")) {
          left = likeQuantified(span, kind, left, negated);
          continue;
        }
        Expression pattern = bitOr();
        Optional<Expression> escape = cursor.acceptWord("ESCAPE") ? Optional.of(primary()) : Optional.empty();
        left = new Like(span, kind, left, pattern, escape, negated);
      } else if (negated) {
        throw cursor.unexpected("IN, LIKE or BETWEEN");
      } else {
        return left;
      }
    }
  }

  /**
   * {@code v [NOT] LIKE ANY|SOME|ALL (p, ...)}: the patterns' LIKEs joined by OR (ANY, SOME) or AND (ALL), each
   * negated for NOT, which is the dialect's meaning, NULLs included.
   */
  private Expression likeQuantified(Span span, LikeKind kind, Expression value, boolean negated) {
    BinaryOperator join = cursor.next().text().equalsIgnoreCase("ALL") ? BinaryOperator.AND : BinaryOperator.OR;
    cursor.expectSymbol("(");
    List<Expression> patterns = expressionList();
    cursor.expectSymbol(")");
    Expression result = null;
    for (Expression pattern : patterns) {
      Expression like = new Like(pattern.span(), kind, value, pattern, Optional.empty(), negated);
      result = result == null ? like : new Binary(span, join, result, like);
    }
    return result;
  }

  private BinaryOperator comparisonOperator() {
    if (cursor.peek().type() != TokenType.SYMBOL) {
      return null;
    }
    return switch (cursor.peek().text()) {
      case "=", "==" -> BinaryOperator.EQUAL;
      case "<>", "!=" -> BinaryOperator.NOT_EQUAL;
      case "<" -> BinaryOperator.LESS;
      case "<=" -> BinaryOperator.LESS_OR_EQUAL;
      case ">" -> BinaryOperator.GREATER;
      case ">=" -> BinaryOperator.GREATER_OR_EQUAL;
      case "<=>" -> BinaryOperator.NULL_SAFE_EQUAL;
      default -> null;
    };
  }

  private Expression in(Span span, Expression value, boolean negated) {
    cursor.expectSymbol("(");
    if (queries.startsQuery()) {
      Expression in = new InSubquery(span, value, queries.query(), negated);
      cursor.expectSymbol(")");
      return in;
    }
    List<Expression> list = expressionList();
    cursor.expectSymbol(")");
    return new InList(span, value, list, negated);
  }

  List<Expression> expressionList() {
    List<Expression> list = new ArrayList<>();
    do {
      list.add(expression());
    } while (cursor.acceptSymbol(","));
    return list;
  }

  private Expression bitOr() {
    Expression left = bitXor();
    while (cursor.isSymbol("|")) {
      Span span = cursor.next().span();
      left = new Binary(span, BinaryOperator.BITWISE_OR, left, bitXor());
    }
    return left;
  }

  private Expression bitXor() {
    Expression left = bitAnd();
    while (cursor.isSymbol("^")) {
      Span span = cursor.next().span();
      left = new Binary(span, BinaryOperator.BITWISE_XOR, left, bitAnd());
    }
    return left;
  }

  private Expression bitAnd() {
    Expression left = additive();
    while (cursor.isSymbol("&")) {
      Span span = cursor.next().span();
      left = new Binary(span, BinaryOperator.BITWISE_AND, left, additive());
    }
    return left;
  }

  private Expression additive() {
    Expression left = multiplicative();
    while (true) {
      BinaryOperator operator = cursor.isSymbol("+") ? BinaryOperator.ADD
          : cursor.isSymbol("-") ? BinaryOperator.SUBTRACT
          : cursor.isSymbol("||") ? BinaryOperator.CONCAT : null;
      if (operator == null) {
        return left;
      }
      Span span = cursor.next().span();
      left = new Binary(span, operator, left, multiplicative());
    }
  }

  private Expression multiplicative() {
    Expression left = unary();
    while (true) {
      BinaryOperator operator = cursor.isSymbol("*") ? BinaryOperator.MULTIPLY
          : cursor.isSymbol("/") ? BinaryOperator.DIVIDE
          : cursor.isSymbol("%") ? BinaryOperator.MODULO
          : cursor.isWord("DIV") ? BinaryOperator.INTEGER_DIVIDE : null;
      if (operator == null) {
        return left;
      }
      Span span = cursor.next().span();
      left = new Binary(span, operator, left, unary());
    }
  }

  private Expression unary() {
    Span span = cursor.span();
    if (cursor.acceptSymbol("-")) {
      Expression operand = nested(this::unary);
      if (operand instanceof Literal literal
          && (literal.kind() == LiteralKind.INTEGER || literal.kind() == LiteralKind.DECIMAL)) {
        String text = literal.text();
        return new Literal(span, literal.kind(), text.startsWith("-") ? text.substring(1) : "-" + text);
      }
      if (operand instanceof Expression.IntervalLiteral interval) {
        return new Expression.IntervalLiteral(span, interval.type(), -interval.value());
      }
      return new Unary(span, UnaryOperator.MINUS, operand);
    }
    if (cursor.acceptSymbol("+")) {
      return new Unary(span, UnaryOperator.PLUS, nested(this::unary));
    }
    if (cursor.acceptSymbol("~")) {
      return new Unary(span, UnaryOperator.BITWISE_NOT, nested(this::unary));
    }
    return postfix(primary());
  }

  private Expression postfix(Expression base) {
    while (true) {
      Span span = cursor.span();
      if (cursor.acceptSymbol("::")) {
        base = new Cast(span, base, type(), false);
      } else if (cursor.isSymbol(":") && (cursor.peek(1).type() == TokenType.WORD
          || cursor.peek(1).type() == TokenType.QUOTED_IDENTIFIER)) {
        base = jsonPath(span, base);
      } else if (cursor.isSymbol(".") && (cursor.peek(1).type() == TokenType.WORD
          || cursor.peek(1).type() == TokenType.QUOTED_IDENTIFIER)) {
        cursor.next();
        base = new Expression.FieldAccess(span, base, cursor.anyIdentifier());
      } else if (cursor.acceptSymbol("[")) {
        Expression index = expression();
        cursor.expectSymbol("]");
        base = new Subscript(span, base, index);
      } else {
        return base;
      }
    }
  }

  /** {@code :key} then any of {@code :key}, {@code .key}, {@code [n]}, {@code ['key']}. */
  private Expression jsonPath(Span span, Expression json) {
    List<String> path = new ArrayList<>();
    while (true) {
      if ((cursor.isSymbol(":") || cursor.isSymbol(".")) && (cursor.peek(1).type() == TokenType.WORD
          || cursor.peek(1).type() == TokenType.QUOTED_IDENTIFIER)) {
        cursor.next();
        path.add(cursor.anyIdentifier());
      } else if (cursor.isSymbol("[") && cursor.peek(1).type() == TokenType.INTEGER && cursor.peek(2).isSymbol("]")) {
        cursor.next();
        path.add("[" + cursor.next().text() + "]");
        cursor.next();
      } else if (cursor.isSymbol("[") && cursor.peek(1).type() == TokenType.STRING && cursor.peek(2).isSymbol("]")) {
        cursor.next();
        path.add(cursor.next().text());
        cursor.next();
      } else {
        return new Expression.JsonExtract(span, json, path);
      }
    }
  }

  Expression primary() {
    Token token = cursor.peek();
    Span span = token.span();
    switch (token.type()) {
      case INTEGER -> {
        cursor.next();
        return new Literal(span, LiteralKind.INTEGER, token.text());
      }
      case DECIMAL -> {
        cursor.next();
        return new Literal(span, LiteralKind.DECIMAL, token.text());
      }
      case STRING -> {
        StringBuilder value = new StringBuilder();
        while (cursor.peek().type() == TokenType.STRING) {
          value.append(cursor.next().text());
        }
        return new Literal(span, LiteralKind.STRING, value.toString());
      }
      case PARAMETER -> {
        cursor.next();
        return new Parameter(span, cursor.nextParameterIndex());
      }
      case QUOTED_IDENTIFIER -> {
        return columnReference();
      }
      case SYMBOL -> {
        if (cursor.acceptSymbol("(")) {
          if (queries.startsQuery()) {
            Expression subquery = new ScalarSubquery(span, queries.query());
            cursor.expectSymbol(")");
            return subquery;
          }
          Expression inner = expression();
          if (cursor.isSymbol(",")) {
            List<Expression> fields = new ArrayList<>(List.of(inner));
            while (cursor.acceptSymbol(",")) {
              fields.add(expression());
            }
            cursor.expectSymbol(")");
            return new FunctionCall(span, "struct", false, fields, false, Optional.empty(), Optional.empty());
          }
          cursor.expectSymbol(")");
          return inner;
        }
        throw cursor.unexpected("an expression");
      }
      case WORD -> {
        return wordExpression(token, span);
      }
      default -> throw cursor.unexpected("an expression");
    }
  }

  private Expression wordExpression(Token token, Span span) {
    String word = token.text().toUpperCase(Locale.ROOT);
    boolean call = cursor.peek(1).isSymbol("(");
    switch (word) {
      case "NULL" -> {
        cursor.next();
        return new Literal(span, LiteralKind.NULL, "");
      }
      case "TRUE", "FALSE" -> {
        cursor.next();
        return new Literal(span, LiteralKind.BOOLEAN, word.toLowerCase(Locale.ROOT));
      }
      case "DEFAULT" -> {
        // DEFAULT alone is the keyword; default.t.c names a schema called default.
        if (!call && !cursor.peek(1).isSymbol(".")) {
          cursor.next();
          return new Expression.Default(span);
        }
      }
      case "DATE", "TIMESTAMP", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ" -> {
        if (cursor.peek(1).type() == TokenType.STRING) {
          cursor.next();
          LiteralKind kind = word.equals("DATE") ? LiteralKind.DATE
              : word.equals("TIMESTAMP_NTZ") ? LiteralKind.TIMESTAMP_NTZ : LiteralKind.TIMESTAMP;
          return new Literal(span, kind, cursor.expectString());
        }
      }
      case "X" -> {
        if (cursor.peek(1).type() == TokenType.STRING) {
          cursor.next();
          String hex = cursor.expectString();
          if (!hex.matches("([0-9A-Fa-f]{2})*")) {
            throw Errors.syntax("X'" + hex + "'", " (invalid binary literal)", span);
          }
          return new Literal(span, LiteralKind.BINARY, hex);
        }
      }
      case "CASE" -> {
        return caseExpression();
      }
      case "INTERVAL" -> {
        if (IntervalLiterals.starts(cursor)) {
          return IntervalLiterals.parse(cursor);
        }
      }
      case "TABLE" -> {
        if (call) {
          cursor.next();
          cursor.expectSymbol("(");
          List<String> name = cursor.qualifiedName();
          cursor.expectSymbol(")");
          return new Expression.TableArgument(span, name);
        }
      }
      case "CAST", "TRY_CAST" -> {
        if (call) {
          cursor.next();
          cursor.expectSymbol("(");
          Expression value = expression();
          cursor.expectWord("AS");
          SqlType type = type();
          cursor.expectSymbol(")");
          return new Cast(span, value, type, word.equals("TRY_CAST"));
        }
      }
      case "EXISTS" -> {
        // exists(array, x -> ...) is the higher-order function; EXISTS (query) the predicate
        if (call && queries.startsQueryAt(2)) {
          cursor.next();
          cursor.expectSymbol("(");
          Expression exists = new Exists(span, queries.query());
          cursor.expectSymbol(")");
          return exists;
        }
      }
      case "EXTRACT" -> {
        if (call) {
          cursor.next();
          cursor.expectSymbol("(");
          Literal field = new Literal(cursor.span(), LiteralKind.STRING, cursor.anyIdentifier());
          cursor.expectWord("FROM");
          Expression source = expression();
          cursor.expectSymbol(")");
          return function(span, "extract", List.of(field, source));
        }
      }
      case "POSITION" -> {
        if (call && !cursor.peek(2).isSymbol(")")) {
          cursor.next();
          cursor.expectSymbol("(");
          Expression needle = bitOr();
          if (cursor.acceptWord("IN")) {
            Expression haystack = expression();
            cursor.expectSymbol(")");
            return function(span, "position", List.of(needle, haystack));
          }
          List<Expression> arguments = new ArrayList<>(List.of(needle));
          while (cursor.acceptSymbol(",")) {
            arguments.add(expression());
          }
          cursor.expectSymbol(")");
          return function(span, "position", arguments);
        }
      }
      case "TRIM" -> {
        if (call) {
          return trim(span);
        }
      }
      case "CURRENT_DATE", "CURRENT_TIMESTAMP", "CURRENT_USER", "CURRENT_CATALOG", "CURRENT_SCHEMA",
          "CURRENT_DATABASE", "SESSION_USER", "USER" -> {
        if (!call && !cursor.peek(1).isSymbol(".")) {
          cursor.next();
          return function(span, word.toLowerCase(Locale.ROOT), List.of());
        }
      }
      default -> {
        // an ordinary name: a function call or a column reference
      }
    }
    if (call) {
      return functionCall();
    }
    if (cursor.isReservedWord()) {
      throw cursor.unexpected("an expression");
    }
    return columnReference();
  }

  private Expression columnReference() {
    Span span = cursor.span();
    List<String> parts = new ArrayList<>();
    parts.add(cursor.anyIdentifier());
    while (cursor.isSymbol(".") && cursor.peek(1).type() != TokenType.SYMBOL) {
      cursor.next();
      parts.add(cursor.anyIdentifier());
    }
    return new ColumnRef(span, parts);
  }

  private static FunctionCall function(Span span, String name, List<Expression> arguments) {
    return new FunctionCall(span, name, false, arguments, false, Optional.empty(), Optional.empty());
  }

  private Expression trim(Span span) {
    cursor.next();
    cursor.expectSymbol("(");
    String mode = "trim";
    if (cursor.acceptWord("BOTH")) {
      mode = "trim";
    } else if (cursor.acceptWord("LEADING")) {
      mode = "ltrim";
    } else if (cursor.acceptWord("TRAILING")) {
      mode = "rtrim";
    }
    if (cursor.acceptWord("FROM")) {
      Expression source = expression();
      cursor.expectSymbol(")");
      return function(span, mode, List.of(source));
    }
    Expression first = expression();
    if (cursor.acceptWord("FROM")) {
      Expression source = expression();
      cursor.expectSymbol(")");
      return function(span, mode, List.of(source, first));
    }
    List<Expression> arguments = new ArrayList<>(List.of(first));
    while (cursor.acceptSymbol(",")) {
      arguments.add(expression());
    }
    cursor.expectSymbol(")");
    return function(span, mode, arguments);
  }

  /** Function arguments; {@code name => value} becomes a call of "=>" with the name, so functions find it. */
  List<Expression> arguments() {
    List<Expression> arguments = new ArrayList<>();
    do {
      if (cursor.isAnyIdentifier() && cursor.peek(1).isSymbol("=>")) {
        Span argumentSpan = cursor.span();
        String argumentName = cursor.next().text();
        cursor.next();
        arguments.add(function(argumentSpan, "=>", List.of(
            new Literal(argumentSpan, LiteralKind.STRING, argumentName), expression())));
      } else if (lambdaAhead()) {
        arguments.add(lambda());
      } else {
        arguments.add(expression());
      }
    } while (cursor.acceptSymbol(","));
    return arguments;
  }

  /**
   * The fields of {@code struct(v [AS name], ...)}: with a name given, the call is named_struct, and a field without
   * one is named as struct names it (a column's name, else col1, col2, ...).
   */
  private Expression struct(Span span) {
    List<Expression> values = new ArrayList<>();
    List<Optional<String>> names = new ArrayList<>();
    do {
      values.add(expression());
      names.add(cursor.acceptWord("AS") ? Optional.of(cursor.anyIdentifier()) : Optional.empty());
    } while (cursor.acceptSymbol(","));
    cursor.expectSymbol(")");
    if (names.stream().allMatch(Optional::isEmpty)) {
      return function(span, "struct", values);
    }
    List<Expression> named = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      Expression value = values.get(i);
      int field = i + 1;
      String name = names.get(i).orElseGet(() -> value instanceof ColumnRef column ? column.name()
          : value instanceof Expression.FieldAccess access ? access.field() : "col" + field);
      named.add(new Literal(value.span(), LiteralKind.STRING, name));
      named.add(value);
    }
    return function(span, "named_struct", named);
  }

  /** Whether {@code x ->} or {@code (x, y) ->} follows. */
  private boolean lambdaAhead() {
    if (cursor.isAnyIdentifier()) {
      return cursor.peek(1).isSymbol("->");
    }
    if (!cursor.isSymbol("(")) {
      return false;
    }
    int ahead = 1;
    while (cursor.peek(ahead).type() == TokenType.WORD || cursor.peek(ahead).type() == TokenType.QUOTED_IDENTIFIER) {
      if (cursor.peek(ahead + 1).isSymbol(")")) {
        return cursor.peek(ahead + 2).isSymbol("->");
      }
      if (!cursor.peek(ahead + 1).isSymbol(",")) {
        return false;
      }
      ahead += 2;
    }
    return false;
  }

  private Expression lambda() {
    Span span = cursor.span();
    List<String> parameters = cursor.isSymbol("(") ? cursor.identifierList() : List.of(cursor.anyIdentifier());
    cursor.expectSymbol("->");
    return new Expression.Lambda(span, parameters, expression());
  }

  private Expression functionCall() {
    Span span = cursor.span();
    String name = cursor.next().text().toLowerCase(Locale.ROOT);
    cursor.expectSymbol("(");
    boolean distinct = false;
    boolean star = false;
    List<Expression> arguments = List.of();
    if (cursor.acceptSymbol("*")) {
      star = true;
    } else if (!cursor.isSymbol(")")) {
      distinct = cursor.acceptWord("DISTINCT");
      if (!distinct) {
        cursor.acceptWord("ALL");
      }
      if (name.equals("struct")) {
        return struct(span);
      }
      arguments = arguments();
    }
    cursor.expectSymbol(")");
    if (cursor.isWord("WITHIN") && cursor.isWord(1, "GROUP")) {
      FunctionCall ordered = withinGroup(span, name, distinct, arguments);
      name = ordered.name();
      arguments = ordered.arguments();
    }
    if (cursor.acceptWords("IGNORE", "NULLS")) {
      name = name + "$ignore_nulls";
    }
    Optional<Expression> filter = Optional.empty();
    if (cursor.acceptWord("FILTER")) {
      cursor.expectSymbol("(");
      cursor.expectWord("WHERE");
      filter = Optional.of(expression());
      cursor.expectSymbol(")");
    }
    Optional<WindowSpec> window = Optional.empty();
    if (cursor.acceptWord("OVER")) {
      window = Optional.of(windowSpec());
    }
    return new FunctionCall(span, name, distinct, arguments, star, filter, window);
  }

  /**
   * {@code f(args) WITHIN GROUP (ORDER BY key [ASC | DESC])} as the call it stands for: percentile_cont(p) is
   * percentile(key, p) (descending: 1 - p), percentile_disc(p) is percentile_approx(key, p), the value at rank
   * ceil(p * n), mode() is mode(key), and listagg / string_agg keep the order as {@code listagg$within_asc} or
   * {@code $within_desc} with the key last.
   */
  private FunctionCall withinGroup(Span span, String name, boolean distinct, List<Expression> arguments) {
    Span at = cursor.span();
    cursor.next();
    cursor.next();
    cursor.expectSymbol("(");
    cursor.expectWords("ORDER", "BY");
    List<SortItem> order = sortItems();
    cursor.expectSymbol(")");
    if (order.size() != 1) {
      throw Errors.notSupported("WITHIN GROUP with more than one ordering key", at);
    }
    SortItem key = order.get(0);
    switch (name) {
      case "percentile_cont", "percentile_disc" -> {
        if (arguments.size() != 1) {
          throw Errors.wrongArguments(name, "1", arguments.size(), span);
        }
        Expression percentage = arguments.get(0);
        if (key.descending()) {
          if (name.equals("percentile_disc") || !(percentage instanceof Literal literal)
              || (literal.kind() != LiteralKind.DECIMAL && literal.kind() != LiteralKind.INTEGER)) {
            throw Errors.notSupported(name + " WITHIN GROUP (ORDER BY ... DESC); order ascending", at);
          }
          percentage = new Literal(literal.span(), LiteralKind.DECIMAL,
              java.math.BigDecimal.ONE.subtract(new java.math.BigDecimal(literal.text())).toPlainString());
        }
        return function(span, name.equals("percentile_cont") ? "percentile" : "percentile_approx",
            List.of(key.key(), percentage));
      }
      case "mode" -> {
        if (!arguments.isEmpty()) {
          throw Errors.wrongArguments(name, "0", arguments.size(), span);
        }
        return function(span, "mode", List.of(key.key()));
      }
      case "listagg", "string_agg" -> {
        if (arguments.isEmpty() || arguments.size() > 2) {
          throw Errors.wrongArguments(name, "1 or 2", arguments.size(), span);
        }
        List<Expression> ordered = new ArrayList<>(arguments);
        if (ordered.size() == 1) {
          ordered.add(new Literal(span, LiteralKind.STRING, ""));
        }
        ordered.add(key.key());
        return function(span, "listagg" + (key.descending() ? WITHIN_DESCENDING : WITHIN_ASCENDING), ordered);
      }
      default -> throw Errors.notSupported(name + " WITHIN GROUP", at);
    }
  }

  /** The suffixes of an ordered listagg's name: its last argument is the key it is ordered by. */
  public static final String WITHIN_ASCENDING = "$within_asc";
  public static final String WITHIN_DESCENDING = "$within_desc";

  /** The windows the WINDOW clause of the SELECT block being parsed names, by lower-case name. */
  private Map<String, WindowSpec> namedWindows = Map.of();

  /** Sets the named windows of the block being parsed; gives those of the enclosing block back. */
  Map<String, WindowSpec> namedWindows(Map<String, WindowSpec> windows) {
    Map<String, WindowSpec> enclosing = namedWindows;
    namedWindows = windows;
    return enclosing;
  }

  /**
   * The definitions of a WINDOW clause, after the word WINDOW: {@code w AS (spec), ...}; a definition may build on
   * one before it.
   */
  Map<String, WindowSpec> windowDefinitions() {
    Map<String, WindowSpec> saved = namedWindows;
    Map<String, WindowSpec> definitions = new HashMap<>();
    try {
      do {
        String name = cursor.identifier().toLowerCase(Locale.ROOT);
        cursor.expectWord("AS");
        namedWindows = Map.copyOf(definitions);
        definitions.put(name, windowSpec());
      } while (cursor.acceptSymbol(","));
    } finally {
      namedWindows = saved;
    }
    return Map.copyOf(definitions);
  }

  /** {@code OVER w}, or {@code OVER ([w] [PARTITION BY ...] [ORDER BY ...] [frame])} building on a named window. */
  private WindowSpec windowSpec() {
    Span span = cursor.span();
    if (!cursor.isSymbol("(")) {
      return namedWindow(cursor.identifier(), span);
    }
    cursor.expectSymbol("(");
    Optional<WindowSpec> base = Optional.empty();
    if (cursor.isIdentifier() && !cursor.isWord("PARTITION") && !cursor.isWord("DISTRIBUTE") && !cursor.isWord("ORDER")
        && !cursor.isWord("SORT") && !cursor.isWord("ROWS") && !cursor.isWord("RANGE")) {
      base = Optional.of(namedWindow(cursor.identifier(), span));
    }
    List<Expression> partitionBy = base.map(WindowSpec::partitionBy).orElse(List.of());
    if (cursor.acceptWords("PARTITION", "BY") || cursor.acceptWords("DISTRIBUTE", "BY")) {
      partitionBy = expressionList();
    }
    List<SortItem> orderBy = base.map(WindowSpec::orderBy).orElse(List.of());
    if (cursor.acceptWords("ORDER", "BY") || cursor.acceptWords("SORT", "BY")) {
      orderBy = sortItems();
    }
    Optional<Frame> frame = base.flatMap(WindowSpec::frame);
    if (cursor.isWord("ROWS") || cursor.isWord("RANGE")) {
      FrameUnit unit = FrameUnit.valueOf(cursor.next().text().toUpperCase(Locale.ROOT));
      if (cursor.acceptWord("BETWEEN")) {
        FrameBound start = frameBound();
        cursor.expectWord("AND");
        frame = Optional.of(new Frame(unit, start, frameBound()));
      } else {
        frame = Optional.of(new Frame(unit, frameBound(), new FrameBound(BoundKind.CURRENT_ROW, Optional.empty())));
      }
    }
    cursor.expectSymbol(")");
    return new WindowSpec(span, partitionBy, orderBy, frame);
  }

  private WindowSpec namedWindow(String name, Span span) {
    WindowSpec window = namedWindows.get(name.toLowerCase(Locale.ROOT));
    if (window == null) {
      throw EngineException.of(ErrorClass.MISSING_WINDOW_SPECIFICATION).parameter("windowName", name).at(span)
          .build();
    }
    return window;
  }

  private FrameBound frameBound() {
    if (cursor.acceptWord("UNBOUNDED")) {
      if (cursor.acceptWord("PRECEDING")) {
        return new FrameBound(BoundKind.UNBOUNDED_PRECEDING, Optional.empty());
      }
      cursor.expectWord("FOLLOWING");
      return new FrameBound(BoundKind.UNBOUNDED_FOLLOWING, Optional.empty());
    }
    if (cursor.acceptWords("CURRENT", "ROW")) {
      return new FrameBound(BoundKind.CURRENT_ROW, Optional.empty());
    }
    Expression offset = additive();
    if (cursor.acceptWord("PRECEDING")) {
      return new FrameBound(BoundKind.PRECEDING, Optional.of(offset));
    }
    cursor.expectWord("FOLLOWING");
    return new FrameBound(BoundKind.FOLLOWING, Optional.of(offset));
  }

  List<SortItem> sortItems() {
    List<SortItem> items = new ArrayList<>();
    do {
      items.add(sortOptions(expression()));
    } while (cursor.acceptSymbol(","));
    return items;
  }

  /** {@code key} with the ASC / DESC and NULLS FIRST / LAST that follow it. */
  SortItem sortOptions(Expression key) {
    boolean descending = false;
    if (cursor.acceptWord("DESC")) {
      descending = true;
    } else {
      cursor.acceptWord("ASC");
    }
    Optional<Boolean> nullsFirst = Optional.empty();
    if (cursor.acceptWord("NULLS")) {
      if (cursor.acceptWord("FIRST")) {
        nullsFirst = Optional.of(true);
      } else {
        cursor.expectWord("LAST");
        nullsFirst = Optional.of(false);
      }
    }
    return new SortItem(key.span(), key, descending, nullsFirst);
  }

  private Expression caseExpression() {
    Span span = cursor.next().span();
    Optional<Expression> operand = cursor.isWord("WHEN") ? Optional.empty() : Optional.of(expression());
    List<WhenClause> whens = new ArrayList<>();
    while (cursor.isWord("WHEN")) {
      Span whenSpan = cursor.next().span();
      Expression condition = expression();
      cursor.expectWord("THEN");
      whens.add(new WhenClause(whenSpan, condition, expression()));
    }
    if (whens.isEmpty()) {
      throw cursor.unexpected("WHEN");
    }
    Optional<Expression> otherwise = cursor.acceptWord("ELSE") ? Optional.of(expression()) : Optional.empty();
    cursor.expectWord("END");
    return new Case(span, operand, whens, otherwise);
  }

  /** A data type: {@code INT}, {@code DECIMAL(10,2)}, {@code ARRAY<STRING>}, {@code STRUCT<a: INT, b STRING>}. */
  /** A collation's name, after COLLATE: the two the dialect's strings have here; any other is refused by name. */
  Collation collation() {
    Span span = cursor.span();
    String name = cursor.anyIdentifier().toUpperCase(Locale.ROOT);
    return switch (name) {
      case "UTF8_BINARY" -> Collation.UTF8_BINARY;
      case "UTF8_LCASE" -> Collation.UTF8_LCASE;
      default -> throw Errors.notSupported("the collation " + name + " (UTF8_BINARY and UTF8_LCASE are)", span);
    };
  }

  private static final long MAX_CHARACTER_LENGTH = 1_000_000_000;

  SqlType type() {
    Token token = cursor.peek();
    if (token.type() != TokenType.WORD) {
      throw cursor.unexpected("a data type");
    }
    cursor.next();
    String name = token.text().toUpperCase(Locale.ROOT);
    switch (name) {
      case "BOOLEAN", "BOOL" -> {
        return SqlType.BOOLEAN;
      }
      case "TINYINT", "BYTE" -> {
        return SqlType.TINYINT;
      }
      case "SMALLINT", "SHORT" -> {
        return SqlType.SMALLINT;
      }
      case "INT", "INTEGER" -> {
        return SqlType.INT;
      }
      case "BIGINT", "LONG" -> {
        return SqlType.BIGINT;
      }
      case "FLOAT", "REAL" -> {
        return SqlType.FLOAT;
      }
      case "DOUBLE" -> {
        cursor.acceptWord("PRECISION");
        return SqlType.DOUBLE;
      }
      case "DECIMAL", "DEC", "NUMERIC" -> {
        int precision = 10;
        int scale = 0;
        if (cursor.acceptSymbol("(")) {
          precision = (int) cursor.expectInteger();
          if (cursor.acceptSymbol(",")) {
            scale = (int) cursor.expectInteger();
          }
          cursor.expectSymbol(")");
        }
        if (precision < 1 || precision > SqlType.MAX_DECIMAL_PRECISION || scale < 0 || scale > precision) {
          throw Errors.syntax(token.describe(), " (decimal precision must be 1 to 38 and scale 0 to precision)",
              token.span());
        }
        return SqlType.decimal(precision, scale);
      }
      case "STRING", "TEXT" -> {
        return cursor.acceptWord("COLLATE") ? SqlType.string(collation()) : SqlType.STRING;
      }
      case "VARCHAR", "CHAR", "CHARACTER" -> {
        cursor.expectSymbol("(");
        long length = cursor.expectInteger();
        cursor.expectSymbol(")");
        // H2 keeps at most a billion characters in a column.
        if (length < 1 || length > MAX_CHARACTER_LENGTH) {
          throw Errors.syntax(String.valueOf(length), " (length must be 1 to " + MAX_CHARACTER_LENGTH + ")",
              token.span());
        }
        return name.equals("VARCHAR") ? SqlType.varchar((int) length) : SqlType.character((int) length);
      }
      case "BINARY" -> {
        return SqlType.BINARY;
      }
      case "DATE" -> {
        return SqlType.DATE;
      }
      case "TIMESTAMP", "TIMESTAMP_LTZ" -> {
        return SqlType.TIMESTAMP;
      }
      case "TIMESTAMP_NTZ" -> {
        return SqlType.TIMESTAMP_NTZ;
      }
      case "ARRAY" -> {
        cursor.expectSymbol("<");
        SqlType element = type();
        cursor.expectSymbol(">");
        return SqlType.array(element);
      }
      case "MAP" -> {
        cursor.expectSymbol("<");
        SqlType key = type();
        cursor.expectSymbol(",");
        SqlType value = type();
        cursor.expectSymbol(">");
        return SqlType.map(key, value);
      }
      case "STRUCT" -> {
        cursor.expectSymbol("<");
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        do {
          names.add(cursor.anyIdentifier());
          cursor.acceptSymbol(":");
          types.add(type());
          cursor.acceptWords("NOT", "NULL"); // struct field nullability is not tracked
          if (cursor.acceptWord("COMMENT")) {
            cursor.expectString();
          }
        } while (cursor.acceptSymbol(","));
        cursor.expectSymbol(">");
        return SqlType.struct(names, types);
      }
      default -> throw EngineException.of(ErrorClass.UNSUPPORTED_DATATYPE)
          .parameter("typeName", "\"" + token.text() + "\"").at(token.span()).build();
    }
  }
}
