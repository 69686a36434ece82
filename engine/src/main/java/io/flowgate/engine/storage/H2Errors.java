package io.flowgate.engine.storage;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.api.ErrorCode;

/** Turns H2's failures into the dialect's error classes. H2's own text never reaches a client. */
final class H2Errors {
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
  private static final Pattern H2_STRING = Pattern.compile("\"((?:[^\"]|\"\")*)\"");
  /** What H2 adds after a value it could not convert into a column: {@code (T12: "C" INTEGER)}. */
  private static final Pattern COLUMN_SUFFIX = Pattern.compile("^(.*) \\([A-Z]+[0-9]+: \".*\" ([A-Z ]+)(\\(.*\\))?\\)$",
      Pattern.DOTALL);
  /** What H2 says when it names the types instead of the value: {@code CHARACTER VARYING to BOOLEAN}. */
  private static final Pattern TYPES_ONLY = Pattern.compile("^([A-Z][A-Z ]*[A-Z]) to ([A-Z][A-Z ]*[A-Z])$");
  private static final java.util.Set<String> H2_TYPES = java.util.Set.of("BOOLEAN", "TINYINT", "SMALLINT", "INTEGER",
      "BIGINT", "REAL", "DOUBLE PRECISION", "DECIMAL", "NUMERIC", "CHARACTER VARYING", "CHARACTER", "BINARY VARYING",
      "DATE", "TIME", "TIMESTAMP", "TIMESTAMP WITH TIME ZONE", "ARRAY", "ROW", "JSON", "UUID");

  private H2Errors() {}

