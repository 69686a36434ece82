package io.flowgate.engine.storage;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * The dialect's date and time functions that H2 has not, or has with other rules, as Spark computes them, on wall
 * clocks (the translator gives them the session zone's). Installed under {@code FG_SYS} with {@link H2Functions}; a
 * NULL argument gives NULL.
 */
public final class DateFunctions {
  private DateFunctions() {}

  private static SQLException invalid(String function, String parameter, String message) {
    return new SQLException(function + "\n" + parameter + "\n" + message + "\n", "22023",
        TextFunctions.INVALID_ARGUMENT);
  }

  /** make_date: the date, or the refusal of fields out of range (February 30th). */
  public static LocalDate makeDate(Integer year, Integer month, Integer day) throws SQLException {
    if (year == null || month == null || day == null) {
      return null;
    }
    try {
      return LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      throw invalid("make_date", "year, month, day", e.getMessage());
    }
  }

  /** make_timestamp: the wall clock; seconds may have a fraction (60 is the next minute's start, as in Spark). */
  public static LocalDateTime makeTimestamp(Integer year, Integer month, Integer day, Integer hour, Integer minute,
      BigDecimal second) throws SQLException {
    if (year == null || month == null || day == null || hour == null || minute == null || second == null) {
      return null;
    }
    try {
      if (second.compareTo(BigDecimal.valueOf(60)) == 0) {
        return LocalDateTime.of(year, month, day, hour, minute).plusMinutes(1);
      }
      if (second.signum() < 0 || second.compareTo(BigDecimal.valueOf(60)) > 0) {
        throw new DateTimeException("second " + second + " is out of range");
      }
      long nanos = second.movePointRight(9).setScale(0, RoundingMode.DOWN).longValueExact();
      return LocalDateTime.of(year, month, day, hour, minute).plusNanos(nanos);
    } catch (DateTimeException | ArithmeticException e) {
      throw invalid("make_timestamp", "year, month, day, hour, min, sec", e.getMessage());
    }
  }

  /** next_day: the first date after {@code date} on that day of the week ('MO', 'MON' or 'MONDAY', any case). */
  public static LocalDate nextDay(LocalDate date, String dayOfWeek) throws SQLException {
    if (date == null || dayOfWeek == null) {
      return null;
    }
    String name = dayOfWeek.trim().toUpperCase(Locale.ROOT);
    for (DayOfWeek day : DayOfWeek.values()) {
      String full = day.name();
      if (name.equals(full) || name.equals(full.substring(0, 3)) || name.equals(full.substring(0, 2))) {
        return date.with(TemporalAdjusters.next(day));
      }
    }
    throw invalid("next_day", "dayOfWeek", "it is not a day of the week: " + dayOfWeek);
  }

  private static final long SECONDS_PER_DAY = 86_400;

  /**
   * months_between: whole months when the days of the month are equal or both are the last, else the months plus
   * the difference of the rest in 31-day months, rounded to 8 digits when {@code roundOff}.
   */
  public static Double monthsBetween(LocalDateTime end, LocalDateTime start, Boolean roundOff) {
    if (end == null || start == null || roundOff == null) {
      return null;
    }
    long months = (end.getYear() * 12L + end.getMonthValue()) - (start.getYear() * 12L + start.getMonthValue());
    boolean bothLast = end.getDayOfMonth() == end.toLocalDate().lengthOfMonth()
        && start.getDayOfMonth() == start.toLocalDate().lengthOfMonth();
    if (end.getDayOfMonth() == start.getDayOfMonth() || bothLast) {
      return (double) months;
    }
    long seconds = (end.getDayOfMonth() - start.getDayOfMonth()) * SECONDS_PER_DAY
        + end.toLocalTime().toSecondOfDay() - start.toLocalTime().toSecondOfDay();
    double difference = months + seconds / (31.0 * SECONDS_PER_DAY);
    return roundOff ? BigDecimal.valueOf(difference).setScale(8, RoundingMode.HALF_UP).doubleValue() : difference;
  }

  /** timestampdiff: the whole units from {@code start} to {@code end}, towards zero. */
  public static Long timestampDiff(String unit, LocalDateTime start, LocalDateTime end) throws SQLException {
    if (unit == null || start == null || end == null) {
      return null;
    }
    return switch (unit) {
      case "MICROSECOND" -> ChronoUnit.MICROS.between(start, end);
      case "MILLISECOND" -> ChronoUnit.MILLIS.between(start, end);
      case "SECOND" -> ChronoUnit.SECONDS.between(start, end);
      case "MINUTE" -> ChronoUnit.MINUTES.between(start, end);
      case "HOUR" -> ChronoUnit.HOURS.between(start, end);
      case "DAY" -> ChronoUnit.DAYS.between(start, end);
      case "WEEK" -> ChronoUnit.WEEKS.between(start, end);
      case "MONTH" -> ChronoUnit.MONTHS.between(start, end);
      case "QUARTER" -> ChronoUnit.MONTHS.between(start, end) / 3;
      case "YEAR" -> ChronoUnit.YEARS.between(start, end);
      default -> throw invalid("timestampdiff", "unit", "unknown unit " + unit);
    };
  }
}
