package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.BoundKind;
import io.flowgate.engine.sql.tree.Expression.FrameUnit;
import io.flowgate.engine.sql.tree.Expression.LikeKind;
import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * An expression as the translator understood it: names resolved to columns, functions to registry entries, every
 * implicit conversion of the dialect made explicit (a string read as a DOUBLE, a wall clock of the session's zone
 * read as the TIMESTAMP it is). It says what to compute, not how H2 spells it; {@link ExpressionWriter} writes it,
 * and nothing else does. The AST stays the parser's output: this is the analysis beside it.
 */
public sealed interface Analyzed {
  /** A column of a relation of the query: its generated alias (empty in a table's own definition) and store name. */
  record ColumnValue(String relation, String column) implements Analyzed {}

  /** A field of a STRUCT value, by its declared name. */
  record Field(Analyzed struct, String name) implements Analyzed {}

  /**
   * Whether {@code relation} has a row for which {@code condition} holds (any row, without one): what a LEFT SEMI
   * JOIN keeps and a LEFT ANTI JOIN drops.
   */
  record RowsExist(AnalyzedRelation relation, Optional<Analyzed> condition) implements Analyzed {}

  /**
   * Whether the value an INSERT gives a generated column is the one its expression computes for the row (the
   * vendor's rule: {@code (value <=> expression) IS TRUE}); the statement fails, naming the column and its
   * expression, where it is not.
   */
  record GeneratedCheck(Analyzed given, Analyzed computed, String column, String expression) implements Analyzed {}

  /**
   * A function's argument that must not be NULL (the statement fails, naming the function and the parameter, where it
   * is).
   */
  record RequiredArgument(Analyzed value, String function, String parameter) implements Analyzed {}

  /**
   * The level of a recursive CTE's next row: one more than {@code level}, its row's; the statement fails past
   * {@code limit} (the CTE's MAX RECURSION LEVEL).
   */
  record NextLevel(Analyzed level, int limit) implements Analyzed {}

  /** A scalar subquery: the one value of its one row (NULL without a row). */
  record Subquery(AnalyzedQuery query) implements Analyzed {}

  /** Whether {@code query} has a row equal to {@code values} (one value per column of it). */
  record InQuery(List<Analyzed> values, AnalyzedQuery query, boolean negated) implements Analyzed {
    public InQuery {
      values = List.copyOf(values);
    }
  }

  /** Whether {@code query} has a row. */
  record Exists(AnalyzedQuery query) implements Analyzed {}

  /** The keyword DEFAULT where a write gives a column its default: a VALUES cell of an INSERT, a SET value. */
  record DefaultValue() implements Analyzed {}

  /** The value NULL, of no type. */
  record NullValue() implements Analyzed {}

  record BooleanValue(boolean value) implements Analyzed {}

  /** A number parsed from the statement or computed by the engine, written from its value. */
  record Number(BigDecimal value) implements Analyzed {}

  /** A constant of the statement, bound as a parameter of its type. */
  record Constant(Object value, SqlType type) implements Analyzed {}

  /** Text of the engine's own (a word it compares with), or a definition's constant, which H2 keeps as text. */
  record Text(String value) implements Analyzed {}

  /**
   * A DATE, TIMESTAMP or BINARY constant of a definition (a DEFAULT, a generated column), where H2 takes no
   * parameters: {@code text} is the value as the engine printed it.
   */
  record DefinitionLiteral(SqlType type, String text) implements Analyzed {}

  /** The time the statement runs at, as a TIMESTAMP. */
  record Now() implements Analyzed {}

  /** The client's parameter marker of {@code index}, counted from 0 in the statement's order. */
  record ClientParameter(int index) implements Analyzed {}

  record Cast(Analyzed value, SqlType type) implements Analyzed {}

  /**
   * Whether {@code text} has the form of a value of {@code type}, so a cast of it cannot fail: what TRY_CAST tests.
   * Numbers and dates are tested by their form; text of other types is taken as readable.
   */
  record Readable(Analyzed text, SqlType type) implements Analyzed {}

  /** A number without its fraction, toward zero: how the dialect casts a fraction to an integer. */
  record Truncated(Analyzed value) implements Analyzed {}

  /** A TIMESTAMP (an instant) as the wall clock of {@code zone}. */
  record WallClock(Analyzed timestamp, ZoneId zone) implements Analyzed {}

  /** A wall clock of {@code zone} (a TIMESTAMP_NTZ, text, a DATE's midnight) as the TIMESTAMP it is there. */
  record Instant(Analyzed wallClock, ZoneId zone) implements Analyzed {}