  static EngineException translate(SQLException e) {
    // the engine's own refusal, raised inside a function H2 called (a file read_files could not read)
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof EngineException refusal) {
        return refusal;
      }
    }
    return switch (e.getErrorCode()) {
      case ErrorCode.DATABASE_ALREADY_OPEN_1 -> EngineException.of(ErrorClass.STORE_IN_USE).cause(e).build();
      case ErrorCode.DIVISION_BY_ZERO_1 -> EngineException.of(ErrorClass.DIVIDE_BY_ZERO).cause(e).build();
      case ErrorCode.NUMERIC_VALUE_OUT_OF_RANGE_1, ErrorCode.NUMERIC_VALUE_OUT_OF_RANGE_2 ->
          EngineException.of(ErrorClass.ARITHMETIC_OVERFLOW).parameter("message", "Numeric value out of range")
              .cause(e).build();
      case ErrorCode.DATA_CONVERSION_ERROR_1, ErrorCode.INVALID_DATETIME_CONSTANT_2, ErrorCode.PARSE_ERROR_1 ->
          castInvalid(e);
      case ErrorCode.VALUE_TOO_LONG_2 -> EngineException.of(ErrorClass.STRING_VALUE_TOO_LONG)
          .parameter("columnName", Errors.quote(firstQuoted(e, "?"))).cause(e).build();
      case ErrorCode.NULL_NOT_ALLOWED -> EngineException.of(ErrorClass.DELTA_NOT_NULL_CONSTRAINT_VIOLATED)
          .parameter("columnName", firstQuoted(e, "?")).cause(e).build();
      case ErrorCode.MUST_GROUP_BY_COLUMN_1 -> EngineException.of(ErrorClass.MISSING_AGGREGATION)
          .parameter("expression", "in the select list")
          .parameter("expressionAnyValue", "any_value").cause(e).build();
      case ErrorCode.PARAMETER_NOT_SET_1 -> EngineException.of(ErrorClass.UNBOUND_SQL_PARAMETER)
          .parameter("name", "?").cause(e).build();
      case ErrorCode.INVALID_USE_OF_AGGREGATE_FUNCTION_1 -> EngineException.of(ErrorClass.INVALID_AGGREGATE_USE)
          .cause(e).build();
      // What the translator does not see yet (types it could not derive) H2 finds: values of types that do not fit
      // the operation, which the dialect reports as a type mismatch.
      case ErrorCode.TYPES_ARE_NOT_COMPARABLE_2, ErrorCode.COLUMN_CONTAINS_NULL_VALUES_1,
          ErrorCode.INVALID_VALUE_2, ErrorCode.SUM_OR_AVG_ON_WRONG_DATATYPE_1, ErrorCode.FEATURE_NOT_SUPPORTED_1,
          ErrorCode.COLUMN_COUNT_DOES_NOT_MATCH ->
          Errors.typeMismatch("the expression", "the operand types do not fit the operation", null);
      // H2 fails inside a function given a value of a type it does not take (LAST_DAY(-76)).
      case ErrorCode.GENERAL_ERROR_1 -> isTypeConfusion(e)
          ? Errors.typeMismatch("the expression", "an argument has a type the function does not take", null)
          : Errors.internal("storage error " + e.getErrorCode(), e);
      case ErrorCode.UNKNOWN_DATA_TYPE_1 -> Errors.typeMismatch("?", "the type of a parameter marker cannot be"
          + " told from where it stands; CAST it to the type meant", null);
      case H2Functions.LENGTH_REFUSED -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
          .parameter("parameter", "len").parameter("functionName", Errors.quote(refusedFunction(e)))
          .parameter("message", "the result would have more than " + H2Functions.MAX_STRING_CHARACTERS
              + " characters").cause(e).build();
      case H2Functions.NULL_ARGUMENT -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
          .parameter("parameter", Errors.quote(named(e, 1, "?"))).parameter("functionName", Errors.quote(named(e, 0,
              "?"))).parameter("message", "it must not be NULL").cause(e).build();
      case TextFunctions.INVALID_ARGUMENT -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
          .parameter("parameter", Errors.quote(named(e, 1, "?"))).parameter("functionName", Errors.quote(named(e, 0,
              "?"))).parameter("message", named(e, 2, "the value is not valid")).cause(e).build();
      case H2Functions.NULL_MAP_KEY -> EngineException.of(ErrorClass.NULL_MAP_KEY).cause(e).build();
      case H2Functions.DUPLICATED_MAP_KEY -> EngineException.of(ErrorClass.DUPLICATED_MAP_KEY)
          .parameter("key", named(e, 0, "?")).cause(e).build();
      case H2Functions.MAP_SIZES_DIFFER -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
          .parameter("parameter", Errors.quote("values")).parameter("functionName", Errors.quote(named(e, 0, "?")))
          .parameter("message", "there are " + named(e, 1, "?") + " keys and " + named(e, 2, "?")
              + " values; a map needs one value per key").cause(e).build();
      case H2Functions.RECURSION_LIMIT -> EngineException.of(ErrorClass.RECURSION_LEVEL_LIMIT_EXCEEDED)
          .parameter("levelLimit", named(e, 0, "?")).cause(e).build();
      case H2Functions.GENERATED_MISMATCH -> EngineException.of(ErrorClass.DELTA_VIOLATE_CONSTRAINT_WITH_VALUES)
          .parameter("constraintName", "Generated Column").parameter("expression", "(" + Errors.quote(named(e, 0,
              "?")) + " <=> " + named(e, 1, "its expression") + ")")
          .parameter("values", " - the value given for the column is not what its expression gives").cause(e)
          .build();
      // a CHECK constraint added before the engine wrote them with CHECK_VIOLATED shows no values; the engine names
      // it storage$name (exec.CheckConstraints)
      case ErrorCode.CHECK_CONSTRAINT_VIOLATED_1 -> EngineException.of(ErrorClass.DELTA_VIOLATE_CONSTRAINT_WITH_VALUES)
          .parameter("constraintName", checkName(firstQuoted(e, "?"))).parameter("expression", "")
          .parameter("values", " - (not known: SHOW TBLPROPERTIES shows the condition)").cause(e).build();
      // Only IDENTITY columns are H2 sequences: their START WITH and INCREMENT BY must stay in the BIGINT range.
      case ErrorCode.SEQUENCE_ATTRIBUTES_INVALID_7 -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
          .parameter("parameter", "START WITH, INCREMENT BY").parameter("functionName", "IDENTITY")
          .parameter("message", "the identity values would leave the range of BIGINT").cause(e).build();
      case ErrorCode.SCALAR_SUBQUERY_CONTAINS_MORE_THAN_ONE_ROW -> EngineException.of(
          ErrorClass.SCALAR_SUBQUERY_TOO_MANY_ROWS).cause(e).build();
      case ErrorCode.ARRAY_ELEMENT_ERROR_2 -> EngineException.of(ErrorClass.INVALID_ARRAY_INDEX)
          .parameter("indexValue", firstQuoted(e, "?")).cause(e).build();
      case ErrorCode.STATEMENT_WAS_CANCELED -> java.util.Optional.ofNullable(RunningStatement.whyCanceled())
          .orElseGet(() -> EngineException.of(ErrorClass.OPERATION_CANCELED).cause(e).build());
      // User tables have no unique keys, so a duplicate key is two writers racing for one commit version, or H2's
      // MERGE meeting a target row a second time (two source rows matched it).
      case ErrorCode.DUPLICATE_KEY_1 -> String.valueOf(e.getMessage()).contains("duplicate _ROWID_ target record")
          ? EngineException.of(ErrorClass.DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE).cause(e).build()
          : EngineException.of(ErrorClass.CONCURRENT_MODIFICATION).cause(e).build();
      case ErrorCode.LOCK_TIMEOUT_1, ErrorCode.DEADLOCK_1, ErrorCode.CONCURRENT_UPDATE_1 ->
          EngineException.of(ErrorClass.CONCURRENT_MODIFICATION).cause(e).build();
      default -> Errors.internal("storage error " + e.getErrorCode(), e);
    };
  }

  /** Line {@code line} of what one of {@link H2Functions}' refusals names, one name per line. */
  private static String named(SQLException e, int line, String fallback) {
    String[] lines = String.valueOf(e.getMessage()).split("\n");
    return line < lines.length && !lines[line].isEmpty() ? lines[line] : fallback;
  }

  /** The function named by a length refusal (H2 may add its own text after the message). */
  private static String refusedFunction(SQLException e) {
    String message = String.valueOf(e.getMessage());
    for (String function : java.util.List.of("lpad", "rpad", "repeat")) {
      if (message.startsWith(function)) {
        return function;
      }
    }
    return "the function";
  }

  private static boolean isTypeConfusion(SQLException e) {
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof ClassCastException || cause instanceof IllegalArgumentException) {
        return true;
      }
    }
    // An expression whose type H2 could not settle fails when its column type is asked for.
    String message = String.valueOf(e.getMessage());
    return message.contains("ClassCastException") || message.contains("IllegalArgumentException")
        || message.contains("NullPointerException") && message.contains("TypeInfo");
  }

  /** H2's quoted strings in a message ({@code "a ""b"""} is {@code a "b"}), in order. */
  private static java.util.List<String> quoted(SQLException e) {
    String message = e.getMessage() == null ? "" : e.getMessage().split("; SQL statement:", 2)[0];
    java.util.List<String> strings = new java.util.ArrayList<>();
    Matcher matcher = H2_STRING.matcher(message);
    while (matcher.find()) {
      strings.add(matcher.group(1).replace("\"\"", "\""));
    }
    return strings;
  }

  /**
   * CAST_INVALID_INPUT with the value as the user wrote or stored it and, where H2 says it, the dialect's name of
   * the target type; H2's storage names ({@code T12}) and its own wording stay out.
   */
  private static EngineException castInvalid(SQLException e) {
    java.util.List<String> strings = quoted(e);
    String value = "the value";
    String target = "the target type";
    if (e.getErrorCode() == ErrorCode.INVALID_DATETIME_CONSTANT_2 && strings.size() >= 2) {
      target = dialectType(strings.get(0));
      value = quotedValue(strings.get(1));
    } else if (!strings.isEmpty()) {
      String converting = strings.get(0);
      Matcher column = COLUMN_SUFFIX.matcher(converting);
      Matcher typesOnly = TYPES_ONLY.matcher(converting);
      if (column.matches()) {
        value = quotedValue(column.group(1));
        target = dialectType(column.group(2));
      } else if (typesOnly.matches()) {
        // H2 named its own types, not the value; a type the dialect has no name for stays unnamed.
        value = H2_TYPES.contains(typesOnly.group(1)) ? "of type " + dialectType(typesOnly.group(1)) : value;
        target = H2_TYPES.contains(typesOnly.group(2)) ? dialectType(typesOnly.group(2)) : target;
      } else {
        value = quotedValue(converting);
      }
    }
    return EngineException.of(ErrorClass.CAST_INVALID_INPUT).parameter("expression", value)
        .parameter("targetType", target).cause(e).build();
  }

  private static String quotedValue(String value) {
    return value.startsWith("'") ? value : "'" + value.replace("'", "''") + "'";
  }

  /** The dialect's name of an H2 type H2 names in a message. */
  private static String dialectType(String h2Type) {
    return switch (h2Type.strip()) {
      case "INTEGER" -> "INT";
      case "CHARACTER VARYING", "CHARACTER" -> "STRING";
      case "DOUBLE PRECISION" -> "DOUBLE";
      case "REAL" -> "FLOAT";
      case "BINARY VARYING" -> "BINARY";
      case "TIMESTAMP WITH TIME ZONE" -> "TIMESTAMP";
      default -> h2Type.strip();
    };
  }

  /** The dialect's name of a CHECK constraint from H2's {@code T12$name: ...}. */
  private static String checkName(String quoted) {
    String name = quoted.substring(quoted.indexOf('$') + 1);
    int end = name.indexOf(':');
    return end < 0 ? name : name.substring(0, end);
  }

  private static String firstQuoted(SQLException e, String fallback) {
    String message = e.getMessage() == null ? "" : e.getMessage();
    // H2 quotes the offending column or value first; only that name is kept, never H2's whole message.
    Matcher matcher = QUOTED.matcher(message);
    return matcher.find() ? matcher.group(1) : fallback;
  }
}
