package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.IntervalText;
import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.FieldAccess;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.InList;
import io.flowgate.engine.sql.tree.Expression.InSubquery;
import io.flowgate.engine.sql.tree.Expression.IsBoolean;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.JsonExtract;
import io.flowgate.engine.sql.tree.Expression.Like;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.ScalarSubquery;
import io.flowgate.engine.sql.tree.Expression.Subscript;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.TreeVisitor;
import java.util.Locale;
import java.util.stream.Collectors;

/** The column name the dialect gives an unaliased select expression, e.g. {@code (a + 1)} or {@code count(1)}. */
public final class ExpressionNames extends TreeVisitor<String, Void> {
  private static final ExpressionNames NAMES = new ExpressionNames();

  private ExpressionNames() {}

  public static String name(Expression expression) {
    return NAMES.visit(expression, null);
  }

  @Override
  protected String visitNode(Node node, Void context) {
    return node.getClass().getSimpleName().toLowerCase(Locale.ROOT);
  }

  @Override
  protected String visitColumnRef(ColumnRef reference, Void context) {
    return reference.name();
  }

  @Override
  protected String visitIntervalLiteral(Expression.IntervalLiteral interval, Void context) {
    return IntervalText.format(interval.type(), interval.value());
  }

  @Override
  protected String visitLiteral(Literal literal, Void context) {
    return switch (literal.kind()) {
      case NULL -> "NULL";
      case STRING -> literal.text();
      case DATE -> "DATE '" + literal.text() + "'";
      case TIMESTAMP, TIMESTAMP_NTZ -> "TIMESTAMP '" + literal.text() + "'";
      case BINARY -> "X'" + literal.text() + "'";
      default -> literal.text().replaceAll("(?i)(BD|[LSYDF])$", "");
    };
  }

  @Override
  protected String visitBinary(Binary binary, Void context) {
    return "(" + name(binary.left()) + " " + binary.operator().symbol().toLowerCase(Locale.ROOT) + " "
        + name(binary.right()) + ")";
  }

  @Override
  protected String visitUnary(Unary unary, Void context) {
    return switch (unary.operator()) {
      case NOT -> "(NOT " + name(unary.operand()) + ")";
      case MINUS -> "(- " + name(unary.operand()) + ")";
      case PLUS -> name(unary.operand());
      case BITWISE_NOT -> "~" + name(unary.operand());
    };
  }

  @Override
  protected String visitCast(Cast cast, Void context) {
    return (cast.tryCast() ? "TRY_CAST(" : "CAST(") + name(cast.value()) + " AS "
        + cast.type().sql().toUpperCase(Locale.ROOT) + ")";
  }

  @Override
  protected String visitJsonExtract(JsonExtract extract, Void context) {
    return extract.path().get(extract.path().size() - 1).replaceAll("^\\[|\\]$", "");
  }

  @Override
  protected String visitFieldAccess(FieldAccess access, Void context) {
    return access.field();
  }

  @Override
  protected String visitLambda(Expression.Lambda lambda, Void context) {
    return "lambdafunction(" + name(lambda.body()) + ", " + String.join(", ", lambda.parameters()) + ")";
  }

  @Override
  protected String visitSubscript(Subscript subscript, Void context) {
    return name(subscript.base()) + "[" + name(subscript.index()) + "]";
  }

  @Override
  protected String visitIsNull(IsNull isNull, Void context) {
    return "(" + name(isNull.value()) + (isNull.negated() ? " IS NOT NULL)" : " IS NULL)");
  }

  @Override
  protected String visitBetween(Between between, Void context) {
    return "(" + name(between.value()) + (between.negated() ? " NOT" : "") + " BETWEEN " + name(between.low())
        + " AND " + name(between.high()) + ")";
  }

  @Override
  protected String visitInList(InList in, Void context) {
    return "(" + name(in.value()) + (in.negated() ? " NOT IN (" : " IN (")
        + in.list().stream().map(ExpressionNames::name).collect(Collectors.joining(", ")) + "))";
  }

  @Override
  protected String visitLike(Like like, Void context) {
    return (like.negated() ? "NOT " : "") + name(like.value()) + " " + like.kind().name() + " " + name(like.pattern());
  }

  @Override
  protected String visitCase(Case caseExpression, Void context) {
    return "CASE WHEN ... END";
  }

  @Override
  protected String visitScalarSubquery(ScalarSubquery subquery, Void context) {
    return "scalarsubquery()";
  }

  @Override
  protected String visitInSubquery(InSubquery in, Void context) {
    return "(" + name(in.value()) + (in.negated() ? " NOT IN (listquery()))" : " IN (listquery()))");
  }

  @Override
  protected String visitExists(Exists exists, Void context) {
    return "exists()";
  }

  @Override
  protected String visitIsBoolean(IsBoolean test, Void context) {
    return "(" + name(test.value()) + " IS " + (test.negated() ? "NOT " : "") + test.expected() + ")";
  }

  @Override
  protected String visitFunctionCall(FunctionCall call, Void context) {
    String arguments = call.star() ? "1"
        : (call.distinct() ? "DISTINCT " : "") + call.arguments().stream().map(ExpressionNames::name)
            .collect(Collectors.joining(", "));
    return call.name().replaceAll("\\$(ignore_nulls|within_asc|within_desc)$", "") + "(" + arguments + ")"
        + (call.window().isPresent() ? " OVER (...)" : "");
  }
}
