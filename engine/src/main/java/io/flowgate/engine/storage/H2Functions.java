package io.flowgate.engine.storage;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.files.FileBatches;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.DatetimeText;
import io.flowgate.engine.type.IntervalField;
import io.flowgate.engine.type.IntervalText;
import io.flowgate.engine.type.JsonPath;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TextValues;
import org.h2.tools.SimpleResultSet;
import org.h2.tools.SimpleRowSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Java functions the engine installs in H2 under {@code FG_SYS}, for what H2's SQL cannot express. They are called
 * only from SQL the engine generates; the function registry decides who may use them.
 */
public final class H2Functions {
  private H2Functions() {}

  /**
   * The 1-based position of {@code key} in {@code keys}, or NULL: how a map finds the value of a key. Keys and key
   * arrive as text (H2 would pass other Java types as serialized objects); both were cast to the map's key type
   * first, so equal keys have equal text. The last of duplicate keys wins, as in the dialect.
   */
  public static Integer mapIndex(String[] keys, String key) {
    if (keys == null || key == null) {
      return null;
    }
    for (int i = keys.length - 1; i >= 0; i--) {
      if (key.equals(keys[i])) {
        return i + 1;
      }
    }
    return null;
  }

  /** The vendor codes of a map that would have a NULL key, a key twice, or fewer or more values than keys. */
  static final int NULL_MAP_KEY = 99_006;
  static final int DUPLICATED_MAP_KEY = 99_007;
  static final int MAP_SIZES_DIFFER = 99_008;

  /**
   * TRUE when {@code keys} (as text, like {@link #mapIndex}) may be a map's keys for {@code valueCount} values, or
   * the refusal: Spark refuses a NULL key and, by its default dedup policy, a duplicated one.
   */
  public static Boolean checkMapKeys(String[] keys, Integer valueCount, String function) throws SQLException {
    if (keys == null || valueCount == null) {
      return null;
    }
    if (keys.length != valueCount) {
      throw new SQLException(function + "\n" + keys.length + "\n" + valueCount + "\n", "22023", MAP_SIZES_DIFFER);
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String key : keys) {
      if (key == null) {
        throw new SQLException(function + "\n", "2200E", NULL_MAP_KEY);
      }
      if (!seen.add(key)) {
        throw new SQLException(key + "\n", "23505", DUPLICATED_MAP_KEY);
      }
    }
    return true;
  }

  /** The most characters a string function may build: far beyond any real value, far below what exhausts memory. */
  public static final int MAX_STRING_CHARACTERS = 16 * 1024 * 1024;
  /** The vendor code of a refused length; {@link H2Errors} turns it into INVALID_PARAMETER_VALUE. */
  static final int LENGTH_REFUSED = 99_001;

  /**
   * {@code length} when a string of that many characters may be built by {@code function} (lpad, rpad), or the
   * refusal: H2 would try, and on running out of memory it closes the whole database.
   */
  public static Integer checkedLength(Integer length, String function) throws SQLException {
    if (length != null && length > MAX_STRING_CHARACTERS) {
      throw new SQLException(function, "22023", LENGTH_REFUSED);
    }
    return length;
  }

  /** The vendor code of a value written into a generated column that its expression does not give. */
  static final int GENERATED_MISMATCH = 99_002;

  /**
   * TRUE when a value written into a generated column equals what its expression gives ({@code matches}), or the
   * refusal, naming the column and the expression (one per line, for {@link H2Errors}).
   */
  public static Boolean checkGenerated(Boolean matches, String column, String expression) throws SQLException {
    if (!Boolean.TRUE.equals(matches)) {
      throw new SQLException(column + "\n" + expression + "\n", "23001", GENERATED_MISMATCH);
    }
    return true;
  }

  /**
   * The refusal of a row a CHECK constraint does not hold for: its name, its condition as written, and the row's
   * values of the columns the condition reads, one {@code  - column : value} line each. Called only for a failing
   * row: the constraint is {@code CASE WHEN condition THEN TRUE ELSE CHECK_VIOLATED(...) END}. H2 reports it as an
   * invalid constraint with this refusal as its cause, which {@link H2Errors} finds.
   */
  public static Boolean checkViolated(String name, String condition, String values) {
    throw EngineException.of(ErrorClass.DELTA_VIOLATE_CONSTRAINT_WITH_VALUES).parameter("constraintName", name)
        .parameter("expression", "(" + condition + ")").parameter("values", values).build();
  }

