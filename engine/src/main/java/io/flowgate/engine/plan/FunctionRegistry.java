package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.FunctionTraits.Kind;
import io.flowgate.engine.sql.analyzer.FunctionTraits;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The dialect's built-in functions and how each becomes H2 SQL. A name that is not here cannot be called: this is
 * what keeps H2's own functions (FILE_READ, CSVWRITE, LINK_SCHEMA, ...) out of reach.
 */
public final class FunctionRegistry {
  /** What analysis needs of the registry's functions: their kind, and which give other values for the same input. */
  public static final FunctionTraits TRAITS = new FunctionTraits() {
    @Override
    public Kind kind(String name) {
      return lookup(name).map(Function::kind).orElse(Kind.SCALAR);
    }

    @Override
    public Determinism determinism(String name) {
      if (RANDOM.contains(name)) {
        return Determinism.RANDOM;
      }
      return PER_STATEMENT.contains(name) ? Determinism.PER_STATEMENT : Determinism.DETERMINISTIC;
    }
  };

  private static final Set<String> RANDOM = Set.of("rand", "random");
  /** The clock and the session: fixed while one statement runs (the translator writes most as constants). */
  private static final Set<String> PER_STATEMENT = Set.of("current_date", "curdate", "current_timestamp", "now",
      "current_timezone", "localtimestamp", "current_user", "user", "session_user", "current_catalog", "current_schema",
      "current_database", "is_account_group_member", "is_member");


  interface Renderer {
    Sql render(List<Sql> arguments);
  }

  record Function(String name, Kind kind, int minArguments, int maxArguments, Renderer renderer) {
    String arity() {
      if (minArguments == maxArguments) {
        return String.valueOf(minArguments);
      }
      return maxArguments == Integer.MAX_VALUE ? "at least " + minArguments : minArguments + " to " + maxArguments;
    }
  }

