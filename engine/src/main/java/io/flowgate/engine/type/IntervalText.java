package io.flowgate.engine.type;

import java.math.BigDecimal;

/**
 * An interval value as the dialect writes it, which is also how clients read it and how a column of an interval
 * literal is named: {@code INTERVAL '1' DAY}, {@code INTERVAL '1-2' YEAR TO MONTH}, {@code INTERVAL '0 02:30:00'
 * DAY TO SECOND}. The value is a count of months or microseconds (see {@link IntervalField}).
 */
public final class IntervalText {
  private IntervalText() {}

  public static String format(SqlType type, long value) {
    IntervalField start = type.intervalStart();
    IntervalField end = type.intervalEnd();
    String sign = value < 0 ? "-" : "";
    // The magnitude as an unsigned count; Long.MIN_VALUE stays right through the unsigned arithmetic below.
    long magnitude = Math.abs(value);
    String body = start.isYearMonth() ? yearMonth(start, end, magnitude) : dayTime(start, end, magnitude);
    String qualifier = start == end ? start.name() : start.name() + " TO " + end.name();
    return "INTERVAL '" + sign + body + "' " + qualifier;
  }

  private static String yearMonth(IntervalField start, IntervalField end, long months) {
    if (start == IntervalField.MONTH) {
      return Long.toUnsignedString(months);
    }
    long years = Long.divideUnsigned(months, 12);
    return end == IntervalField.YEAR ? Long.toUnsignedString(years)
        : Long.toUnsignedString(years) + "-" + Long.remainderUnsigned(months, 12);
  }

  /** Fields from {@code start} to {@code end}: a day unpadded, hours, minutes and seconds in two digits or more. */
  private static String dayTime(IntervalField start, IntervalField end, long micros) {
    StringBuilder text = new StringBuilder();
    long rest = micros;
    for (IntervalField field = start; ; field = IntervalField.values()[field.ordinal() + 1]) {
      if (field != start) {
        text.append(field == IntervalField.HOUR ? ' ' : ':');
      }
      String digits;
      if (field == IntervalField.SECOND) {
        digits = new BigDecimal(Long.toUnsignedString(rest)).movePointLeft(6).stripTrailingZeros().toPlainString();
      } else {
        digits = Long.toUnsignedString(Long.divideUnsigned(rest, field.unit()));
        rest = Long.remainderUnsigned(rest, field.unit());
      }
      int whole = digits.indexOf('.') < 0 ? digits.length() : digits.indexOf('.');
      text.append(field != IntervalField.DAY && whole < 2 ? "0" : "").append(digits);
      if (field == end) {
        return text.toString();
      }
    }
  }
}
