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

  private H2Errors() {}

  static EngineException translate(SQLException e) {
    return switch (e.getErrorCode()) {
      case ErrorCode.DIVISION_BY_ZERO_1 -> EngineException.of(ErrorClass.DIVIDE_BY_ZERO).cause(e).build();
      case ErrorCode.NUMERIC_VALUE_OUT_OF_RANGE_1, ErrorCode.NUMERIC_VALUE_OUT_OF_RANGE_2 ->
          EngineException.of(ErrorClass.ARITHMETIC_OVERFLOW).parameter("message", "Numeric value out of range")
              .cause(e).build();
      case ErrorCode.DATA_CONVERSION_ERROR_1, ErrorCode.INVALID_DATETIME_CONSTANT_2 ->
          EngineException.of(ErrorClass.CAST_INVALID_INPUT).parameter("expression", firstQuoted(e, "value"))
              .parameter("targetType", "the target type").cause(e).build();
      case ErrorCode.VALUE_TOO_LONG_2 -> EngineException.of(ErrorClass.STRING_VALUE_TOO_LONG)
          .parameter("columnName", Errors.quote(firstQuoted(e, "?"))).cause(e).build();
      case ErrorCode.NULL_NOT_ALLOWED -> EngineException.of(ErrorClass.DELTA_NOT_NULL_CONSTRAINT_VIOLATED)
          .parameter("columnName", firstQuoted(e, "?")).cause(e).build();
      case ErrorCode.MUST_GROUP_BY_COLUMN_1 -> EngineException.of(ErrorClass.MISSING_AGGREGATION)
          .parameter("expression", "in the select list").cause(e).build();
      case ErrorCode.PARAMETER_NOT_SET_1 -> EngineException.of(ErrorClass.UNBOUND_SQL_PARAMETER)
          .parameter("name", "?").cause(e).build();
      case ErrorCode.INVALID_USE_OF_AGGREGATE_FUNCTION_1 -> EngineException.of(ErrorClass.INVALID_AGGREGATE_USE)
          .cause(e).build();
      case ErrorCode.TYPES_ARE_NOT_COMPARABLE_2, ErrorCode.COLUMN_CONTAINS_NULL_VALUES_1,
          ErrorCode.INVALID_VALUE_2 ->
          Errors.typeMismatch("the expression", "the operand types do not fit the operation", null);
      case ErrorCode.ARRAY_ELEMENT_ERROR_2 -> EngineException.of(ErrorClass.INVALID_ARRAY_INDEX)
          .parameter("indexValue", firstQuoted(e, "?")).cause(e).build();
      case ErrorCode.STATEMENT_WAS_CANCELED -> EngineException.of(ErrorClass.OPERATION_CANCELED).cause(e).build();
      // user tables have no unique keys, so a duplicate key is two writers racing for one commit version
      case ErrorCode.LOCK_TIMEOUT_1, ErrorCode.DEADLOCK_1, ErrorCode.CONCURRENT_UPDATE_1,
          ErrorCode.DUPLICATE_KEY_1 ->
          EngineException.of(ErrorClass.CONCURRENT_MODIFICATION).cause(e).build();
      default -> Errors.internal("storage error " + e.getErrorCode(), e);
    };
  }

  private static String firstQuoted(SQLException e, String fallback) {
    String message = e.getMessage() == null ? "" : e.getMessage();
    // H2 quotes the offending column or value first; only that name is kept, never H2's whole message.
    Matcher matcher = QUOTED.matcher(message);
    return matcher.find() ? matcher.group(1) : fallback;
  }
}