  /** An interval (months or microseconds) between the fields {@code start} and {@code end} as the dialect writes it. */
  public static String intervalText(Long value, Integer start, Integer end) {
    if (value == null) {
      return null;
    }
    return IntervalText.format(SqlType.interval(IntervalField.values()[start], IntervalField.values()[end]), value);
  }

  /** The vendor code of a NULL given where a function needs a value. */
  static final int NULL_ARGUMENT = 99_003;

  /** {@code value}, or the refusal when it is NULL (range's bounds: H2 fails on them with a general error). */
  public static Long requireArgument(Long value, String function, String parameter) throws SQLException {
    if (value == null) {
      throw new SQLException(function + "\n" + parameter + "\n", "22023", NULL_ARGUMENT);
    }
    return value;
  }

  /**
   * {@code step}, or the refusal when it does not lead from start to stop: {@code direction} is the sign of stop minus
   * start, and a step of zero leads only from a bound to itself (Spark's rule for sequence).
   */
  public static Long sequenceStep(Long step, Integer direction, String start, String stop) throws SQLException {
    if (step == null || direction == null) {
      return step;
    }
    boolean leads = step > 0 ? direction >= 0 : step < 0 ? direction <= 0 : direction == 0;
    if (!leads) {
      throw TextFunctions.invalid("sequence", "step", "Illegal sequence boundaries: " + start + " to " + stop
          + " by " + step);
    }
    return step;
  }

  /** The vendor code of a recursive CTE's row that would be as deep as its MAX RECURSION LEVEL. */
  static final int RECURSION_LIMIT = 99_004;

  /** {@code level}, the recursion depth of a recursive CTE's row, or the refusal when it reaches {@code limit}. */
  public static Integer recursionLevel(Integer level, Integer limit) throws SQLException {
    if (level != null && level >= limit) {
      throw new SQLException(limit + "\n", "42836", RECURSION_LIMIT);
    }
    return level;
  }

  /** {@code count} when {@code repeat(text, count)} stays within the bound, or the refusal. */
  public static Integer checkedRepeat(String text, Integer count) throws SQLException {
    if (text != null && count != null && (long) text.length() * count > MAX_STRING_CHARACTERS) {
      throw new SQLException("repeat", "22023", LENGTH_REFUSED);
    }
    return count;
  }

  /** {@code json:path}: the value at {@code path} (segments separated by newlines) of JSON text, as text. */
  public static String jsonPath(String json, String path) {
    if (json == null || path == null) {
      return null;
    }
    return JsonPath.extract(json, java.util.Arrays.asList(path.split("\n")));
  }

  /** The number of elements of a JSON array, or NULL when the text is not one. */
  public static Integer jsonArrayLength(String json) {
    return JsonPath.size(json, '[');
  }

  /** The number of keys of a JSON object, or NULL when the text is not one. */
  public static Integer jsonObjectSize(String json) {
    return JsonPath.size(json, '{');
  }

  /** Key {@code index} (0-based) of a JSON object. */
  public static String jsonObjectKey(String json, Integer index) {
    return index == null ? null : JsonPath.key(json, index);
  }

  // A JSON scalar's text as a value of one type, or NULL when it does not fit, as from_json reads leniently.

  public static Integer jsonInt(String text) {
    return (Integer) TextValues.parse(text, SqlType.INT);
  }

  public static Long jsonBigint(String text) {
    return (Long) TextValues.parse(text, SqlType.BIGINT);
  }

  public static Double jsonDouble(String text) {
    return (Double) TextValues.parse(text, SqlType.DOUBLE);
  }

  public static Boolean jsonBoolean(String text) {
    return (Boolean) TextValues.parse(text, SqlType.BOOLEAN);
  }

  public static BigDecimal jsonDecimal(String text) {
    return (BigDecimal) TextValues.parse(text, SqlType.decimal(38, 18));
  }

