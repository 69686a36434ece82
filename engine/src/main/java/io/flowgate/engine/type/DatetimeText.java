package io.flowgate.engine.type;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;

/**
 * Dates and timestamps read from and written as text by a datetime pattern (the letters of Spark's patterns, which
 * are Java's for the ones both have), as from_json and to_json do with their dateFormat and timestampFormat options.
 * A field the pattern lacks is its first value (month and day 1, time 00:00), as in Spark. Timestamps are kept as a
 * wall clock in UTC; text without an offset or zone is a wall clock of the session's zone.
 */
public final class DatetimeText {
  /** Formatters by pattern: building one costs more than the text it reads. */
  private static final Cache<String, DateTimeFormatter> PATTERNS = Caffeine.newBuilder().maximumSize(256).build();

  private DatetimeText() {}

  /** The formatter of {@code pattern}; IllegalArgumentException when it is not a pattern. */
  public static DateTimeFormatter pattern(String pattern) {
    return PATTERNS.get(pattern, text -> new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern(text)
        .parseDefaulting(ChronoField.MONTH_OF_YEAR, 1).parseDefaulting(ChronoField.DAY_OF_MONTH, 1)
        .toFormatter(Locale.US));
  }

  /** The date {@code text} holds, read by {@code pattern} (ISO when null), or null when it holds none. */
  public static LocalDate date(String text, String pattern) {
    if (text == null) {
      return null;
    }
    try {
      return pattern == null ? LocalDate.parse(text.strip()) : LocalDate.from(pattern(pattern).parse(text));
    } catch (RuntimeException notADate) {
      return null;
    }
  }

  /**
   * The timestamp {@code text} holds, read by {@code pattern} (ISO when null), as a UTC wall clock; text without an
   * offset is read in {@code zone}, or as it is when {@code zone} is null (TIMESTAMP_NTZ). Null when it holds none.
   */
  public static LocalDateTime timestamp(String text, String pattern, ZoneId zone) {
    if (text == null) {
      return null;
    }
    try {
      TemporalAccessor parsed = pattern == null ? iso(text.strip()) : pattern(pattern).parse(text);
      LocalDate day = LocalDate.from(parsed);
      LocalDateTime local = parsed.isSupported(ChronoField.NANO_OF_DAY)
          ? day.atTime(java.time.LocalTime.from(parsed)) : day.atStartOfDay();
      ZoneId written = parsed.query(TemporalQueries.zone());
      ZoneId at = written != null ? written : zone;
      return at == null ? local : local.atZone(at).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    } catch (RuntimeException notATimestamp) {
      return null;
    }
  }

  /** ISO 8601 text: a date and time with 'T' or a space, and an optional offset or zone; or a date alone. */
  private static TemporalAccessor iso(String text) {
    return text.length() <= 10 ? DateTimeFormatter.ISO_LOCAL_DATE.parse(text)
        : DateTimeFormatter.ISO_DATE_TIME.parse(text.replaceFirst(" ", "T"));
  }

  /** {@code date} written by {@code pattern}. */
  public static String format(LocalDate date, String pattern) {
    return date == null ? null : pattern(pattern).format(date);
  }

  /** The UTC wall clock {@code utc} written by {@code pattern} as a wall clock of {@code zone}. */
  public static String format(LocalDateTime utc, ZoneId zone, String pattern) {
    return utc == null ? null : pattern(pattern).format(utc.atOffset(ZoneOffset.UTC).atZoneSameInstant(zone));
  }

  /** Whether {@code pattern} can be read and written. */
  public static boolean isPattern(String pattern) {
    try {
      pattern(pattern);
      return true;
    } catch (IllegalArgumentException notAPattern) {
      return false;
    }
  }
}
