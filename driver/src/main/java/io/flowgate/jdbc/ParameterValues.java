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
 * one is sent as the JDBC type Avatica knows. The gateway's sessions run in UTC and Avatica moves dates and
 * timestamps as wall-clock values of the client's zone: a date or a local date-time is sent as the same wall clock,
 * and an instant (Instant, OffsetDateTime, ZonedDateTime, and java.sql.Timestamp, which JDBC defines as an instant)
 * as its wall clock in UTC, so it arrives as the same instant whatever the client's zone: right for TIMESTAMP, the
 * dialect's default, where a TIMESTAMP_NTZ takes a LocalDateTime to be exact outside UTC.
 */
final class ParameterValues {
  private ParameterValues() {}

  static Object sendable(Object value) {
    if (value instanceof LocalDate date) {
      return java.sql.Date.valueOf(date);
    }
    if (value instanceof LocalDateTime dateTime) {
      return Timestamp.valueOf(dateTime);
    }
    if (value instanceof LocalTime time) {
      return java.sql.Time.valueOf(time);
    }
    if (value instanceof Instant instant) {
      return Timestamp.valueOf(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
    if (value instanceof OffsetDateTime offset) {
      return sendable(offset.toInstant());
    }
    if (value instanceof ZonedDateTime zoned) {
      return sendable(zoned.toInstant());
    }
    if (value instanceof Timestamp timestamp) {
      return Timestamp.valueOf(LocalDateTime.ofInstant(timestamp.toInstant(), ZoneOffset.UTC));
    }
    return value;
  }
}