  /** A date read by from_json's dateFormat, ISO 8601 when {@code pattern} is null. */
  public static LocalDate jsonDate(String text, String pattern) {
    return DatetimeText.date(text, pattern);
  }

  /**
   * A timestamp read by from_json's timestampFormat (ISO 8601 when {@code pattern} is null) as a UTC wall clock; text
   * without an offset is a wall clock of {@code zone}, or of no zone when that is null (TIMESTAMP_NTZ).
   */
  public static LocalDateTime jsonTimestamp(String text, String pattern, String zone) throws SQLException {
    return DatetimeText.timestamp(text, pattern, zone == null ? null : zone(zone));
  }

  /**
   * from_json in FAILFAST mode met text it cannot read: the whole record ({@code field} null) or one field's value
   * as {@code type}.
   */
  public static String jsonMalformed(String record, String field, String value, String type) {
    EngineException.Builder error = EngineException.of(ErrorClass.MALFORMED_RECORD_IN_PARSING)
        .parameter("badRecord", "'" + record + "'").parameter("failFastMode", "FAILFAST");
    String target = "\"" + type.toUpperCase(java.util.Locale.ROOT) + "\"";
    if (field == null) {
      if (record.strip().startsWith("[") && target.startsWith("\"STRUCT")) {
        error.subClass("CANNOT_PARSE_JSON_ARRAYS_AS_STRUCTS", "Parsing JSON arrays as structs is forbidden.");
      } else {
        error.subClass("WITHOUT_SUGGESTION", "");
      }
    } else {
      error.subClass("CANNOT_PARSE_STRING_AS_DATATYPE", "Cannot parse the value <fieldValue> of the field <fieldName>"
          + " as target spark data type <targetType> from the input type <inputType>.")
          .parameter("fieldValue", "'" + value + "'").parameter("fieldName", "'" + field + "'")
          .parameter("targetType", target).parameter("inputType", "'" + jsonKind(value) + "'");
    }
    throw error.build();
  }

  /** The kind of JSON value whose text (a string's unquoted) {@code value} is, as well as its text tells. */
  private static String jsonKind(String value) {
    String text = value.strip();
    if (text.startsWith("{")) {
      return "OBJECT";
    }
    if (text.startsWith("[")) {
      return "ARRAY";
    }
    if (text.equals("true") || text.equals("false")) {
      return "BOOLEAN";
    }
    return text.matches("-?[0-9][0-9.eE+-]*") ? "NUMBER" : "STRING";
  }

  /**
   * {@code read_files}: the rows of a batch of files; H2 passes no batch when it only asks for the columns, as it
   * does while preparing a statement.
   */
  /**
   * A TIMESTAMP the store keeps (a wall clock in UTC) as the wall clock of the time zone {@code zone}: how a session
   * in that zone reads its fields and text.
   */
  public static LocalDateTime toZone(LocalDateTime utc, String zone) throws SQLException {
    return utc == null || zone == null ? null : utc.atOffset(java.time.ZoneOffset.UTC).atZoneSameInstant(zone(zone))
        .toLocalDateTime();
  }

  /** A string as JSON text, quoted and escaped (to_json). */
  public static String jsonQuote(String text) {
    return text == null ? null : io.flowgate.engine.type.JsonText.quote(text);
  }

  /**
   * A TIMESTAMP (its UTC wall clock) as to_json writes it in the session's zone, by its timestampFormat or by default
   * as 2020-01-01T10:11:12.500Z.
   */
  public static String jsonTimestampText(LocalDateTime utc, String zone, String pattern) throws SQLException {
    return DatetimeText.format(utc, zone(zone), pattern == null ? "yyyy-MM-dd'T'HH:mm:ss.SSSXXX" : pattern);
  }

  /** A DATE as to_json writes it by its dateFormat. */
  public static String jsonDateText(LocalDate date, String pattern) {
    return DatetimeText.format(date, pattern);
  }

