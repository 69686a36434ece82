package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Built-ins the registry cannot render from their arguments' SQL alone, written by type or as other expressions:
 * try_ arithmetic, hash, concat of arrays, trunc, date arithmetic with a unit and get_json_object.
 */
final class SpecialFunctions {
  private final ExpressionTranslator expressions;

  SpecialFunctions(ExpressionTranslator expressions) {
    this.expressions = expressions;
  }

  /** from_unixtime(seconds [, pattern]): date_format of timestamp_seconds, {@code yyyy-MM-dd HH:mm:ss} by default. */
  Typed fromUnixtime(FunctionCall call, Scope scope) {
    if (call.arguments().isEmpty() || call.arguments().size() > 2) {
      throw Errors.wrongArguments(call.name(), "1 or 2", call.arguments().size(), call.span());
    }
    Expression format = call.arguments().size() == 2 ? call.arguments().get(1)
        : new Literal(call.span(), LiteralKind.STRING, "yyyy-MM-dd HH:mm:ss");
    Expression instant = call(call.span(), "timestamp_seconds", call.arguments().get(0));
    return expressions.translate(call(call.span(), "date_format", instant, format), scope);
  }

  /** unix_timestamp(text, pattern) is unix_timestamp(to_timestamp(text, pattern)); to_unix_timestamp the same. */
  Typed unixTimestamp(FunctionCall call, Scope scope) {
    List<Expression> arguments = call.arguments();
    Expression[] value = arguments.size() == 2
        ? new Expression[] {call(call.span(), "to_timestamp", arguments.get(0), arguments.get(1))}
        : arguments.toArray(Expression[]::new);
    return expressions.translate(call(call.span(), "unix_timestamp", value), scope);
  }

