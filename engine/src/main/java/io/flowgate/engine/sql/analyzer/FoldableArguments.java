package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.Locale;
import java.util.Optional;

/**
 * Arguments that must be known before any row is read, such as the bounds of {@code range(...)}: constants and
 * expressions of constants, never a column, a subquery, an aggregate, a window or a random function (Spark calls
 * these foldable).
 */
public final class FoldableArguments {
  private FoldableArguments() {}

  /**
   * Fails with NON_FOLDABLE_ARGUMENT when {@code argument}, the parameter {@code parameter} of {@code function}, is
   * not foldable.
   */
  public static void require(Expression argument, String function, String parameter, String type,
      FunctionTraits functions) {
    unfoldable(argument, functions).ifPresent(culprit -> {
      throw EngineException.of(ErrorClass.NON_FOLDABLE_ARGUMENT).parameter("funcName", "`" + function + "`")
          .parameter("paramName", "`" + parameter + "`").parameter("paramType", "\"" + type + "\"")
          .at(culprit.span()).build();
    });
  }

  /**
   * Fails with INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE when the row count of {@code clause} (LIMIT, OFFSET) is
   * not foldable: it reads a column (an outer query's too), a subquery, an aggregate, a window or a random value.
   */
  public static void requireRowCount(Expression count, String clause, FunctionTraits functions) {
    unfoldable(count, functions).ifPresent(culprit -> {
      throw EngineException.of(ErrorClass.INVALID_LIMIT_LIKE_EXPRESSION).subClass("IS_UNFOLDABLE",
          "The " + clause.toLowerCase(Locale.ROOT) + " expression must evaluate to a constant value.")
          .parameter("name", clause.toLowerCase(Locale.ROOT))
          .parameter("expr", "\"" + ExpressionNames.name(count) + "\"").at(culprit.span()).build();
    });
  }

  /** Fails with NON_LITERAL_PIVOT_VALUES when a value of a PIVOT's IN list is not a constant. */
  public static void requirePivotValue(Expression value, FunctionTraits functions) {
    unfoldable(value, functions).ifPresent(culprit -> {
      throw EngineException.of(ErrorClass.NON_LITERAL_PIVOT_VALUES)
          .parameter("expression", "\"" + ExpressionNames.name(value) + "\"").at(culprit.span()).build();
    });
  }

  /**
   * The part of {@code expression} that keeps it from being known before any row is read: a column (an outer
   * query's too), a subquery, an aggregate, a window or a random value.
   */
  private static Optional<Expression> unfoldable(Expression expression, FunctionTraits functions) {
    Expression[] column = new Expression[1];
    new TreeScanner<Void>() {
      @Override
      protected Void visitColumnRef(Expression.ColumnRef reference, Void context) {
        if (column[0] == null) {
          column[0] = reference;
        }
        return null;
      }
    }.visit(expression, null);
    return Optional.ofNullable(column[0]).or(() -> RowLevelExpressions.culprit(expression,
        RowLevelExpressions.Use.DEFAULT_VALUE, functions));
  }
}