  /** A zone named by a query (from_utc_timestamp's argument, say): an unknown name is the caller's mistake. */
  private static java.time.ZoneId zone(String name) throws SQLException {
    try {
      return java.time.ZoneId.of(name);
    } catch (java.time.DateTimeException e) {
      throw new SQLException("from_utc_timestamp, to_utc_timestamp\ntimezone\nthe time zone " + name
          + " is not known\n", "22023", TextFunctions.INVALID_ARGUMENT);
    }
  }

  /**
   * A wall clock of the time zone {@code zone} as the TIMESTAMP the store keeps (in UTC); a wall clock that a
   * daylight-saving change skips is taken after the gap, and one it repeats at its earlier instant, as Java and Spark
   * resolve them.
   */
  public static LocalDateTime fromZone(LocalDateTime wallClock, String zone) throws SQLException {
    return wallClock == null || zone == null ? null : wallClock.atZone(zone(zone))
        .withZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
  }

  public static ResultSet readFiles(Connection connection, String read, String batch) throws SQLException {
    boolean columnsOnly = "jdbc:columnlist:connection".equals(connection.getMetaData().getURL());
    FileBatches.RowSource rows = columnsOnly ? null : FileBatches.rows(read, batch);
    SimpleResultSet result = new SimpleResultSet(new SimpleRowSource() {
      @Override
      public Object[] readRow() {
        return rows == null ? null : rows.next();
      }

      @Override
      public void close() {
        if (rows != null) {
          rows.close();
        }
      }

      @Override
      public void reset() {
        throw new UnsupportedOperationException("a batch of files is read once per call");
      }
    });
    FileBatches.columns(read).forEach((name, type) -> addColumn(result, name, type));
    return result;
  }

  private static void addColumn(SimpleResultSet result, String name, SqlType type) {
    switch (type.kind()) {
      case BOOLEAN -> result.addColumn(name, Types.BOOLEAN, 1, 0);
      case TINYINT -> result.addColumn(name, Types.TINYINT, 3, 0);
      case SMALLINT -> result.addColumn(name, Types.SMALLINT, 5, 0);
      case INT -> result.addColumn(name, Types.INTEGER, 10, 0);
      case BIGINT -> result.addColumn(name, Types.BIGINT, 19, 0);
      case FLOAT -> result.addColumn(name, Types.REAL, 7, 0);
      case DOUBLE -> result.addColumn(name, Types.DOUBLE, 15, 0);
      case DECIMAL -> result.addColumn(name, Types.DECIMAL, type.length(), type.scale());
      case DATE -> result.addColumn(name, Types.DATE, 10, 0);
      case TIMESTAMP, TIMESTAMP_NTZ -> result.addColumn(name, Types.TIMESTAMP, 26, 6);
      case BINARY -> result.addColumn(name, Types.VARBINARY, Integer.MAX_VALUE, 0);
      default -> result.addColumn(name, Types.VARCHAR, Integer.MAX_VALUE, 0);
    }
  }

