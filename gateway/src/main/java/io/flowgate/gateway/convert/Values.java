package io.flowgate.gateway.convert;

import io.flowgate.engine.ResultColumn;
import io.flowgate.engine.type.TypeKind;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Values between the engine and Avatica's wire form: dates travel as days since the epoch and timestamps as
 * UTC milliseconds (Avatica carries no finer precision), complex values as text.
 */
public final class Values {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private Values() {}

  public static Object toWire(Object value, ResultColumn column) {
    if (value == null) {
      return null;
    }
    TypeKind kind = column.type().kind();
    return switch (kind) {
      case DATE -> value instanceof LocalDate date ? (int) date.toEpochDay() : (int) ((Date) value).toLocalDate()
          .toEpochDay();
      case TIMESTAMP, TIMESTAMP_NTZ -> millis(value);
      case TINYINT -> ((Number) value).byteValue();
      case SMALLINT -> ((Number) value).shortValue();
      case INT -> ((Number) value).intValue();
      case BIGINT -> ((Number) value).longValue();
      case FLOAT -> ((Number) value).floatValue();
      case DOUBLE -> ((Number) value).doubleValue();
      case DECIMAL -> value instanceof BigDecimal decimal ? decimal : new BigDecimal(value.toString());
      case ARRAY, MAP, STRUCT, STRING, VARCHAR, CHAR, VOID -> text(value);
      default -> value;
    };
  }

  private static long millis(Object value) {
    if (value instanceof Timestamp timestamp) {
      return timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    if (value instanceof LocalDateTime local) {
      return local.toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    if (value instanceof OffsetDateTime offset) {
      return offset.toInstant().toEpochMilli();
    }
    return ((java.util.Date) value).getTime();
  }

  private static Object text(Object value) {
    if (value instanceof Object[] array) {
      return Arrays.stream(array).map(Values::element).collect(Collectors.joining(",", "[", "]"));
    }
    if (value instanceof Boolean bool) {
      return bool.toString();
    }
    return value.toString();
  }

  private static String element(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String text) {
      return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return String.valueOf(text(value));
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
