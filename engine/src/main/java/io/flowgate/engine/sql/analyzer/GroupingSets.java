package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.QueryTranslator.From;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeEquality;
import io.flowgate.engine.sql.tree.TreeRewriter;
import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * GROUPING SETS, ROLLUP and CUBE, which H2 lacks, as one plain GROUP BY. Each input row is repeated once per set,
 * numbered by a set id; each key is NULL in the rows of the sets it is not part of; the block then groups by the set
 * id and those keys. A derived table computes the repeated rows, so that the keys are columns H2 can group by. In
 * the select list, HAVING and QUALIFY, a key read outside an aggregate becomes its column, and {@code grouping(k)} and
 * {@code grouping_id(...)} become constants of the set id.
 */
final class GroupingSets {
  /** Names no reference can write: the set id and keys are reachable only through the rewritten expressions. */
  private static final String SET_ID = "\u0000grouping set";
  private static final String KEY = "\u0000grouping key ";

  /** The plain block, what it reads, and how an ORDER BY key of the block reads in it. */
  record Grouped(Select select, From from, UnaryOperator<Expression> orderKey) {}

  private final Select select;
  private final List<Expression> keys;
  private final Scope scope;
  private final TreeEquality same;

  private GroupingSets(Select select, List<Expression> keys, Scope scope) {
    this.select = select;
    this.keys = keys;
    this.scope = scope;
    this.same = TreeEquality.resolving(reference -> QueryTranslator.columnOf(reference, scope));
  }

  /**
   * The block as a plain GROUP BY over a derived table of {@code from}. {@code keys} are the block's grouping keys
   * with positions and select aliases replaced by what they name; {@code name} gives an item's output name.
   */
  static Grouped plain(Select select, List<Expression> keys, From from, ExpressionTranslator expressions,
      String alias, Function<Expression, String> name) {
    return new GroupingSets(select, keys, from.scope()).plain(from, expressions, alias, name);
  }

