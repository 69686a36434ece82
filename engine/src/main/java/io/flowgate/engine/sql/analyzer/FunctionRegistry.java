package io.flowgate.engine.sql.analyzer;

import static io.flowgate.engine.sql.analyzer.ParameterType.ANY;
import static io.flowgate.engine.sql.analyzer.ParameterType.ARRAY;
import static io.flowgate.engine.sql.analyzer.ParameterType.BOOLEAN;
import static io.flowgate.engine.sql.analyzer.ParameterType.COLLECTION;
import static io.flowgate.engine.sql.analyzer.ParameterType.DATETIME;
import static io.flowgate.engine.sql.analyzer.ParameterType.NUMERIC;
import static io.flowgate.engine.sql.analyzer.ParameterType.ORDERABLE;
import static io.flowgate.engine.sql.analyzer.ParameterType.STRING;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.FunctionTraits.Kind;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
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

  private static final Set<String> RANDOM = Set.of("rand", "random", "uuid");
  /** The clock and the session: fixed while one statement runs (the translator writes most as constants). */
  private static final Set<String> PER_STATEMENT = Set.of("current_date", "curdate", "current_timestamp", "now",
      "current_timezone", "localtimestamp", "current_user", "user", "session_user", "current_catalog", "current_schema",
      "current_database", "is_account_group_member", "is_member");


  public interface Renderer {
    Sql render(List<Sql> arguments);
  }

  /** The type of a call's value from its translated arguments (count(*) has none). */
  public interface ResultType {
    SqlType of(List<Typed> arguments);

    /** The rule in words, for the function list. */
    default String description() {
      return "by its arguments";
    }
  }

  /** A result type rule with the words the function list shows for it. */
  private record Described(String description, ResultType rule) implements ResultType {
    @Override
    public SqlType of(List<Typed> arguments) {
      return rule.of(arguments);
    }
  }

  /**
   * A built-in function: its name, kind and arity, the type of its value by the dialect's rules, and how it is
   * written for H2.
   */
  public record Function(String name, Kind kind, int minArguments, int maxArguments, ResultType resultType,
      Renderer renderer) {
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
  /** The common type of all the arguments (coalesce, greatest, ...): where they meet in one value. */
  private static final ResultType ANY_OF_THEM = new Described("the common type of its arguments",
      a -> ResultTypes.orString(ResultTypes.common(a)));
  /** The common type of the second and third arguments: the branches of nvl2 and if. */
  private static final ResultType EITHER_BRANCH = new Described("the common type of its branches",
      a -> ResultTypes.orString(ResultTypes.common(a.subList(1, 3))));
  /** The first argument's type if it is a number, else DOUBLE (abs, round). */
  private static final ResultType THE_NUMBER = new Described("its first argument's type if a number, else DOUBLE",
      a -> ResultTypes.numberOrDouble(a.get(0).type()));
  /** The type of the first argument's remainder by the second (mod, pmod). */
  private static final ResultType REMAINDER = new Described("as `%` types its arguments",
      a -> ResultTypes.arithmetic(BinaryOperator.MODULO, a.get(0), a.get(1)));
  /** The element type of the first argument, an array (element_at). */
  private static final ResultType AN_ELEMENT = new Described("the element type of its array",
      a -> a.get(0).type().filter(t -> t.kind() == TypeKind.ARRAY).map(t -> t.children().get(0))
          .orElse(SqlType.STRING));
  /** The first argument's type (min, max, first_value, ...). */
  private static final ResultType THE_ARGUMENTS = new Described("its first argument's type",
      a -> ResultTypes.orString(a.get(0).type()));
  /** lag and lead: the value's type, met by the default's where one is given. */
  private static final ResultType VALUE_OR_DEFAULT = new Described("the common type of its value and default",
      a -> ResultTypes.orString(ResultTypes.common(a.size() > 2 ? List.of(a.get(0), a.get(2)) : a.subList(0, 1))));
  /** An ARRAY of the argument's type (collect_list, collect_set). */
  private static final ResultType AN_ARRAY_OF_IT = new Described("an ARRAY of its argument's type",
      a -> ResultTypes.arrayOf(a.get(0).type()));
  /** shiftleft and friends: BIGINT for a BIGINT, else INT. */
  private static final ResultType SHIFTED = new Described("BIGINT for a BIGINT, else INT",
      a -> a.get(0).is(t -> t.kind() == TypeKind.BIGINT) ? SqlType.BIGINT : SqlType.INT);
  private static final Map<String, Function> FUNCTIONS = new HashMap<>();

  static {
    // strings
    scalar("upper", 1, 1, fixed(SqlType.STRING), call("UPPER"), "ucase");
    scalar("lower", 1, 1, fixed(SqlType.STRING), call("LOWER"), "lcase");
    scalar("length", 1, 1, fixed(SqlType.INT), call("CHAR_LENGTH"), "char_length", "character_length", "len");
    scalar("substring", 2, 3, fixed(SqlType.STRING), a -> a.size() > 2 ? Sql.of("SUBSTRING({} FROM {} FOR {})", a)
        : Sql.of("SUBSTRING({} FROM {})", a), "substr");
    scalar("concat", 1, MANY, fixed(SqlType.STRING), a -> Sql.of("({})", Sql.join(" || ", a)));
    // H2 wants two values at least; a NULL, which CONCAT_WS skips, makes up the second.
    scalar("concat_ws", 2, MANY, fixed(SqlType.STRING),
        a -> Sql.of(a.size() == 2 ? "CONCAT_WS({}, NULL)" : "CONCAT_WS({})", Sql.list(a)));
    scalar("trim", 1, 2, fixed(SqlType.STRING),
        a -> a.size() == 1 ? Sql.of("TRIM({})", a) : Sql.of("TRIM(BOTH {} FROM {})", a.get(1),
        a.get(0)), "btrim");
    scalar("ltrim", 1, 2, fixed(SqlType.STRING),
        a -> a.size() == 1 ? Sql.of("LTRIM({})", a) : Sql.of("TRIM(LEADING {} FROM {})", a.get(1),
        a.get(0)));
    scalar("rtrim", 1, 2, fixed(SqlType.STRING),
        a -> a.size() == 1 ? Sql.of("RTRIM({})", a) : Sql.of("TRIM(TRAILING {} FROM {})", a.get(1),
        a.get(0)));
    scalar("replace", 2, 3, fixed(SqlType.STRING),
        a -> Sql.of("REPLACE({}, {}, {})", a.get(0), a.get(1), a.size() > 2 ? a.get(2)
        : Sql.text("")));
    // Lengths are checked by the engine's own FG_SYS functions first: H2 out of memory closes the whole database.
    scalar("lpad", 2, 3, fixed(SqlType.STRING),
        a -> Sql.of("LPAD({}, FG_SYS.CHECKED_LENGTH({}, {}), {})", a.get(0), a.get(1),
        Sql.text("lpad"), a.size() > 2 ? a.get(2) : Sql.text(" ")));
    scalar("rpad", 2, 3, fixed(SqlType.STRING),
        a -> Sql.of("RPAD({}, FG_SYS.CHECKED_LENGTH({}, {}), {})", a.get(0), a.get(1),
        Sql.text("rpad"), a.size() > 2 ? a.get(2) : Sql.text(" ")));
    scalar("instr", 2, 2, fixed(SqlType.INT), a -> Sql.of("LOCATE({}, {})", a.get(1), a.get(0)));
    scalar("locate", 2, 3, fixed(SqlType.INT), call("LOCATE"));
    scalar("position", 2, 3, fixed(SqlType.INT), call("LOCATE"));
    scalar("repeat", 2, 2, fixed(SqlType.STRING),
        a -> Sql.of("REPEAT({}, FG_SYS.CHECKED_REPEAT(CAST({} AS CHARACTER VARYING), {}))",
        a.get(0), a.get(0), a.get(1)));
    scalar("left", 2, 2, fixed(SqlType.STRING), call("LEFT"));
    scalar("right", 2, 2, fixed(SqlType.STRING), call("RIGHT"));
    scalar("regexp_replace", 3, 3, fixed(SqlType.STRING), call("REGEXP_REPLACE"));
    scalar("regexp_like", 2, 2, fixed(SqlType.BOOLEAN), call("REGEXP_LIKE"));
    scalar("ascii", 1, 1, fixed(SqlType.INT), call("ASCII"));
    // H2's INITCAP and TRANSLATE split words and drop characters otherwise than Spark: the engine's own
    scalar("initcap", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.WORD_CAPS({})", a));
    scalar("translate", 3, 3, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.CHAR_MAP({}, {}, {})", a));
    scalar("chr", 1, 1, fixed(SqlType.STRING), call("CHAR"), "char");
    scalar("startswith", 2, 2, fixed(SqlType.BOOLEAN),
        a -> Sql.of("(LEFT({}, CHAR_LENGTH({})) = {})", a.get(0), a.get(1), a.get(1)));
    scalar("endswith", 2, 2, fixed(SqlType.BOOLEAN),
        a -> Sql.of("(RIGHT({}, CHAR_LENGTH({})) = {})", a.get(0), a.get(1), a.get(1)));
    scalar("contains", 2, 2, fixed(SqlType.BOOLEAN), a -> Sql.of("(LOCATE({}, {}) > 0)", a.get(1), a.get(0)));
    // the engine's own (storage.TextFunctions), where H2 has none or another rule
    scalar("split", 2, 3, fixed(SqlType.array(SqlType.STRING)), a -> Sql.cast(Sql.of("FG_SYS.SPLIT({}, {}, {})",
        a.get(0), a.get(1), a.size() > 2 ? a.get(2) : Sql.number(-1)), SqlType.array(SqlType.STRING)));
    scalar("regexp_extract", 2, 3, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.REGEXP_EXTRACT({}, {}, {})",
        a.get(0), a.get(1), a.size() > 2 ? a.get(2) : Sql.number(1)));
    scalar("regexp_extract_all", 2, 3, fixed(SqlType.array(SqlType.STRING)), a -> Sql.cast(Sql.of(
        "FG_SYS.REGEXP_EXTRACT_ALL({}, {}, {})", a.get(0), a.get(1), a.size() > 2 ? a.get(2) : Sql.number(1)),
        SqlType.array(SqlType.STRING)));
    scalar("levenshtein", 2, 2, fixed(SqlType.INT), a -> Sql.of("FG_SYS.LEVENSHTEIN({}, {})", a));
    scalar("soundex", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.SOUND_CODE({})", a));
    scalar("base64", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.BASE64({})", bytes(a.get(0))));
    scalar("unbase64", 1, 1, fixed(SqlType.BINARY), a -> Sql.of("FG_SYS.UNBASE64({})", a));
    // hex of a number is written by the translator (FG_SYS.HEX_OF_NUMBER); this is hex of text and bytes
    scalar("hex", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.HEX_OF_BYTES({})", bytes(a.get(0))));
    scalar("unhex", 1, 1, fixed(SqlType.BINARY), a -> Sql.of("FG_SYS.UNHEX({})", a));
    scalar("url_encode", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.URL_ENCODE({})", a));
    scalar("url_decode", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.URL_DECODE({})", a));
    scalar("crc32", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("FG_SYS.CRC32({})", bytes(a.get(0))));
    scalar("reverse", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.REVERSE({})", a));
    scalar("split_part", 3, 3, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.SPLIT_PART({}, {}, {})", a));
    scalar("substring_index", 3, 3, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.SUBSTRING_INDEX({}, {}, {})", a));
    scalar("find_in_set", 2, 2, fixed(SqlType.INT), a -> Sql.of("FG_SYS.FIND_IN_SET({}, {})", a));
    scalar("space", 1, 1, fixed(SqlType.STRING), a -> Sql.of("REPEAT({}, FG_SYS.CHECKED_REPEAT({}, GREATEST({}, 0)))",
        Sql.text(" "), Sql.text(" "), a.get(0)));
    scalar("octet_length", 1, 1, fixed(SqlType.INT), a -> Sql.of("OCTET_LENGTH({})", bytes(a.get(0))));
    scalar("bit_length", 1, 1, fixed(SqlType.INT), a -> Sql.of("(OCTET_LENGTH({}) * 8)", bytes(a.get(0))));
    scalar("uuid", 0, 0, fixed(SqlType.STRING), a -> Sql.of("CAST(RANDOM_UUID() AS CHARACTER VARYING)"));
    // math
    scalar("abs", 1, 1, THE_NUMBER, call("ABS"));
    scalar("ceil", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("CAST(CEILING({}) AS BIGINT)", a), "ceiling");
    scalar("floor", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("CAST(FLOOR({}) AS BIGINT)", a));
    scalar("round", 1, 2, THE_NUMBER,
        a -> Sql.of("ROUND({}, {})", a.get(0), a.size() > 1 ? a.get(1) : Sql.number(0)));
    scalar("sqrt", 1, 1, fixed(SqlType.DOUBLE), a -> Sql.of("SQRT(CAST({} AS DOUBLE PRECISION))", a));
    scalar("pow", 2, 2, fixed(SqlType.DOUBLE), a -> Sql.of("POWER(CAST({} AS DOUBLE PRECISION), {})", a), "power");
    scalar("exp", 1, 1, fixed(SqlType.DOUBLE), call("EXP"));
    scalar("ln", 1, 1, fixed(SqlType.DOUBLE), call("LN"));
    scalar("log", 1, 2, fixed(SqlType.DOUBLE), a -> a.size() == 1 ? Sql.of("LN({})", a) : Sql.of("LOG({}, {})", a));
    scalar("log10", 1, 1, fixed(SqlType.DOUBLE), call("LOG10"));
    scalar("log2", 1, 1, fixed(SqlType.DOUBLE), a -> Sql.of("LOG(2, {})", a));
    scalar("mod", 2, 2, REMAINDER, call("MOD"));
    scalar("pmod", 2, 2, REMAINDER,
        a -> Sql.of("MOD(MOD({}, {}) + {}, {})", a.get(0), a.get(1), a.get(1), a.get(1)));
    scalar("sign", 1, 1, fixed(SqlType.DOUBLE), a -> Sql.of("CAST(SIGN({}) AS DOUBLE PRECISION)", a), "signum");
    scalar("greatest", 2, MANY, ANY_OF_THEM, call("GREATEST"));
    scalar("least", 2, MANY, ANY_OF_THEM, call("LEAST"));
    scalar("rand", 0, 1, fixed(SqlType.DOUBLE), call("RAND"), "random");
    scalar("pi", 0, 0, fixed(SqlType.DOUBLE), call("PI"));
    scalar("degrees", 1, 1, fixed(SqlType.DOUBLE), call("DEGREES"));
    scalar("radians", 1, 1, fixed(SqlType.DOUBLE), call("RADIANS"));
    for (String trig : List.of("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "cot")) {
      scalar(trig, 1, 1, fixed(SqlType.DOUBLE), call(trig.toUpperCase(java.util.Locale.ROOT)));
    }
    scalar("atan2", 2, 2, fixed(SqlType.DOUBLE), call("ATAN2"));
    scalar("e", 0, 0, fixed(SqlType.DOUBLE), a -> Sql.of("EXP(1)"));
    scalar("cbrt", 1, 1, fixed(SqlType.DOUBLE), a -> Sql.of("FG_SYS.CBRT({})", a));
    scalar("hypot", 2, 2, fixed(SqlType.DOUBLE), a -> Sql.of("SQRT(POWER(CAST({} AS DOUBLE PRECISION), 2)"
        + " + POWER(CAST({} AS DOUBLE PRECISION), 2))", a));
    scalar("negative", 1, 1, THE_NUMBER, a -> Sql.of("(-({}))", a));
    scalar("positive", 1, 1, THE_NUMBER, a -> Sql.of("({})", a));
    // round's type rule; H2's ROUND rounds ties away from zero, bround to the even neighbour
    scalar("bround", 1, 2, THE_NUMBER,
        a -> Sql.of("FG_SYS.BROUND({}, {})", a.get(0), a.size() > 1 ? a.get(1) : Sql.number(0)));
    scalar("factorial", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("FG_SYS.FACTORIAL({})", a));
    scalar("bin", 1, 1, fixed(SqlType.STRING), a -> Sql.of("FG_SYS.BIN(CAST({} AS BIGINT))", a));
    scalar("isnan", 1, 1, fixed(SqlType.BOOLEAN), a -> Sql.of("FG_SYS.IS_NAN(CAST({} AS DOUBLE PRECISION))", a));
    scalar("nanvl", 2, 2, fixed(SqlType.DOUBLE), a -> Sql.of("CASE WHEN FG_SYS.IS_NAN(CAST({} AS DOUBLE PRECISION))"
        + " THEN CAST({} AS DOUBLE PRECISION) ELSE CAST({} AS DOUBLE PRECISION) END", a.get(0), a.get(1), a.get(0)));
    scalar("shiftleft", 2, 2, SHIFTED, call("LSHIFT"));
    scalar("shiftright", 2, 2, SHIFTED, call("RSHIFT"));
    scalar("shiftrightunsigned", 2, 2, SHIFTED, call("URSHIFT"));
    scalar("bit_count", 1, 1, fixed(SqlType.INT), call("BITCOUNT"));
    // the bucket (1 to n, 0 below min, n + 1 from max on) of value in n equal ranges from min to max, which may
    // run downwards; NULL for no buckets or an empty range
    scalar("width_bucket", 4, 4, fixed(SqlType.BIGINT), a -> {
      Sql value = Sql.cast(a.get(0), SqlType.DOUBLE);
      Sql low = Sql.cast(a.get(1), SqlType.DOUBLE);
      Sql high = Sql.cast(a.get(2), SqlType.DOUBLE);
      Sql count = Sql.cast(a.get(3), SqlType.BIGINT);
      return Sql.of("CASE WHEN {} <= 0 OR {} = {} THEN NULL WHEN {} < {} THEN CASE WHEN {} < {} THEN 0 WHEN {} >= {}"
          + " THEN {} + 1 ELSE CAST(FLOOR(({} - {}) * {} / ({} - {})) AS BIGINT) + 1 END ELSE CASE WHEN {} > {}"
          + " THEN 0 WHEN {} <= {} THEN {} + 1 ELSE CAST(FLOOR(({} - {}) * {} / ({} - {})) AS BIGINT) + 1 END END",
          count, low, high, low, high, value, low, value, high, count, value, low, count, high, low,
          value, low, value, high, count, low, value, count, low, high);
    });
    // conditional
    scalar("coalesce", 1, MANY, ANY_OF_THEM, call("COALESCE"));
    scalar("ifnull", 2, 2, ANY_OF_THEM, call("COALESCE"), "nvl");
    scalar("nullif", 2, 2, ANY_OF_THEM, call("NULLIF"));
    // DISTINCT FROM NULL: H2 says a struct or map (a ROW) with a NULL field IS NULL
    scalar("nvl2", 3, 3, EITHER_BRANCH, a -> Sql.of("CASE WHEN {} IS DISTINCT FROM NULL THEN {} ELSE {} END", a));
    scalar("if", 3, 3, EITHER_BRANCH, a -> Sql.of("CASE WHEN {} THEN {} ELSE {} END", a), "iff");
    scalar("isnull", 1, 1, fixed(SqlType.BOOLEAN), a -> Sql.of("({} IS NOT DISTINCT FROM NULL)", a));
    scalar("zeroifnull", 1, 1, THE_NUMBER, a -> Sql.of("COALESCE({}, 0)", a));
    scalar("nullifzero", 1, 1, THE_NUMBER, a -> Sql.of("NULLIF({}, 0)", a));
    scalar("equal_null", 2, 2, fixed(SqlType.BOOLEAN), a -> Sql.of("({} IS NOT DISTINCT FROM {})", a));
    // hashes, as lower-case hex of the digest of a string's UTF-8 bytes (or a binary's bytes)
    scalar("md5", 1, 1, hashOf("md5"), a -> hex("MD5", a.get(0)));
    scalar("sha1", 1, 1, hashOf("sha1"), a -> hex("SHA-1", a.get(0)), "sha");
    scalar("sha2", 2, 2, hashOf("sha2"), a -> Sql.of("CASE {} WHEN 0 THEN {} WHEN 256 THEN {} WHEN 224 THEN {}"
        + " WHEN 384 THEN {} WHEN 512 THEN {} END", a.get(1), hex("SHA-256", a.get(0)), hex("SHA-256", a.get(0)),
        hex("SHA-224", a.get(0)), hex("SHA-384", a.get(0)), hex("SHA-512", a.get(0))));
    scalar("isnotnull", 1, 1, fixed(SqlType.BOOLEAN), a -> Sql.of("({} IS DISTINCT FROM NULL)", a));
    // date and time
    scalar("current_date", 0, 0, fixed(SqlType.DATE), a -> Sql.of("CURRENT_DATE"), "curdate");
    scalar("current_timestamp", 0, 0, fixed(SqlType.TIMESTAMP),
        a -> Sql.of("LOCALTIMESTAMP(6)"), "now");
    scalar("year", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(YEAR FROM {})", a));
    scalar("quarter", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(QUARTER FROM {})", a));
    scalar("month", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(MONTH FROM {})", a));
    scalar("day", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(DAY FROM {})", a), "dayofmonth");
    scalar("dayofyear", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(DAY_OF_YEAR FROM {})", a));
    scalar("dayofweek", 1, 1, fixed(SqlType.INT), a -> Sql.of("(MOD(EXTRACT(ISO_DAY_OF_WEEK FROM {}), 7) + 1)", a));
    scalar("weekofyear", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(ISO_WEEK FROM {})", a));
    scalar("hour", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(HOUR FROM {})", a));
    scalar("minute", 1, 1, fixed(SqlType.INT), a -> Sql.of("EXTRACT(MINUTE FROM {})", a));
    scalar("second", 1, 1, fixed(SqlType.INT), a -> Sql.of("CAST(EXTRACT(SECOND FROM {}) AS INTEGER)", a));
    scalar("date_add", 2, 2, fixed(SqlType.DATE),
        a -> Sql.of("DATEADD(DAY, {}, CAST({} AS DATE))", a.get(1), a.get(0)), "dateadd");
    scalar("date_sub", 2, 2, fixed(SqlType.DATE),
        a -> Sql.of("DATEADD(DAY, -({}), CAST({} AS DATE))", a.get(1), a.get(0)));
    scalar("datediff", 2, 2, fixed(SqlType.INT),
        a -> Sql.of("CAST(DATEDIFF(DAY, CAST({} AS DATE), CAST({} AS DATE)) AS INTEGER)",
        a.get(1), a.get(0)), "date_diff");
    scalar("add_months", 2, 2, fixed(SqlType.DATE),
        a -> Sql.of("DATEADD(MONTH, {}, CAST({} AS DATE))", a.get(1), a.get(0)));
    scalar("last_day", 1, 1, fixed(SqlType.DATE), call("LAST_DAY"));
    scalar("to_date", 1, 2, fixed(SqlType.DATE), a -> a.size() == 1 ? Sql.of("CAST({} AS DATE)", a)
        : Sql.of("CAST(PARSEDATETIME({}, {}) AS DATE)", a));
    scalar("to_timestamp", 1, 2, fixed(SqlType.TIMESTAMP), a -> a.size() == 1 ? Sql.of("CAST({} AS TIMESTAMP(6))", a)
        : Sql.of("CAST(PARSEDATETIME({}, {}) AS TIMESTAMP(6))", a));
    scalar("date_format", 2, 2, fixed(SqlType.STRING), call("FORMATDATETIME"));
    scalar("date_trunc", 2, 2, fixed(SqlType.TIMESTAMP), call("DATE_TRUNC"));
    scalar("extract", 2, 2, fixed(SqlType.INT), a -> Sql.of("EXTRACT({} FROM {})", a));
    scalar("unix_timestamp", 1, 1, fixed(SqlType.BIGINT),
        a -> Sql.of("DATEDIFF(SECOND, TIMESTAMP {}, {})", Sql.text("1970-01-01 00:00:00"),
        a.get(0)));
    // instants as counts since 1970-01-01 00:00:00 UTC, and back
    Sql epoch = Sql.of("TIMESTAMP {}", Sql.text("1970-01-01 00:00:00"));
    scalar("timestamp_seconds", 1, 1, fixed(SqlType.TIMESTAMP), a -> Sql.cast(Sql.of(
        "DATEADD(MICROSECOND, CAST(CAST({} AS DECIMAL(38, 6)) * 1000000 AS BIGINT), {})", a.get(0), epoch),
        SqlType.TIMESTAMP));
    scalar("timestamp_millis", 1, 1, fixed(SqlType.TIMESTAMP),
        a -> Sql.cast(Sql.of("DATEADD(MILLISECOND, {}, {})", a.get(0), epoch), SqlType.TIMESTAMP));
    scalar("timestamp_micros", 1, 1, fixed(SqlType.TIMESTAMP),
        a -> Sql.cast(Sql.of("DATEADD(MICROSECOND, {}, {})", a.get(0), epoch), SqlType.TIMESTAMP));
    scalar("unix_seconds", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("DATEDIFF(SECOND, {}, {})", epoch, a.get(0)));
    scalar("unix_millis", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("DATEDIFF(MILLISECOND, {}, {})", epoch, a.get(0)));
    scalar("unix_micros", 1, 1, fixed(SqlType.BIGINT), a -> Sql.of("DATEDIFF(MICROSECOND, {}, {})", epoch, a.get(0)));
    scalar("unix_date", 1, 1, fixed(SqlType.INT), a -> Sql.of("CAST(DATEDIFF(DAY, DATE {}, CAST({} AS DATE)) AS INTEGER)",
        Sql.text("1970-01-01"), a.get(0)));
    scalar("date_from_unix_date", 1, 1, fixed(SqlType.DATE),
        a -> Sql.of("DATEADD(DAY, {}, DATE {})", a.get(0), Sql.text("1970-01-01")));
    scalar("make_date", 3, 3, fixed(SqlType.DATE), a -> Sql.of("FG_SYS.MAKE_DATE({}, {}, {})", a));
    // a wall clock of the session zone, made the instant it is there by the translator
    scalar("make_timestamp", 6, 6, fixed(SqlType.TIMESTAMP), a -> Sql.of("FG_SYS.MAKE_TIMESTAMP({}, {}, {}, {}, {},"
        + " CAST({} AS DECIMAL(16, 6)))", a));
    scalar("next_day", 2, 2, fixed(SqlType.DATE), a -> Sql.of("FG_SYS.NEXT_DAY(CAST({} AS DATE), {})", a));
    scalar("months_between", 2, 3, fixed(SqlType.DOUBLE), a -> Sql.of("FG_SYS.MONTHS_BETWEEN(CAST({} AS TIMESTAMP),"
        + " CAST({} AS TIMESTAMP), {})", a.get(0), a.get(1), a.size() > 2 ? a.get(2) : Sql.of("TRUE")));
    scalar("weekday", 1, 1, fixed(SqlType.INT), a -> Sql.of("(EXTRACT(ISO_DAY_OF_WEEK FROM {}) - 1)", a));
    // from_utc_timestamp reads the instant's UTC wall clock as one of the zone; to_utc_timestamp the other way
    scalar("from_utc_timestamp", 2, 2, fixed(SqlType.TIMESTAMP),
        a -> Sql.of("FG_SYS.TO_ZONE(CAST({} AS TIMESTAMP), {})", a));
    scalar("to_utc_timestamp", 2, 2, fixed(SqlType.TIMESTAMP),
        a -> Sql.of("FG_SYS.FROM_ZONE(CAST({} AS TIMESTAMP), {})", a));
    // arrays
    // array() and array(NULL) are ARRAY<VOID>, as in the dialect: they meet and cast to any array type
    scalar("array", 0, MANY, new Described("an ARRAY of its arguments' common type (of VOID without any)",
        a -> a.isEmpty() ? SqlType.array(SqlType.VOID) : ResultTypes.arrayOf(ResultTypes.common(a))),
        a -> Sql.of("ARRAY[{}]", Sql.list(a)));
    scalar("size", 1, 1, fixed(SqlType.INT),
        // NULL of NULL, as in ANSI mode (-1 is the legacy answer)
        a -> Sql.of("CARDINALITY({})", a), "cardinality", "array_size");
    scalar("array_contains", 2, 2, fixed(SqlType.BOOLEAN), call("ARRAY_CONTAINS"));
    scalar("element_at", 2, 2, AN_ELEMENT, call("ARRAY_GET"));
    // aggregates
    // An aggregate's renderer gets DISTINCT or nothing first, then its arguments (count(*) has the one argument *).
    register(new Function("count", Kind.AGGREGATE, 0, 1, fixed(SqlType.BIGINT),
        a -> Sql.of("COUNT({}{})", a.get(0), a.size() > 1 ? a.get(1) : Sql.of("*"))));
    aggregate("sum", "SUM", new Described("BIGINT of integers, DOUBLE of floats, DECIMAL(p + 10, s) of a DECIMAL",
        a -> TypeRules.sum(a.get(0).type().orElse(SqlType.DOUBLE))));
    aggregate("avg", "AVG", new Described("DOUBLE, or DECIMAL(p + 4, s + 4) of a DECIMAL",
        a -> TypeRules.average(a.get(0).type().orElse(SqlType.DOUBLE))), "mean");
    aggregate("min", "MIN", THE_ARGUMENTS);
    aggregate("max", "MAX", THE_ARGUMENTS);
    aggregate("stddev", "STDDEV_SAMP", fixed(SqlType.DOUBLE), "stddev_samp", "std");
    aggregate("stddev_pop", "STDDEV_POP", fixed(SqlType.DOUBLE));
    aggregate("variance", "VAR_SAMP", fixed(SqlType.DOUBLE), "var_samp");
    aggregate("var_pop", "VAR_POP", fixed(SqlType.DOUBLE));
    // collect_list and collect_set skip NULLs, as the dialect does (the translator makes an empty result [])
    register(new Function("collect_list", Kind.AGGREGATE, 1, 1, AN_ARRAY_OF_IT,
        a -> Sql.of("ARRAY_AGG({}{}) FILTER (WHERE {} IS NOT NULL)", a.get(0), a.get(1), a.get(1))), "array_agg");
    register(new Function("collect_set", Kind.AGGREGATE, 1, 1, AN_ARRAY_OF_IT,
        a -> Sql.of("ARRAY_AGG(DISTINCT {}) FILTER (WHERE {} IS NOT NULL)", a.get(1), a.get(1))));
    // the value at the largest (smallest) ordering value; NULL orderings are skipped. These and percentile_approx
    // are an expression around H2's aggregates: their last part is the OVER clause each of those takes (or nothing).
    register(new Function("max_by", Kind.AGGREGATE, 2, 2, THE_ARGUMENTS, a -> Sql.of(
        "ARRAY_GET(ARRAY_AGG({} ORDER BY {} DESC) FILTER (WHERE {} IS NOT NULL){}, 1)", a.get(1), a.get(2), a.get(2),
        a.get(3))));
    register(new Function("min_by", Kind.AGGREGATE, 2, 2, THE_ARGUMENTS, a -> Sql.of(
        "ARRAY_GET(ARRAY_AGG({} ORDER BY {}) FILTER (WHERE {} IS NOT NULL){}, 1)", a.get(1), a.get(2), a.get(2),
        a.get(3))));
    aggregate("mode", "MODE", THE_ARGUMENTS);
    aggregate("bit_and", "BIT_AND_AGG", THE_ARGUMENTS);
    aggregate("bit_or", "BIT_OR_AGG", THE_ARGUMENTS);
    aggregate("bit_xor", "BIT_XOR_AGG", THE_ARGUMENTS);
    register(new Function("listagg", Kind.AGGREGATE, 1, 2, fixed(SqlType.STRING), a -> Sql.of(
        "LISTAGG({}CAST({} AS CHARACTER VARYING), {})", a.get(0), a.get(1),
        a.size() > 2 ? separator(a.get(2)) : Sql.text(""))),
        "string_agg");
    for (String direction : List.of("ASC", "DESC")) {
      register(new Function("listagg$within_" + direction.toLowerCase(java.util.Locale.ROOT), Kind.AGGREGATE, 3, 3,
          fixed(SqlType.STRING), a -> Sql.of("LISTAGG({}CAST({} AS CHARACTER VARYING), {})"
              + " WITHIN GROUP (ORDER BY {} " + direction + ")", a.get(0), a.get(1), separator(a.get(2)), a.get(3))));
    }
    // the exact percentile, interpolated; percentile_approx is the value at rank ceil(p * n), exact too (H2's
    // PERCENTILE_DISC rounds the rank otherwise)
    register(new Function("percentile", Kind.AGGREGATE, 2, 2, fixed(SqlType.DOUBLE), a -> Sql.of(
        "PERCENTILE_CONT({}) WITHIN GROUP (ORDER BY {})", a.get(2), a.get(1))));
    register(new Function("percentile_approx", Kind.AGGREGATE, 2, 3, THE_ARGUMENTS, a -> {
      Sql over = a.get(a.size() - 1);
      return Sql.of("ARRAY_GET(ARRAY_AGG({} ORDER BY {}) FILTER (WHERE {} IS NOT NULL){}, GREATEST(CAST(CEILING({} *"
          + " COUNT({}){}) AS INTEGER), 1))", a.get(1), a.get(1), a.get(1), over, a.get(2), a.get(1), over);
    }), "approx_percentile");
    for (String statistic : List.of("corr", "covar_pop", "covar_samp", "regr_slope", "regr_intercept", "regr_r2",
        "regr_avgx", "regr_avgy", "regr_sxx", "regr_syy", "regr_sxy", "regr_count")) {
      register(new Function(statistic, Kind.AGGREGATE, 2, 2,
          fixed(statistic.equals("regr_count") ? SqlType.BIGINT : SqlType.DOUBLE),
          a -> Sql.of(statistic.toUpperCase(java.util.Locale.ROOT) + "({}CAST({} AS DOUBLE PRECISION),"
              + " CAST({} AS DOUBLE PRECISION))", a.get(0), a.get(1), a.get(2))));
    }
    aggregate("bool_and", "BOOL_AND", fixed(SqlType.BOOLEAN), "every");
    aggregate("bool_or", "BOOL_OR", fixed(SqlType.BOOLEAN), "some", "any");
    // first and last have no order to follow: any value, as first(x) of an unordered group may give (H2's skips
    // NULLs, as first(x, true) and first(x) IGNORE NULLS do)
    register(new Function("any_value", Kind.AGGREGATE, 1, 2, THE_ARGUMENTS, a -> Sql.of("ANY_VALUE({}{})", a.get(0),
        a.get(1))), "first", "first_value$agg", "last", "last_value$agg", "first$ignore_nulls", "last$ignore_nulls",
        "any_value$ignore_nulls");
    // Over distinct inputs the count of true ones is 0 or 1, as the dialect's count_if(DISTINCT c) gives.
    register(new Function("count_if", Kind.AGGREGATE, 1, 1, fixed(SqlType.BIGINT),
        a -> Sql.of("COUNT({}CASE WHEN {} THEN 1 END)", a)));
    // The exact distinct count is within any relative error asked for; the second argument is that bound.
    register(new Function("approx_count_distinct", Kind.AGGREGATE, 1, 2, fixed(SqlType.BIGINT),
        a -> Sql.of("COUNT(DISTINCT {})",
        a.get(1))));
    aggregate("median", "MEDIAN", fixed(SqlType.DOUBLE));
    // window functions
    window("row_number", "ROW_NUMBER", 0, 0, fixed(SqlType.INT));
    window("rank", "RANK", 0, 0, fixed(SqlType.INT));
    window("dense_rank", "DENSE_RANK", 0, 0, fixed(SqlType.INT));
    window("percent_rank", "PERCENT_RANK", 0, 0, fixed(SqlType.DOUBLE));
    window("cume_dist", "CUME_DIST", 0, 0, fixed(SqlType.DOUBLE));
    window("ntile", "NTILE", 1, 1, fixed(SqlType.INT));
    window("lag", "LAG", 1, 3, VALUE_OR_DEFAULT);
    window("lead", "LEAD", 1, 3, VALUE_OR_DEFAULT);
    window("first_value", "FIRST_VALUE", 1, 1, THE_ARGUMENTS);
    window("last_value", "LAST_VALUE", 1, 1, THE_ARGUMENTS);
    window("nth_value", "NTH_VALUE", 2, 2, THE_ARGUMENTS);
    for (String offset : List.of("lag", "lead", "first_value", "last_value", "nth_value")) {
      Function plain = FUNCTIONS.get(offset);
      register(new Function(offset + "$ignore_nulls", Kind.WINDOW, plain.minArguments(), plain.maxArguments(),
          plain.resultType(), a -> Sql.of(offset.toUpperCase(java.util.Locale.ROOT) + "({}) IGNORE NULLS",
          Sql.list(a))));
    }
  }

  /** What each function's parameters take (the last repeats); a function not here checks none of its own. */
  private static final Map<String, List<ParameterType>> PARAMETERS = new HashMap<>();

  static {
    parameters(List.of(STRING), "upper", "lower", "length", "concat", "concat_ws", "trim", "ltrim", "rtrim",
        "replace", "regexp_replace", "regexp_like", "ascii", "initcap", "translate", "startswith", "endswith",
        "contains", "levenshtein", "soundex", "base64", "unbase64", "hex", "unhex", "url_encode", "url_decode", "crc32",
        "reverse", "find_in_set", "octet_length", "bit_length", "instr", "to_date", "to_timestamp", "listagg");
    parameters(List.of(STRING, STRING, NUMERIC), "split", "regexp_extract", "regexp_extract_all", "locate",
        "position", "split_part", "substring_index");
    parameters(List.of(STRING, NUMERIC, NUMERIC), "substring");
    parameters(List.of(STRING, NUMERIC, STRING), "lpad", "rpad");
    parameters(List.of(STRING, NUMERIC), "repeat", "left", "right", "sha2");
    parameters(List.of(NUMERIC), "chr", "space", "abs", "ceil", "floor", "round", "sqrt", "pow", "exp", "ln", "log",
        "log10", "log2", "mod", "pmod", "sign", "rand", "degrees", "radians", "sin", "cos", "tan", "asin", "acos",
        "atan", "sinh", "cosh", "tanh", "cot", "atan2", "cbrt", "hypot", "negative", "positive", "bround",
        "factorial", "bin", "isnan", "nanvl", "shiftleft", "shiftright", "shiftrightunsigned", "bit_count",
        "width_bucket", "zeroifnull", "nullifzero", "timestamp_seconds", "timestamp_millis", "timestamp_micros",
        "date_from_unix_date", "make_date", "make_timestamp", "stddev", "stddev_pop", "variance", "var_pop", "median",
        "corr", "covar_pop", "covar_samp", "regr_slope", "regr_intercept", "regr_r2", "regr_avgx", "regr_avgy",
        "regr_sxx", "regr_syy", "regr_sxy", "regr_count", "bit_and", "bit_or", "bit_xor", "ntile");
    parameters(List.of(DATETIME), "year", "quarter", "month", "day", "dayofyear", "dayofweek", "weekofyear", "hour",
        "minute", "second", "last_day", "weekday", "unix_seconds", "unix_millis", "unix_micros", "unix_date",
        "unix_timestamp", "datediff");
    parameters(List.of(DATETIME, NUMERIC), "date_add", "date_sub", "add_months");
    parameters(List.of(DATETIME, STRING), "next_day", "date_format", "from_utc_timestamp", "to_utc_timestamp");
    parameters(List.of(DATETIME, DATETIME, BOOLEAN), "months_between");
    parameters(List.of(STRING, DATETIME), "date_trunc");
    parameters(List.of(COLLECTION, ANY), "size", "element_at");
    parameters(List.of(ARRAY, ANY), "array_contains");
    parameters(List.of(BOOLEAN), "bool_and", "bool_or", "count_if");
    parameters(List.of(ORDERABLE), "min", "max", "greatest", "least", "percentile_approx");
    parameters(List.of(ANY, ORDERABLE), "max_by", "min_by");
    parameters(List.of(NUMERIC, ANY), "percentile");
    parameters(List.of(ANY, NUMERIC, ANY), "lag", "lead", "nth_value");
  }

  private FunctionRegistry() {}

  private static void parameters(List<ParameterType> types, String... names) {
    for (String name : names) {
      Function function = FUNCTIONS.get(name);
      if (function == null || !function.name().equals(name)) {
        throw new IllegalStateException("no function named " + name + " to declare the parameters of");
      }
      PARAMETERS.put(name, types);
    }
  }

  /** What the parameters of {@code function} take, the last repeating; empty where it checks none. */
  static List<ParameterType> parameters(Function function) {
    return PARAMETERS.getOrDefault(function.name(), List.of());
  }

  private static void scalar(String name, int min, int max, ResultType type, Renderer renderer, String... aliases) {
    register(new Function(name, Kind.SCALAR, min, max, type, renderer), aliases);
  }

  private static void aggregate(String name, String h2Name, ResultType type, String... aliases) {
    register(new Function(name, Kind.AGGREGATE, 1, 1, type, a -> Sql.of(h2Name + "({}{})", a.get(0), a.get(1))),
        aliases);
  }

  private static void window(String name, String h2Name, int min, int max, ResultType type) {
    register(new Function(name, Kind.WINDOW, min, max, type, call(h2Name)));
  }

  /** LISTAGG's separator: a bound value as the bare parameter (see {@link Sql#uncast}), anything else as text. */
  private static Sql separator(Sql value) {
    Sql bare = Sql.uncast(value);
    return bare instanceof Sql.Param ? bare : Sql.of("CAST({} AS CHARACTER VARYING)", value);
  }

  private static ResultType fixed(SqlType type) {
    return new Described(type.sql().toUpperCase(java.util.Locale.ROOT), arguments -> type);
  }

  /** A STRING digest of a STRING or BINARY argument; other types are refused, as the dialect has no cast for them. */
  private static ResultType hashOf(String name) {
    return new Described("STRING", arguments -> {
      if (arguments.get(0).is(t -> t.kind() != TypeKind.STRING && t.kind() != TypeKind.BINARY
          && t.kind() != TypeKind.VOID)) {
        throw Errors.typeMismatch(name, "its argument must be a STRING or a BINARY, not "
            + arguments.get(0).type().orElseThrow().sql(), Span.NONE);
      }
      return SqlType.STRING;
    });
  }

  /** A STRING's UTF-8 bytes, or a BINARY as it is. */
  private static Sql bytes(Sql value) {
    return Sql.of("CAST({} AS VARBINARY)", value);
  }

  private static Sql hex(String algorithm, Sql value) {
    return Sql.of("LOWER(RAWTOHEX(HASH({}, CAST({} AS VARBINARY))))", Sql.text(algorithm), value);
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

  /**
   * The built-ins the translator writes itself (they need types, lambdas or other expressions), besides the
   * registry's: callable as well, and listed with them.
   */
  private static final Set<String> TRANSLATED = Set.of("current_user", "user", "session_user",
      "is_account_group_member", "is_member", "grouping", "grouping_id", "current_timezone", "localtimestamp", "typeof",
      "current_catalog", "current_schema", "current_database", "hash", "xxhash64", "format_string", "printf", "get_json_object", "percentile_cont",
      "percentile_disc", "try_add", "try_subtract", "try_multiply",
      "try_divide", "struct", "named_struct", "map", "map_keys", "map_values", "from_json", "date_part",
      "from_unixtime", "to_unix_timestamp", "trunc", "timestampadd", "timestampdiff", "explode", "explode_outer",
      "posexplode", "posexplode_outer", "inline", "inline_outer", "stack", "json_tuple", "schema_of_json");

  /** How a built-in of the registry is called, such as {@code upper(1 argument)}; empty for the translator's own. */
  public static Optional<String> usage(String name) {
    return lookup(name).map(function -> name + "(" + function.arity() + " argument"
        + (function.maxArguments() == 1 ? "" : "s") + ")");
  }

  /**
   * What a built-in of the registry takes: its parameters' types where it checks them ({@code date_trunc(STRING,
   * DATE or TIMESTAMP)}, the last repeating), else how many arguments; empty for the translator's own.
   */
  public static Optional<String> signature(String name) {
    return lookup(name).map(function -> {
      List<ParameterType> types = parameters(function);
      if (types.isEmpty()) {
        return function.arity() + " argument" + (function.maxArguments() == 1 ? "" : "s");
      }
      List<String> shown = new java.util.ArrayList<>();
      // the last parameter's type repeats, up to the most arguments it takes
      int count = function.maxArguments() == MANY ? Math.max(types.size(), function.minArguments())
          : function.maxArguments();
      for (int i = 0; i < count; i++) {
        shown.add(types.get(Math.min(i, types.size() - 1)).description()
            + (i >= function.minArguments() ? " (optional)" : ""));
      }
      if (function.maxArguments() == MANY) {
        shown.add("...");
      }
      return String.join(", ", shown);
    });
  }

  /** The type a built-in of the registry returns, in words; empty for the translator's own. */
  public static Optional<String> returns(String name) {
    return lookup(name).filter(function -> !TRANSLATED.contains(name))
        .map(function -> function.resultType().description());
  }

  /** The name {@code name} is another spelling of, where it is one ({@code ucase} of {@code upper}). */
  public static Optional<String> aliasOf(String name) {
    return lookup(name).map(Function::name).filter(canonical -> !canonical.equals(name));
  }

  /** Every callable built-in by name (aliases too), with its kind; internal spellings ({@code $...}) left out. */
  public static java.util.SortedMap<String, String> names() {
    java.util.SortedMap<String, String> names = new java.util.TreeMap<>();
    FUNCTIONS.forEach((name, function) -> {
      if (!name.contains("$")) {
        names.put(name, function.kind().name());
      }
    });
    TRANSLATED.forEach(name -> names.putIfAbsent(name, Kind.SCALAR.name()));
    ArrayFunctions.NAMES.stream().filter(name -> !ArrayFunctions.UNSUPPORTED.contains(name))
        .forEach(name -> names.putIfAbsent(name, Kind.SCALAR.name()));
    return names;
  }
}
