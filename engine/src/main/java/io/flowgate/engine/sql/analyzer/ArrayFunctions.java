package io.flowgate.engine.sql.analyzer;

import static io.flowgate.engine.sql.analyzer.Analyzed.binary;
import static io.flowgate.engine.sql.analyzer.Analyzed.call;
import static io.flowgate.engine.sql.analyzer.Analyzed.isNotNull;
import static io.flowgate.engine.sql.analyzer.Analyzed.isNull;
import static io.flowgate.engine.sql.analyzer.Analyzed.system;
import static io.flowgate.engine.sql.analyzer.Analyzed.when;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.Analyzed.DateUnit;
import io.flowgate.engine.sql.analyzer.Analyzed.OperationKind;
import io.flowgate.engine.sql.analyzer.Analyzed.SystemFunction;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Lambda;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The functions over the elements of arrays and maps that H2 has not: with a lambda (transform, filter, exists,
 * forall, zip_with, map_filter, transform_keys, transform_values), the sorts, the set operations and the others of
 * {@link #NAMES}. Each is analyzed as loops over the element numbers of its array ({@link Analyzed.OverElements}),
 * in which a lambda's parameters stand for the element and its index. A NULL array gives NULL.
 */
final class ArrayFunctions {
  static final Set<String> NAMES = Set.of("transform", "filter", "exists", "forall", "zip_with", "map_filter",
      "transform_keys", "transform_values", "array_sort", "sort_array", "aggregate", "reduce", "array_distinct",
      "array_max", "array_min", "array_position", "array_remove", "array_join", "array_union", "array_intersect",
      "array_except", "array_append", "array_prepend", "array_repeat", "arrays_overlap", "flatten", "sequence",
      "slice", "array_compact", "map_contains_key", "map_entries", "map_from_arrays", "map_from_entries", "map_concat",
      "str_to_map", "try_element_at");

  /** Names refused with FEATURE_NOT_SUPPORTED: an ordered fold cannot be a subquery. */
  static final Set<String> UNSUPPORTED = Set.of("aggregate", "reduce");

  private final ExpressionTranslator expressions;
  private final Supplier<String> newAlias;

  ArrayFunctions(ExpressionTranslator expressions, Supplier<String> newAlias) {
    this.expressions = expressions;
    this.newAlias = newAlias;
  }

  /** An array of {@code element} for the numbers 1 to {@code count} of the range {@code index}, in their order. */
  static Analyzed overElements(String index, Analyzed element, Analyzed count) {
    return new Analyzed.OverElements(Analyzed.ElementsResult.ARRAY, List.of(new Analyzed.ElementRange(index, count)),
        List.of(), Optional.of(element), List.of(ascending(number(index))));
  }

  Typed translate(FunctionCall call, Scope scope) {
    String name = call.name();
    List<Expression> arguments = call.arguments();
    for (Expression argument : arguments) {
      if (!Calls.of(argument, Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty()) {
        // the subquery over the elements would read an aggregate of the block around it, which H2 refuses
        throw Errors.notSupported(name + " over an aggregate in the same SELECT; aggregate in a subquery and call "
            + name + " on its column", argument.span());
      }
    }
    return switch (name) {
      case "transform" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed body = lambda(call, 1, array, scope, 1, 2);
        yield array.nullOr(Typed.of(array.collect(body.value(), List.of()), SqlType.array(orString(body))));
      }
      case "filter" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 2));
        yield array.nullOr(Typed.of(array.collect(array.element(), List.of(test.value())), array.type()));
      }
      case "exists", "forall" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 1));
        // true if one holds, else NULL if one is NULL, else false (forall: the same with false and true swapped)
        boolean exists = name.equals("exists");
        Analyzed decided = array.any(exists ? test.value() : new Analyzed.Not(test.value()));
        Analyzed unknown = array.any(isNull(test.value()));
        yield array.nullOr(Typed.of(new Analyzed.Case(Optional.empty(), List.of(
            new Analyzed.When(decided, new Analyzed.BooleanValue(exists)),
            new Analyzed.When(unknown, new Analyzed.NullValue())), Optional.of(new Analyzed.BooleanValue(!exists))),
            SqlType.BOOLEAN));
      }
      case "zip_with" -> {
        arity(call, 3, 3);
        Elements left = array(call, 0, scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        SqlType rightType = arrayType(call, 1, right);
        Analyzed rightCount = operation(OperationKind.CARDINALITY, right.value());
        Analyzed rightElement = when(binary(BinaryOperator.LESS_OR_EQUAL, number(left.index()), rightCount),
            nth(right.value(), number(left.index())));
        Elements both = left.longest(rightCount, rightElement, rightType.children().get(0));
        Typed body = lambda(call, 2, both, scope, 2, 2);
        yield Typed.of(when(bothPresent(left.value(), right.value()), both.collect(body.value(), List.of())),
            SqlType.array(orString(body)));
      }
      case "map_filter", "transform_keys", "transform_values" -> {
        arity(call, 2, 2);
        Elements map = map(call, scope);
        Typed body = lambda(call, 1, map, scope, 2, 2);
        SqlType type = map.type();
        Analyzed result;
        if (name.equals("map_filter")) {
          List<Analyzed> test = List.of(condition(call, body).value());
          result = operation(OperationKind.ROW, map.collect(map.element(), test), map.collect(map.second(), test));
        } else if (name.equals("transform_keys")) {
          type = SqlType.map(orString(body), type.children().get(1));
          result = new Analyzed.CheckedMap(map.collect(body.value(), List.of()), operation(OperationKind.MAP_VALUES,
              map.value()), type, name);
        } else {
          type = SqlType.map(type.children().get(0), orString(body));
          result = operation(OperationKind.ROW, operation(OperationKind.MAP_KEYS, map.value()),
              map.collect(body.value(), List.of()));
        }
        yield map.nullOr(Typed.of(new Analyzed.Cast(result, type), type));
      }
      case "array_sort", "sort_array" -> {
        arity(call, 1, 2);
        Elements array = array(call, 0, scope);
        boolean ascending = true;
        if (name.equals("array_sort") && arguments.size() == 2) {
          yield array.nullOr(Typed.of(byComparator(call, array, scope), array.type()));
        }
        if (arguments.size() == 2) {
          if (!(arguments.get(1) instanceof Expression.Literal literal)
              || literal.kind() != Expression.LiteralKind.BOOLEAN) {
            throw Errors.typeMismatch(Errors.quote("sort_array"), "its second argument must be a BOOLEAN literal",
                arguments.get(1).span());
          }
          ascending = Boolean.parseBoolean(literal.text().toLowerCase(Locale.ROOT));
        }
        // array_sort puts NULLs last; sort_array first when ascending and last when not, as Spark sorts
        boolean nullsFirst = !name.equals("array_sort") && ascending;
        yield array.nullOr(Typed.of(array.ordered(List.of(), array.element(), List.of(new Analyzed.SortKey(
            array.element(), !ascending, Optional.of(nullsFirst)))), array.type()));
      }
      case "array_distinct" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        yield array.nullOr(Typed.of(array.collect(array.element(), List.of(firstOccurrence(array))), array.type()));
      }
      case "array_compact" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        yield array.nullOr(Typed.of(array.collect(array.element(), List.of(isNotNull(array.element()))),
            array.type()));
      }
      case "array_max", "array_min" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        Analyzed.SortKey order = new Analyzed.SortKey(array.element(), name.equals("array_max"), Optional.empty());
        yield new Typed(array.first(array.element(), isNotNull(array.element()), order),
            Optional.of(array.elementType()), true);
      }
      case "array_position" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed value = expressions.translate(arguments.get(1), scope);
        Analyzed position = number(array.index());
        Analyzed first = call("coalesce", array.first(position, binary(BinaryOperator.EQUAL, array.element(),
            value.value()), ascending(position)), new Analyzed.Number(BigDecimal.ZERO));
        yield new Typed(when(bothPresent(array.value(), value.value()), new Analyzed.Cast(first, SqlType.BIGINT)),
            Optional.of(SqlType.BIGINT), true);
      }
      case "array_remove" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed value = expressions.translate(arguments.get(1), scope);
        Analyzed kept = array.collect(array.element(), List.of(binary(BinaryOperator.OR, isNull(array.element()),
            binary(BinaryOperator.NOT_EQUAL, array.element(), value.value()))));
        yield new Typed(when(bothPresent(array.value(), value.value()), kept), Optional.of(array.type()), true);
      }
      case "array_join" -> {
        arity(call, 2, 3);
        Elements array = array(call, 0, scope);
        Analyzed delimiter = expressions.translate(arguments.get(1), scope).value();
        Analyzed text = new Analyzed.Cast(array.element(), SqlType.STRING);
        List<Analyzed> condition = List.of();
        if (arguments.size() == 3) {
          text = call("coalesce", text, expressions.translate(arguments.get(2), scope).value());
        } else {
          condition = List.of(isNotNull(array.element()));
        }
        yield array.nullOr(Typed.of(system(SystemFunction.JOIN_TEXT, new Analyzed.Cast(array.collect(text,
            condition), SqlType.array(SqlType.STRING)), delimiter), SqlType.STRING));
      }
      case "array_union", "array_intersect", "array_except" -> {
        arity(call, 2, 2);
        Typed left = expressions.translate(arguments.get(0), scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        SqlType type = arrayType(call, 0, left);
        arrayType(call, 1, right);
        Optional<SqlType> common = right.type().flatMap(other -> TypeRules.common(type, other));
        if (common.isEmpty()) {
          throw Errors.typeMismatch(Errors.quote(name), "its arrays must have elements of one type, not "
              + type.sql() + " and " + right.type().get().sql(), call.span());
        }
        Analyzed a = new Analyzed.Cast(left.value(), common.get());
        Analyzed b = new Analyzed.Cast(right.value(), common.get());
        Elements elements = elements(name.equals("array_union") ? operation(OperationKind.CONCAT_ARRAYS, a, b) : a,
            common.get());
        Analyzed distinct = firstOccurrence(elements);
        List<Analyzed> condition = switch (name) {
          case "array_union" -> List.of(distinct);
          case "array_intersect" -> List.of(distinct, contains(b, elements.element()));
          default -> List.of(distinct, new Analyzed.Not(contains(b, elements.element())));
        };
        yield new Typed(when(bothPresent(left.value(), right.value()), elements.collect(elements.element(),
            condition)), common, true);
      }
      case "array_append", "array_prepend" -> {
        arity(call, 2, 2);
        Typed array = expressions.translate(arguments.get(0), scope);
        SqlType type = arrayType(call, 0, array);
        Typed value = expressions.translate(arguments.get(1), scope);
        SqlType element = value.type().flatMap(t -> TypeRules.common(type.children().get(0), t))
            .orElse(type.children().get(0));
        SqlType result = SqlType.array(element);
        Analyzed single = new Analyzed.Cast(operation(OperationKind.ARRAY, value.value()), result);
        Analyzed whole = new Analyzed.Cast(array.value(), result);
        Analyzed joined = name.equals("array_append") ? operation(OperationKind.CONCAT_ARRAYS, whole, single)
            : operation(OperationKind.CONCAT_ARRAYS, single, whole);
        yield new Typed(when(isNotNull(array.value()), joined), Optional.of(result), true);
      }
      case "array_repeat" -> {
        arity(call, 2, 2);
        Typed value = expressions.translate(arguments.get(0), scope);
        Analyzed count = checkedLength(expressions.translate(arguments.get(1), scope).value(), "array_repeat");
        SqlType type = SqlType.array(orString(value));
        yield new Typed(new Analyzed.Cast(overElements(newAlias.get(), value.value(), count), type),
            Optional.of(type), true);
      }
      case "arrays_overlap" -> {
        arity(call, 2, 2);
        Elements left = array(call, 0, scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        arrayType(call, 1, right);
        // true for a common element; else NULL when both have elements and one has a NULL; else false
        Analyzed common = left.any(isNotNull(left.element()), contains(right.value(), left.element()));
        Analyzed nulls = binary(BinaryOperator.AND, bothNotEmpty(left.value(), right.value()),
            binary(BinaryOperator.OR, contains(left.value(), new Analyzed.NullValue()), contains(right.value(),
                new Analyzed.NullValue())));
        yield new Typed(new Analyzed.Case(Optional.empty(), List.of(
            new Analyzed.When(binary(BinaryOperator.OR, isNull(left.value()), isNull(right.value())),
                new Analyzed.NullValue()),
            new Analyzed.When(common, new Analyzed.BooleanValue(true)),
            new Analyzed.When(nulls, new Analyzed.NullValue())), Optional.of(new Analyzed.BooleanValue(false))),
            Optional.of(SqlType.BOOLEAN), true);
      }
      case "flatten" -> {
        arity(call, 1, 1);
        Elements outer = array(call, 0, scope);
        if (outer.elementType().kind() != TypeKind.ARRAY) {
          throw inputType(call, 0, "ARRAY of ARRAYs", expressions.translate(arguments.get(0), scope));
        }
        Analyzed inner = outer.element();
        String index = newAlias.get();
        Analyzed flat = new Analyzed.OverElements(Analyzed.ElementsResult.ARRAY, List.of(outer.range(),
            new Analyzed.ElementRange(index, operation(OperationKind.CARDINALITY, inner))), List.of(),
            Optional.of(nth(inner, number(index))), List.of(ascending(number(outer.index())),
            ascending(number(index))));
        yield new Typed(when(binary(BinaryOperator.AND, isNotNull(outer.value()), new Analyzed.Not(outer.any(
            isNull(inner)))), flat), Optional.of(outer.elementType()), true);
      }
      case "sequence" -> sequence(call, scope);
      case "slice" -> {
        arity(call, 3, 3);
        Elements array = array(call, 0, scope);
        refuseLiteral(arguments.get(1), value -> value == 0, "slice", "start", "the start must not be 0");
        refuseLiteral(arguments.get(2), value -> value < 0, "slice", "length", "the length must not be negative");
        Analyzed start = expressions.translate(arguments.get(1), scope).value();
        Analyzed length = expressions.translate(arguments.get(2), scope).value();
        Analyzed first = new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(binary(
            BinaryOperator.GREATER, start, ZERO), start)), Optional.of(binary(BinaryOperator.ADD, binary(
            BinaryOperator.ADD, array.count(), start), ONE)));
        Analyzed condition = new Analyzed.Between(number(array.index()), first, binary(BinaryOperator.SUBTRACT,
            binary(BinaryOperator.ADD, first, length), ONE), false);
        yield array.nullOr(Typed.of(array.collect(array.element(), List.of(condition)), array.type()));
      }
      case "map_contains_key" -> {
        arity(call, 2, 2);
        Elements map = map(call, scope);
        Typed key = expressions.translate(arguments.get(1), scope);
        yield map.nullOr(Typed.of(contains(operation(OperationKind.MAP_KEYS, map.value()), key.value()),
            SqlType.BOOLEAN));
      }
      case "map_entries" -> {
        arity(call, 1, 1);
        Elements map = map(call, scope);
        SqlType entry = SqlType.struct(List.of("key", "value"), map.type().children());
        Analyzed entries = map.collect(new Analyzed.Cast(operation(OperationKind.ROW, map.element(), map.second()),
            entry), List.of());
        yield map.nullOr(Typed.of(new Analyzed.Cast(entries, SqlType.array(entry)), SqlType.array(entry)));
      }
      case "map_from_arrays" -> {
        arity(call, 2, 2);
        Typed keys = expressions.translate(arguments.get(0), scope);
        Typed values = expressions.translate(arguments.get(1), scope);
        SqlType type = SqlType.map(arrayType(call, 0, keys).children().get(0),
            arrayType(call, 1, values).children().get(0));
        yield new Typed(new Analyzed.CheckedMap(keys.value(), values.value(), type, name), Optional.of(type), true);
      }
      case "map_from_entries" -> {
        arity(call, 1, 1);
        Typed entries = expressions.translate(arguments.get(0), scope);
        SqlType entryType = arrayType(call, 0, entries).children().get(0);
        if (entryType.kind() != TypeKind.STRUCT || entryType.children().size() != 2) {
          throw inputType(call, 0, "ARRAY<STRUCT<key, value>>", entries);
        }
        Elements array = elements(entries.value(), entries.type().orElseThrow());
        SqlType type = SqlType.map(entryType.children().get(0), entryType.children().get(1));
        List<Analyzed> parts = entryType.fieldNames().stream().map(field -> array.collect(new Analyzed.Field(
            array.element(), field), List.of())).toList();
        Analyzed map = new Analyzed.CheckedMap(parts.get(0), parts.get(1), type, name);
        // a NULL entry makes the whole map NULL, as the dialect's does
        yield array.nullOr(Typed.of(when(new Analyzed.Not(array.any(isNull(array.element()))), map), type));
      }
      case "map_concat" -> {
        arity(call, 1, Integer.MAX_VALUE);
        List<Analyzed> keys = new ArrayList<>();
        List<Analyzed> values = new ArrayList<>();
        SqlType type = null;
        boolean nullArgument = false;
        for (int i = 0; i < arguments.size(); i++) {
          Typed map = expressions.translate(arguments.get(i), scope);
          if (map.is(t -> t.kind() == TypeKind.VOID)) {
            nullArgument = true;
            continue;
          }
          if (!map.is(t -> t.kind() == TypeKind.MAP)) {
            throw inputType(call, i, "MAP", map);
          }
          if (type != null && !type.equals(map.type().get())) {
            throw Errors.typeMismatch("DATA_DIFF_TYPES", Errors.quote(ExpressionNames.name(call)), "Input to"
                + " `map_concat` should all be of one type, but it has " + type.sql() + " and "
                + map.type().get().sql(), arguments.get(i).span());
          }
          type = map.type().get();
          keys.add(operation(OperationKind.MAP_KEYS, map.value()));
          values.add(operation(OperationKind.MAP_VALUES, map.value()));
        }
        if (type == null) {
          throw inputType(call, 0, "MAP", expressions.translate(arguments.get(0), scope));
        }
        if (nullArgument) {
          yield Typed.of(new Analyzed.Cast(new Analyzed.NullValue(), type), type);
        }
        // a NULL map makes the concatenation NULL; a key in two maps is DUPLICATED_MAP_KEY
        yield Typed.of(new Analyzed.CheckedMap(new Analyzed.Operation(OperationKind.CONCAT_ARRAYS, keys),
            new Analyzed.Operation(OperationKind.CONCAT_ARRAYS, values), type, name), type);
      }
      case "str_to_map" -> {
        arity(call, 1, 3);
        List<Analyzed> texts = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
          Typed text = expressions.translate(arguments.get(i), scope);
          if (!text.is(t -> t.isCharacter() || t.kind() == TypeKind.VOID)) {
            throw inputType(call, i, "STRING", text);
          }
          texts.add(new Analyzed.Cast(text.value(), SqlType.STRING));
        }
        List<Analyzed> delimited = List.of(texts.get(0), texts.size() > 1 ? texts.get(1) : new Analyzed.Text(","),
            texts.size() > 2 ? texts.get(2) : new Analyzed.Text(":"));
        SqlType type = SqlType.map(SqlType.STRING, SqlType.STRING);
        Analyzed keys = new Analyzed.Cast(new Analyzed.SystemCall(SystemFunction.TEXT_MAP_KEYS, delimited),
            SqlType.array(SqlType.STRING));
        Analyzed values = new Analyzed.Cast(new Analyzed.SystemCall(SystemFunction.TEXT_MAP_VALUES, delimited),
            SqlType.array(SqlType.STRING));
        yield Typed.of(new Analyzed.CheckedMap(keys, values, type, name), type);
      }
      case "try_element_at" -> {
        arity(call, 2, 2);
        Typed value = expressions.translate(arguments.get(0), scope);
        if (value.is(t -> t.kind() == TypeKind.MAP)) {
          yield expressions.translate(new FunctionCall(call.span(), "element_at", false, arguments, false,
              Optional.empty(), Optional.empty()), scope);
        }
        SqlType type = arrayType(call, 0, value);
        Analyzed index = expressions.translate(arguments.get(1), scope).value();
        Analyzed size = operation(OperationKind.CARDINALITY, value.value());
        // the position is NULL out of range, so the element is NULL (H2 folds constants, even in a CASE branch)
        Analyzed fromEnd = binary(BinaryOperator.ADD, binary(BinaryOperator.ADD, size, ONE), index);
        Analyzed position = when(new Analyzed.Between(call("abs", index), ONE, size, false), new Analyzed.Case(
            Optional.empty(), List.of(new Analyzed.When(binary(BinaryOperator.GREATER, index, ZERO), index)),
            Optional.of(fromEnd)));
        yield new Typed(nth(value.value(), position), Optional.of(type.children().get(0)), true);
      }
      default -> throw Errors.notSupported("the function " + name + " (H2 cannot fold an array in order)",
          call.span());
    };
  }

  /**
   * {@code sequence(start, stop [, step])}: integers from start to stop by step (1 or -1 when not given), or dates by
   * an interval of whole days or months (a day when not given).
   */
  private Typed sequence(FunctionCall call, Scope scope) {
    arity(call, 2, 3);
    List<Expression> arguments = call.arguments();
    Typed start = expressions.translate(arguments.get(0), scope);
    Typed stop = expressions.translate(arguments.get(1), scope);
    String index = newAlias.get();
    Analyzed from = start.value();
    Analyzed to = stop.value();
    Analyzed offset = binary(BinaryOperator.SUBTRACT, number(index), ONE);
    // a NULL bound takes the other's type, as Spark coerces it
    java.util.function.Predicate<SqlType> integralOrNull = t -> t.isIntegral() || t.kind() == TypeKind.VOID;
    if (start.is(integralOrNull) && stop.is(integralOrNull)
        && (start.is(SqlType::isIntegral) || stop.is(SqlType::isIntegral))) {
      SqlType type = start.is(t -> t.kind() == TypeKind.BIGINT) || stop.is(t -> t.kind() == TypeKind.BIGINT)
          ? SqlType.BIGINT : SqlType.INT;
      Analyzed step = arguments.size() == 3
          ? new Analyzed.Cast(checkedStep(new Analyzed.Cast(expressions.translate(arguments.get(2), scope).value(),
              SqlType.BIGINT), from, to), type)
          : new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(binary(BinaryOperator.LESS_OR_EQUAL, from,
              to), ONE)), Optional.of(new Analyzed.Number(BigDecimal.ONE.negate())));
      Analyzed length = new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(binary(BinaryOperator.EQUAL,
          step, ZERO), ONE)), Optional.of(binary(BinaryOperator.ADD, binary(BinaryOperator.DIVIDE, binary(
          BinaryOperator.SUBTRACT, to, from), step), ONE)));
      Analyzed count = checkedLength(length, "sequence");
      Analyzed element = new Analyzed.Cast(binary(BinaryOperator.ADD, from, binary(BinaryOperator.MULTIPLY, offset,
          step)), type);
      return notNullBounds(start, stop, Typed.of(overElements(index, element, count), SqlType.array(type)));
    }
    if (start.is(t -> t.kind() == TypeKind.DATE) && stop.is(t -> t.kind() == TypeKind.DATE)) {
      long days = 1;
      long months = 0;
      if (arguments.size() == 3) {
        if (!(arguments.get(2) instanceof Expression.IntervalLiteral interval)) {
          throw Errors.notSupported("sequence of dates with a step that is not an INTERVAL literal",
              arguments.get(2).span());
        }
        if (interval.type().kind() == TypeKind.INTERVAL_YEAR_MONTH) {
          months = interval.value();
          days = 0;
        } else if (interval.value() % 86_400_000_000L == 0) {
          days = interval.value() / 86_400_000_000L;
        } else {
          throw Errors.notSupported("sequence of dates by an interval that is not whole days",
              arguments.get(2).span());
        }
      }
      boolean byMonths = months != 0;
      long step = byMonths ? months : days;
      if (step == 0) {
        throw Errors.typeMismatch(Errors.quote("sequence"), "its step must not be zero", call.span());
      }
      Analyzed stepValue = new Analyzed.Number(BigDecimal.valueOf(step));
      Analyzed between = operation(byMonths ? OperationKind.MONTH_BOUNDARIES : OperationKind.DAY_BOUNDARIES, from,
          to);
      Analyzed count = checkedLength(binary(BinaryOperator.ADD, binary(BinaryOperator.DIVIDE, between,
          checkedStep(stepValue, from, to)), ONE), "sequence");
      Analyzed element = new Analyzed.DateAdd(byMonths ? DateUnit.MONTH : DateUnit.DAY,
          binary(BinaryOperator.MULTIPLY, offset, stepValue), from);
      Analyzed inRange = binary(step > 0 ? BinaryOperator.LESS_OR_EQUAL : BinaryOperator.GREATER_OR_EQUAL, element,
          to);
      Analyzed dates = new Analyzed.OverElements(Analyzed.ElementsResult.ARRAY, List.of(new Analyzed.ElementRange(
          index, count)), List.of(inRange), Optional.of(element), List.of(ascending(number(index))));
      return notNullBounds(start, stop, Typed.of(dates, SqlType.array(SqlType.DATE)));
    }
    throw Errors.typeMismatch(Errors.quote("sequence"), "its bounds must be integers or DATEs", call.span());
  }

  /** {@code step}, checked at run time to lead from start to stop (INVALID_PARAMETER_VALUE when it does not). */
  private static Analyzed checkedStep(Analyzed step, Analyzed start, Analyzed stop) {
    Analyzed direction = new Analyzed.Case(Optional.empty(), List.of(
        new Analyzed.When(binary(BinaryOperator.GREATER, stop, start), ONE),
        new Analyzed.When(binary(BinaryOperator.LESS, stop, start), new Analyzed.Number(BigDecimal.ONE.negate()))),
        Optional.of(ZERO));
    return system(SystemFunction.SEQUENCE_STEP, step, direction, new Analyzed.Cast(start, SqlType.STRING),
        new Analyzed.Cast(stop, SqlType.STRING));
  }

  private static Typed notNullBounds(Typed start, Typed stop, Typed sequence) {
    return new Typed(when(bothPresent(start.value(), stop.value()), sequence.value()), sequence.type(), true);
  }

  /** Fails with INVALID_PARAMETER_VALUE when {@code argument} is an integer literal that {@code refused} holds for. */
  private static void refuseLiteral(Expression argument, java.util.function.LongPredicate refused, String function,
      String parameter, String message) {
    Expression value = argument;
    boolean negative = false;
    if (value instanceof Expression.Unary unary && unary.operator() == Expression.UnaryOperator.MINUS) {
      value = unary.operand();
      negative = true;
    }
    if (value instanceof Expression.Literal literal && literal.kind() == Expression.LiteralKind.INTEGER) {
      long number;
      try {
        number = Long.parseLong(literal.text().replaceAll("[LSY]$", ""));
      } catch (NumberFormatException beyondBigint) {
        return; // a DECIMAL by the dialect's rules: the argument's type check refuses it
      }
      if (refused.test(negative ? -number : number)) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", Errors.quote(parameter))
            .parameter("functionName", Errors.quote(function)).parameter("message", message)
            .at(argument.span()).build();
      }
    }
  }

  /** Whether the element at this number is the first of its value (NULLs equal). */
  private Analyzed firstOccurrence(Elements array) {
    String earlier = newAlias.get();
    Analyzed before = binary(BinaryOperator.SUBTRACT, number(array.index()), ONE);
    return new Analyzed.Not(new Analyzed.OverElements(Analyzed.ElementsResult.ANY, List.of(new Analyzed.ElementRange(
        earlier, before)), List.of(binary(BinaryOperator.NULL_SAFE_EQUAL, nth(array.value(), number(earlier)),
        array.element())), Optional.empty(), List.of()));
  }

  /** Whether {@code array} has an element equal to {@code value} (NULLs equal). */
  private Analyzed contains(Analyzed array, Analyzed value) {
    String other = newAlias.get();
    return new Analyzed.OverElements(Analyzed.ElementsResult.ANY, List.of(new Analyzed.ElementRange(other,
        operation(OperationKind.CARDINALITY, array))), List.of(binary(BinaryOperator.NULL_SAFE_EQUAL, nth(array,
        number(other)), value)), Optional.empty(), List.of());
  }

  /**
   * An array or map being gone through: its value, its size, the range alias that numbers its elements, and the
   * element (with a second value: a map's value, or zip_with's other array) that lambda parameters stand for.
   */
  private record Elements(Analyzed value, SqlType type, Analyzed count, String index, Analyzed element,
      SqlType elementType, Optional<Analyzed> secondValue, Optional<SqlType> secondType) {
    Analyzed.ElementRange range() {
      return new Analyzed.ElementRange(index, count);
    }

    /** An array of {@code item} for the elements where {@code conditions} hold, in the elements' order. */
    Analyzed collect(Analyzed item, List<Analyzed> conditions) {
      return ordered(conditions, item, List.of(ascending(number(index))));
    }

    Analyzed ordered(List<Analyzed> conditions, Analyzed item, List<Analyzed.SortKey> order) {
      return new Analyzed.OverElements(Analyzed.ElementsResult.ARRAY, List.of(range()), conditions,
          Optional.of(item), order);
    }

    /**
     * The first {@code item} of the elements where {@code condition} holds, in {@code order}, or NULL. No aggregate
     * in the subquery: in a block with window functions H2 reads the wrong row's columns inside one.
     */
    Analyzed first(Analyzed item, Analyzed condition, Analyzed.SortKey order) {
      return new Analyzed.OverElements(Analyzed.ElementsResult.FIRST, List.of(range()), List.of(condition),
          Optional.of(item), List.of(order));
    }

    /** Whether an element satisfies {@code conditions}. */
    Analyzed any(Analyzed... conditions) {
      return new Analyzed.OverElements(Analyzed.ElementsResult.ANY, List.of(range()), List.of(conditions),
          Optional.empty(), List.of());
    }

    Analyzed second() {
      return secondValue.orElseThrow();
    }

    Typed nullOr(Typed result) {
      return new Typed(when(isNotNull(value), result.value()), result.type(), true);
    }

    /** These elements side by side with another array's, as many as the longer has. */
    Elements longest(Analyzed otherCount, Analyzed otherElement, SqlType otherType) {
      Analyzed own = when(binary(BinaryOperator.LESS_OR_EQUAL, number(index), count), element);
      return new Elements(value, type, call("greatest", count, otherCount), index, own, elementType,
          Optional.of(otherElement), Optional.of(otherType));
    }
  }

  /** reverse of an array: its elements, last first. */
  Typed reversed(FunctionCall call, Scope scope) {
    arity(call, 1, 1);
    Elements array = array(call, 0, scope);
    return array.nullOr(Typed.of(array.ordered(List.of(), array.element(), List.of(new Analyzed.SortKey(
        number(array.index()), true, Optional.empty()))), array.type()));
  }

  /**
   * concat_ws(separator, ...) where some arguments are arrays of strings: each array stands for its non-NULL
   * elements, and one with none stands for nothing, as the dialect joins them.
   */
  Typed concatWs(FunctionCall call, Scope scope) {
    List<Analyzed> parts = new ArrayList<>();
    Analyzed separator = new Analyzed.Cast(expressions.translate(call.arguments().get(0), scope).value(),
        SqlType.STRING);
    parts.add(separator);
    for (int i = 1; i < call.arguments().size(); i++) {
      Typed value = expressions.translate(call.arguments().get(i), scope);
      if (!value.is(t -> t.kind() == TypeKind.ARRAY)) {
        if (!value.is(t -> t.children().isEmpty())) {
          throw inputType(call, i, "ARRAY<STRING> or a simple value", value);
        }
        parts.add(value.type().isPresent() ? expressions.asText(value) : value.value());
        continue;
      }
      if (!value.is(t -> t.children().get(0).isCharacter() || t.children().get(0).kind() == TypeKind.VOID)) {
        throw inputType(call, i, "ARRAY<STRING>", value);
      }
      Elements array = elements(value.value(), value.type().get());
      Analyzed present = new Analyzed.Cast(array.collect(new Analyzed.Cast(array.element(), SqlType.STRING),
          List.of(isNotNull(array.element()))), SqlType.array(SqlType.STRING));
      parts.add(when(binary(BinaryOperator.GREATER, operation(OperationKind.CARDINALITY, present), ZERO),
          system(SystemFunction.JOIN_TEXT, present, separator)));
    }
    parts.add(new Analyzed.NullValue());
    return Typed.of(call("concat_ws", parts), SqlType.STRING);
  }

  private Elements array(FunctionCall call, int position, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(position), scope);
    return elements(value.value(), arrayType(call, position, value));
  }

  /** The elements of the array {@code value} of {@code type}, numbered by a range of a new alias. */
  private Elements elements(Analyzed value, SqlType type) {
    String index = newAlias.get();
    return new Elements(value, type, operation(OperationKind.CARDINALITY, value), index, nth(value, number(index)),
        type.children().get(0), Optional.empty(), Optional.of(SqlType.INT));
  }

  private Elements map(FunctionCall call, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(0), scope);
    if (!value.is(t -> t.kind() == TypeKind.MAP)) {
      throw inputType(call, 0, "MAP", value);
    }
    SqlType type = value.type().orElseThrow();
    String index = newAlias.get();
    Analyzed keys = operation(OperationKind.MAP_KEYS, value.value());
    Analyzed values = operation(OperationKind.MAP_VALUES, value.value());
    return new Elements(value.value(), type, operation(OperationKind.CARDINALITY, keys), index,
        nth(keys, number(index)), type.children().get(0), Optional.of(nth(values, number(index))),
        Optional.of(type.children().get(1)));
  }

  private static SqlType arrayType(FunctionCall call, int position, Typed value) {
    if (!value.is(t -> t.kind() == TypeKind.ARRAY)) {
      throw inputType(call, position, "ARRAY", value);
    }
    return value.type().orElseThrow();
  }

  /**
   * The body of the lambda at {@code position}, translated with its parameters standing for the element and the
   * second value (an array's index counts from 0); it takes {@code least} to {@code most} parameters.
   */
  private Typed lambda(FunctionCall call, int position, Elements elements, Scope scope, int least, int most) {
    Expression argument = call.arguments().get(position);
    if (!(argument instanceof Lambda lambda)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "argument " + (position + 1) + " must be a lambda"
          + " function such as x -> x + 1", argument.span());
    }
    List<String> parameters = lambda.parameters();
    if (parameters.size() < least || parameters.size() > most) {
      throw EngineException.of(ErrorClass.INVALID_LAMBDA_FUNCTION_CALL).subClass("NUM_ARGS_MISMATCH",
          "A higher order function expects " + (least == most ? least : least + " or " + most) + " arguments, but got "
              + parameters.size() + ".").at(lambda.span()).build();
    }
    Set<String> distinct = new HashSet<>();
    for (String parameter : parameters) {
      if (!distinct.add(parameter.toLowerCase(Locale.ROOT))) {
        throw EngineException.of(ErrorClass.INVALID_LAMBDA_FUNCTION_CALL).subClass("DUPLICATE_ARG_NAMES",
            "The lambda function has duplicate arguments " + Errors.quote(List.of(parameter))
                + ". Please, consider to rename the argument names or set spark.sql.caseSensitive to \"true\".")
            .at(lambda.span()).build();
      }
    }
    List<Scope.Column> bound = new ArrayList<>();
    bound.add(Scope.Column.bound(parameters.get(0), elements.element(), elements.elementType()));
    if (parameters.size() == 2) {
      Analyzed second = elements.secondValue().orElseGet(() -> new Analyzed.Cast(binary(BinaryOperator.SUBTRACT,
          number(elements.index()), ONE), SqlType.INT));
      bound.add(Scope.Column.bound(parameters.get(1), second, elements.secondType().orElseThrow()));
    }
    return expressions.translate(lambda.body(), new Scope(bound, Optional.of(scope)));
  }

  /**
   * array_sort(a, (l, r) -> n): each element placed by how many others the comparator puts before it (n < 0 when
   * l comes first), ties in the array's order; so a sort by any consistent comparator, stable, in n² comparisons.
   */
  private Analyzed byComparator(FunctionCall call, Elements array, Scope scope) {
    String other = newAlias.get();
    Elements pairs = new Elements(array.value(), array.type(), array.count(), other, nth(array.value(),
        number(other)), array.elementType(), Optional.of(array.element()), Optional.of(array.elementType()));
    Typed comparison = lambda(call, 1, pairs, scope, 2, 2);
    if (comparison.type().isPresent() && !comparison.is(t -> t.isIntegral() || t.kind() == TypeKind.VOID)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "the comparator must give an integer, not "
          + comparison.type().get().sql(), call.arguments().get(1).span());
    }
    Analyzed before = new Analyzed.OverElements(Analyzed.ElementsResult.COUNT, List.of(pairs.range()), List.of(
        binary(BinaryOperator.LESS, comparison.value(), ZERO)), Optional.empty(), List.of());
    return array.ordered(List.of(), array.element(), List.of(ascending(before), ascending(number(array.index()))));
  }

  private static Typed condition(FunctionCall call, Typed test) {
    if (test.type().isPresent() && !test.is(t -> t.kind() == TypeKind.BOOLEAN || t.kind() == TypeKind.VOID)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "the lambda function must give a BOOLEAN, not "
          + test.type().get().sql(), call.span());
    }
    return test;
  }

  private static void arity(FunctionCall call, int least, int most) {
    int count = call.arguments().size();
    if (count < least || count > most) {
      throw Errors.wrongArguments(call.name(), least == most ? Integer.toString(least) : least + " or " + most,
          count, call.span());
    }
  }

  private static EngineException inputType(FunctionCall call, int position, String expected, Typed value) {
    return Errors.typeMismatch(Errors.quote(call.name()), "argument " + (position + 1) + " must be " + (expected.startsWith("A") ? "an " : "a ")
        + expected
        + ", not " + value.type().map(SqlType::sql).orElse("a parameter"), call.arguments().get(position).span());
  }

  private static SqlType orString(Typed body) {
    return body.type().filter(t -> t.kind() != TypeKind.VOID).orElse(SqlType.STRING);
  }

  private static final Analyzed ZERO = new Analyzed.Number(BigDecimal.ZERO);
  private static final Analyzed ONE = new Analyzed.Number(BigDecimal.ONE);

  /** The number of the element the range {@code index} is at. */
  static Analyzed number(String index) {
    return new Analyzed.ElementNumber(index);
  }

  /** The element of {@code array} at {@code position}, counted from 1; NULL beyond its end. */
  static Analyzed nth(Analyzed array, Analyzed position) {
    return operation(OperationKind.NTH, array, position);
  }

  private static Analyzed.SortKey ascending(Analyzed key) {
    return new Analyzed.SortKey(key, false, Optional.empty());
  }

  private static Analyzed operation(OperationKind kind, Analyzed... arguments) {
    return new Analyzed.Operation(kind, arguments);
  }






  /** A length checked to be one an array may have (the function fails, naming itself, where it is not). */
  private static Analyzed checkedLength(Analyzed length, String function) {
    return system(SystemFunction.CHECKED_LENGTH, new Analyzed.Cast(length, SqlType.INT), new Analyzed.Text(function));
  }

  private static Analyzed bothPresent(Analyzed a, Analyzed b) {
    return binary(BinaryOperator.AND, isNotNull(a), isNotNull(b));
  }

  private static Analyzed bothNotEmpty(Analyzed a, Analyzed b) {
    return binary(BinaryOperator.AND, binary(BinaryOperator.GREATER, operation(OperationKind.CARDINALITY, a), ZERO),
        binary(BinaryOperator.GREATER, operation(OperationKind.CARDINALITY, b), ZERO));
  }
}
