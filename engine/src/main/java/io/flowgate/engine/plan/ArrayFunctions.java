package io.flowgate.engine.plan;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.Calls;
import io.flowgate.engine.sql.analyzer.ExpressionNames;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Lambda;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
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
 * {@link #NAMES}. Each is a subquery over the element numbers of its array, {@code SYSTEM_RANGE} bounded by the
 * array's size (H2's UNNEST cannot read the row's columns), in which a lambda's parameters stand for the element and
 * its index. A NULL array gives NULL.
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

  private static final Sql RANGE = Sql.of("SYSTEM_RANGE(1, 2147483647)");

  private interface Body {
    Typed of(List<Sql> arguments, List<SqlType> types);
  }

  private final ExpressionTranslator expressions;
  private final Supplier<String> newAlias;

  ArrayFunctions(ExpressionTranslator expressions, Supplier<String> newAlias) {
    this.expressions = expressions;
    this.newAlias = newAlias;
  }

  /**
   * {@code ARRAY(SELECT element FROM range WHERE index in 1..count [AND condition] ORDER BY order)}: an array made of
   * element numbers 1 to {@code count} (none when it is NULL), read as {@code index.X}.
   */
  static Sql overElements(Sql index, Sql element, Sql count, Optional<Sql> condition, Sql order) {
    Sql where = condition.map(test -> Sql.of(" AND ({})", test)).orElse(Sql.EMPTY);
    return Sql.of("ARRAY(SELECT {} FROM {} {} WHERE {}.X BETWEEN 1 AND COALESCE({}, 0){} ORDER BY {})", element,
        RANGE, index, index, count, where, order);
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
        yield array.nullOr(Typed.of(array.collect(body.sql(), Optional.empty()), SqlType.array(orString(body))));
      }
      case "filter" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 2));
        yield array.nullOr(Typed.of(array.collect(array.element(), Optional.of(test.sql())), array.type()));
      }
      case "exists", "forall" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 1));
        // true if one holds, else NULL if one is NULL, else false (forall: the same with false and true swapped)
        boolean exists = name.equals("exists");
        Sql decided = array.any(exists ? test.sql() : Sql.of("NOT ({})", test.sql()));
        Sql unknown = array.any(Sql.of("({}) IS NULL", test.sql()));
        yield array.nullOr(Typed.of(Sql.of("CASE WHEN {} THEN {} WHEN {} THEN NULL ELSE {} END", decided,
            Sql.of(exists ? "TRUE" : "FALSE"), unknown, Sql.of(exists ? "FALSE" : "TRUE")), SqlType.BOOLEAN));
      }
      case "zip_with" -> {
        arity(call, 3, 3);
        Elements left = array(call, 0, scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        SqlType rightType = arrayType(call, 1, right);
        Sql rightCount = Sql.of("CARDINALITY({})", right.sql());
        Sql rightElement = Sql.of("CASE WHEN {}.X <= {} THEN ARRAY_GET({}, {}.X) END", left.index(), rightCount,
            right.sql(), left.index());
        Elements both = left.longest(rightCount, rightElement, rightType.children().get(0));
        Typed body = lambda(call, 2, both, scope, 2, 2);
        Sql zipped = both.collect(body.sql(), Optional.empty());
        yield Typed.of(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN {} END", left.value(), right.sql(),
            zipped), SqlType.array(orString(body)));
      }
      case "map_filter", "transform_keys", "transform_values" -> {
        arity(call, 2, 2);
        Elements map = map(call, scope);
        Typed body = lambda(call, 1, map, scope, 2, 2);
        SqlType type = map.type();
        Sql keys = Sql.of("({}).{}", map.value(), Sql.name("keys"));
        Sql values = Sql.of("({}).{}", map.value(), Sql.name("values"));
        Sql result;
        if (name.equals("map_filter")) {
          Sql test = condition(call, body).sql();
          result = Sql.of("ROW({}, {})", map.collect(map.element(), Optional.of(test)),
              map.collect(map.second(), Optional.of(test)));
        } else if (name.equals("transform_keys")) {
          type = SqlType.map(orString(body), type.children().get(1));
          result = ExpressionWriter.checkedMap(map.collect(body.sql(), Optional.empty()), values, type, name);
        } else {
          type = SqlType.map(type.children().get(0), orString(body));
          result = Sql.of("ROW({}, {})", keys, map.collect(body.sql(), Optional.empty()));
        }
        yield map.nullOr(Typed.of(Sql.cast(result, type), type));
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
        String nulls = name.equals("array_sort") || !ascending ? " NULLS LAST" : " NULLS FIRST";
        Sql sorted = overElements(array.index(), array.element(), array.count(), Optional.empty(),
            Sql.of("{}" + (ascending ? " ASC" : " DESC") + nulls, array.element()));
        yield array.nullOr(Typed.of(sorted, array.type()));
      }
      case "array_distinct" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        yield array.nullOr(Typed.of(array.collect(array.element(), Optional.of(firstOccurrence(array))),
            array.type()));
      }
      case "array_compact" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        yield array.nullOr(Typed.of(array.collect(array.element(), Optional.of(Sql.of("{} IS NOT NULL",
            array.element()))), array.type()));
      }
      case "array_max", "array_min" -> {
        arity(call, 1, 1);
        Elements array = array(call, 0, scope);
        Sql order = Sql.of(name.equals("array_max") ? "{} DESC" : "{} ASC", array.element());
        yield new Typed(array.first(array.element(), Sql.of("{} IS NOT NULL", array.element()), order),
            Optional.of(array.elementType()), true);
      }
      case "array_position" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed value = expressions.translate(arguments.get(1), scope);
        Sql first = Sql.of("COALESCE({}, 0)", array.first(Sql.of("{}.X", array.index()),
            Sql.of("{} = {}", array.element(), value.sql()), Sql.of("{}.X", array.index())));
        yield new Typed(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN CAST({} AS BIGINT) END",
            array.value(), value.sql(), first), Optional.of(SqlType.BIGINT), true);
      }
      case "array_remove" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed value = expressions.translate(arguments.get(1), scope);
        Sql kept = array.collect(array.element(), Optional.of(Sql.of("{} IS NULL OR {} <> {}", array.element(),
            array.element(), value.sql())));
        yield new Typed(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN {} END", array.value(), value.sql(),
            kept), Optional.of(array.type()), true);
      }
      case "array_join" -> {
        arity(call, 2, 3);
        Elements array = array(call, 0, scope);
        Sql delimiter = expressions.translate(arguments.get(1), scope).sql();
        Sql text = Sql.cast(array.element(), SqlType.STRING);
        Optional<Sql> condition = Optional.empty();
        if (arguments.size() == 3) {
          text = Sql.of("COALESCE({}, {})", text, expressions.translate(arguments.get(2), scope).sql());
        } else {
          condition = Optional.of(Sql.of("{} IS NOT NULL", array.element()));
        }
        yield array.nullOr(Typed.of(Sql.of("FG_SYS.JOIN_TEXT({}, {})", Sql.cast(array.collect(text, condition),
            SqlType.array(SqlType.STRING)), delimiter), SqlType.STRING));
      }
      case "array_union", "array_intersect", "array_except" -> {
        arity(call, 2, 2);
        Typed left = expressions.translate(arguments.get(0), scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        SqlType type = arrayType(call, 0, left);
        arrayType(call, 1, right);
        Optional<SqlType> common = right.type().flatMap(other -> io.flowgate.engine.sql.analyzer.TypeRules
            .common(type, other));
        if (common.isEmpty()) {
          throw Errors.typeMismatch(Errors.quote(name), "its arrays must have elements of one type, not "
              + type.sql() + " and " + right.type().get().sql(), call.span());
        }
        Sql a = Sql.cast(left.sql(), common.get());
        Sql b = Sql.cast(right.sql(), common.get());
        Elements elements = elements(name.equals("array_union") ? Sql.of("ARRAY_CAT({}, {})", a, b) : a, common.get());
        Sql distinct = firstOccurrence(elements);
        Sql condition = switch (name) {
          case "array_union" -> distinct;
          case "array_intersect" -> Sql.of("{} AND {}", distinct, contains(b, elements.element()));
          default -> Sql.of("{} AND NOT {}", distinct, contains(b, elements.element()));
        };
        yield new Typed(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN {} END", left.sql(), right.sql(),
            elements.collect(elements.element(), Optional.of(condition))), common, true);
      }
      case "array_append", "array_prepend" -> {
        arity(call, 2, 2);
        Typed array = expressions.translate(arguments.get(0), scope);
        SqlType type = arrayType(call, 0, array);
        Typed value = expressions.translate(arguments.get(1), scope);
        SqlType element = value.type().flatMap(t -> io.flowgate.engine.sql.analyzer.TypeRules.common(
            type.children().get(0), t)).orElse(type.children().get(0));
        SqlType result = SqlType.array(element);
        Sql single = Sql.cast(Sql.of("ARRAY[{}]", value.sql()), result);
        Sql joined = name.equals("array_append") ? Sql.of("ARRAY_CAT({}, {})", Sql.cast(array.sql(), result), single)
            : Sql.of("ARRAY_CAT({}, {})", single, Sql.cast(array.sql(), result));
        yield new Typed(Sql.of("CASE WHEN {} IS NOT NULL THEN {} END", array.sql(), joined), Optional.of(result), true);
      }
      case "array_repeat" -> {
        arity(call, 2, 2);
        Typed value = expressions.translate(arguments.get(0), scope);
        Sql count = Sql.of("FG_SYS.CHECKED_LENGTH(CAST({} AS INTEGER), {})",
            expressions.translate(arguments.get(1), scope).sql(), Sql.text("array_repeat"));
        Sql index = Sql.name(newAlias.get());
        SqlType type = SqlType.array(orString(value));
        yield new Typed(Sql.cast(overElements(index, value.sql(), count, Optional.empty(), Sql.of("{}.X", index)),
            type), Optional.of(type), true);
      }
      case "arrays_overlap" -> {
        arity(call, 2, 2);
        Elements left = array(call, 0, scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        arrayType(call, 1, right);
        // true for a common element; else NULL when both have elements and one has a NULL; else false
        Sql common = Sql.of("EXISTS (SELECT 1 FROM {} {} WHERE {} AND {} IS NOT NULL AND {})", RANGE, left.index(),
            left.within(), left.element(), contains(right.sql(), left.element()));
        Sql nulls = Sql.of("(CARDINALITY({}) > 0 AND CARDINALITY({}) > 0 AND ({} OR {}))", left.value(), right.sql(),
            contains(left.value(), Sql.of("NULL")), contains(right.sql(), Sql.of("NULL")));
        yield new Typed(Sql.of("CASE WHEN {} IS NULL OR {} IS NULL THEN NULL WHEN {} THEN TRUE WHEN {} THEN NULL"
            + " ELSE FALSE END", left.value(), right.sql(), common, nulls), Optional.of(SqlType.BOOLEAN), true);
      }
      case "flatten" -> {
        arity(call, 1, 1);
        Elements outer = array(call, 0, scope);
        if (outer.elementType().kind() != TypeKind.ARRAY) {
          throw inputType(call, 0, "ARRAY of ARRAYs", expressions.translate(arguments.get(0), scope));
        }
        Sql inner = outer.element();
        Sql index = Sql.name(newAlias.get());
        Sql flat = Sql.of("ARRAY(SELECT ARRAY_GET({}, {}.X) FROM {} {} JOIN {} {} ON {}.X BETWEEN 1 AND"
            + " COALESCE(CARDINALITY({}), 0) WHERE {} ORDER BY {}.X, {}.X)", inner, index, RANGE, outer.index(), RANGE,
            index, index, inner, outer.within(), outer.index(), index);
        Sql anyNull = Sql.of("EXISTS (SELECT 1 FROM {} {} WHERE {} AND {} IS NULL)", RANGE, outer.index(),
            outer.within(), inner);
        yield new Typed(Sql.of("CASE WHEN {} IS NOT NULL AND NOT {} THEN {} END", outer.value(), anyNull, flat),
            Optional.of(outer.elementType()), true);
      }
      case "sequence" -> sequence(call, scope);
      case "slice" -> {
        arity(call, 3, 3);
        Elements array = array(call, 0, scope);
        refuseLiteral(arguments.get(1), value -> value == 0, "slice", "start", "the start must not be 0");
        refuseLiteral(arguments.get(2), value -> value < 0, "slice", "length", "the length must not be negative");
        Sql start = expressions.translate(arguments.get(1), scope).sql();
        Sql length = expressions.translate(arguments.get(2), scope).sql();
        Sql first = Sql.of("(CASE WHEN {} > 0 THEN {} ELSE {} + {} + 1 END)", start, start, array.count(), start);
        Sql condition = Sql.of("{}.X BETWEEN {} AND {} + {} - 1", array.index(), first, first, length);
        yield array.nullOr(Typed.of(array.collect(array.element(), Optional.of(condition)), array.type()));
      }
      case "map_contains_key" -> {
        arity(call, 2, 2);
        Elements map = map(call, scope);
        Typed key = expressions.translate(arguments.get(1), scope);
        yield map.nullOr(Typed.of(contains(Sql.of("({}).{}", map.value(), Sql.name("keys")), key.sql()),
            SqlType.BOOLEAN));
      }
      case "map_entries" -> {
        arity(call, 1, 1);
        Elements map = map(call, scope);
        SqlType entry = SqlType.struct(List.of("key", "value"), map.type().children());
        Sql entries = map.collect(Sql.cast(Sql.of("ROW({}, {})", map.element(), map.second()), entry),
            Optional.empty());
        yield map.nullOr(Typed.of(Sql.cast(entries, SqlType.array(entry)), SqlType.array(entry)));
      }
      case "map_from_arrays" -> {
        arity(call, 2, 2);
        Typed keys = expressions.translate(arguments.get(0), scope);
        Typed values = expressions.translate(arguments.get(1), scope);
        SqlType type = SqlType.map(arrayType(call, 0, keys).children().get(0),
            arrayType(call, 1, values).children().get(0));
        yield new Typed(ExpressionWriter.checkedMap(keys.sql(), values.sql(), type, name), Optional.of(type),
            true);
      }
      case "map_from_entries" -> {
        arity(call, 1, 1);
        Typed entries = expressions.translate(arguments.get(0), scope);
        SqlType entryType = arrayType(call, 0, entries).children().get(0);
        if (entryType.kind() != TypeKind.STRUCT || entryType.children().size() != 2) {
          throw inputType(call, 0, "ARRAY<STRUCT<key, value>>", entries);
        }
        Elements array = elements(entries.sql(), entries.type().orElseThrow());
        SqlType type = SqlType.map(entryType.children().get(0), entryType.children().get(1));
        List<Sql> parts = entryType.fieldNames().stream().map(field -> array.collect(Sql.of("({}).{}",
            array.element(), Sql.name(field)), Optional.empty())).toList();
        Sql map = ExpressionWriter.checkedMap(parts.get(0), parts.get(1), type, name);
        // a NULL entry makes the whole map NULL, as the dialect's does
        yield array.nullOr(Typed.of(Sql.of("CASE WHEN NOT {} THEN {} END", array.any(Sql.of("{} IS NULL",
            array.element())), map), type));
      }
      case "map_concat" -> {
        arity(call, 1, Integer.MAX_VALUE);
        List<Sql> keys = new ArrayList<>();
        List<Sql> values = new ArrayList<>();
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
          keys.add(Sql.of("({}).{}", map.sql(), Sql.name("keys")));
          values.add(Sql.of("({}).{}", map.sql(), Sql.name("values")));
        }
        if (type == null) {
          throw inputType(call, 0, "MAP", expressions.translate(arguments.get(0), scope));
        }
        if (nullArgument) {
          yield Typed.of(Sql.cast(Sql.of("NULL"), type), type);
        }
        // a NULL map makes the concatenation NULL; a key in two maps is DUPLICATED_MAP_KEY
        yield Typed.of(ExpressionWriter.checkedMap(Sql.join(" || ", keys), Sql.join(" || ", values), type, name),
            type);
      }
      case "str_to_map" -> {
        arity(call, 1, 3);
        List<Sql> texts = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
          Typed text = expressions.translate(arguments.get(i), scope);
          if (!text.is(t -> t.isCharacter() || t.kind() == TypeKind.VOID)) {
            throw inputType(call, i, "STRING", text);
          }
          texts.add(Sql.cast(text.sql(), SqlType.STRING));
        }
        List<Sql> delimited = List.of(texts.get(0), texts.size() > 1 ? texts.get(1) : Sql.text(","),
            texts.size() > 2 ? texts.get(2) : Sql.text(":"));
        SqlType type = SqlType.map(SqlType.STRING, SqlType.STRING);
        Sql keys = Sql.cast(Sql.of("FG_SYS.TEXT_MAP_KEYS({})", Sql.list(delimited)), SqlType.array(SqlType.STRING));
        Sql values = Sql.cast(Sql.of("FG_SYS.TEXT_MAP_VALUES({})", Sql.list(delimited)),
            SqlType.array(SqlType.STRING));
        yield Typed.of(ExpressionWriter.checkedMap(keys, values, type, name), type);
      }
      case "try_element_at" -> {
        arity(call, 2, 2);
        Typed value = expressions.translate(arguments.get(0), scope);
        if (value.is(t -> t.kind() == TypeKind.MAP)) {
          yield expressions.translate(new FunctionCall(call.span(), "element_at", false, arguments, false,
              Optional.empty(), Optional.empty()), scope);
        }
        SqlType type = arrayType(call, 0, value);
        Sql index = expressions.translate(arguments.get(1), scope).sql();
        // the position is NULL out of range, so ARRAY_GET gives NULL (H2 folds constants, even in a CASE branch)
        Sql position = Sql.of("CASE WHEN ABS({}) BETWEEN 1 AND CARDINALITY({}) THEN CASE WHEN {} > 0 THEN {} ELSE"
            + " CARDINALITY({}) + 1 + {} END END", index, value.sql(), index, index, value.sql(), index);
        yield new Typed(Sql.of("ARRAY_GET({}, {})", value.sql(), position), Optional.of(type.children().get(0)), true);
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
    Sql index = Sql.name(newAlias.get());
    // a NULL bound takes the other's type, as Spark coerces it
    java.util.function.Predicate<SqlType> integralOrNull = t -> t.isIntegral() || t.kind() == TypeKind.VOID;
    if (start.is(integralOrNull) && stop.is(integralOrNull)
        && (start.is(SqlType::isIntegral) || stop.is(SqlType::isIntegral))) {
      SqlType type = start.is(t -> t.kind() == TypeKind.BIGINT) || stop.is(t -> t.kind() == TypeKind.BIGINT)
          ? SqlType.BIGINT : SqlType.INT;
      Sql step = arguments.size() == 3
          ? Sql.cast(checkedStep(Sql.cast(expressions.translate(arguments.get(2), scope).sql(), SqlType.BIGINT),
              start, stop), type)
          : Sql.of("CASE WHEN {} <= {} THEN 1 ELSE -1 END", start.sql(), stop.sql());
      Sql count = Sql.of("FG_SYS.CHECKED_LENGTH(CAST(CASE WHEN {} = 0 THEN 1 ELSE ({} - {}) / {} + 1 END AS INTEGER),"
          + " {})", step, stop.sql(), start.sql(), step, Sql.text("sequence"));
      Sql element = Sql.cast(Sql.of("{} + ({}.X - 1) * {}", start.sql(), index, step), type);
      return notNullBounds(start, stop, Typed.of(overElements(index, element, count, Optional.empty(),
          Sql.of("{}.X", index)), SqlType.array(type)));
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
      String unit = months != 0 ? "MONTH" : "DAY";
      long step = months != 0 ? months : days;
      if (step == 0) {
        throw Errors.typeMismatch(Errors.quote("sequence"), "its step must not be zero", call.span());
      }
      Sql count = Sql.of("FG_SYS.CHECKED_LENGTH(CAST(DATEDIFF(" + unit + ", {}, {}) / {} + 1 AS INTEGER), {})",
          start.sql(), stop.sql(), checkedStep(Sql.number(step), start, stop), Sql.text("sequence"));
      Sql element = Sql.of("DATEADD(" + unit + ", ({}.X - 1) * {}, {})", index, Sql.number(step), start.sql());
      Sql inRange = Sql.of(step > 0 ? "{} <= {}" : "{} >= {}", element, stop.sql());
      return notNullBounds(start, stop, Typed.of(overElements(index, element, count, Optional.of(inRange),
          Sql.of("{}.X", index)), SqlType.array(SqlType.DATE)));
    }
    throw Errors.typeMismatch(Errors.quote("sequence"), "its bounds must be integers or DATEs", call.span());
  }

  /** {@code step}, checked at run time to lead from start to stop (INVALID_PARAMETER_VALUE when it does not). */
  private static Sql checkedStep(Sql step, Typed start, Typed stop) {
    return Sql.of("FG_SYS.SEQUENCE_STEP({}, CASE WHEN {} > {} THEN 1 WHEN {} < {} THEN -1 ELSE 0 END, CAST({} AS"
        + " VARCHAR), CAST({} AS VARCHAR))", step, stop.sql(), start.sql(), stop.sql(), start.sql(), start.sql(),
        stop.sql());
  }

  private static Typed notNullBounds(Typed start, Typed stop, Typed sequence) {
    return new Typed(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN {} END", start.sql(), stop.sql(),
        sequence.sql()), sequence.type(), true);
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
  private Sql firstOccurrence(Elements array) {
    Sql earlier = Sql.name(newAlias.get());
    return Sql.of("NOT EXISTS (SELECT 1 FROM {} {} WHERE {}.X BETWEEN 1 AND {}.X - 1 AND ARRAY_GET({}, {}.X)"
        + " IS NOT DISTINCT FROM {})", RANGE, earlier, earlier, array.index(), array.value(), earlier,
        array.element());
  }

  /** Whether {@code array} has an element equal to {@code value} (NULLs equal). */
  private Sql contains(Sql array, Sql value) {
    Sql other = Sql.name(newAlias.get());
    return Sql.of("EXISTS (SELECT 1 FROM {} {} WHERE {}.X BETWEEN 1 AND COALESCE(CARDINALITY({}), 0)"
        + " AND ARRAY_GET({}, {}.X) IS NOT DISTINCT FROM {})", RANGE, other, other, array, array, other, value);
  }

  /**
   * An array or map being gone through: its value, its size, the range alias that numbers its elements, and the
   * element (with a second value: a map's value, or zip_with's other array) that lambda parameters stand for.
   */
  private record Elements(Sql value, SqlType type, Sql count, Sql index, Sql element, SqlType elementType,
      Optional<Sql> secondValue, Optional<SqlType> secondType) {
    Sql collect(Sql item, Optional<Sql> condition) {
      return overElements(index, item, count, condition, Sql.of("{}.X", index));
    }

    /**
     * The first {@code item} of the elements where {@code condition} holds, in {@code order}, or NULL. No aggregate
     * in the subquery: in a block with window functions H2 reads the wrong row's columns inside one.
     */
    Sql first(Sql item, Sql condition, Sql order) {
      return Sql.of("(SELECT {} FROM {} {} WHERE {} AND ({}) ORDER BY {} FETCH FIRST ROW ONLY)", item, RANGE, index,
          within(), condition, order);
    }

    /** Whether an element satisfies {@code condition}. */
    Sql any(Sql condition) {
      return Sql.of("EXISTS (SELECT 1 FROM {} {} WHERE {} AND ({}))", RANGE, index, within(), condition);
    }

    /** The condition of the range's rows that are element numbers. */
    Sql within() {
      return Sql.of("{}.X BETWEEN 1 AND COALESCE({}, 0)", index, count);
    }

    Sql second() {
      return secondValue.orElseThrow();
    }

    Typed nullOr(Typed result) {
      return new Typed(Sql.of("CASE WHEN {} IS NOT NULL THEN {} END", value, result.sql()), result.type(), true);
    }

    /** These elements side by side with another array's, as many as the longer has. */
    Elements longest(Sql otherCount, Sql otherElement, SqlType otherType) {
      Sql ownCount = count;
      Sql own = Sql.of("CASE WHEN {}.X <= {} THEN {} END", index, ownCount, element);
      return new Elements(value, type, Sql.of("GREATEST({}, {})", ownCount, otherCount), index, own, elementType,
          Optional.of(otherElement), Optional.of(otherType));
    }
  }

  /** reverse of an array: its elements, last first. */
  Typed reversed(FunctionCall call, Scope scope) {
    arity(call, 1, 1);
    Elements array = array(call, 0, scope);
    return array.nullOr(Typed.of(overElements(array.index(), array.element(), array.count(), Optional.empty(),
        Sql.of("{}.X DESC", array.index())), array.type()));
  }

  /**
   * concat_ws(separator, ...) where some arguments are arrays of strings: each array stands for its non-NULL
   * elements, and one with none stands for nothing, as the dialect joins them.
   */
  Typed concatWs(FunctionCall call, Scope scope) {
    List<Sql> parts = new ArrayList<>();
    Sql separator = Sql.cast(expressions.translate(call.arguments().get(0), scope).sql(), SqlType.STRING);
    for (int i = 1; i < call.arguments().size(); i++) {
      Typed value = expressions.translate(call.arguments().get(i), scope);
      if (!value.is(t -> t.kind() == TypeKind.ARRAY)) {
        if (!value.is(t -> t.children().isEmpty())) {
          throw inputType(call, i, "ARRAY<STRING> or a simple value", value);
        }
        parts.add(value.type().isPresent() ? expressions.asString(value) : value.sql());
        continue;
      }
      if (!value.is(t -> t.children().get(0).isCharacter() || t.children().get(0).kind() == TypeKind.VOID)) {
        throw inputType(call, i, "ARRAY<STRING>", value);
      }
      Elements array = elements(value.sql(), value.type().get());
      Sql present = Sql.cast(array.collect(Sql.cast(array.element(), SqlType.STRING), Optional.of(Sql.of(
          "{} IS NOT NULL", array.element()))), SqlType.array(SqlType.STRING));
      parts.add(Sql.of("CASE WHEN CARDINALITY({}) > 0 THEN FG_SYS.JOIN_TEXT({}, {}) END", present, present,
          separator));
    }
    parts.add(Sql.of("NULL"));
    return Typed.of(Sql.of("CONCAT_WS({}, {})", separator, Sql.list(parts)), SqlType.STRING);
  }

  private Elements array(FunctionCall call, int position, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(position), scope);
    return elements(value.sql(), arrayType(call, position, value));
  }

  /** The elements of the array {@code value} of {@code type}, numbered by a range of a new alias. */
  private Elements elements(Sql value, SqlType type) {
    Sql index = Sql.name(newAlias.get());
    return new Elements(value, type, Sql.of("CARDINALITY({})", value), index,
        Sql.of("ARRAY_GET({}, {}.X)", value, index), type.children().get(0), Optional.empty(),
        Optional.of(SqlType.INT));
  }

  private Elements map(FunctionCall call, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(0), scope);
    if (!value.is(t -> t.kind() == TypeKind.MAP)) {
      throw inputType(call, 0, "MAP", value);
    }
    SqlType type = value.type().orElseThrow();
    Sql index = Sql.name(newAlias.get());
    Sql keys = Sql.of("({}).{}", value.sql(), Sql.name("keys"));
    Sql values = Sql.of("({}).{}", value.sql(), Sql.name("values"));
    return new Elements(value.sql(), type, Sql.of("CARDINALITY({})", keys), index,
        Sql.of("ARRAY_GET({}, {}.X)", keys, index), type.children().get(0),
        Optional.of(Sql.of("ARRAY_GET({}, {}.X)", values, index)), Optional.of(type.children().get(1)));
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
    bound.add(Scope.Column.bound(parameters.get(0), new Analyzed.Written(elements.element()),
        elements.elementType()));
    if (parameters.size() == 2) {
      Sql second = elements.secondValue().orElseGet(() -> Sql.of("CAST({}.X - 1 AS INT)", elements.index()));
      bound.add(Scope.Column.bound(parameters.get(1), new Analyzed.Written(second),
          elements.secondType().orElseThrow()));
    }
    return expressions.translate(lambda.body(), new Scope(bound, Optional.of(scope)));
  }

  /**
   * array_sort(a, (l, r) -> n): each element placed by how many others the comparator puts before it (n < 0 when
   * l comes first), ties in the array's order; so a sort by any consistent comparator, stable, in n² comparisons.
   */
  private Sql byComparator(FunctionCall call, Elements array, Scope scope) {
    Sql other = Sql.name(newAlias.get());
    Elements pairs = new Elements(array.value(), array.type(), array.count(), other,
        Sql.of("ARRAY_GET({}, {}.X)", array.value(), other), array.elementType(), Optional.of(array.element()),
        Optional.of(array.elementType()));
    Typed comparison = lambda(call, 1, pairs, scope, 2, 2);
    if (comparison.type().isPresent() && !comparison.is(t -> t.isIntegral() || t.kind() == TypeKind.VOID)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "the comparator must give an integer, not "
          + comparison.type().get().sql(), call.arguments().get(1).span());
    }
    Sql before = Sql.of("(SELECT COUNT(*) FROM {} {} WHERE {}.X BETWEEN 1 AND COALESCE({}, 0) AND {} < 0)", RANGE,
        other, other, array.count(), comparison.sql());
    return overElements(array.index(), array.element(), array.count(), Optional.empty(),
        Sql.of("{}, {}.X", before, array.index()));
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
}
