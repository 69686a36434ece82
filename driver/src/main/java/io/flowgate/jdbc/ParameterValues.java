package io.flowgate.jdbc;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Avatica's client cannot send {@code java.time} values (its JSON writer fails on them), so a parameter set with
 * one is sent as the JDBC type Avatica knows. The store keeps timestamps as wall clocks in UTC and Avatica moves
 * dates and timestamps as wall-clock values of the client's zone: a date or a local date-time is sent as the same
 * wall clock, and an instant (Instant, OffsetDateTime, ZonedDateTime, and java.sql.Timestamp, which JDBC defines as
 * an instant) as its wall clock in UTC, so it arrives as the same instant whatever the client's zone: right for
 * TIMESTAMP, the dialect's default, where a TIMESTAMP_NTZ takes a LocalDateTime to be exact outside UTC. Avatica
 * carries milliseconds, so a timestamp with a finer fraction is sent as the text of that wall clock, which the
 * store reads back whole (to the microsecond it keeps).
 */
final class ParameterValues {
  private ParameterValues() {}

  static Object sendable(Object value) {
    if (value instanceof LocalDate date) {
      return java.sql.Date.valueOf(date);
    }
    if (value instanceof LocalDateTime dateTime) {
      return dateTime.getNano() % 1_000_000 == 0 ? Timestamp.valueOf(dateTime) : text(dateTime);
    }
    if (value instanceof LocalTime time) {
      return java.sql.Time.valueOf(time);
    }
    if (value instanceof Instant instant) {
      return sendable(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
    if (value instanceof OffsetDateTime offset) {
      return sendable(offset.toInstant());
    }
    if (value instanceof ZonedDateTime zoned) {
      return sendable(zoned.toInstant());
    }
    if (value instanceof Timestamp timestamp) {
      return sendable(LocalDateTime.ofInstant(timestamp.toInstant(), ZoneOffset.UTC));
    }
    return value;
  }

  /** A wall clock as the store reads timestamp text: {@code 2024-07-01 10:00:00.123456}. */
  private static String text(LocalDateTime dateTime) {
    return dateTime.toLocalDate() + " " + dateTime.toLocalTime();
  }
}
