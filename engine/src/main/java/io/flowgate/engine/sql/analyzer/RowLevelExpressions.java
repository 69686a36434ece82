package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.Optional;

/**
 * Expressions a table keeps with its definition and evaluates one row at a time: a generated column's expression, a
 * column DEFAULT, an expectation's or a CHECK constraint's condition. None may aggregate, use a window or read a
 * table through a subquery; a generated column and a CHECK constraint must give the same value for the same row
 * whenever it is computed, and a DEFAULT and an
 * expectation may read the clock and the session (current_date() is a common expectation) but not a random source.
 * Checked when the table is defined, so a bad expression never becomes part of a table.
 */
public final class RowLevelExpressions {
  /** Where the expression stands, which decides what it may contain and how a violation is reported. */
  public enum Use { GENERATED_COLUMN, DEFAULT_VALUE, EXPECTATION, CHECK_CONSTRAINT }

  private enum Problem { AGGREGATE, WINDOW, SUBQUERY, NON_DETERMINISTIC }

  private record Found(Problem problem, Expression expression) {}

  private RowLevelExpressions() {}

  /**
   * Fails when {@code expression} may not stand where {@code use} says. {@code owner} names the column or the
   * expectation and {@code text} is the expression as written, for the message.
   */
  public static void check(Expression expression, Use use, String owner, String text, FunctionTraits functions) {
    if (use == Use.DEFAULT_VALUE) {
      throw new IllegalArgumentException("a DEFAULT is checked with checkDefault, which names its statement");
    }
    find(expression, use, functions).ifPresent(found -> {
      throw error(found, use, owner, text, "");
    });
  }

  /** Fails when {@code expression} may not be the DEFAULT of {@code column} in {@code statement} (as the message names it). */
  public static void checkDefault(Expression expression, String column, String text, String statement,
      FunctionTraits functions) {
    find(expression, Use.DEFAULT_VALUE, functions).ifPresent(found -> {
      throw error(found, Use.DEFAULT_VALUE, column, text, statement);
    });
  }

  /**
   * The first part of {@code expression} that may not stand where {@code use} says: an aggregate, a window, a
   * subquery or a function that changes when it should not.
   */
  /** Whether {@code expression} is computed from its row alone: no aggregate, window, subquery or random call. */
  public static boolean isRowLevel(Expression expression, FunctionTraits functions) {
    return find(expression, Use.EXPECTATION, functions).isEmpty();
  }

  static Optional<Expression> culprit(Expression expression, Use use, FunctionTraits functions) {
    return find(expression, use, functions).map(Found::expression);
  }

  private static Optional<Found> find(Expression expression, Use use, FunctionTraits functions) {
    Found[] first = new Found[1];
    new TreeScanner<Void>() {
      @Override
      protected Void visitFunctionCall(FunctionCall call, Void context) {
        if (first[0] != null) {
          return null;
        }
        if (call.window().isPresent()) {
          first[0] = new Found(Problem.WINDOW, call);
        } else if (functions.kind(call.name()) == FunctionTraits.Kind.AGGREGATE) {
          first[0] = new Found(Problem.AGGREGATE, call);
        } else if (!allowed(functions.determinism(call.name()), use)) {
          first[0] = new Found(Problem.NON_DETERMINISTIC, call);
        } else {
          return super.visitFunctionCall(call, context);
        }
        return null;
      }

      @Override
      protected Void visitSubqueryExpression(Expression subquery, Void context) {
        if (first[0] == null) {
          first[0] = new Found(Problem.SUBQUERY, subquery);
        }
        return null;
      }
    }.visit(expression, null);
    return Optional.ofNullable(first[0]);
  }

  private static boolean allowed(FunctionTraits.Determinism determinism, Use use) {
    return switch (determinism) {
      case DETERMINISTIC -> true;
      // a CHECK lives in the store and is evaluated at each write: a clock read there would be frozen at ALTER
      case PER_STATEMENT -> use != Use.GENERATED_COLUMN && use != Use.CHECK_CONSTRAINT;
      case RANDOM -> false;
    };
  }

  private static EngineException error(Found found, Use use, String owner, String text, String statement) {
    String culprit = "\"" + ExpressionNames.name(found.expression()) + "\"";
    return switch (use) {
      case GENERATED_COLUMN -> EngineException.of(switch (found.problem()) {
        case AGGREGATE -> ErrorClass.DELTA_AGGREGATE_IN_GENERATED_COLUMN;
        case NON_DETERMINISTIC -> ErrorClass.DELTA_NON_DETERMINISTIC_EXPRESSION_IN_GENERATED_COLUMN;
        case WINDOW, SUBQUERY -> ErrorClass.DELTA_UNSUPPORTED_EXPRESSION_GENERATED_COLUMN;
      }).parameter("sqlExpr", culprit).at(found.expression().span()).build();
      case DEFAULT_VALUE -> {
        EngineException.Builder error = EngineException.of(ErrorClass.INVALID_DEFAULT_VALUE);
        error = found.problem() == Problem.SUBQUERY
            ? error.subClass("SUBQUERY_EXPRESSION", "which contains subquery expressions.")
            : error.subClass("NOT_CONSTANT",
                "which is not a constant expression whose equivalent value is known at query planning time.");
        yield error.parameter("statement", statement).parameter("colName", "`" + owner + "`")
            .parameter("defaultValue", text).at(found.expression().span()).build();
      }
      case EXPECTATION, CHECK_CONSTRAINT -> found.problem() == Problem.NON_DETERMINISTIC
          ? EngineException.of(ErrorClass.NON_DETERMINISTIC_CHECK_CONSTRAINT).parameter("checkCondition", text)
              .at(found.expression().span()).build()
          : EngineException.of(ErrorClass.UNSUPPORTED_EXPR_FOR_OPERATOR).parameter("invalidExprSqls", culprit)
              .at(found.expression().span()).build();
    };
  }
}
