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
import java.util.HexFormat;

/**
 * Reads the values Avatica's client gets wrong or refuses, for one result set. Avatica takes every timestamp for a
 * wall clock of the client's zone: right for TIMESTAMP_NTZ, but a TIMESTAMP is an instant (the gateway sends it as
 * its wall clock in UTC), so its {@code getTimestamp} and {@code getObject} give that instant. {@code getObject(i,
 * type)} answers the {@code java.time} types, which Avatica refuses (a TIMESTAMP as a {@code LocalDateTime} is its
 * wall clock in the session time zone); {@code getString} of a timestamp prints as the dialect's {@code CAST(ts AS
 * STRING)} does in the session time zone, and of a BINARY as hex. Other calls are not answered here ({@link
 * #NOT_HANDLED}).
 */
final class ResultValues {
  static final Object NOT_HANDLED = new Object();

  private final ResultSet rows;
  private final CleanErrors.SessionState session;
  private String[] typeNames;

  ResultValues(ResultSet rows, CleanErrors.SessionState session) {
    this.rows = rows;
    this.session = session;
  }

  Object read(String method, Object[] args) throws SQLException {
    if (args == null || args.length == 0 || !(args[0] instanceof Integer || args[0] instanceof String)) {
      return NOT_HANDLED;
    }
    boolean typed = args.length == 2 && args[1] instanceof Class<?>;
    if (!(method.equals("getString") || method.equals("getTimestamp") || method.equals("getObject"))
        || args.length == 2 && !typed || args.length > 2) {
      return NOT_HANDLED;
    }
    int column = args[0] instanceof Integer index ? index : rows.findColumn((String) args[0]);
    String type = typeName(column);
    if (typed) {
      return typed(column, type, (Class<?>) args[1]);
    }
    boolean timestamp = type.equals("TIMESTAMP") || type.equals("TIMESTAMP_NTZ");
    if (method.equals("getString") && timestamp) {
      LocalDateTime wallClock = wallClock(column);
      return wallClock == null ? null : text(type.equals("TIMESTAMP") ? inSessionZone(wallClock) : wallClock);
    }
    if (method.equals("getString") && type.equals("BINARY")) {
      byte[] bytes = rows.getBytes(column);
      return bytes == null ? null : HexFormat.of().withUpperCase().formatHex(bytes);
    }
    if (type.equals("TIMESTAMP") && (method.equals("getTimestamp") || method.equals("getObject"))) {
      LocalDateTime wallClock = wallClock(column);
      return wallClock == null ? null : Timestamp.from(wallClock.toInstant(ZoneOffset.UTC));
    }
    return NOT_HANDLED;
  }

  private Object typed(int column, String type, Class<?> wanted) throws SQLException {
    boolean instant = type.equals("TIMESTAMP");
    if (wanted == LocalDate.class) {
      java.sql.Date date = rows.getDate(column);
      return date == null ? null : date.toLocalDate();
    }
    if (wanted == LocalTime.class) {
      java.sql.Time time = rows.getTime(column);
      return time == null ? null : time.toLocalTime();
    }
    if (wanted != LocalDateTime.class && wanted != Instant.class && wanted != OffsetDateTime.class
        && wanted != ZonedDateTime.class && !(wanted == Timestamp.class && instant)) {
      return NOT_HANDLED;
    }
    LocalDateTime wallClock = wallClock(column);
    if (wallClock == null) {
      return null;
    }
    // A TIMESTAMP's wall clock is in UTC; a TIMESTAMP_NTZ's is taken in the client's zone, as JDBC takes a
    // timestamp without a zone.
    ZonedDateTime zoned = wallClock.atZone(instant ? ZoneOffset.UTC : ZoneId.systemDefault());
    if (wanted == LocalDateTime.class) {
      return instant ? inSessionZone(wallClock) : wallClock;
    }
    if (wanted == Instant.class) {
      return zoned.toInstant();
    }
    if (wanted == OffsetDateTime.class) {
      return zoned.toOffsetDateTime();
    }
    if (wanted == Timestamp.class) {
      return Timestamp.from(zoned.toInstant());
    }
    return zoned;
  }

  /** A TIMESTAMP's wall clock in UTC, as the gateway sends it, as the wall clock of the session time zone. */
  private LocalDateTime inSessionZone(LocalDateTime utc) {
    return utc.atOffset(ZoneOffset.UTC).atZoneSameInstant(session.timeZone()).toLocalDateTime();
  }

  /** The wall clock the gateway sent: Avatica's timestamp read back in the client's zone. */
  private LocalDateTime wallClock(int column) throws SQLException {
    Timestamp raw = rows.getTimestamp(column);
    return raw == null ? null : raw.toLocalDateTime();
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
