package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.UnaryOperator;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.Relation.Pivot;
import io.flowgate.engine.sql.tree.Relation.PivotValue;
import io.flowgate.engine.sql.tree.Relation.Unpivot;
import io.flowgate.engine.sql.tree.Relation.UnpivotGroup;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeRewriter;
import io.flowgate.engine.sql.tree.TreeScanner;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * PIVOT and UNPIVOT, which H2 does not have, as the select blocks they stand for over their source's columns.
 *
 * <p>A PIVOT groups by the source's columns that neither its aggregates nor its FOR columns read, and computes each
 * aggregate once per IN value with {@code FILTER (WHERE column <=> value)}: the vendor's definition. An UNPIVOT is
 * the source joined to {@code stack(n, name1, columns1, ...)}, one row per group of columns, with the rows whose
 * values are all NULL left out unless INCLUDE NULLS.
 */
final class Pivots {
  private Pivots() {}

  /** The block of {@code pivot} over the source's {@code scope}. */
  static Select pivot(Pivot pivot, Scope scope, ExpressionTranslator expressions) {
    List<Scope.Column> pivotColumns = pivot.columns().stream().map(column -> scope.resolve(column).column()).toList();
    Set<Scope.Column> read = new HashSet<>(pivotColumns);
    for (SingleColumn aggregate : pivot.aggregates()) {
      if (Calls.of(aggregate.expression(), Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty()) {
        String name = ExpressionNames.name(aggregate.expression());
        throw EngineException.of(ErrorClass.MISSING_AGGREGATION).parameter("expression", "\"" + name + "\"")
            .parameter("expressionAnyValue", "\"any_value(" + name + ")\"").at(aggregate.span()).build();
      }
      for (ColumnRef reference : TreeScanner.columnReferencesOutsideQueries(aggregate.expression())) {
        QueryTranslator.columnOf(reference, scope).ifPresent(column -> read.add((Scope.Column) column));
      }
    }
    List<SelectItem> items = new ArrayList<>();
    List<Expression> keys = new ArrayList<>();
    for (Scope.Column column : scope.expand(List.of(), pivot.span())) {
      if (!read.contains(column)) {
        ColumnRef reference = reference(column, pivot.span());
        items.add(new SingleColumn(pivot.span(), reference, Optional.of(column.name())));
        keys.add(reference);
      }
    }
    for (PivotValue value : pivot.values()) {
      Expression condition = condition(value, pivotColumns, expressions);
      String valueName = value.alias().orElseGet(() -> valueName(value.values()));
      for (SingleColumn aggregate : pivot.aggregates()) {
        String name = pivot.aggregates().size() == 1 ? valueName : valueName + "_"
            + aggregate.alias().orElseGet(() -> ExpressionNames.name(aggregate.expression()));
        items.add(new SingleColumn(aggregate.span(), filtered(aggregate.expression(), condition), Optional.of(name)));
      }
    }
    return new Select(pivot.span(), false, items, Optional.of(pivot.source()), Optional.empty(), keys, List.of(),
        Optional.empty(), Optional.empty());
  }

  /** {@code c1 <=> CAST(v1 AS type of c1) AND ...}: the rows of one IN value. */
  private static Expression condition(PivotValue value, List<Scope.Column> columns, ExpressionTranslator expressions) {
    if (value.values().size() != columns.size()) {
      throw valueMismatch(value.values().size() == 1 ? ExpressionNames.name(value.values().get(0))
          : valueName(value.values()), "a value of " + value.values().size() + " fields",
          columns.size() + " columns", value.span());
    }
    Expression condition = null;
    for (int i = 0; i < columns.size(); i++) {
      Expression given = value.values().get(i);
      FoldableArguments.requirePivotValue(given, FunctionRegistry.TRAITS);
      Scope.Column column = columns.get(i);
      Optional<SqlType> type = expressions.translate(given, Scope.empty(Optional.empty())).type();
      if (type.isPresent() && column.type().isPresent() && !comparable(type.get(), column.type().get())) {
        throw valueMismatch(ExpressionNames.name(given), type.get().sql(), column.type().get().sql(), given.span());
      }
      Expression cast = column.type().<Expression>map(target -> new Cast(given.span(), given, target, false))
          .orElse(given);
      Expression test = new Binary(given.span(), BinaryOperator.NULL_SAFE_EQUAL, reference(column, given.span()), cast);
      condition = condition == null ? test : new Binary(given.span(), BinaryOperator.AND, condition, test);
    }
    return condition;
  }

  /** Whether a value of {@code value}'s type can stand for one of {@code column}'s: they meet, or one is text. */
  private static boolean comparable(SqlType value, SqlType column) {
    return value.isCharacter() || column.isCharacter() || TypeRules.common(value, column).isPresent();
  }

  private static EngineException valueMismatch(String value, String valueType, String pivotType, Span span) {
    return EngineException.of(ErrorClass.PIVOT_VALUE_DATA_TYPE_MISMATCH).parameter("value", value)
        .parameter("valueType", valueType).parameter("pivotType", pivotType).at(span).build();
  }

  /** The name an IN value without alias gives its columns: the literal as written, a tuple as {@code {a, b}}. */
  private static String valueName(List<Expression> values) {
    List<String> names = values.stream().map(Pivots::literalText).toList();
    return names.size() == 1 ? names.get(0) : "{" + String.join(", ", names) + "}";
  }

  private static String literalText(Expression value) {
    if (value instanceof Literal literal) {
      return literal.kind() == LiteralKind.NULL ? "null"
          : literal.kind() == LiteralKind.BOOLEAN ? literal.text().toLowerCase(java.util.Locale.ROOT) : literal.text();
    }
    if (value instanceof Unary unary && unary.operator() == UnaryOperator.MINUS) {
      return "-" + literalText(unary.operand());
    }
    return ExpressionNames.name(value);
  }

  /** {@code expression} with {@code condition} added to the FILTER of each aggregate in it. */
  private static Expression filtered(Expression expression, Expression condition) {
    return TreeRewriter.rewrite(expression, node -> {
      if (node instanceof Query) {
        return Optional.of(node);
      }
      if (node instanceof FunctionCall call && call.window().isEmpty()
          && Calls.aggregates(FunctionRegistry.TRAITS).test(call)) {
        Expression filter = call.filter().<Expression>map(own -> new Binary(own.span(), BinaryOperator.AND, own,
            condition)).orElse(condition);
        return Optional.of(new FunctionCall(call.span(), call.name(), call.distinct(), call.arguments(), call.star(),
            Optional.of(filter), call.window()));
      }
      return Optional.empty();
    });
  }

  /**
   * The block of {@code unpivot} over its source's {@code scope} joined to the rows of {@link #stackArguments}'s
   * stack under the qualifier {@code stack}: the source's other columns, then the name and value columns.
   */
  static Select unpivot(Unpivot unpivot, Scope scope, String stack) {
    Set<Scope.Column> unpivoted = new HashSet<>();
    for (UnpivotGroup group : unpivot.groups()) {
      group.columns().forEach(column -> unpivoted.add(scope.resolve(column).column()));
    }
    List<SelectItem> items = new ArrayList<>();
    for (Scope.Column column : scope.expand(List.of(), unpivot.span())) {
      if (!unpivoted.contains(column)) {
        items.add(new SingleColumn(unpivot.span(), reference(column, unpivot.span()), Optional.of(column.name())));
      }
    }
    List<String> outputs = new ArrayList<>(List.of(unpivot.nameColumn()));
    outputs.addAll(unpivot.valueColumns());
    for (String output : outputs) {
      items.add(new SingleColumn(unpivot.span(), new ColumnRef(unpivot.span(), List.of(stack, output)),
          Optional.of(output)));
    }
    Optional<Expression> where = Optional.empty();
    if (!unpivot.includeNulls()) {
      Expression any = null;
      for (String value : unpivot.valueColumns()) {
        Expression present = new IsNull(unpivot.span(), new ColumnRef(unpivot.span(), List.of(stack, value)), true);
        any = any == null ? present : new Binary(unpivot.span(), BinaryOperator.OR, any, present);
      }
      where = Optional.of(any);
    }
    return Select.of(unpivot.span(), items, Optional.of(unpivot.source()), where);
  }

  /**
   * The arguments of the {@code stack} that makes an UNPIVOT's rows: their count, then per group its name and its
   * columns. Each group has as many columns as there are value columns, and the columns at one position a common type.
   */
  static List<Expression> stackArguments(Unpivot unpivot, Scope scope) {
    int width = unpivot.valueColumns().size();
    List<List<SqlType>> types = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      types.add(new ArrayList<>());
    }
    List<Expression> arguments = new ArrayList<>();
    arguments.add(new Literal(unpivot.span(), LiteralKind.INTEGER, Integer.toString(unpivot.groups().size())));
    for (UnpivotGroup group : unpivot.groups()) {
      if (group.columns().size() != width) {
        throw EngineException.of(ErrorClass.UNPIVOT_VALUE_SIZE_MISMATCH).parameter("names", unpivot.valueColumns()
            .stream().map(name -> "`" + name + "`").collect(Collectors.joining(", "))).at(group.span()).build();
      }
      String name = group.alias().orElseGet(() -> group.columns().stream().map(ColumnRef::name)
          .collect(Collectors.joining("_")));
      arguments.add(new Literal(group.span(), LiteralKind.STRING, name));
      for (int i = 0; i < width; i++) {
        Scope.Column column = scope.resolve(group.columns().get(i)).column();
        column.type().ifPresent(types.get(i)::add);
        arguments.add(reference(column, group.columns().get(i).span()));
      }
    }
    for (List<SqlType> position : types) {
      if (TypeRules.common(position).isEmpty()) {
        throw EngineException.of(ErrorClass.UNPIVOT_VALUE_DATA_TYPE_MISMATCH).parameter("types", position.stream()
            .map(type -> "\"" + type.sql() + "\"").distinct().collect(Collectors.joining(", ")))
            .at(unpivot.span()).build();
      }
    }
    return arguments;
  }

  private static ColumnRef reference(Scope.Column column, Span span) {
    return new ColumnRef(span, Scope.append(column.qualifier(), column.name()));
  }

}
