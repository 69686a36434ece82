package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.TreeScanner;

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
    Node[] culprit = new Node[1];
    new TreeScanner<Void>() {
      @Override
      protected Void visitSubqueryExpression(Expression subquery, Void context) {
        culprit[0] = culprit[0] == null ? subquery : culprit[0];
        return null;
      }

      @Override
      protected Void visitFunctionCall(FunctionCall call, Void context) {
        if (call.window().isPresent() || functions.kind(call.name()) != FunctionTraits.Kind.SCALAR
            || functions.determinism(call.name()) == FunctionTraits.Determinism.RANDOM) {
          culprit[0] = culprit[0] == null ? call : culprit[0];
          return null;
        }
        return super.visitFunctionCall(call, context);
      }
    }.visit(argument, null);
    if (culprit[0] != null) {
      throw EngineException.of(ErrorClass.NON_FOLDABLE_ARGUMENT).parameter("funcName", "`" + function + "`")
          .parameter("paramName", "`" + parameter + "`").parameter("paramType", "\"" + type + "\"")
          .at(culprit[0].span()).build();
    }
  }
}
