package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.UnaryOperator;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.AllColumns;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.Relation.TableRef;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Correlated subqueries over one stored table, correlated only by equalities of an inner expression and an outer one
 * (conjuncts of WHERE), as queries that do not read the outer row, which H2 runs once and keeps. H2 runs a correlated
 * subquery again for every outer row, each time a scan of the table where no index leads with the key (TPC-H Q17, Q20
 * and Q22 ran for minutes); the rewritten ones cost one pass over the table.
 *
 * <ul>
 *   <li>A scalar subquery whose one item is arithmetic over avg, sum, min and max, {@code (SELECT 0.2 * avg(q) FROM t
 *       WHERE t.k = o.k AND ...)}, becomes the aggregate grouped by the inner keys, {@code SELECT k, 0.2 * avg(q) FROM
 *       t WHERE ... GROUP BY k}, whose row for the outer keys it reads. Those aggregates are NULL over no rows, so a
 *       key with no group reads NULL either way. A count alone is read as 0 where the key has no group.</li>
 *   <li>EXISTS becomes membership of the outer keys among the inner ones, {@code SELECT DISTINCT k FROM t WHERE k IS
 *       NOT NULL AND ...}, which H2 looks up by hash; a NULL outer key is no member, so it is never NULL.</li>
 * </ul>
 *
 * <p>Only a subquery of one table with no GROUP BY, HAVING, window, LIMIT or WITH; the caller checks the table (a
 * stored one, where no index leads with a key) and the types.
 */
final class Decorrelation {
  private static final Set<String> AGGREGATES_NULL_WHEN_EMPTY = Set.of("avg", "mean", "sum", "min", "max");
  private static final Set<BinaryOperator> ARITHMETIC = Set.of(BinaryOperator.ADD, BinaryOperator.SUBTRACT,
      BinaryOperator.MULTIPLY, BinaryOperator.DIVIDE);

  /**
   * The query that replaces a subquery: it selects the inner keys (then, for a scalar subquery, the value); each
   * inner key is matched with the outer expression at the same position.
   */
  record Rewritten(Query query, List<Expression> outerKeys) {}

  private Decorrelation() {}

  /** The table a scalar subquery reads, when it has the shape this rewrite takes (before names are resolved). */
  static Optional<TableRef> scalarTable(Query query) {
    return table(query).filter(table -> ((Select) query.body()).items().size() == 1
        && ((Select) query.body()).items().get(0) instanceof SingleColumn item
        && (nullWhenEmpty(item.expression()) || isCount(item.expression())));
  }

  /**
   * Whether a scalar subquery (of the shape {@link #scalarTable} takes) counts rows: 0 over no rows, which its grouped
   * form, which has no row for such a key, must be given back.
   */
  static boolean countsRows(Query query) {
    return ((Select) query.body()).items().get(0) instanceof SingleColumn item && isCount(item.expression());
  }

  /** The table an EXISTS subquery reads, when it has the shape this rewrite takes: it selects no aggregate. */
  static Optional<TableRef> existsTable(Query query) {
    return table(query).filter(table -> ((Select) query.body()).items().stream().allMatch(item ->
        item instanceof AllColumns || item instanceof SingleColumn single
            && (single.expression() instanceof Literal || single.expression() instanceof ColumnRef)));
  }

  private static Optional<TableRef> table(Query query) {
    if (!query.with().isEmpty() || !query.orderBy().isEmpty() || query.limit().isPresent()
        || query.offset().isPresent() || !(query.body() instanceof Select select) || select.distinct()
        || !select.groupBy().isEmpty() || !select.groupingSets().isEmpty() || select.having().isPresent()
        || select.qualify().isPresent() || select.where().isEmpty()
        || !(select.from().orElse(null) instanceof TableRef table) || table.asOf().isPresent()) {
      return Optional.empty();
    }
    return Optional.of(table);
  }

  /**
   * A scalar subquery (of the shape {@link #scalarTable} takes) grouped by its inner keys, where {@code inner} tells
   * the column references its table resolves; empty when its WHERE correlates other than by equalities.
   */
  static Optional<Rewritten> grouped(Query query, Predicate<ColumnRef> inner) {
    Select select = (Select) query.body();
    if (!TreeScanner.columnReferences(select.items().get(0)).stream().allMatch(inner)) {
      // an aggregate of the outer row's columns: not the inner table's to group
      return Optional.empty();
    }
    return split(select, inner).map(keys -> {
      List<SelectItem> items = new ArrayList<>(selected(keys.inner()));
      items.add(select.items().get(0));
      return rewritten(query, new Select(select.span(), false, items, select.from(), and(keys.rest()),
          keys.inner(), List.of(), Optional.empty(), Optional.empty()), keys.outer());
    });
  }

  /**
   * An EXISTS subquery (of the shape {@link #existsTable} takes) as its distinct inner keys that are not NULL, where
   * {@code inner} tells the column references its table resolves; empty when its WHERE correlates other than by
   * equalities.
   */
  static Optional<Rewritten> keys(Query query, Predicate<ColumnRef> inner) {
    Select select = (Select) query.body();
    return split(select, inner).map(keys -> {
      List<Expression> conditions = new ArrayList<>();
      for (Expression key : keys.inner()) {
        conditions.add(new Expression.IsNull(key.span(), key, true));
      }
      conditions.addAll(keys.rest());
      return rewritten(query, new Select(select.span(), true, selected(keys.inner()), select.from(),
          and(conditions), List.of(), List.of(), Optional.empty(), Optional.empty()), keys.outer());
    });
  }

