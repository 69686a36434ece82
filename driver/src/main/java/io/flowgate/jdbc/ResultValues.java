package io.flowgate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.HexFormat;
import java.util.Set;

/**
 * Reads the values Avatica's client gets wrong or refuses, for one result set. The gateway sends this driver each
 * timestamp as microseconds since the epoch of its wall clock in UTC (Avatica's own unit, milliseconds, would lose
 * the dialect's microseconds), so every read of a timestamp column is answered here, never by Avatica. A TIMESTAMP
 * is an instant: {@code getTimestamp}, {@code getObject} and the instant types give that instant in any client zone;
 * as a {@code LocalDateTime}, text, a date or a time it is its wall clock in the session time zone, as the dialect's
 * {@code CAST} gives it. A TIMESTAMP_NTZ is a wall clock: JDBC's {@code Timestamp} takes it in the client's zone (or
 * the calendar's), as JDBC takes a timestamp without a zone. {@code getString} of a timestamp prints as
 * {@code CAST(ts AS STRING)} does, of a BINARY as hex. Other calls are not answered here ({@link #NOT_HANDLED}).
 */
final class ResultValues {
  static final Object NOT_HANDLED = new Object();

  private static final Set<String> TIMESTAMP_READS = Set.of("getString", "getTimestamp", "getObject", "getDate",
      "getTime");

  private final ResultSet rows;
  private final CleanErrors.SessionState session;
  private String[] typeNames;

  ResultValues(ResultSet rows, CleanErrors.SessionState session) {
    this.rows = rows;
    this.session = session;
  }

  Object read(String method, Object[] args) throws SQLException {
    if (args == null || args.length == 0 || args.length > 2
        || !(args[0] instanceof Integer || args[0] instanceof String)) {
      return NOT_HANDLED;
    }
    int column = args[0] instanceof Integer index ? index : rows.findColumn((String) args[0]);
    String type = typeName(column);
    if (method.equals("getString") && type.equals("BINARY") && args.length == 1) {
      byte[] bytes = rows.getBytes(column);
      return bytes == null ? null : HexFormat.of().withUpperCase().formatHex(bytes);
    }
    boolean instant = type.equals("TIMESTAMP");
    if (!instant && !type.equals("TIMESTAMP_NTZ")) {
      return args.length == 2 && args[1] instanceof Class<?> wanted && method.equals("getObject")
          ? dateOrTime(column, wanted) : NOT_HANDLED;
    }
    if (!TIMESTAMP_READS.contains(method)) {
      return NOT_HANDLED;
    }
    Object second = args.length == 2 ? args[1] : null;
    LocalDateTime utc = wallClock(column);
    if (utc == null) {
      return null;
    }
    // The value as the client's JDBC sees it: the instant, or for TIMESTAMP_NTZ the wall clock in a zone.
    ZoneId zone = second instanceof Calendar calendar ? calendar.getTimeZone().toZoneId() : ZoneId.systemDefault();
    LocalDateTime shown = instant ? utc.atOffset(ZoneOffset.UTC).atZoneSameInstant(session.timeZone())
        .toLocalDateTime() : utc;
    Instant moment = instant ? utc.toInstant(ZoneOffset.UTC) : utc.atZone(zone).toInstant();
    if (method.equals("getObject") && second instanceof Class<?> wanted) {
      return typed(wanted, shown, moment, instant);
    }
    return switch (method) {
      case "getString" -> text(shown);
      case "getDate" -> java.sql.Date.valueOf(LocalDateTime.ofInstant(moment, zone).toLocalDate());
      case "getTime" -> java.sql.Time.valueOf(LocalDateTime.ofInstant(moment, zone).toLocalTime());
      default -> Timestamp.from(moment);
    };
  }

  /** {@code getObject(i, type)} of a timestamp: the java.time types Avatica refuses, and JDBC's own. */
  private static Object typed(Class<?> wanted, LocalDateTime shown, Instant moment, boolean instant) {
    ZonedDateTime zoned = moment.atZone(instant ? ZoneOffset.UTC : ZoneId.systemDefault());
    if (wanted == LocalDateTime.class) {
      return shown;
    }
    if (wanted == LocalDate.class) {
      return shown.toLocalDate();
    }
    if (wanted == LocalTime.class) {
      return shown.toLocalTime();
    }
    if (wanted == Instant.class) {
      return moment;
    }
    if (wanted == OffsetDateTime.class) {
      return zoned.toOffsetDateTime();
    }
    if (wanted == ZonedDateTime.class) {
      return zoned;
    }
    if (wanted == Timestamp.class || wanted == Object.class || wanted == java.util.Date.class) {
      return Timestamp.from(moment);
    }
    if (wanted == String.class) {
      return text(shown);
    }
    return NOT_HANDLED;
  }

  /** {@code getObject(i, LocalDate | LocalTime)} of a DATE or TIME column, which Avatica refuses. */
  private Object dateOrTime(int column, Class<?> wanted) throws SQLException {
    if (wanted == LocalDate.class) {
      java.sql.Date date = rows.getDate(column);
      return date == null ? null : date.toLocalDate();
    }
    if (wanted == LocalTime.class) {
      java.sql.Time time = rows.getTime(column);
      return time == null ? null : time.toLocalTime();
    }
    return NOT_HANDLED;
  }

  /** The wall clock in UTC the gateway sent, as microseconds since the epoch; null for NULL. */
  private LocalDateTime wallClock(int column) throws SQLException {
    long micros = rows.getLong(column);
    if (rows.wasNull()) {
      return null;
    }
    return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L)
        * 1_000, ZoneOffset.UTC);
  }

  /** As the dialect prints a timestamp: seconds, and a fraction only when there is one, without trailing zeros. */
  static String text(LocalDateTime wallClock) {
    String seconds = wallClock.toLocalDate() + " " + String.format("%02d:%02d:%02d", wallClock.getHour(),
        wallClock.getMinute(), wallClock.getSecond());
    int nanos = wallClock.getNano();
    if (nanos == 0) {
      return seconds;
    }
    String fraction = String.format("%09d", nanos).replaceAll("0+$", "");
    return seconds + "." + fraction;
  }

  private String typeName(int column) throws SQLException {
    if (typeNames == null) {
      java.sql.ResultSetMetaData metadata = rows.getMetaData();
      typeNames = new String[metadata.getColumnCount() + 1];
      for (int i = 1; i < typeNames.length; i++) {
        typeNames[i] = metadata.getColumnTypeName(i);
      }
    }
    return column >= 1 && column < typeNames.length ? typeNames[column] : "";
  }
}
