package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression;

/**
 * Arguments that must be known before any row is read, such as the bounds of {@code range(...)}: constants and
 * expressions of constants, never a subquery, an aggregate, a window or a random function (Spark calls these
 * foldable).
 */
public final class FoldableArguments {
  private FoldableArguments() {}

  /**
   * Fails with NON_FOLDABLE_ARGUMENT when {@code argument}, the parameter {@code parameter} of {@code function}, is
   * not foldable.
   */
  public static void require(Expression argument, String function, String parameter, String type,
      FunctionTraits functions) {
    // foldable is what a DEFAULT may be: constants and the clock, no aggregate, window, subquery or random value
    RowLevelExpressions.culprit(argument, RowLevelExpressions.Use.DEFAULT_VALUE, functions).ifPresent(culprit -> {
      throw EngineException.of(ErrorClass.NON_FOLDABLE_ARGUMENT).parameter("funcName", "`" + function + "`")
          .parameter("paramName", "`" + parameter + "`").parameter("paramType", "\"" + type + "\"")
          .at(culprit.span()).build();
    });
  }
}
