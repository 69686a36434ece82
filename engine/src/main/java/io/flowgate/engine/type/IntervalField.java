package io.flowgate.engine.type;

/**
 * A field of an interval type: {@code YEAR} and {@code MONTH} make year-month intervals (a count of months), the
 * others day-time intervals (a count of microseconds; a day is always 24 hours, as in the dialect).
 */
public enum IntervalField {
  YEAR(12),
  MONTH(1),
  DAY(86_400_000_000L),
  HOUR(3_600_000_000L),
  MINUTE(60_000_000L),
  SECOND(1_000_000L);

  private final long unit;

  IntervalField(long unit) {
    this.unit = unit;
  }

  /** How many months (year-month fields) or microseconds (day-time fields) one of this field is. */
  public long unit() {
    return unit;
  }

  public boolean isYearMonth() {
    return this == YEAR || this == MONTH;
  }
}