  private static final List<String> FUNCTIONS = List.of("MAP_INDEX:mapIndex", "CHECK_MAP_KEYS:checkMapKeys",
      "JSON_PATH:jsonPath",
      "JSON_QUOTE:jsonQuote", "JSON_TIMESTAMP_TEXT:jsonTimestampText", "JSON_DATE_TEXT:jsonDateText",
      "JSON_MALFORMED:jsonMalformed",
      "READ_FILES:readFiles", "ROW_WRITTEN:LiveProgress.rowWritten", "LIVE_EVENTS:LiveProgress.liveEvents",
      "JSON_ARRAY_LENGTH:jsonArrayLength", "JSON_OBJECT_SIZE:jsonObjectSize", "JSON_OBJECT_KEY:jsonObjectKey",
      "JSON_INT:jsonInt", "JSON_BIGINT:jsonBigint", "JSON_DOUBLE:jsonDouble", "JSON_BOOLEAN:jsonBoolean",
      "JSON_DECIMAL:jsonDecimal", "JSON_DATE:jsonDate", "JSON_TIMESTAMP:jsonTimestamp",
      "CHECKED_LENGTH:checkedLength", "CHECKED_REPEAT:checkedRepeat", "CHECK_GENERATED:checkGenerated",
      "CHECK_VIOLATED:checkViolated",
      "REQUIRE_ARGUMENT:requireArgument", "SEQUENCE_STEP:sequenceStep", "RECURSION_LEVEL:recursionLevel", "TO_ZONE:toZone", "FROM_ZONE:fromZone", "INTERVAL_TEXT:intervalText",
      "WORD_CAPS:TextFunctions.initcap", "CHAR_MAP:TextFunctions.translate", "SPLIT:TextFunctions.split",
      "TEXT_MAP_KEYS:TextFunctions.textMapKeys", "TEXT_MAP_VALUES:TextFunctions.textMapValues",
      "REGEXP_EXTRACT:TextFunctions.regexpExtract", "REGEXP_EXTRACT_ALL:TextFunctions.regexpExtractAll",
      "LEVENSHTEIN:TextFunctions.levenshtein", "FORMAT_TEXT:TextFunctions.formatText", "SOUND_CODE:TextFunctions.soundex", "BASE64:TextFunctions.base64",
      "UNBASE64:TextFunctions.unbase64", "HEX_OF_NUMBER:TextFunctions.hexOfNumber",
      "HEX_OF_BYTES:TextFunctions.hexOfBytes", "UNHEX:TextFunctions.unhex", "URL_ENCODE:TextFunctions.urlEncode",
      "URL_DECODE:TextFunctions.urlDecode", "CRC32:TextFunctions.crc32", "REVERSE:TextFunctions.reverse",
      "SPLIT_PART:TextFunctions.splitPart", "SUBSTRING_INDEX:TextFunctions.substringIndex",
      "FIND_IN_SET:TextFunctions.findInSet", "JOIN_TEXT:TextFunctions.joinText", "BIN:TextFunctions.bin", "FACTORIAL:TextFunctions.factorial",
      "BROUND:TextFunctions.bround", "CBRT:TextFunctions.cbrt", "IS_NAN:TextFunctions.isNan",
      "MAKE_DATE:DateFunctions.makeDate", "MAKE_TIMESTAMP:DateFunctions.makeTimestamp",
      "NEXT_DAY:DateFunctions.nextDay", "MONTHS_BETWEEN:DateFunctions.monthsBetween",
      "TIMESTAMP_DIFF:DateFunctions.timestampDiff", "MURMUR_INT:Murmur3.hashInt", "MURMUR_LONG:Murmur3.hashLong",
      "MURMUR_DOUBLE:Murmur3.hashDouble", "MURMUR_FLOAT:Murmur3.hashFloat", "MURMUR_DECIMAL:Murmur3.hashDecimal",
      "MURMUR_BYTES:Murmur3.hashBytes", "XXHASH_INT:XxHash64.hashInt", "XXHASH_LONG:XxHash64.hashLong",
      "XXHASH_DOUBLE:XxHash64.hashDouble", "XXHASH_FLOAT:XxHash64.hashFloat", "XXHASH_DECIMAL:XxHash64.hashDecimal",
      "XXHASH_BYTES:XxHash64.hashBytes");

  /**
   * The functions H2 must call each time, never taking one result for all: READ_FILES and LIVE_EVENTS give other
   * rows each call, ROW_WRITTEN counts each row it is called for, and JSON_MALFORMED fails, which H2 must not do
   * while it folds constants in a branch the row never takes.
   */
  private static final java.util.Set<String> CALLED_EACH_TIME = java.util.Set.of("READ_FILES", "ROW_WRITTEN",
      "LIVE_EVENTS", "JSON_MALFORMED");

  static List<Sql> installSql() {
    // A method named with its class is one of that class in this package, else one of this class.
    return FUNCTIONS.stream().map(entry -> entry.split(":")).map(entry -> Sql.of("CREATE ALIAS IF NOT EXISTS FG_SYS."
        + entry[0] + (CALLED_EACH_TIME.contains(entry[0]) ? "" : " DETERMINISTIC") + " FOR {}",
        Sql.text(entry[1].contains(".") ? H2Functions.class.getPackageName() + "." + entry[1]
            : H2Functions.class.getName() + "." + entry[1]))).toList();
  }
}