  private Grouped plain(From from, ExpressionTranslator expressions, String alias, Function<Expression, String> name) {
    List<List<Integer>> sets = select.groupingSets();
    List<Analyzed> columns = new ArrayList<>();
    List<Scope.Column> visible = new ArrayList<>();
    for (Scope.Column column : scope.columns()) {
      visible.add(new Scope.Column(alias, column.qualifier(), column.name(), TranslatedQuery.positional(
          columns.size()), column.type(), column.hidden(), Optional.empty(), column.nullable()));
      columns.add(column.value());
    }
    String setsAlias = alias + "_sets";
    Analyzed setId = new Analyzed.ColumnValue(setsAlias, TranslatedQuery.positional(0));
    visible.add(new Scope.Column(alias, List.of(), SET_ID, TranslatedQuery.positional(columns.size()),
        Optional.of(SqlType.INT), true));
    columns.add(setId);
    for (int k = 0; k < keys.size(); k++) {
      Typed key = expressions.translate(keys.get(k), scope);
      List<Analyzed> containing = new ArrayList<>();
      for (int s = 0; s < sets.size(); s++) {
        if (sets.get(s).contains(k)) {
          containing.add(new Analyzed.Number(BigDecimal.valueOf(s)));
        }
      }
      Analyzed value = containing.size() == sets.size() ? key.value()
          : containing.isEmpty() ? new Analyzed.Cast(new Analyzed.NullValue(), ResultTypes.orString(key.type()))
          : new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(new Analyzed.In(setId, containing, false),
              key.value())), Optional.empty());
      visible.add(new Scope.Column(alias, List.of(), KEY + k, TranslatedQuery.positional(columns.size()), key.type(),
          true));
      columns.add(value);
    }
    List<List<Analyzed>> ids = new ArrayList<>();
    for (int s = 0; s < sets.size(); s++) {
      ids.add(List.of(new Analyzed.Number(BigDecimal.valueOf(s))));
    }
    AnalyzedRelation base = from.relation() instanceof AnalyzedRelation.None
        ? new AnalyzedRelation.OneRow(alias + "_one") : from.relation();
    AnalyzedRelation repeated = new AnalyzedRelation.Join(JoinType.CROSS, base, new AnalyzedRelation.Aliased(
        new AnalyzedRelation.Derived(new AnalyzedQuery.InlineRows(ids, 1, alias + "_ids")), setsAlias),
        Optional.empty());
    AnalyzedRelation derived = new AnalyzedRelation.Aliased(new AnalyzedRelation.Derived(new AnalyzedSelect(false,
        columns, repeated, from.filters(), List.of(), Optional.empty(), Optional.empty())), alias);

    Span span = select.span();
    List<Expression> groupBy = new ArrayList<>();
    groupBy.add(reference(SET_ID, span));
    for (int k = 0; k < keys.size(); k++) {
      groupBy.add(reference(KEY + k, span));
    }
    List<SelectItem> items = new ArrayList<>();
    for (SelectItem item : select.items()) {
      SingleColumn single = (SingleColumn) item;
      items.add(new SingleColumn(single.span(), rewrite(single.expression()),
          Optional.of(single.alias().orElseGet(() -> name.apply(single.expression())))));
    }
    Select plain = new Select(span, select.distinct(), items, select.from(), Optional.empty(), groupBy, List.of(),
        select.having().map(this::rewrite), select.qualify().map(this::rewrite));
    return new Grouped(plain, From.of(derived, new Scope(visible, scope.outer())), this::rewrite);
  }

  /** Keys read as their columns of the derived table, grouping functions as constants of the set id. */
  private Expression rewrite(Expression expression) {
    return TreeRewriter.rewrite(expression, this::replacement);
  }

  private Optional<? extends Node> replacement(Node node) {
    if (node instanceof Query) {
      return Optional.of(node);
    }
    if (node instanceof FunctionCall call) {
      if (call.name().equals("grouping") || call.name().equals("grouping_id")) {
        return Optional.of(groupingFunction(call));
      }
      if (call.window().isEmpty() && Calls.aggregates(FunctionRegistry.TRAITS).test(call)) {
        return Optional.of(call);
      }
    }
    if (node instanceof Expression expression && position(expression) >= 0) {
      return Optional.of(reference(KEY + position(expression), expression.span()));
    }
    return Optional.empty();
  }

  /**
   * {@code grouping(k)}: 1 in the rows of sets without k (where k reads as NULL for being aggregated), else 0;
   * {@code grouping_id(k1, ..., kn)}: those bits with k1's the highest, of all keys when no argument is given.
   */
  private Expression groupingFunction(FunctionCall call) {
    boolean id = call.name().equals("grouping_id");
    List<Integer> positions = new ArrayList<>();
    if (!id && call.arguments().size() != 1) {
      throw Errors.wrongArguments(call.name(), "1", call.arguments().size(), call.span());
    }
    for (Expression argument : call.arguments()) {
      int position = position(argument);
      if (position < 0) {
        throw id ? idMismatch(call) : EngineException.of(ErrorClass.GROUPING_COLUMN_MISMATCH)
            .parameter("grouping", ExpressionNames.name(argument)).parameter("groupingColumns", keyNames())
            .at(argument.span()).build();
      }
      positions.add(position);
    }
    if (id && !positions.isEmpty() && !positions.equals(IntStream.range(0, keys.size()).boxed()
        .toList())) {
      throw idMismatch(call);
    }
    if (positions.isEmpty()) {
      positions = IntStream.range(0, keys.size()).boxed().toList();
    }
    Span span = call.span();
    List<WhenClause> whens = new ArrayList<>();
    for (int s = 0; s < select.groupingSets().size(); s++) {
      long bits = 0;
      for (int position : positions) {
        bits = bits << 1 | (select.groupingSets().get(s).contains(position) ? 0 : 1);
      }
      whens.add(new WhenClause(span, integer(s, span), integer(bits, span)));
    }
    Expression value = new Case(span, Optional.of(reference(SET_ID, span)), whens, Optional.empty());
    return new Cast(span, value, id ? SqlType.BIGINT : SqlType.TINYINT, false);
  }

  /** The key {@code expression} is, or -1. */
  private int position(Expression expression) {
    for (int k = 0; k < keys.size(); k++) {
      if (same.test(keys.get(k), expression)) {
        return k;
      }
    }
    return -1;
  }

  private EngineException idMismatch(FunctionCall call) {
    return EngineException.of(ErrorClass.GROUPING_ID_COLUMN_MISMATCH)
        .parameter("groupingIdColumn", call.arguments().stream().map(ExpressionNames::name).toList().toString())
        .parameter("groupByColumns", keyNames()).at(call.span()).build();
  }

  private String keyNames() {
    return keys.stream().map(ExpressionNames::name).toList().toString();
  }

  private static Literal integer(long value, Span span) {
    return new Literal(span, LiteralKind.INTEGER, Long.toString(value));
  }

  private static ColumnRef reference(String name, Span span) {
    return new ColumnRef(span, List.of(name));
  }
}