  /** A BOOLEAN as the dialect writes it as text: {@code true}, {@code false}. */
  record BooleanText(Analyzed value) implements Analyzed {}

  /** An interval (its count of months or microseconds) as the dialect writes it: {@code INTERVAL '1' DAY}. */
  record IntervalText(Analyzed value, SqlType type) implements Analyzed {}

  record Not(Analyzed operand) implements Analyzed {}

  record Negated(Analyzed operand) implements Analyzed {}

  record BitwiseNot(Analyzed operand) implements Analyzed {}

  /** {@code IS [NOT] NULL}; a {@code row} (a struct, a map) is NULL only itself, not when a field of it is. */
  record NullTest(Analyzed value, boolean negated, boolean row) implements Analyzed {}

  /** {@code IS [NOT] TRUE / FALSE}. */
  record TruthTest(Analyzed value, boolean expected, boolean negated) implements Analyzed {}

  /**
   * An operator on two values whose types the analysis made meet: logic, comparison, arithmetic ({@code /} of the
   * operands as they are: a DOUBLE division is of a DOUBLE operand), modulo and the bitwise ones. {@code div} and
   * {@code ||} are analyzed into other nodes and never appear here.
   */
  record Binary(BinaryOperator operator, Analyzed left, Analyzed right) implements Analyzed {}

  record Between(Analyzed value, Analyzed low, Analyzed high, boolean negated) implements Analyzed {}

  record In(Analyzed value, List<Analyzed> items, boolean negated) implements Analyzed {
    public In {
      items = List.copyOf(items);
    }
  }

  /** LIKE and ILIKE with their escape; RLIKE, a regular expression, has none. */
  record Like(LikeKind kind, Analyzed value, Analyzed pattern, Optional<Analyzed> escape, boolean negated)
      implements Analyzed {}

  record Case(Optional<Analyzed> operand, List<When> whens, Optional<Analyzed> otherwise) implements Analyzed {
    public Case {
      whens = List.copyOf(whens);
    }
  }

  record When(Analyzed condition, Analyzed result) {}

  /**
   * An aggregate of the registry, its arguments as its parameters take them: over the block's groups, or with
   * {@code over} over the rows around each row. {@code star} is count(*)'s; {@code type} is the dialect's.
   */
  record Aggregate(FunctionRegistry.Function function, boolean distinct, boolean star, List<Analyzed> arguments,
      Optional<Analyzed> filter, Optional<Window> over, SqlType type) implements Analyzed {
    public Aggregate {
      arguments = List.copyOf(arguments);
    }
  }

  /** A window function of the registry: a rank, an offset, a first or last value. */
  record WindowFunction(FunctionRegistry.Function function, List<Analyzed> arguments, Window over, SqlType type)
      implements Analyzed {
    public WindowFunction {
      arguments = List.copyOf(arguments);
    }
  }

  /** The rows a window function or an aggregate with OVER sees around each row. */
  record Window(List<Analyzed> partitionBy, List<SortKey> orderBy, Optional<Frame> frame) {
    public Window {
      partitionBy = List.copyOf(partitionBy);
      orderBy = List.copyOf(orderBy);
    }
  }

  /** A key to sort by; without {@code nullsFirst}, NULLs sort first ascending and last descending. */
  record SortKey(Analyzed key, boolean descending, Optional<Boolean> nullsFirst) {}

  record Frame(FrameUnit unit, FrameBound start, FrameBound end) {}

  /** A frame's bound: its kind, and for PRECEDING and FOLLOWING its offset, a number that is not negative. */
  record FrameBound(BoundKind kind, Optional<Analyzed> offset) {}

  /** A field of a DATE or TIMESTAMP (a wall clock): its number, or with {@code truncate} the value cut down to it. */
  record DateField(DateUnit field, Analyzed value, boolean truncate) implements Analyzed {}

  /**
   * The fields and units of dates and times the analysis reads, adds and counts. A week is a plain seven days in
   * arithmetic; as a field the dialect's week is the ISO week (from Monday; week 1 holds the year's first Thursday).
   */
  enum DateUnit {
    YEAR, QUARTER, MONTH, WEEK, ISO_WEEK, DAY, DAY_OF_WEEK, DAY_OF_YEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND,
    EPOCH
  }

  /** An operation of the dialect that is no function a user can name (see {@link OperationKind}). */
  record Operation(OperationKind kind, List<Analyzed> arguments) implements Analyzed {
    public Operation {
      arguments = List.copyOf(arguments);
    }