  private static final int MANY = Integer.MAX_VALUE;
  private static final Set<String> DATE_FIELDS = Set.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "DAYOFWEEK",
      "DOW", "DAYOFYEAR", "DOY", "HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND", "EPOCH");
  private static final Map<String, Function> FUNCTIONS = new HashMap<>();

  static {
    // strings
    scalar("upper", 1, 1, call("UPPER"), "ucase");
    scalar("lower", 1, 1, call("LOWER"), "lcase");
    scalar("length", 1, 1, call("CHAR_LENGTH"), "char_length", "character_length", "len");
    scalar("substring", 2, 3, a -> a.size() > 2 ? Sql.of("SUBSTRING({} FROM {} FOR {})", a)
        : Sql.of("SUBSTRING({} FROM {})", a), "substr");
    scalar("concat", 1, MANY, a -> Sql.of("({})", Sql.join(" || ", a)));
    // H2 wants two values at least; a NULL, which CONCAT_WS skips, makes up the second.
    scalar("concat_ws", 2, MANY, a -> Sql.of(a.size() == 2 ? "CONCAT_WS({}, NULL)" : "CONCAT_WS({})", Sql.list(a)));
    scalar("trim", 1, 2, a -> a.size() == 1 ? Sql.of("TRIM({})", a) : Sql.of("TRIM(BOTH {} FROM {})", a.get(1),
        a.get(0)), "btrim");
    scalar("ltrim", 1, 2, a -> a.size() == 1 ? Sql.of("LTRIM({})", a) : Sql.of("TRIM(LEADING {} FROM {})", a.get(1),
        a.get(0)));
    scalar("rtrim", 1, 2, a -> a.size() == 1 ? Sql.of("RTRIM({})", a) : Sql.of("TRIM(TRAILING {} FROM {})", a.get(1),
        a.get(0)));
    scalar("replace", 2, 3, a -> Sql.of("REPLACE({}, {}, {})", a.get(0), a.get(1), a.size() > 2 ? a.get(2)
        : Sql.text("")));
    // Lengths are checked by the engine's own FG_SYS functions first: H2 out of memory closes the whole database.
    scalar("lpad", 2, 3, a -> Sql.of("LPAD({}, FG_SYS.CHECKED_LENGTH({}, {}), {})", a.get(0), a.get(1),
        Sql.text("lpad"), a.size() > 2 ? a.get(2) : Sql.text(" ")));
    scalar("rpad", 2, 3, a -> Sql.of("RPAD({}, FG_SYS.CHECKED_LENGTH({}, {}), {})", a.get(0), a.get(1),
        Sql.text("rpad"), a.size() > 2 ? a.get(2) : Sql.text(" ")));
    scalar("instr", 2, 2, a -> Sql.of("LOCATE({}, {})", a.get(1), a.get(0)));
    scalar("locate", 2, 3, call("LOCATE"));
    scalar("position", 2, 3, call("LOCATE"));
    scalar("repeat", 2, 2, a -> Sql.of("REPEAT({}, FG_SYS.CHECKED_REPEAT(CAST({} AS CHARACTER VARYING), {}))",
        a.get(0), a.get(0), a.get(1)));
    scalar("left", 2, 2, call("LEFT"));
    scalar("right", 2, 2, call("RIGHT"));
    scalar("regexp_replace", 3, 3, call("REGEXP_REPLACE"));
    scalar("regexp_like", 2, 2, call("REGEXP_LIKE"));
    scalar("ascii", 1, 1, call("ASCII"));
    scalar("chr", 1, 1, call("CHAR"), "char");
    scalar("startswith", 2, 2, a -> Sql.of("(LEFT({}, CHAR_LENGTH({})) = {})", a.get(0), a.get(1), a.get(1)));
    scalar("endswith", 2, 2, a -> Sql.of("(RIGHT({}, CHAR_LENGTH({})) = {})", a.get(0), a.get(1), a.get(1)));
    scalar("contains", 2, 2, a -> Sql.of("(LOCATE({}, {}) > 0)", a.get(1), a.get(0)));
    // math
    scalar("abs", 1, 1, call("ABS"));
    scalar("ceil", 1, 1, a -> Sql.of("CAST(CEILING({}) AS BIGINT)", a), "ceiling");
    scalar("floor", 1, 1, a -> Sql.of("CAST(FLOOR({}) AS BIGINT)", a));
    scalar("round", 1, 2, a -> Sql.of("ROUND({}, {})", a.get(0), a.size() > 1 ? a.get(1) : Sql.number(0)));
    scalar("sqrt", 1, 1, a -> Sql.of("SQRT(CAST({} AS DOUBLE PRECISION))", a));
    scalar("pow", 2, 2, a -> Sql.of("POWER(CAST({} AS DOUBLE PRECISION), {})", a), "power");
    scalar("exp", 1, 1, call("EXP"));
    scalar("ln", 1, 1, call("LN"));
    scalar("log", 1, 2, a -> a.size() == 1 ? Sql.of("LN({})", a) : Sql.of("LOG({}, {})", a));
    scalar("log10", 1, 1, call("LOG10"));
    scalar("log2", 1, 1, a -> Sql.of("LOG(2, {})", a));
    scalar("mod", 2, 2, call("MOD"));
    scalar("pmod", 2, 2, a -> Sql.of("MOD(MOD({}, {}) + {}, {})", a.get(0), a.get(1), a.get(1), a.get(1)));
    scalar("sign", 1, 1, a -> Sql.of("CAST(SIGN({}) AS DOUBLE PRECISION)", a), "signum");
    scalar("greatest", 2, MANY, call("GREATEST"));
    scalar("least", 2, MANY, call("LEAST"));
    scalar("rand", 0, 1, call("RAND"), "random");
    scalar("pi", 0, 0, call("PI"));
    scalar("degrees", 1, 1, call("DEGREES"));
    scalar("radians", 1, 1, call("RADIANS"));
    for (String trig : List.of("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "cot")) {
      scalar(trig, 1, 1, call(trig.toUpperCase(java.util.Locale.ROOT)));
    }
    scalar("atan2", 2, 2, call("ATAN2"));
    // conditional
    scalar("coalesce", 1, MANY, call("COALESCE"));
    scalar("ifnull", 2, 2, call("COALESCE"), "nvl");
    scalar("nullif", 2, 2, call("NULLIF"));
    scalar("nvl2", 3, 3, a -> Sql.of("CASE WHEN {} IS NOT NULL THEN {} ELSE {} END", a));
    scalar("if", 3, 3, a -> Sql.of("CASE WHEN {} THEN {} ELSE {} END", a), "iff");
    scalar("isnull", 1, 1, a -> Sql.of("({} IS NULL)", a));
    scalar("isnotnull", 1, 1, a -> Sql.of("({} IS NOT NULL)", a));
    // date and time
    scalar("current_date", 0, 0, a -> Sql.of("CURRENT_DATE"), "curdate");
    scalar("current_timestamp", 0, 0, a -> Sql.of("LOCALTIMESTAMP(6)"), "now", "localtimestamp");
    scalar("year", 1, 1, a -> Sql.of("EXTRACT(YEAR FROM {})", a));
    scalar("quarter", 1, 1, a -> Sql.of("EXTRACT(QUARTER FROM {})", a));
    scalar("month", 1, 1, a -> Sql.of("EXTRACT(MONTH FROM {})", a));
    scalar("day", 1, 1, a -> Sql.of("EXTRACT(DAY FROM {})", a), "dayofmonth");
    scalar("dayofyear", 1, 1, a -> Sql.of("EXTRACT(DAY_OF_YEAR FROM {})", a));
    scalar("dayofweek", 1, 1, a -> Sql.of("(MOD(EXTRACT(ISO_DAY_OF_WEEK FROM {}), 7) + 1)", a));
    scalar("weekofyear", 1, 1, a -> Sql.of("EXTRACT(ISO_WEEK FROM {})", a));
    scalar("hour", 1, 1, a -> Sql.of("EXTRACT(HOUR FROM {})", a));
    scalar("minute", 1, 1, a -> Sql.of("EXTRACT(MINUTE FROM {})", a));
    scalar("second", 1, 1, a -> Sql.of("CAST(EXTRACT(SECOND FROM {}) AS INTEGER)", a));
    scalar("date_add", 2, 2, a -> Sql.of("DATEADD(DAY, {}, CAST({} AS DATE))", a.get(1), a.get(0)), "dateadd");
    scalar("date_sub", 2, 2, a -> Sql.of("DATEADD(DAY, -({}), CAST({} AS DATE))", a.get(1), a.get(0)));
    scalar("datediff", 2, 2, a -> Sql.of("CAST(DATEDIFF(DAY, CAST({} AS DATE), CAST({} AS DATE)) AS INTEGER)",
        a.get(1), a.get(0)));
    scalar("add_months", 2, 2, a -> Sql.of("DATEADD(MONTH, {}, CAST({} AS DATE))", a.get(1), a.get(0)));
    scalar("last_day", 1, 1, call("LAST_DAY"));
    scalar("to_date", 1, 2, a -> a.size() == 1 ? Sql.of("CAST({} AS DATE)", a)
        : Sql.of("CAST(PARSEDATETIME({}, {}) AS DATE)", a));
    scalar("to_timestamp", 1, 2, a -> a.size() == 1 ? Sql.of("CAST({} AS TIMESTAMP(6))", a)
        : Sql.of("CAST(PARSEDATETIME({}, {}) AS TIMESTAMP(6))", a));
    scalar("date_format", 2, 2, call("FORMATDATETIME"));
    scalar("date_trunc", 2, 2, call("DATE_TRUNC"));
    scalar("extract", 2, 2, a -> Sql.of("EXTRACT({} FROM {})", a));
    scalar("unix_timestamp", 1, 1, a -> Sql.of("DATEDIFF(SECOND, TIMESTAMP {}, {})", Sql.text("1970-01-01 00:00:00"),
        a.get(0)));
    // arrays
    scalar("array", 0, MANY, a -> Sql.of("ARRAY[{}]", Sql.list(a)));
    scalar("size", 1, 1, a -> Sql.of("COALESCE(CARDINALITY({}), -1)", a), "cardinality", "array_size");
    scalar("array_contains", 2, 2, call("ARRAY_CONTAINS"));
    scalar("element_at", 2, 2, call("ARRAY_GET"));
    // aggregates
    // An aggregate's renderer gets DISTINCT or nothing first, then its arguments (count(*) has the one argument *).
    register(new Function("count", Kind.AGGREGATE, 0, 1, a -> Sql.of("COUNT({}{})", a.get(0), a.size() > 1 ? a.get(1)
        : Sql.of("*"))));
    aggregate("sum", "SUM");
    aggregate("avg", "AVG", "mean");
    aggregate("min", "MIN");
    aggregate("max", "MAX");
    aggregate("stddev", "STDDEV_SAMP", "stddev_samp", "std");
    aggregate("stddev_pop", "STDDEV_POP");
    aggregate("variance", "VAR_SAMP", "var_samp");
    aggregate("var_pop", "VAR_POP");
    aggregate("collect_list", "ARRAY_AGG", "array_agg");
    aggregate("bool_and", "BOOL_AND", "every");
    aggregate("bool_or", "BOOL_OR", "some", "any");
    aggregate("any_value", "ANY_VALUE", "first", "first_value$agg");
    // Over distinct inputs the count of true ones is 0 or 1, as the dialect's count_if(DISTINCT c) gives.
    register(new Function("count_if", Kind.AGGREGATE, 1, 1, a -> Sql.of("COUNT({}CASE WHEN {} THEN 1 END)", a)));
    // The exact distinct count is within any relative error asked for; the second argument is that bound.
    register(new Function("approx_count_distinct", Kind.AGGREGATE, 1, 2, a -> Sql.of("COUNT(DISTINCT {})",
        a.get(1))));
    aggregate("median", "MEDIAN");
    // window functions
    window("row_number", "ROW_NUMBER", 0, 0);
    window("rank", "RANK", 0, 0);
    window("dense_rank", "DENSE_RANK", 0, 0);
    window("percent_rank", "PERCENT_RANK", 0, 0);
    window("cume_dist", "CUME_DIST", 0, 0);
    window("ntile", "NTILE", 1, 1);
    window("lag", "LAG", 1, 3);
    window("lead", "LEAD", 1, 3);
    window("first_value", "FIRST_VALUE", 1, 1);
    window("last_value", "LAST_VALUE", 1, 1);
    window("nth_value", "NTH_VALUE", 2, 2);
  }

  private FunctionRegistry() {}

  private static void scalar(String name, int min, int max, Renderer renderer, String... aliases) {
    register(new Function(name, Kind.SCALAR, min, max, renderer), aliases);
  }

  private static void aggregate(String name, String h2Name, String... aliases) {
    register(new Function(name, Kind.AGGREGATE, 1, 1, a -> Sql.of(h2Name + "({}{})", a.get(0), a.get(1))), aliases);
  }

  private static void window(String name, String h2Name, int min, int max) {
    register(new Function(name, Kind.WINDOW, min, max, call(h2Name)));
  }

  /** H2's function {@code h2Name} called on the arguments as they are. */
  private static Renderer call(String h2Name) {
    return a -> Sql.of(h2Name + "({})", Sql.list(a));
  }

  private static void register(Function function, String... aliases) {
    FUNCTIONS.put(function.name(), function);
    for (String alias : aliases) {
      FUNCTIONS.put(alias, function);
    }
  }

  static Optional<Function> lookup(String name) {
    return Optional.ofNullable(FUNCTIONS.get(name));
  }

  static boolean isDateField(String field) {
    return DATE_FIELDS.contains(field);
  }

  /** Every callable name with its kind (SCALAR, AGGREGATE, WINDOW), for JDBC getFunctions. */
  public static java.util.SortedMap<String, String> names() {
    java.util.SortedMap<String, String> names = new java.util.TreeMap<>();
    FUNCTIONS.forEach((name, function) -> names.put(name, function.kind().name()));
    return names;
  }
}