  /**
   * Whether an equality among the conjuncts of the subquery's WHERE compares a column named {@code column} (an
   * indexed one: H2 then finds a correlated key's rows through the index, and the subquery is best left as it is).
   */
  static boolean comparesColumn(Select select, String column) {
    List<Expression> conjuncts = new ArrayList<>();
    CommonConjuncts.flatten(select.where().orElseThrow(), BinaryOperator.AND, conjuncts);
    return conjuncts.stream().anyMatch(conjunct -> conjunct instanceof Binary equal
        && equal.operator() == BinaryOperator.EQUAL && (names(equal.left(), column) || names(equal.right(), column)));
  }

  private static boolean names(Expression expression, String column) {
    return expression instanceof ColumnRef reference
        && reference.parts().get(reference.parts().size() - 1).equalsIgnoreCase(column);
  }

  /** A WHERE's conjuncts: the correlating equalities' inner and outer sides, and the rest. */
  private record Keys(List<Expression> inner, List<Expression> outer, List<Expression> rest) {}

  private static Optional<Keys> split(Select select, Predicate<ColumnRef> inner) {
    List<Expression> conjuncts = new ArrayList<>();
    CommonConjuncts.flatten(select.where().orElseThrow(), BinaryOperator.AND, conjuncts);
    List<Expression> innerKeys = new ArrayList<>();
    List<Expression> outerKeys = new ArrayList<>();
    List<Expression> rest = new ArrayList<>();
    for (Expression conjunct : conjuncts) {
      if (TreeScanner.columnReferences(conjunct).stream().allMatch(inner)) {
        rest.add(conjunct);
      } else if (conjunct instanceof Binary equal && equal.operator() == BinaryOperator.EQUAL
          && readsOnly(equal.left(), inner, true) && readsOnly(equal.right(), inner, false)) {
        innerKeys.add(equal.left());
        outerKeys.add(equal.right());
      } else if (conjunct instanceof Binary equal && equal.operator() == BinaryOperator.EQUAL
          && readsOnly(equal.right(), inner, true) && readsOnly(equal.left(), inner, false)) {
        innerKeys.add(equal.right());
        outerKeys.add(equal.left());
      } else {
        return Optional.empty();
      }
    }
    return innerKeys.isEmpty() ? Optional.empty() : Optional.of(new Keys(innerKeys, outerKeys, rest));
  }

  private static List<SelectItem> selected(List<Expression> expressions) {
    return expressions.stream().<SelectItem>map(key -> new SingleColumn(key.span(), key, Optional.empty())).toList();
  }

  private static Optional<Expression> and(List<Expression> conditions) {
    return conditions.isEmpty() ? Optional.empty()
        : Optional.of(CommonConjuncts.join(conditions, BinaryOperator.AND, conditions.get(0).span()));
  }

  private static Rewritten rewritten(Query query, Select select, List<Expression> outerKeys) {
    return new Rewritten(new Query(query.span(), List.of(), select, List.of(), Optional.empty(), Optional.empty()),
        outerKeys);
  }

  /** Whether {@code expression} reads columns, all of them inner ones ({@code inside}) or all outer ones. */
  private static boolean readsOnly(Expression expression, Predicate<ColumnRef> inner, boolean inside) {
    List<ColumnRef> references = TreeScanner.columnReferences(expression);
    return !references.isEmpty() && references.stream().allMatch(reference -> inner.test(reference) == inside)
        && !hasSubquery(expression);
  }

  /** Arithmetic over aggregates that are NULL over no rows, and constants; at least one aggregate. */
  private static boolean nullWhenEmpty(Expression expression) {
    return strict(expression) && !Calls.of(expression, call -> true).isEmpty();
  }

  private static boolean isCount(Expression expression) {
    return expression instanceof FunctionCall call && call.name().equals("count") && call.window().isEmpty()
        && call.filter().isEmpty() && call.arguments().size() <= 1 && !hasSubquery(call);
  }

  private static boolean strict(Expression expression) {
    if (expression instanceof Literal) {
      return true;
    }
    if (expression instanceof Binary binary) {
      return ARITHMETIC.contains(binary.operator()) && strict(binary.left()) && strict(binary.right());
    }
    if (expression instanceof Unary unary) {
      return unary.operator() == UnaryOperator.MINUS && strict(unary.operand());
    }
    if (expression instanceof Cast cast) {
      return !cast.tryCast() && strict(cast.value());
    }
    return expression instanceof FunctionCall call && AGGREGATES_NULL_WHEN_EMPTY.contains(call.name())
        && call.window().isEmpty() && call.filter().isEmpty() && call.arguments().size() == 1
        && !hasSubquery(call.arguments().get(0));
  }

  private static boolean hasSubquery(Node node) {
    boolean[] found = {false};
    new TreeScanner<Void>() {
      @Override
      protected Void visitSubqueryExpression(Expression subquery, Void context) {
        found[0] = true;
        return null;
      }
    }.visit(node, null);
    return found[0];
  }
}
