package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.analyzer.GroupingSets.Grouped;
import io.flowgate.engine.sql.analyzer.QueryTranslator.From;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeEquality;
import io.flowgate.engine.sql.tree.TreeRewriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A grouped block whose array functions read its aggregates ({@code array_join(collect_list(x), ',')}), as two:
 * H2 cannot read an aggregate of a block inside the subquery over elements that an array function is. The inner
 * block groups and computes each aggregate as a column of a derived table; the outer one computes the select list,
 * HAVING (as its WHERE) and QUALIFY from those columns, where the keys and aggregates read as the columns.
 */
final class SplitAggregation {
  private static final String KEY = "\u0000split key ";
  private static final String AGGREGATE = "\u0000split aggregate ";

  private final List<Expression> keys;
  private final List<FunctionCall> aggregates = new ArrayList<>();
  private final TreeEquality same;

  private SplitAggregation(List<Expression> keys, Scope scope) {
    this.keys = keys;
    this.same = TreeEquality.resolving(reference -> QueryTranslator.columnOf(reference, scope));
  }

  /** Whether an array function of the block's select list, HAVING or QUALIFY reads one of its aggregates. */
  static boolean needed(Select select) {
    List<Expression> expressions = new ArrayList<>();
    select.items().forEach(item -> {
      if (item instanceof SingleColumn single) {
        expressions.add(single.expression());
      }
    });
    select.having().ifPresent(expressions::add);
    select.qualify().ifPresent(expressions::add);
    return expressions.stream().flatMap(expression -> Calls.of(expression,
            call -> ArrayFunctions.NAMES.contains(call.name())).stream())
        .anyMatch(call -> call.arguments().stream().anyMatch(argument ->
            !Calls.of(argument, Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty()));
  }

  /**
   * The outer block and the inner one as its FROM. {@code keys} are the block's grouping keys with positions and
   * select aliases replaced by what they name; {@code name} gives an item's output name.
   */
  static Grouped split(Select select, List<Expression> keys, From from, ExpressionTranslator expressions,
      String alias, Function<Expression, String> name) {
    return new SplitAggregation(keys, from.scope()).split(select, from, expressions, alias, name);
  }

  private Grouped split(Select select, From from, ExpressionTranslator expressions, String alias,
      Function<Expression, String> name) {
    Scope scope = from.scope();
    List<Expression> read = new ArrayList<>();
    select.items().forEach(item -> read.add(((SingleColumn) item).expression()));
    select.having().ifPresent(read::add);
    select.qualify().ifPresent(read::add);
    for (Expression expression : read) {
      for (FunctionCall call : Calls.of(expression, Calls.aggregates(FunctionRegistry.TRAITS))) {
        if (aggregates.stream().noneMatch(known -> same.test(known, call))) {
          aggregates.add(call);
        }
      }
    }
    List<Analyzed> columns = new ArrayList<>();
    List<Analyzed> groupBy = new ArrayList<>();
    List<Scope.Column> visible = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      Typed key = expressions.translate(keys.get(k), scope);
      visible.add(new Scope.Column(alias, List.of(), KEY + k, TranslatedQuery.positional(columns.size()), key.type(),
          true).withNullable(key.nullable()));
      columns.add(key.value());
      groupBy.add(key.value());
    }
    for (int a = 0; a < aggregates.size(); a++) {
      Typed aggregate = expressions.translate(aggregates.get(a), scope);
      visible.add(new Scope.Column(alias, List.of(), AGGREGATE + a, TranslatedQuery.positional(columns.size()),
          aggregate.type(), true).withNullable(aggregate.nullable()));
      columns.add(aggregate.value());
    }
    List<Analyzed> filters = new ArrayList<>(from.filters());
    select.where().ifPresent(where -> filters.add(expressions.filter(where, scope).value()));
    AnalyzedSelect inner = new AnalyzedSelect(false, columns, from.relation(), filters, groupBy, Optional.empty(),
        Optional.empty());
    List<SelectItem> items = new ArrayList<>();
    for (SelectItem item : select.items()) {
      SingleColumn single = (SingleColumn) item;
      items.add(new SingleColumn(single.span(), rewrite(single.expression()),
          Optional.of(single.alias().orElseGet(() -> name.apply(single.expression())))));
    }
    Select outer = new Select(select.span(), select.distinct(), items, select.from(),
        select.having().map(this::rewrite), List.of(), List.of(), Optional.empty(), select.qualify().map(this::rewrite));
    From derived = From.of(new AnalyzedRelation.Aliased(new AnalyzedRelation.Derived(inner), alias),
        new Scope(visible, scope.outer()));
    return new Grouped(outer, derived, this::rewrite);
  }

  /** Aggregates and keys read as their columns of the inner block. */
  private Expression rewrite(Expression expression) {
    return TreeRewriter.rewrite(expression, this::replacement);
  }

  private Optional<? extends Node> replacement(Node node) {
    if (node instanceof Query) {
      return Optional.of(node);
    }
    if (node instanceof FunctionCall call && Calls.aggregates(FunctionRegistry.TRAITS).test(call)) {
      for (int a = 0; a < aggregates.size(); a++) {
        if (same.test(aggregates.get(a), call)) {
          return Optional.of(reference(AGGREGATE + a, call.span()));
        }
      }
    }
    if (node instanceof Expression expression) {
      for (int k = 0; k < keys.size(); k++) {
        if (same.test(keys.get(k), expression)) {
          return Optional.of(reference(KEY + k, expression.span()));
        }
      }
    }
    return Optional.empty();
  }

  private static ColumnRef reference(String name, Span span) {
    return new ColumnRef(span, List.of(name));
  }
}
