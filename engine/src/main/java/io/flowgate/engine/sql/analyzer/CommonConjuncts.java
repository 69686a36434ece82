package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeEquality;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A condition's OR with a comparison of two columns that every branch of it requires, written as that comparison AND
 * the OR of what is left: {@code (a = b AND x) OR (a = b AND y)} as {@code a = b AND (x OR y)}. H2 uses a comparison
 * for an index lookup or a join only when it is a conjunct of the whole condition, so a join condition repeated in
 * every branch (TPC-H Q19) left it a nested loop over both tables.
 *
 * <p>The result is the same for every row, NULLs too: AND and OR of three-valued logic distribute over each other and
 * absorb ({@code a OR (a AND y)} is {@code a}). Only comparisons of two columns move, which cannot fail, so no error
 * can appear that a branch the condition skipped kept from being raised before.
 */
final class CommonConjuncts {
  private static final Set<BinaryOperator> COMPARISONS = Set.of(BinaryOperator.EQUAL, BinaryOperator.NOT_EQUAL,
      BinaryOperator.LESS, BinaryOperator.LESS_OR_EQUAL, BinaryOperator.GREATER, BinaryOperator.GREATER_OR_EQUAL,
      BinaryOperator.NULL_SAFE_EQUAL);

  private CommonConjuncts() {}

  static Expression factor(Expression condition) {
    List<Expression> disjuncts = new ArrayList<>();
    flatten(condition, BinaryOperator.OR, disjuncts);
    if (disjuncts.size() < 2) {
      return condition;
    }
    List<List<Expression>> branches = new ArrayList<>();
    for (Expression disjunct : disjuncts) {
      List<Expression> conjuncts = new ArrayList<>();
      flatten(disjunct, BinaryOperator.AND, conjuncts);
      branches.add(conjuncts);
    }
    List<Expression> common = new ArrayList<>();
    for (Expression candidate : branches.get(0)) {
      if (columnComparison(candidate) && !contains(common, candidate)
          && branches.stream().allMatch(branch -> contains(branch, candidate))) {
        common.add(candidate);
      }
    }
    if (common.isEmpty()) {
      return condition;
    }
    List<Expression> rests = new ArrayList<>();
    for (List<Expression> branch : branches) {
      List<Expression> rest = branch.stream().filter(conjunct -> !contains(common, conjunct)).toList();
      if (rest.isEmpty()) {
        // This branch is the common part alone, which absorbs the others.
        return join(common, BinaryOperator.AND, condition.span());
      }
      rests.add(join(rest, BinaryOperator.AND, condition.span()));
    }
    List<Expression> factored = new ArrayList<>(common);
    factored.add(join(rests, BinaryOperator.OR, condition.span()));
    return join(factored, BinaryOperator.AND, condition.span());
  }

  /** The operands of a chain of {@code operator} ({@code a AND b AND c}), in order, into {@code into}. */
  static void flatten(Expression expression, BinaryOperator operator, List<Expression> into) {
    if (expression instanceof Binary binary && binary.operator() == operator) {
      flatten(binary.left(), operator, into);
      flatten(binary.right(), operator, into);
    } else {
      into.add(expression);
    }
  }

  private static boolean columnComparison(Expression expression) {
    return expression instanceof Binary binary && COMPARISONS.contains(binary.operator())
        && binary.left() instanceof ColumnRef && binary.right() instanceof ColumnRef;
  }

  private static boolean contains(List<Expression> expressions, Expression wanted) {
    return expressions.stream().anyMatch(expression -> TreeEquality.equal(expression, wanted));
  }

  /** {@code operands} (at least one) joined by {@code operator}. */
  static Expression join(List<Expression> operands, BinaryOperator operator, Span span) {
    Expression joined = operands.get(0);
    for (int i = 1; i < operands.size(); i++) {
      joined = new Binary(span, operator, joined, operands.get(i));
    }
    return joined;
  }
}
