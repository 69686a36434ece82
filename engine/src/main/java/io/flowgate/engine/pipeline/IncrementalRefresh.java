package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.OutputMode;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.WriteMode;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression;
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
 *       sum, min, max and avg, each merged into its group's row ({@code count + count}, a sum of sums, the lesser min
 *       and greater max, an average from its group's sum and count, which the view keeps in hidden columns: see
 *       {@link Average}) or inserted as a new group, matched by the keys with {@code <=>} so NULL keys group too.
 * </ul>
 * Anything else (outer joins, DISTINCT, HAVING, an avg of decimals, windows, ORDER BY, LIMIT, subqueries, CTEs,
 * {@code *}) is recomputed.
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
      Optional<Aggregate> aggregate = Aggregate.of(item.expression(), view.columns().get(i));
      if (aggregate.isPresent()) {
        aggregates.add(aggregate.get());
      } else if (!rowLevel(item.expression())) {
        return Map.of();
      }
    }
    List<Average> averages = Average.of(select, view);
    averages.forEach(average -> items.addAll(average.items(span)));
    List<String> columns = new ArrayList<>(view.columns().stream().map(ColumnInfo::name).toList());
    averages.forEach(average -> columns.addAll(List.of(average.sumColumn(), average.countColumn())));
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
          : groupAggregate(span, select, items, columns, view, delta);
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

  /** {@code columns}: the view's columns, then the hidden ones of its averages, one for each of {@code items}. */
  private static Optional<IncrementalRefresh> groupAggregate(Span span, QueryBody.Select select,
      List<QueryBody.SingleColumn> items, List<String> columns, TableInfo view, Query delta) {
    List<Expression> keys = new ArrayList<>();
    List<String> keyColumns = new ArrayList<>();
    List<Dml.Assignment> merged = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      Expression expression = items.get(i).expression();
      String column = columns.get(i);
      Optional<Aggregate> aggregate = Aggregate.of(expression, i < view.columns().size() ? view.columns().get(i)
          : HIDDEN);
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
    return Optional.of(new GroupAggregate(new Dml.Merge(span, false, view.name().parts(), Optional.of(OLD),
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

  /** An aggregate that merges: count, sum, min, max or avg of one argument (or count(*)), plain. */
  record Aggregate(String name) {
    private static final Set<String> MERGEABLE = Set.of("count", "sum", "min", "max", "avg");

    /** The aggregate {@code expression} is, computing {@code column} of the view. */
    static Optional<Aggregate> of(Expression expression, ColumnInfo column) {
      return expression instanceof Expression.FunctionCall call && MERGEABLE.contains(call.name()) && !call.distinct()
          && call.filter().isEmpty() && call.window().isEmpty()
          && (call.star() ? call.name().equals("count") : call.arguments().size() == 1)
          && call.arguments().stream().allMatch(IncrementalRefresh::rowLevel)
          && (!call.name().equals("avg") || Average.merges(column))
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
        case "avg" -> Average.merged(span, column);
        default -> new Expression.Case(span, Optional.empty(), List.of(new Expression.WhenClause(span,
            new Expression.Binary(span, BinaryOperator.OR, new Expression.IsNull(span, old, false),
                new Expression.Binary(span, name.equals("min") ? BinaryOperator.LESS : BinaryOperator.GREATER,
                    fresh, old)), fresh)), Optional.of(old));
      };
    }
  }

  /** What a hidden column of an average is as a column of the view (it is written, never read by users). */
  ColumnInfo HIDDEN = new ColumnInfo("", "BIGINT", true, Optional.empty(), Optional.empty(), Optional.empty(),
      Optional.empty());

  /**
   * An average a refresh merges: the view keeps its group's sum and count of non-NULL values in two hidden columns
   * beside it ({@code __fg_avg_sum_<column>}, {@code __fg_avg_count_<column>}; users cannot name columns so, and
   * every read of the view names its catalog columns, so no read sees them), written by every recompute and merged
   * by every incremental refresh; the average is the merged sum over the merged count. Only averages that are DOUBLE
   * (of integers, floating point numbers or text) merge: a decimal's average rounds at a scale that the quotient
   * of merged sums would not reproduce digit for digit, so a view with one is recomputed.
   */
  record Average(String column, Expression argument) {
    static boolean merges(ColumnInfo column) {
      return column.type().equalsIgnoreCase("DOUBLE");
    }

    /** The averages of a select whose items compute the view's columns, in the order of the items. */
    static List<Average> of(QueryBody.Select select, TableInfo view) {
      List<Average> averages = new ArrayList<>();
      for (int i = 0; i < select.items().size() && i < view.columns().size(); i++) {
        if (select.items().get(i) instanceof QueryBody.SingleColumn item
            && item.expression() instanceof Expression.FunctionCall call && call.name().equals("avg")
            && Aggregate.of(call, view.columns().get(i)).isPresent()) {
          averages.add(new Average(view.columns().get(i).name(), call.arguments().get(0)));
        }
      }
      return List.copyOf(averages);
    }

    /** The averages of a query the view may follow (see {@link #of(Query, TableInfo, Function)}). */
    static List<Average> of(Query query, TableInfo view) {
      return query.body() instanceof QueryBody.Select select ? of(select, view) : List.of();
    }

    String sumColumn() {
      return sumColumn(column);
    }

    String countColumn() {
      return countColumn(column);
    }

    private static String sumColumn(String column) {
      return "__fg_avg_sum_" + column;
    }

    private static String countColumn(String column) {
      return "__fg_avg_count_" + column;
    }

    /** The select items that compute the hidden columns: {@code sum(x)} and {@code count(x)}. */
    List<QueryBody.SingleColumn> items(Span span) {
      return List.of(new QueryBody.SingleColumn(span, call(span, "sum", argument), Optional.of(sumColumn())),
          new QueryBody.SingleColumn(span, call(span, "count", argument), Optional.of(countColumn())));
    }

    /** The hidden columns as columns of the view, for the statements that write them. */
    List<ColumnInfo> columns() {
      return List.of(hidden(sumColumn(), "DOUBLE"), hidden(countColumn(), "BIGINT"));
    }

    /** The view with its averages' hidden columns, as the statements that write it see it. */
    static TableInfo withHiddenColumns(TableInfo view, List<Average> averages) {
      List<ColumnInfo> columns = new ArrayList<>(view.columns());
      averages.forEach(average -> columns.addAll(average.columns()));
      return view.withColumns(columns, view.policies());
    }

    /** The view's query with the items that compute its averages' hidden columns after its own. */
    static Query withHiddenItems(Query query, List<Average> averages) {
      QueryBody.Select select = (QueryBody.Select) query.body();
      List<QueryBody.SelectItem> items = new ArrayList<>(select.items());
      averages.forEach(average -> items.addAll(average.items(query.span())));
      return new Query(query.span(), query.with(), new QueryBody.Select(select.span(), select.distinct(),
          List.copyOf(items), select.from(), select.where(), select.groupBy(), select.groupingSets(),
          select.having(), select.qualify()), query.orderBy(), query.limit(), query.offset());
    }

    private static ColumnInfo hidden(String name, String type) {
      return new ColumnInfo(name, type, true, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The group's average after the merge: its merged sum over its merged count, NULL while it has no value. */
    static Expression merged(Span span, String column) {
      Expression count = new Expression.Binary(span, BinaryOperator.ADD, ref(span, OLD, countColumn(column)),
          ref(span, NEW, countColumn(column)));
      Expression oldSum = ref(span, OLD, sumColumn(column));
      Expression newSum = ref(span, NEW, sumColumn(column));
      Expression sum = call(span, "coalesce", new Expression.Binary(span, BinaryOperator.ADD, oldSum, newSum), oldSum,
          newSum);
      return new Expression.Case(span, Optional.empty(), List.of(new Expression.WhenClause(span,
          new Expression.Binary(span, BinaryOperator.EQUAL, count, new Expression.Literal(span,
              Expression.LiteralKind.INTEGER, "0")), new Expression.Literal(span, Expression.LiteralKind.NULL,
              "NULL"))), Optional.of(new Expression.Binary(span, BinaryOperator.DIVIDE, sum, count)));
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
        io.flowgate.engine.sql.analyzer.FunctionRegistry.TRAITS);
  }
}
