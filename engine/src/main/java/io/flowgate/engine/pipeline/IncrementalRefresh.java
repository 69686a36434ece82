package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.OutputMode;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.WriteMode;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeEquality;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * How a materialized view can follow rows appended to a source without recomputing, decided from its query alone,
 * written as dialect statements over {@code STREAM(source)} (the rows of the commits since the last refresh) that the
 * planner then translates like any other. The query reads one table, or an inner join of tables: there is a
 * technique for each table the join names once, the query with that table's new rows in its place, which a refresh
 * takes when that table alone changed (the join's new rows are then exactly those of the new rows):
 * <ul>
 *   <li>APPEND_ONLY: a projection and filter ({@code SELECT e, ... FROM t [JOIN u ON c] [WHERE p]}): the new rows'
 *       results are inserted;
 *   <li>GROUP_AGGREGATE: {@code SELECT k, ..., agg, ... FROM t [WHERE p] GROUP BY k, ...} whose aggregates are count,
 *       sum, min and max, each merged into its group's row ({@code count + count}, a sum of sums, the lesser min and
 *       greater max) or inserted as a new group, matched by the keys with {@code <=>} so NULL keys group too.
 * </ul>
 * Anything else (outer joins, DISTINCT, HAVING, avg, windows, ORDER BY, LIMIT, subqueries, CTEs, {@code *}) is
 * recomputed.
 * A refresh may take a technique only when every commit to the source since the last refresh appended rows.
 */
sealed interface IncrementalRefresh {
  /** The vendor's name of the technique, after {@code MAINTENANCE_TYPE_}. */
  String technique();

  /** INSERT INTO view BY NAME, the query over the new rows. */
  record AppendOnly(Dml.Insert insert) implements IncrementalRefresh {
    @Override
    public String technique() {
      return "APPEND_ONLY";
    }
  }

  /**
   * MERGE INTO view USING (the grouped query over the new rows), merging each group's aggregates; {@code keys} are
   * the view's columns that hold the group keys (an index on them makes the merge O(new groups)).
   */
  record GroupAggregate(Dml.Merge merge, List<String> keys) implements IncrementalRefresh {
    @Override
    public String technique() {
      return "GROUP_AGGREGATE";
    }
  }

  /**
   * The techniques for the view's query by the id of the source whose new rows each follows ({@code tableId} finds
   * a name's table); none when it must be recomputed.
   */
  static Map<Long, IncrementalRefresh> of(Query query, TableInfo view, Function<List<String>, Optional<Long>> tableId) {
    if (!query.with().isEmpty() || !query.orderBy().isEmpty() || query.limit().isPresent()
        || query.offset().isPresent() || !(query.body() instanceof QueryBody.Select select) || select.distinct()
        || select.having().isPresent() || select.qualify().isPresent() || !select.groupingSets().isEmpty()
        || select.from().isEmpty() || tables(select.from().get()).isEmpty()
        || select.items().size() != view.columns().size()
        || select.where().isPresent() && !rowLevel(select.where().get())) {
      return Map.of();
    }
    Span span = query.span();
    List<QueryBody.SingleColumn> items = new ArrayList<>();
    List<Aggregate> aggregates = new ArrayList<>();
    for (int i = 0; i < select.items().size(); i++) {
      if (!(select.items().get(i) instanceof QueryBody.SingleColumn item)) {
        return Map.of();
      }
      String column = view.columns().get(i).name();
      items.add(new QueryBody.SingleColumn(item.span(), item.expression(), Optional.of(column)));
      Optional<Aggregate> aggregate = Aggregate.of(item.expression());
      if (aggregate.isPresent()) {
        aggregates.add(aggregate.get());
      } else if (!rowLevel(item.expression())) {
        return Map.of();
      }
    }
    Relation from = select.from().get();
    List<Relation.TableRef> tables = tables(from);
    Map<Long, Long> named = new HashMap<>();
    Map<Relation.TableRef, Long> ids = new IdentityHashMap<>();
    for (Relation.TableRef table : tables) {
      tableId.apply(table.name()).ifPresent(id -> {
        ids.put(table, id);
        named.merge(id, 1L, Long::sum);
      });
    }
    Map<Long, IncrementalRefresh> techniques = new HashMap<>();
    for (Relation.TableRef table : tables) {
      Long id = ids.get(table);
      // a table named twice (a self-join) has two places for its new rows
      if (id == null || named.get(id) > 1) {
        continue;
      }
      Relation stream = new Relation.Stream(table.span(), table.name(), table.alias(), Map.of());
      Query delta = new Query(span, List.of(), new QueryBody.Select(select.span(), false, List.copyOf(items),
          Optional.of(replaced(from, table, stream)), select.where(), select.groupBy(), List.of(), Optional.empty(),
          Optional.empty()), List.of(), Optional.empty(), Optional.empty());
      Optional<IncrementalRefresh> technique = select.groupBy().isEmpty() && aggregates.isEmpty()
          ? Optional.of(new AppendOnly(new Dml.Insert(span, view.name().parts(), false, List.of(), true, delta)))
          : groupAggregate(span, select, items, view, delta);
      technique.ifPresent(found -> techniques.put(id, found));
    }
    return Map.copyOf(techniques);
  }

  /** The tables of a relation that is a table or an inner (or cross) join of them; empty for anything else. */
  private static List<Relation.TableRef> tables(Relation relation) {
    if (relation instanceof Relation.TableRef table) {
      return List.of(table);
    }
    if (relation instanceof Relation.Join join && !join.natural() && (join.type() == Relation.JoinType.INNER
        || join.type() == Relation.JoinType.CROSS) && join.on().map(IncrementalRefresh::rowLevel).orElse(true)) {
      List<Relation.TableRef> left = tables(join.left());
      List<Relation.TableRef> right = tables(join.right());
      if (!left.isEmpty() && !right.isEmpty()) {
        List<Relation.TableRef> both = new ArrayList<>(left);
        both.addAll(right);
        return both;
      }
    }
    return List.of();
  }