  /**
   * try_add, try_subtract, try_multiply and try_divide: the operator's value, or NULL where it would fail: a division
   * by zero, or an integer result outside its type (computed as DECIMAL(38, 0) to tell).
   */
  Typed tryArithmetic(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 2 || call.distinct() || call.star() || call.window().isPresent()) {
      throw Errors.wrongArguments(call.name(), "2", call.arguments().size(), call.span());
    }
    Expression left = call.arguments().get(0);
    Expression right = call.arguments().get(1);
    Span span = call.span();
    BinaryOperator operator = switch (call.name()) {
      case "try_add" -> BinaryOperator.ADD;
      case "try_subtract" -> BinaryOperator.SUBTRACT;
      case "try_multiply" -> BinaryOperator.MULTIPLY;
      default -> BinaryOperator.DIVIDE;
    };
    Expression exact = new Binary(span, operator, left, right);
    if (operator == BinaryOperator.DIVIDE) {
      Expression zero = new Binary(span, BinaryOperator.EQUAL, right, new Literal(span, LiteralKind.INTEGER, "0"));
      return expressions.translate(new Case(span, Optional.empty(), List.of(new WhenClause(span, zero,
          new Literal(span, LiteralKind.NULL, "NULL"))), Optional.of(exact)), scope);
    }
    Typed value = expressions.translate(exact, scope);
    Optional<long[]> range = value.type().flatMap(SpecialFunctions::integerRange);
    if (range.isEmpty()) {
      return new Typed(value.value(), value.type(), true);
    }
    SqlType wide = SqlType.decimal(SqlType.MAX_DECIMAL_PRECISION, 0);
    Analyzed widened = new Analyzed.Binary(operator, expressions.translate(new Cast(span, left, wide, false), scope)
        .value(), expressions.translate(new Cast(span, right, wide, false), scope).value());
    // the widened value cast back once it is known to fit: H2 folds constants, and would fail on the exact value (or
    // a cast inside the CASE) even where the condition does not hold
    Analyzed fits = new Analyzed.Between(widened, number(range.get()[0]), number(range.get()[1]), false);
    return new Typed(new Analyzed.Cast(new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(fits, widened)),
        Optional.empty()), value.type().get()), value.type(), true);
  }

  /**
   * hash(v, ...): Spark's MurmurHash3 of the values in turn (storage.Murmur3), an INT; xxhash64(v, ...): its 64-bit
   * xxHash (storage.XxHash64), a BIGINT. Both seeded with 42, never NULL.
   */
  Typed hash(FunctionCall call, Scope scope) {
    boolean wide = call.name().equals("xxhash64");
    List<Analyzed> values = new ArrayList<>();
    List<SqlType> types = new ArrayList<>();
    for (Expression argument : call.arguments()) {
      Typed value = expressions.translate(argument, scope);
      SqlType type = value.type().orElse(SqlType.STRING);
      if (!type.children().isEmpty() || type.isInterval()) {
        throw Errors.notSupported(call.name() + " of a " + type.sql() + " value", argument.span());
      }
      values.add(value.value());
      types.add(type);
    }
    return Typed.of(new Analyzed.Hash(wide, values, types), wide ? SqlType.BIGINT : SqlType.INT).notNull();
  }

  /**
   * format_string(pattern, v, ...) / printf: Java's printf formatting (storage.TextFunctions.formatText). H2 hands a
   * Java function its variable arguments as text, so each value goes with a letter for the Java type Spark would
   * format: {@code l} a whole number, {@code d} a floating one, {@code n} a decimal, {@code b} a boolean, {@code s}
   * anything else, as its text.
   */
  Typed formatString(FunctionCall call, Scope scope) {
    if (call.arguments().isEmpty()) {
      throw Errors.wrongArguments(call.name(), "at least 1", 0, call.span());
    }
    List<Analyzed> arguments = new ArrayList<>();
    for (Expression argument : call.arguments()) {
      Typed value = expressions.translate(argument, scope);
      if (arguments.isEmpty()) {
        arguments.add(new Analyzed.Cast(value.value(), SqlType.STRING));
        continue;
      }
      String tag = switch (value.type().map(SqlType::kind).orElse(TypeKind.STRING)) {
        case TINYINT, SMALLINT, INT, BIGINT -> "l";
        case FLOAT, DOUBLE -> "d";
        case DECIMAL -> "n";
        case BOOLEAN -> "b";
        default -> "s";
      };
      arguments.add(new Analyzed.Text(tag));
      arguments.add(value.value());
    }
    return Typed.of(new Analyzed.Operation(Analyzed.OperationKind.FORMAT_TEXT, arguments), SqlType.STRING);
  }

  /**
   * get_json_object(json, '$.a.b[0]'): the value at a JSONPath of keys ({@code .key}, {@code ['key']}) and indexes
   * ({@code [n]}), as the {@code :} operator reads it; a path of another form gives NULL, as Spark's does.
   */
  Typed jsonObject(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 2) {
      throw Errors.wrongArguments(call.name(), "2", call.arguments().size(), call.span());
    }
    if (!(call.arguments().get(1) instanceof Literal literal) || literal.kind() != LiteralKind.STRING) {
      throw Errors.notSupported("get_json_object with a path that is not a string literal",
          call.arguments().get(1).span());
    }
    Optional<List<String>> path = jsonPath(literal.text());
    if (path.isEmpty()) {
      expressions.translate(call.arguments().get(0), scope);
      return new Typed(new Analyzed.Cast(new Analyzed.NullValue(), SqlType.STRING), Optional.of(SqlType.STRING), true);
    }
    return expressions.translate(new Expression.JsonExtract(call.span(), call.arguments().get(0), path.get()), scope);
  }

  /**
   * schema_of_json(json): the DDL type Spark infers for the JSON text, a string literal (a foldable argument, as
   * Spark requires), computed when the statement is planned ({@link io.flowgate.engine.type.JsonSchema}).
   */
  Typed schemaOfJson(FunctionCall call) {
    if (call.arguments().isEmpty() || call.arguments().size() > 2) {
      throw Errors.wrongArguments(call.name(), "1 or 2", call.arguments().size(), call.span());
    }
    Expression json = call.arguments().get(0);
    io.flowgate.engine.sql.analyzer.FoldableArguments.require(json, "schema_of_json", "json", "STRING",
        FunctionRegistry.TRAITS);
    if (!(json instanceof Literal literal) || literal.kind() != LiteralKind.STRING) {
      throw Errors.typeMismatch(Errors.quote(io.flowgate.engine.sql.analyzer.ExpressionNames.name(call)),
          "the input json should be a string literal", json.span());
    }
    String schema;
    try {
      schema = io.flowgate.engine.type.JsonSchema.of(literal.text());
    } catch (IllegalArgumentException malformed) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`json`")
          .parameter("functionName", "`schema_of_json`").parameter("message", "it is not one JSON value")
          .at(json.span()).build();
    }
    return new Typed(new Analyzed.Constant(schema, SqlType.STRING), Optional.of(SqlType.STRING), false);
  }

  private static final java.util.regex.Pattern JSON_PATH_SEGMENT = java.util.regex.Pattern.compile(
      "\\.([^.\\[\\]]+)|\\['([^']*)'\\]|\\[(\\d+)\\]");

  /** The segments of a JSONPath {@code $...} as the {@code :} operator takes them, or empty for another form. */
  private static Optional<List<String>> jsonPath(String text) {
    if (!text.startsWith("$")) {
      return Optional.empty();
    }
    List<String> segments = new ArrayList<>();
    java.util.regex.Matcher matcher = JSON_PATH_SEGMENT.matcher(text);
    int at = 1;
    while (at < text.length()) {
      if (!matcher.find(at) || matcher.start() != at) {
        return Optional.empty();
      }
      segments.add(matcher.group(1) != null ? matcher.group(1) : matcher.group(2) != null ? matcher.group(2)
          : "[" + matcher.group(3) + "]");
      at = matcher.end();
    }
    return Optional.of(segments);
  }

  static FunctionCall call(Span span, String name, Expression... arguments) {
    return new FunctionCall(span, name, false, List.of(arguments), false, Optional.empty(), Optional.empty());
  }

  /** trunc(date, unit): the date at the start of its year, quarter, month or week; NULL for another unit. */
  Typed truncDate(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 2) {
      throw Errors.wrongArguments("trunc", "2", call.arguments().size(), call.span());
    }
    if (!(call.arguments().get(1) instanceof Literal unit) || unit.kind() != LiteralKind.STRING) {
      throw Errors.notSupported("trunc with a unit that is not a string literal", call.arguments().get(1).span());
    }
    if (!java.util.Set.of("YEAR", "YYYY", "YY", "QUARTER", "MONTH", "MM", "MON", "WEEK")
        .contains(unit.text().toUpperCase(Locale.ROOT))) {
      return new Typed(new Analyzed.Cast(new Analyzed.NullValue(), SqlType.DATE), Optional.of(SqlType.DATE), true);
    }
    Typed truncated = expressions.translate(call(call.span(), "date_trunc", unit, call.arguments().get(0)), scope);
    return new Typed(new Analyzed.Cast(truncated.value(), SqlType.DATE), Optional.of(SqlType.DATE),
        truncated.nullable());
  }

  private static final java.util.Set<String> CALENDAR_UNITS = java.util.Set.of("YEAR", "QUARTER", "MONTH", "WEEK",
      "DAY");
  private static final java.util.Set<String> DATE_UNITS = java.util.Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY",
      "HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND");

  /**
   * dateadd / timestampadd (unit, count, value): a TIMESTAMP that many units later; datediff / timestampdiff (unit,
   * start, end): the whole units between two wall clocks of the session zone, towards zero.
   */
  Typed unitArithmetic(FunctionCall call, Scope scope) {
    Expression first = call.arguments().get(0);
    String unit = first instanceof ColumnRef reference && reference.parts().size() == 1 ? reference.name()
        : first instanceof Literal literal && literal.kind() == LiteralKind.STRING ? literal.text() : "";
    unit = unit.toUpperCase(Locale.ROOT).replaceAll("S$", "");
    if (!DATE_UNITS.contains(unit)) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`unit`")
          .parameter("functionName", Errors.quote(call.name())).parameter("message", "the unit must be one of "
              + String.join(", ", new java.util.TreeSet<>(DATE_UNITS))).at(first.span()).build();
    }
    Typed second = expressions.translate(call.arguments().get(1), scope);
    Typed third = expressions.translate(call.arguments().get(2), scope);
    if (call.name().endsWith("add")) {
      // as Spark: days and longer move the session zone's wall clock, hours and shorter the instant
      boolean calendar = CALENDAR_UNITS.contains(unit);
      Analyzed start = new Analyzed.Cast(calendar ? expressions.wallClockOf(third)
          : expressions.towardTimestamp(third, true), SqlType.TIMESTAMP);
      Analyzed added = unit.equals("QUARTER")
          ? new Analyzed.DateAdd(Analyzed.DateUnit.MONTH, new Analyzed.Binary(BinaryOperator.MULTIPLY, number(3),
              second.value()), start)
          : new Analyzed.DateAdd(Analyzed.DateUnit.valueOf(unit), second.value(), start);
      return new Typed(new Analyzed.Cast(calendar ? expressions.instantOf(added) : added, SqlType.TIMESTAMP),
          Optional.of(SqlType.TIMESTAMP), second.nullable() || third.nullable());
    }
    return new Typed(new Analyzed.DateDiff(Analyzed.DateUnit.valueOf(unit), expressions.wallClockOf(second),
        expressions.wallClockOf(third)),
        Optional.of(SqlType.BIGINT), true);
  }

  /** concat of arrays: their elements in order, of the elements' common type; NULL if one is NULL. */
  Typed concatArrays(FunctionCall call, Scope scope) {
    List<Typed> arrays = new ArrayList<>();
    Optional<SqlType> element = Optional.empty();
    for (Expression argument : call.arguments()) {
      Typed array = expressions.translate(argument, scope);
      if (array.is(t -> t.kind() == TypeKind.VOID)) {
        arrays.add(array);
        continue;
      }
      if (!array.is(t -> t.kind() == TypeKind.ARRAY)) {
        throw Errors.typeMismatch(Errors.quote("concat"), "its arguments must all be arrays or all be strings, not "
            + array.type().map(SqlType::sql).orElse("a parameter"), argument.span());
      }
      element = QueryTranslator.widen(element, Optional.of(array.type().get().children().get(0)));
      arrays.add(array);
    }
    SqlType type = SqlType.array(element.orElse(SqlType.STRING));
    List<Analyzed> cast = arrays.stream().<Analyzed>map(array -> new Analyzed.Cast(array.value(), type)).toList();
    return new Typed(new Analyzed.Operation(Analyzed.OperationKind.CONCAT_ARRAYS, cast), Optional.of(type), true);
  }

  private static Analyzed number(long value) {
    return new Analyzed.Number(java.math.BigDecimal.valueOf(value));
  }

  private static Optional<long[]> integerRange(SqlType type) {
    return switch (type.kind()) {
      case TINYINT -> Optional.of(new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE});
      case SMALLINT -> Optional.of(new long[] {Short.MIN_VALUE, Short.MAX_VALUE});
      case INT -> Optional.of(new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE});
      case BIGINT -> Optional.of(new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
      default -> Optional.empty();
    };
  }
}