    Operation(OperationKind kind, Analyzed... arguments) {
      this(kind, List.of(arguments));
    }
  }

  /** The number the range {@code range} of an {@link OverElements} is at (from 1): an element's number. */
  record ElementNumber(String range) implements Analyzed {}

  /**
   * A query over element numbers: the numbers 1 to each range's count (a NULL count: none), the later ranges for each
   * number of the earlier, where {@code conditions} hold; what it gives is {@code result}'s, of {@code value} in
   * {@code order}. It stands for a loop over the elements of arrays, maps and JSON text, which H2 cannot otherwise
   * write over the columns of the row it is in.
   */
  record OverElements(ElementsResult result, List<ElementRange> ranges, List<Analyzed> conditions,
      Optional<Analyzed> value, List<SortKey> order) implements Analyzed {
    public OverElements {
      ranges = List.copyOf(ranges);
      conditions = List.copyOf(conditions);
      order = List.copyOf(order);
    }
  }

  /** A range of element numbers, {@code alias} for {@link ElementNumber}, from 1 to {@code count}. */
  record ElementRange(String alias, Analyzed count) {}

  /** What an {@link OverElements} gives. */
  enum ElementsResult {
    /** An array of its value for each number, in order. */
    ARRAY,
    /** Whether there is a number. */
    ANY,
    /** Its value for the first number in order, or NULL. */
    FIRST,
    /** How many numbers there are. */
    COUNT
  }

  /**
   * A call of one of the engine's own functions in H2 ({@code FG_SYS}), which no user can name: the analysis chose it
   * and gives its arguments as it takes them.
   */
  record SystemCall(SystemFunction function, List<Analyzed> arguments) implements Analyzed {
    public SystemCall {
      arguments = List.copyOf(arguments);
    }
  }

  /** The engine's functions in H2 that the analysis calls ({@link io.flowgate.engine.storage.H2Functions}). */
  enum SystemFunction {
    /** JSON text at a path (its steps joined by newlines). */
    JSON_PATH,
    /** The hexadecimal digits of a BIGINT. */
    HEX_OF_NUMBER,
    /** A length (an INT) that an array or text built of it may have: {@code length, function name}. */
    CHECKED_LENGTH,
    /** A sequence's step, checked to lead from its start to its stop: {@code step, direction, start, stop} (texts). */
    SEQUENCE_STEP,
    /** An array of texts joined by a delimiter, its NULLs left out. */
    JOIN_TEXT,
    /** The keys of {@code text, pair delimiter, key delimiter} read as a map. */
    TEXT_MAP_KEYS,
    /** The values of {@code text, pair delimiter, key delimiter} read as a map. */
    TEXT_MAP_VALUES,
    /** A text as a JSON string. */
    JSON_QUOTE,
    /** A TIMESTAMP as to_json writes it: {@code value, zone, pattern or NULL}. */
    JSON_TIMESTAMP_TEXT,
    /** A DATE as to_json writes it by a pattern. */
    JSON_DATE_TEXT,
    /** Bytes as base64 text. */
    BASE64,
    /** JSON text read as an INT, a BIGINT, a DECIMAL, a DOUBLE or a BOOLEAN (NULL where it is none). */
    JSON_INT, JSON_BIGINT, JSON_DECIMAL, JSON_DOUBLE, JSON_BOOLEAN,
    /** JSON text read as a DATE: {@code text, pattern or NULL}. */
    JSON_DATE,
    /** JSON text read as a TIMESTAMP: {@code text, pattern or NULL, zone or NULL (a TIMESTAMP_NTZ)}. */
    JSON_TIMESTAMP,
    /** The number of fields of a JSON object, NULL for text that is none. */
    JSON_OBJECT_SIZE,
    /** The number of elements of a JSON array, NULL for text that is none. */
    JSON_ARRAY_LENGTH,
    /** The name of a JSON object's field at a position from 0. */
    JSON_OBJECT_KEY,
    /** Fails with MALFORMED_RECORD_IN_PARSING: {@code record, field or NULL, text, type}. */
    JSON_MALFORMED,
    /** Fails with a CHECK constraint's violation: {@code constraint name, condition text, the row's values}. */
    CHECK_VIOLATED
  }

  static Analyzed system(SystemFunction function, Analyzed... arguments) {
    return new SystemCall(function, List.of(arguments));
  }

  /** A call of the registry's function {@code name}. */
  static Analyzed call(String name, Analyzed... arguments) {
    return call(name, List.of(arguments));
  }

  static Analyzed call(String name, List<Analyzed> arguments) {
    return new Call(FunctionRegistry.lookup(name).orElseThrow(), arguments);
  }