  /** {@code relation} with {@code table} (that very node) replaced by {@code stream}. */
  private static Relation replaced(Relation relation, Relation.TableRef table, Relation stream) {
    if (relation == table) {
      return stream;
    }
    if (relation instanceof Relation.Join join) {
      return new Relation.Join(join.span(), join.type(), replaced(join.left(), table, stream),
          replaced(join.right(), table, stream), join.on(), join.using(), join.natural());
    }
    return relation;
  }

  private static Optional<IncrementalRefresh> groupAggregate(Span span, QueryBody.Select select,
      List<QueryBody.SingleColumn> items, TableInfo view, Query delta) {
    List<Expression> keys = new ArrayList<>();
    List<String> keyColumns = new ArrayList<>();
    List<Dml.Assignment> merged = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      Expression expression = items.get(i).expression();
      String column = view.columns().get(i).name();
      Optional<Aggregate> aggregate = Aggregate.of(expression);
      if (aggregate.isPresent()) {
        merged.add(new Dml.Assignment(span, column, aggregate.get().merged(span, column)));
      } else if (select.groupBy().stream().anyMatch(key -> TreeEquality.equal(key, expression))) {
        keys.add(new Expression.Binary(span, BinaryOperator.NULL_SAFE_EQUAL, ref(span, OLD, column),
            ref(span, NEW, column)));
        keyColumns.add(column);
      } else {
        // a select expression over the keys, or a column that is not a key: recomputed
        return Optional.empty();
      }
    }
    // every key must be a column of the result, or two groups could meet in one row
    if (keys.size() != select.groupBy().size()) {
      return Optional.empty();
    }
    Expression on = keys.stream().reduce((left, right) -> new Expression.Binary(span, BinaryOperator.AND, left, right))
        .orElse(new Expression.Literal(span, Expression.LiteralKind.BOOLEAN, "true"));
    List<Dml.MergeClause> clauses = List.of(
        new Dml.MergeClause(span, true, false, Optional.empty(), Dml.MergeAction.UPDATE, false, merged, List.of(),
            List.of()),
        new Dml.MergeClause(span, false, false, Optional.empty(), Dml.MergeAction.INSERT, true, List.of(), List.of(),
            List.of()));
    return Optional.of(new GroupAggregate(new Dml.Merge(span, view.name().parts(), Optional.of(OLD),
        new Relation.Derived(span, delta, Optional.of(NEW), List.of()), on, clauses), keyColumns));
  }

  /** The aliases of the view's rows and of the new rows' groups in the MERGE. */
  String OLD = "view_row";
  String NEW = "new_rows";

  /** Whether a refresh from the commits {@code since} the last one may take a technique: all of them appended. */
  static boolean appendsOnly(List<CommitInfo> since) {
    return since.stream().allMatch(commit -> !commit.operation().changesRows()
        && commit.operation() != CommitOperation.FULL_REFRESH && !WriteMode.OVERWRITE.of(commit)
        && !OutputMode.UPDATE.of(commit));
  }

  /** An aggregate that merges: count, sum, min or max of one argument (or count(*)), plain. */
  record Aggregate(String name) {
    private static final Set<String> MERGEABLE = Set.of("count", "sum", "min", "max");

    static Optional<Aggregate> of(Expression expression) {
      return expression instanceof Expression.FunctionCall call && MERGEABLE.contains(call.name()) && !call.distinct()
          && call.filter().isEmpty() && call.window().isEmpty()
          && (call.star() ? call.name().equals("count") : call.arguments().size() == 1)
          && call.arguments().stream().allMatch(IncrementalRefresh::rowLevel)
          ? Optional.of(new Aggregate(call.name())) : Optional.empty();
    }

    /** The view's value merged with the new rows' value of the same group. */
    Expression merged(Span span, String column) {
      Expression old = ref(span, OLD, column);
      Expression fresh = ref(span, NEW, column);
      return switch (name) {
        case "count" -> new Expression.Binary(span, BinaryOperator.ADD, old, fresh);
        // NULL (no non-NULL value yet) on either side leaves the other
        case "sum" -> call(span, "coalesce", new Expression.Binary(span, BinaryOperator.ADD, old, fresh), old, fresh);
        default -> new Expression.Case(span, Optional.empty(), List.of(new Expression.WhenClause(span,
            new Expression.Binary(span, BinaryOperator.OR, new Expression.IsNull(span, old, false),
                new Expression.Binary(span, name.equals("min") ? BinaryOperator.LESS : BinaryOperator.GREATER,
                    fresh, old)), fresh)), Optional.of(old));
      };
    }
  }

  private static Expression ref(Span span, String relation, String column) {
    return new Expression.ColumnRef(span, List.of(relation, column));
  }

  private static Expression call(Span span, String name, Expression... arguments) {
    return new Expression.FunctionCall(span, name, false, List.of(arguments), false, Optional.empty(),
        Optional.empty());
  }

  /**
   * Whether an expression is computed from its row alone: no aggregate, window or subquery (its functions are
   * deterministic built-ins, which {@link MaterializedViewSources} checked for the whole query).
   */
  private static boolean rowLevel(Expression expression) {
    return io.flowgate.engine.sql.analyzer.RowLevelExpressions.isRowLevel(expression,
        io.flowgate.engine.plan.FunctionRegistry.TRAITS);
  }
}
