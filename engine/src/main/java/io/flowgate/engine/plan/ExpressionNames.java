package io.flowgate.engine.plan;

import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.Unary;
import java.util.Locale;
import java.util.stream.Collectors;

/** The column name the dialect gives an unaliased select expression, e.g. {@code (a + 1)} or {@code count(1)}. */
final class ExpressionNames {
  private ExpressionNames() {}

  static String name(Expression expression) {
    if (expression instanceof ColumnRef reference) {
      return reference.name();
    }
    if (expression instanceof Literal literal) {
      return switch (literal.kind()) {
        case NULL -> "NULL";
        case STRING -> literal.text();
        case DATE -> "DATE '" + literal.text() + "'";
        case TIMESTAMP, TIMESTAMP_NTZ -> "TIMESTAMP '" + literal.text() + "'";
        case BINARY -> "X'" + literal.text() + "'";
        default -> literal.text().replaceAll("(?i)(BD|[LSYDF])$", "");
      };
    }
    if (expression instanceof Binary binary) {
      return "(" + name(binary.left()) + " " + binary.operator().symbol().toLowerCase(Locale.ROOT).replace("div", "div")
          + " " + name(binary.right()) + ")";
    }
    if (expression instanceof Unary unary) {
      return switch (unary.operator()) {
        case NOT -> "(NOT " + name(unary.operand()) + ")";
        case MINUS -> "(- " + name(unary.operand()) + ")";
        case PLUS -> name(unary.operand());
        case BITWISE_NOT -> "~" + name(unary.operand());
      };
    }
    if (expression instanceof Cast cast) {
      return (cast.tryCast() ? "TRY_CAST(" : "CAST(") + name(cast.value()) + " AS " + cast.type().sql().toUpperCase(Locale.ROOT) + ")";
    }
    if (expression instanceof Expression.JsonExtract extract) {
      return extract.path().get(extract.path().size() - 1).replaceAll("^\\[|\\]$", "");
    }
    if (expression instanceof Expression.FieldAccess access) {
      return access.field();
    }
    if (expression instanceof Expression.Subscript subscript) {
      return name(subscript.base()) + "[" + name(subscript.index()) + "]";
    }
    if (expression instanceof Expression.IsNull isNull) {
      return "(" + name(isNull.value()) + (isNull.negated() ? " IS NOT NULL)" : " IS NULL)");
    }
    if (expression instanceof Expression.Between between) {
      return "(" + name(between.value()) + (between.negated() ? " NOT" : "") + " BETWEEN " + name(between.low())
          + " AND " + name(between.high()) + ")";
    }
    if (expression instanceof Expression.InList in) {
      return "(" + name(in.value()) + (in.negated() ? " NOT IN (" : " IN (")
          + in.list().stream().map(ExpressionNames::name).collect(Collectors.joining(", ")) + "))";
    }
    if (expression instanceof Expression.Like like) {
      return (like.negated() ? "NOT " : "") + name(like.value()) + " " + like.kind().name() + " " + name(like.pattern());
    }
    if (expression instanceof Expression.Case) {
      return "CASE WHEN ... END";
    }
    if (expression instanceof Expression.ScalarSubquery) {
      return "scalarsubquery()";
    }
    if (expression instanceof Expression.Exists) {
      return "exists()";
    }
    if (expression instanceof Expression.IsBoolean test) {
      return "(" + name(test.value()) + " IS " + (test.negated() ? "NOT " : "") + test.expected() + ")";
    }
    if (expression instanceof FunctionCall call) {
      String arguments = call.star() ? "1"
          : (call.distinct() ? "DISTINCT " : "") + call.arguments().stream().map(ExpressionNames::name)
              .collect(Collectors.joining(", "));
      return call.name().replace("$ignore_nulls", "") + "(" + arguments + ")"
          + (call.window().isPresent() ? " OVER (...)" : "");
    }
    return expression.getClass().getSimpleName().toLowerCase(Locale.ROOT);
  }
}