  static Analyzed binary(BinaryOperator operator, Analyzed left, Analyzed right) {
    return new Binary(operator, left, right);
  }

  static Analyzed number(long value) {
    return new Number(BigDecimal.valueOf(value));
  }

  /** The conditions joined by AND (TRUE when there are none). */
  static Analyzed allOf(List<Analyzed> conditions) {
    return conditions.stream().reduce((a, b) -> binary(BinaryOperator.AND, a, b)).orElse(new BooleanValue(true));
  }

  /** The conditions joined by OR (FALSE when there are none). */
  static Analyzed anyOf(List<Analyzed> conditions) {
    return conditions.stream().reduce((a, b) -> binary(BinaryOperator.OR, a, b)).orElse(new BooleanValue(false));
  }

  /** {@code result} where {@code condition} holds, else NULL. */
  static Analyzed when(Analyzed condition, Analyzed result) {
    return new Case(Optional.empty(), List.of(new When(condition, result)), Optional.empty());
  }

  static Analyzed isNull(Analyzed value) {
    return new NullTest(value, false, false);
  }

  static Analyzed isNotNull(Analyzed value) {
    return new NullTest(value, true, false);
  }

  /** The operations of {@link Operation}, each on the arguments it names. */
  enum OperationKind {
    /** {@code array[index]}, counted from 0. */
    ELEMENT,
    /** {@code element_at(array, index)}: counted from 1, and a negative index counts from the end. */
    ELEMENT_AT,
    /** {@code map[key]}, the key already of the map's key type. */
    MAP_VALUE,
    /** The keys of a map, as an array. */
    MAP_KEYS,
    /** The values of a map, as an array. */
    MAP_VALUES,
    /** The number of entries of a map. */
    MAP_SIZE,
    /** A STRUCT of the values, before the cast that names its fields. */
    ROW,
    /** An ARRAY of the values. */
    ARRAY,
    /** The number of elements of an array. */
    CARDINALITY,
    /** The element of an array at a position counted from 1; NULL beyond its end. */
    NTH,
    /** The number of day boundaries from one DATE to another. */
    DAY_BOUNDARIES,
    /** The number of month boundaries from one DATE to another. */
    MONTH_BOUNDARIES,
    /** A number rounded half up to a whole one. */
    ROUND,
    /** The greatest whole number not above a number. */
    FLOOR,
    /** The seconds from 1970-01-01 00:00:00 to a TIMESTAMP (in the store: UTC), to the microsecond. */
    EPOCH_SECONDS,
    /** The TIMESTAMP a number of seconds after 1970-01-01 00:00:00, to the microsecond. */
    FROM_EPOCH_SECONDS,
    /** Arrays of one type, one after another; NULL if one is NULL. */
    CONCAT_ARRAYS,
    /**
     * format_string: the pattern (text), then for each value the letter of the Java type Spark formats it as ({@code
     * l} a whole number, {@code d} a floating one, {@code n} a decimal, {@code b} a boolean, {@code s} text) and the
     * value.
     */
    FORMAT_TEXT
  }

  /**
   * The map of {@code keys} and {@code values} (arrays) as {@code type}, refused as the row is read when a key is
   * NULL or there twice (NULL_MAP_KEY, DUPLICATED_MAP_KEY, naming {@code function}) or the arrays differ in length;
   * NULL when either array is.
   */
  record CheckedMap(Analyzed keys, Analyzed values, SqlType type, String function) implements Analyzed {}

  /** A DATE or TIMESTAMP moved by {@code amount} (a whole number) of {@code unit}. */
  record DateAdd(DateUnit unit, Analyzed amount, Analyzed start) implements Analyzed {}

  /** The whole units between two wall clocks, towards zero. */
  record DateDiff(DateUnit unit, Analyzed start, Analyzed end) implements Analyzed {}

  /**
   * Spark's hash of values in turn, seeded with 42: MurmurHash3 (an INT), or with {@code wide} xxHash64 (a BIGINT).
   * Each value is hashed by its type, as Spark does; a NULL leaves the hash as it is.
   */
  record Hash(boolean wide, List<Analyzed> values, List<SqlType> types) implements Analyzed {
    public Hash {
      values = List.copyOf(values);
      types = List.copyOf(types);
    }
  }

  /** A scalar function of the registry, its arguments as its parameters take them. */
  record Call(FunctionRegistry.Function function, List<Analyzed> arguments) implements Analyzed {
    public Call {
      arguments = List.copyOf(arguments);
    }
  }
}
