package io.flowgate.gateway.convert;

import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.RowValue;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.IntervalText;
import io.flowgate.engine.type.TypeKind;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Values between the engine and Avatica's wire form: dates travel as days since the epoch and timestamps as UTC
 * milliseconds, Avatica's unit, or microseconds to a client that asked for them (Flowgate's driver, which reads the
 * number itself), complex values as text.
 */
public final class Values {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private Values() {}

  /**
   * A value as Avatica's wire carries its column's type. A value that does not have that type (H2 put values of two
   * types in one column, as a UNION of a BOOLEAN and a number can) is a type error, reported by name.
   */
  public static Object toWire(Object value, ResultColumn column, boolean microseconds) {
    try {
      return wireValue(value, column, microseconds);
    } catch (ClassCastException | NumberFormatException e) {
      throw Errors.typeMismatch(Errors.quote(column.name()), "its values do not all have the column's type "
          + column.type().sql(), null);
    }
  }

  private static Object wireValue(Object value, ResultColumn column, boolean microseconds) {
    if (value == null) {
      return null;
    }
    TypeKind kind = column.type().kind();
    return switch (kind) {
      case DATE -> value instanceof LocalDate date ? (int) date.toEpochDay() : (int) ((Date) value).toLocalDate()
          .toEpochDay();
      case TIMESTAMP, TIMESTAMP_NTZ -> microseconds ? micros(value) : millis(value);
      case TINYINT -> ((Number) value).byteValue();
      case SMALLINT -> ((Number) value).shortValue();
      case INT -> ((Number) value).intValue();
      case BIGINT -> ((Number) value).longValue();
      case FLOAT -> ((Number) value).floatValue();
      case DOUBLE -> ((Number) value).doubleValue();
      case DECIMAL -> value instanceof BigDecimal decimal ? decimal : new BigDecimal(value.toString());
      case ARRAY, MAP, STRUCT -> json(value, column.type(), new StringBuilder()).toString();
      case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> IntervalText.format(column.type(), ((Number) value).longValue());
      case STRING, VARCHAR, CHAR, VOID -> value instanceof Boolean bool ? bool.toString() : value.toString();
      default -> value;
    };
  }

  private static long micros(Object value) {
    java.time.Instant instant = instant(value);
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  private static long millis(Object value) {
    return instant(value).toEpochMilli();
  }

  /** A timestamp the engine gives (a wall clock in UTC, or an instant) as its instant. */
  public static java.time.Instant instant(Object value) {
    if (value instanceof Timestamp timestamp) {
      return timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC);
    }
    if (value instanceof LocalDateTime local) {
      return local.toInstant(ZoneOffset.UTC);
    }
    if (value instanceof OffsetDateTime offset) {
      return offset.toInstant();
    }
    return ((java.util.Date) value).toInstant();
  }

  /** Complex values as the dialect prints them in JSON: arrays as lists, structs and maps as objects. */
  private static StringBuilder json(Object value, SqlType type, StringBuilder out) {
    if (value == null) {
      return out.append("null");
    }
    switch (type.kind()) {
      case ARRAY -> {
        Object[] elements = (Object[]) value;
        out.append('[');
        for (int i = 0; i < elements.length; i++) {
          json(elements[i], type.children().get(0), i > 0 ? out.append(',') : out);
        }
        return out.append(']');
      }
      case STRUCT -> {
        Object[] fields = ((RowValue) value).fields();
        out.append('{');
        for (int i = 0; i < fields.length; i++) {
          string(type.fieldNames().get(i), i > 0 ? out.append(',') : out).append(':');
          json(fields[i], type.children().get(i), out);
        }
        return out.append('}');
      }
      case MAP -> {
        Object[] parts = ((RowValue) value).fields();
        Object[] keys = parts[0] == null ? new Object[0] : (Object[]) parts[0];
        Object[] values = parts[1] == null ? new Object[0] : (Object[]) parts[1];
        out.append('{');
        for (int i = 0; i < keys.length; i++) {
          string(String.valueOf(keys[i]), i > 0 ? out.append(',') : out).append(':');
          json(i < values.length ? values[i] : null, type.children().get(1), out);
        }
        return out.append('}');
      }
      case STRING, VARCHAR, CHAR, DATE, TIMESTAMP, TIMESTAMP_NTZ, BINARY -> {
        return string(value instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : value.toString(),
            out);
      }
      default -> {
        return out.append(value);
      }
    }
  }

  private static StringBuilder string(String text, StringBuilder out) {
    return JsonText.quote(text, out);
  }

  /** Parameter values from the client, as JDBC objects the engine can bind. */
  public static List<Object> fromWire(List<TypedValue> values) {
    return values.stream().map(Values::fromWire).toList();
  }

  private static Object fromWire(TypedValue value) {
    if (value == null || value.value == null) {
      return null;
    }
    if (value.type == org.apache.calcite.avatica.ColumnMetaData.Rep.BYTE_STRING) {
      // toJdbc would turn bytes into a String; take them as bytes.
      Object local = value.toLocal();
      return local instanceof org.apache.calcite.avatica.util.ByteString bytes ? bytes.getBytes()
          : local instanceof byte[] raw ? raw : org.apache.calcite.avatica.util.ByteString.parseBase64(local.toString());
    }
    Object jdbc = value.toJdbc(java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC")));
    if (jdbc instanceof Date date) {
      return LocalDate.ofEpochDay(Math.floorDiv(date.getTime(), MILLIS_PER_DAY));
    }
    if (jdbc instanceof Timestamp timestamp) {
      return LocalDateTime.ofEpochSecond(Math.floorDiv(timestamp.getTime(), 1000), 
          (int) Math.floorMod(timestamp.getTime(), 1000) * 1_000_000, ZoneOffset.UTC);
    }
    if (jdbc instanceof org.apache.calcite.avatica.util.ByteString bytes) {
      return bytes.getBytes();
    }
    return jdbc;
  }
}
