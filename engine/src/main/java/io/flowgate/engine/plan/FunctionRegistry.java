package io.flowgate.engine.plan;

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
      "localtimestamp", "current_user", "user", "session_user", "current_catalog", "current_schema",
      "current_database", "is_account_group_member", "is_member");


  interface Renderer {
    String render(List<String> arguments);
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
    scalar("upper", 1, 1, a -> "UPPER(" + a.get(0) + ")", "ucase");
    scalar("lower", 1, 1, a -> "LOWER(" + a.get(0) + ")", "lcase");
    scalar("length", 1, 1, a -> "CHAR_LENGTH(" + a.get(0) + ")", "char_length", "character_length", "len");
    scalar("substring", 2, 3, a -> "SUBSTRING(" + a.get(0) + " FROM " + a.get(1)
        + (a.size() > 2 ? " FOR " + a.get(2) : "") + ")", "substr");
    scalar("concat", 1, MANY, a -> "(" + String.join(" || ", a) + ")");
    // H2 wants two values at least; a NULL, which CONCAT_WS skips, makes up the second.
    scalar("concat_ws", 2, MANY, a -> "CONCAT_WS(" + String.join(", ", a) + (a.size() == 2 ? ", NULL" : "") + ")");
    scalar("trim", 1, 2, a -> a.size() == 1 ? "TRIM(" + a.get(0) + ")" : "TRIM(BOTH " + a.get(1) + " FROM " + a.get(0) + ")", "btrim");
    scalar("ltrim", 1, 2, a -> a.size() == 1 ? "LTRIM(" + a.get(0) + ")" : "TRIM(LEADING " + a.get(1) + " FROM " + a.get(0) + ")");
    scalar("rtrim", 1, 2, a -> a.size() == 1 ? "RTRIM(" + a.get(0) + ")" : "TRIM(TRAILING " + a.get(1) + " FROM " + a.get(0) + ")");
    scalar("replace", 2, 3, a -> "REPLACE(" + a.get(0) + ", " + a.get(1) + ", " + (a.size() > 2 ? a.get(2) : "''") + ")");
    // Lengths are checked by the engine's own FG_SYS functions first: H2 out of memory closes the whole database.
    scalar("lpad", 2, 3, a -> "LPAD(" + a.get(0) + ", FG_SYS.CHECKED_LENGTH(" + a.get(1) + ", 'lpad'), "
        + (a.size() > 2 ? a.get(2) : "' '") + ")");
    scalar("rpad", 2, 3, a -> "RPAD(" + a.get(0) + ", FG_SYS.CHECKED_LENGTH(" + a.get(1) + ", 'rpad'), "
        + (a.size() > 2 ? a.get(2) : "' '") + ")");
    scalar("instr", 2, 2, a -> "LOCATE(" + a.get(1) + ", " + a.get(0) + ")");
    scalar("locate", 2, 3, a -> "LOCATE(" + String.join(", ", a) + ")");
    scalar("position", 2, 3, a -> "LOCATE(" + String.join(", ", a) + ")");
    scalar("repeat", 2, 2, a -> "REPEAT(" + a.get(0) + ", FG_SYS.CHECKED_REPEAT(CAST(" + a.get(0)
        + " AS CHARACTER VARYING), " + a.get(1) + "))");
    scalar("left", 2, 2, a -> "LEFT(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("right", 2, 2, a -> "RIGHT(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("regexp_replace", 3, 3, a -> "REGEXP_REPLACE(" + String.join(", ", a) + ")");
    scalar("regexp_like", 2, 2, a -> "REGEXP_LIKE(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("ascii", 1, 1, a -> "ASCII(" + a.get(0) + ")");
    scalar("chr", 1, 1, a -> "CHAR(" + a.get(0) + ")", "char");
    scalar("startswith", 2, 2, a -> "(LEFT(" + a.get(0) + ", CHAR_LENGTH(" + a.get(1) + ")) = " + a.get(1) + ")");
    scalar("endswith", 2, 2, a -> "(RIGHT(" + a.get(0) + ", CHAR_LENGTH(" + a.get(1) + ")) = " + a.get(1) + ")");
    scalar("contains", 2, 2, a -> "(LOCATE(" + a.get(1) + ", " + a.get(0) + ") > 0)");
    // math
    scalar("abs", 1, 1, a -> "ABS(" + a.get(0) + ")");
    scalar("ceil", 1, 1, a -> "CAST(CEILING(" + a.get(0) + ") AS BIGINT)", "ceiling");
    scalar("floor", 1, 1, a -> "CAST(FLOOR(" + a.get(0) + ") AS BIGINT)");
    scalar("round", 1, 2, a -> "ROUND(" + a.get(0) + ", " + (a.size() > 1 ? a.get(1) : "0") + ")");
    scalar("sqrt", 1, 1, a -> "SQRT(CAST(" + a.get(0) + " AS DOUBLE PRECISION))");
    scalar("pow", 2, 2, a -> "POWER(CAST(" + a.get(0) + " AS DOUBLE PRECISION), " + a.get(1) + ")", "power");
    scalar("exp", 1, 1, a -> "EXP(" + a.get(0) + ")");
    scalar("ln", 1, 1, a -> "LN(" + a.get(0) + ")");
    scalar("log", 1, 2, a -> a.size() == 1 ? "LN(" + a.get(0) + ")" : "LOG(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("log10", 1, 1, a -> "LOG10(" + a.get(0) + ")");
    scalar("log2", 1, 1, a -> "LOG(2, " + a.get(0) + ")");
    scalar("mod", 2, 2, a -> "MOD(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("pmod", 2, 2, a -> "MOD(MOD(" + a.get(0) + ", " + a.get(1) + ") + " + a.get(1) + ", " + a.get(1) + ")");
    scalar("sign", 1, 1, a -> "CAST(SIGN(" + a.get(0) + ") AS DOUBLE PRECISION)", "signum");
    scalar("greatest", 2, MANY, a -> "GREATEST(" + String.join(", ", a) + ")");
    scalar("least", 2, MANY, a -> "LEAST(" + String.join(", ", a) + ")");
    scalar("rand", 0, 1, a -> "RAND(" + String.join(", ", a) + ")", "random");
    scalar("pi", 0, 0, a -> "PI()");
    scalar("degrees", 1, 1, a -> "DEGREES(" + a.get(0) + ")");
    scalar("radians", 1, 1, a -> "RADIANS(" + a.get(0) + ")");
    for (String trig : List.of("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "cot")) {
      scalar(trig, 1, 1, a -> trig.toUpperCase(java.util.Locale.ROOT) + "(" + a.get(0) + ")");
    }
    scalar("atan2", 2, 2, a -> "ATAN2(" + a.get(0) + ", " + a.get(1) + ")");
    // conditional
    scalar("coalesce", 1, MANY, a -> "COALESCE(" + String.join(", ", a) + ")");
    scalar("ifnull", 2, 2, a -> "COALESCE(" + a.get(0) + ", " + a.get(1) + ")", "nvl");
    scalar("nullif", 2, 2, a -> "NULLIF(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("nvl2", 3, 3, a -> "CASE WHEN " + a.get(0) + " IS NOT NULL THEN " + a.get(1) + " ELSE " + a.get(2) + " END");
    scalar("if", 3, 3, a -> "CASE WHEN " + a.get(0) + " THEN " + a.get(1) + " ELSE " + a.get(2) + " END", "iff");
    scalar("isnull", 1, 1, a -> "(" + a.get(0) + " IS NULL)");
    scalar("isnotnull", 1, 1, a -> "(" + a.get(0) + " IS NOT NULL)");
    // date and time
    scalar("current_date", 0, 0, a -> "CURRENT_DATE", "curdate");
    scalar("current_timestamp", 0, 0, a -> "LOCALTIMESTAMP(6)", "now", "localtimestamp");
    scalar("year", 1, 1, a -> "EXTRACT(YEAR FROM " + a.get(0) + ")");
    scalar("quarter", 1, 1, a -> "EXTRACT(QUARTER FROM " + a.get(0) + ")");
    scalar("month", 1, 1, a -> "EXTRACT(MONTH FROM " + a.get(0) + ")");
    scalar("day", 1, 1, a -> "EXTRACT(DAY FROM " + a.get(0) + ")", "dayofmonth");
    scalar("dayofyear", 1, 1, a -> "EXTRACT(DAY_OF_YEAR FROM " + a.get(0) + ")");
    scalar("dayofweek", 1, 1, a -> "(MOD(EXTRACT(ISO_DAY_OF_WEEK FROM " + a.get(0) + "), 7) + 1)");
    scalar("weekofyear", 1, 1, a -> "EXTRACT(ISO_WEEK FROM " + a.get(0) + ")");
    scalar("hour", 1, 1, a -> "EXTRACT(HOUR FROM " + a.get(0) + ")");
    scalar("minute", 1, 1, a -> "EXTRACT(MINUTE FROM " + a.get(0) + ")");
    scalar("second", 1, 1, a -> "CAST(EXTRACT(SECOND FROM " + a.get(0) + ") AS INTEGER)");
    scalar("date_add", 2, 2, a -> "DATEADD(DAY, " + a.get(1) + ", CAST(" + a.get(0) + " AS DATE))", "dateadd");
    scalar("date_sub", 2, 2, a -> "DATEADD(DAY, -(" + a.get(1) + "), CAST(" + a.get(0) + " AS DATE))");
    scalar("datediff", 2, 2, a -> "CAST(DATEDIFF(DAY, CAST(" + a.get(1) + " AS DATE), CAST(" + a.get(0) + " AS DATE)) AS INTEGER)");
    scalar("add_months", 2, 2, a -> "DATEADD(MONTH, " + a.get(1) + ", CAST(" + a.get(0) + " AS DATE))");
    scalar("last_day", 1, 1, a -> "LAST_DAY(" + a.get(0) + ")");
    scalar("to_date", 1, 2, a -> a.size() == 1 ? "CAST(" + a.get(0) + " AS DATE)"
        : "CAST(PARSEDATETIME(" + a.get(0) + ", " + a.get(1) + ") AS DATE)");
    scalar("to_timestamp", 1, 2, a -> a.size() == 1 ? "CAST(" + a.get(0) + " AS TIMESTAMP(6))"
        : "CAST(PARSEDATETIME(" + a.get(0) + ", " + a.get(1) + ") AS TIMESTAMP(6))");
    scalar("date_format", 2, 2, a -> "FORMATDATETIME(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("date_trunc", 2, 2, a -> "DATE_TRUNC(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("extract", 2, 2, a -> "EXTRACT(" + a.get(0) + " FROM " + a.get(1) + ")");
    scalar("unix_timestamp", 1, 1, a -> "DATEDIFF(SECOND, TIMESTAMP '1970-01-01 00:00:00', " + a.get(0) + ")");
    // arrays
    scalar("array", 0, MANY, a -> "ARRAY[" + String.join(", ", a) + "]");
    scalar("size", 1, 1, a -> "COALESCE(CARDINALITY(" + a.get(0) + "), -1)", "cardinality", "array_size");
    scalar("array_contains", 2, 2, a -> "ARRAY_CONTAINS(" + a.get(0) + ", " + a.get(1) + ")");
    scalar("element_at", 2, 2, a -> "ARRAY_GET(" + a.get(0) + ", " + a.get(1) + ")");
    // aggregates
    // An aggregate's renderer gets "" or "DISTINCT " first, then its arguments (count(*) has the one argument *).
    register(new Function("count", Kind.AGGREGATE, 0, 1, a -> "COUNT(" + a.get(0) + (a.size() > 1 ? a.get(1) : "*")
        + ")"));
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
    register(new Function("count_if", Kind.AGGREGATE, 1, 1, a -> "COUNT(" + a.get(0) + "CASE WHEN " + a.get(1)
        + " THEN 1 END)"));
    // The exact distinct count is within any relative error asked for; the second argument is that bound.
    register(new Function("approx_count_distinct", Kind.AGGREGATE, 1, 2, a -> "COUNT(DISTINCT " + a.get(1) + ")"));
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
    register(new Function(name, Kind.AGGREGATE, 1, 1, a -> h2Name + "(" + a.get(0) + a.get(1) + ")"), aliases);
  }

  private static void window(String name, String h2Name, int min, int max) {
    register(new Function(name, Kind.WINDOW, min, max, a -> h2Name + "(" + String.join(", ", a) + ")"));
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
