package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.IntervalLiteral;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.IntervalField;
import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Interval literals, in the dialect's three forms: {@code INTERVAL 1 DAY 2 HOURS} (values and units),
 * {@code INTERVAL '1 day 2 hours'} (the same inside a string) and {@code INTERVAL '1 02:00' DAY TO MINUTE} (a string
 * in the fields of a qualifier). A literal is year-month or day-time by the units written; mixing them is refused.
 */
final class IntervalLiterals {
  private static final Pattern WORDS = Pattern.compile("\\s+");

  private final TokenCursor cursor;
  private final Span span;
  private final Set<IntervalField> fields = EnumSet.noneOf(IntervalField.class);
  private BigInteger months = BigInteger.ZERO;
  private BigDecimal micros = BigDecimal.ZERO;

  private IntervalLiterals(TokenCursor cursor, Span span) {
    this.cursor = cursor;
    this.span = span;
  }

  /** Whether the cursor, at the word INTERVAL, is at an interval literal (and not at a column named interval). */
  static boolean starts(TokenCursor cursor) {
    Token next = cursor.peek(1);
    return isValue(next.isSymbol("-") || next.isSymbol("+") ? cursor.peek(2) : next);
  }

  static IntervalLiteral parse(TokenCursor cursor) {
    Span span = cursor.next().span();
    return new IntervalLiterals(cursor, span).literal();
  }

  private IntervalLiteral literal() {
    boolean negated = cursor.acceptSymbol("-");
    if (!negated) {
      cursor.acceptSymbol("+");
    }
    Token first = cursor.next();
    Optional<Unit> unit = unit(cursor.peek());
    if (first.type() == TokenType.STRING && unit.isEmpty()) {
      unitsInString(first.text());
    } else {
      unit.orElseThrow(() -> cursor.unexpected("an interval unit (YEAR, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, ...)"));
      String unitWord = cursor.next().text();
      if (cursor.isWord("TO")) {
        fromTo(first, unitWord);
      } else {
        add(first.text(), unit.get());
        while (isValue(cursor.peek()) && unit(cursor.peek(1)).isPresent()) {
          String value = cursor.next().text();
          add(value, unit(cursor.next()).orElseThrow());
        }
      }
    }
    return build(negated);
  }

  private static boolean isValue(Token token) {
    return token.type() == TokenType.STRING || token.type() == TokenType.INTEGER || token.type() == TokenType.DECIMAL;
  }

  /** A unit of the values-and-units forms: the field it adds to, and how many months or microseconds one is. */
  private record Unit(String name, IntervalField field, long size) {}

  /** A unit word, singular or plural (weeks, milli- and microseconds add to the fields DAY and SECOND). */
  private static Optional<Unit> unit(String word) {
    String name = word.toUpperCase(Locale.ROOT);
    name = name.endsWith("S") ? name.substring(0, name.length() - 1) : name;
    Unit unit = switch (name) {
      case "YEAR" -> new Unit(name, IntervalField.YEAR, IntervalField.YEAR.unit());
      case "MONTH" -> new Unit(name, IntervalField.MONTH, IntervalField.MONTH.unit());
      case "WEEK" -> new Unit(name, IntervalField.DAY, 7 * IntervalField.DAY.unit());
      case "DAY", "HOUR", "MINUTE", "SECOND" -> new Unit(name, IntervalField.valueOf(name),
          IntervalField.valueOf(name).unit());
      case "MILLISECOND" -> new Unit(name, IntervalField.SECOND, 1_000);
      case "MICROSECOND" -> new Unit(name, IntervalField.SECOND, 1);
      default -> null;
    };
    return Optional.ofNullable(unit);
  }

  private static Optional<Unit> unit(Token token) {
    return token.type() == TokenType.WORD ? unit(token.text()) : Optional.empty();
  }

  /** {@code '1 day 2 hours'}: values and units inside a string, optionally after the word interval. */
  private void unitsInString(String text) {
    String[] words = WORDS.split(text.strip());
    int at = words.length > 0 && words[0].equalsIgnoreCase("interval") ? 1 : 0;
    if (words.length == at || (words.length - at) % 2 != 0) {
      throw invalid(text, "expected values each followed by a unit");
    }
    for (; at < words.length; at += 2) {
      String word = words[at + 1];
      Unit unit = unit(word).orElseThrow(() -> invalid(text, "unknown unit " + word));
      add(words[at], unit);
    }
  }

  private void add(String text, Unit unit) {
    BigDecimal value;
    try {
      value = new BigDecimal(text.strip());
    } catch (NumberFormatException e) {
      throw invalid(text, "not a number");
    }
    fields.add(unit.field());
    if (unit.field().isYearMonth()) {
      try {
        months = months.add(value.toBigIntegerExact().multiply(BigInteger.valueOf(unit.size())));
      } catch (ArithmeticException e) {
        throw invalid(text, "a count of " + unit.name().toLowerCase(Locale.ROOT) + "s is a whole number");
      }
    } else {
      micros = micros.add(value.multiply(BigDecimal.valueOf(unit.size())));
    }
  }

  /** {@code 'text' start TO end}: the text has the qualifier's fields, {@code 1-2}, {@code 1 02:03:04.5}, .... */
  private void fromTo(Token value, String startWord) {
    cursor.expectWord("TO");
    Token endToken = cursor.next();
    IntervalField start = qualifierField(startWord);
    IntervalField end = endToken.type() == TokenType.WORD ? qualifierField(endToken.text()) : null;
    if (end == null || start.isYearMonth() != end.isYearMonth() || end.ordinal() <= start.ordinal()) {
      throw EngineException.of(ErrorClass.UNSUPPORTED_FROM_TO_INTERVAL).parameter("from", startWord.toUpperCase(Locale.ROOT))
          .parameter("to", endToken.text().toUpperCase(Locale.ROOT)).at(span).build();
    }
    if (value.type() != TokenType.STRING) {
      throw invalid(value.text(), "the value of an interval with TO is a string");
    }
    StringBuilder pattern = new StringBuilder("\\s*([+-])?(\\d+").append(start == IntervalField.SECOND ? "(?:\\.\\d{1,9})?" : "")
        .append(")");
    for (int i = start.ordinal() + 1; i <= end.ordinal(); i++) {
      IntervalField field = IntervalField.values()[i];
      pattern.append(field == IntervalField.MONTH ? "-" : field == IntervalField.HOUR ? " " : ":").append("(\\d{1,2}")
          .append(field == IntervalField.SECOND ? "(?:\\.\\d{1,9})?" : "").append(")");
    }
    Matcher matcher = Pattern.compile(pattern.append("\\s*").toString()).matcher(value.text());
    if (!matcher.matches()) {
      throw invalid(value.text(), "expected the fields " + start + " TO " + end);
    }
    BigDecimal sign = "-".equals(matcher.group(1)) ? BigDecimal.ONE.negate() : BigDecimal.ONE;
    for (int i = start.ordinal(); i <= end.ordinal(); i++) {
      IntervalField field = IntervalField.values()[i];
      BigDecimal part = new BigDecimal(matcher.group(i - start.ordinal() + 2));
      if (i > start.ordinal() && part.compareTo(BigDecimal.valueOf(limit(field))) >= 0) {
        throw invalid(value.text(), field.name().toLowerCase(Locale.ROOT) + " is out of range");
      }
      fields.add(field);
      part = part.multiply(sign);
      if (field.isYearMonth()) {
        months = months.add(part.toBigInteger().multiply(BigInteger.valueOf(field.unit())));
      } else {
        micros = micros.add(part.multiply(BigDecimal.valueOf(field.unit())));
      }
    }
  }

  private IntervalField qualifierField(String word) {
    try {
      return IntervalField.valueOf(word.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** How far a field that is not the first may go: 11 months, 23 hours, 59 minutes, 59.999999 seconds. */
  private static long limit(IntervalField field) {
    return switch (field) {
      case MONTH -> 12;
      case HOUR -> 24;
      default -> 60;
    };
  }

  private IntervalLiteral build(boolean negated) {
    boolean yearMonth = fields.stream().anyMatch(IntervalField::isYearMonth);
    boolean dayTime = fields.stream().anyMatch(field -> !field.isYearMonth());
    String literal = cursor.textFrom(span);
    if (yearMonth && dayTime) {
      throw EngineException.of(ErrorClass.MIXED_INTERVAL_UNITS).parameter("literal", literal).at(span).build();
    }
    IntervalField start = fields.stream().min(Enum::compareTo).orElseThrow();
    IntervalField end = fields.stream().max(Enum::compareTo).orElseThrow();
    long value;
    try {
      value = yearMonth ? months.intValueExact() : micros.setScale(0, java.math.RoundingMode.DOWN).longValueExact();
    } catch (ArithmeticException e) {
      throw invalid(literal, "the value is out of range");
    }
    return new IntervalLiteral(span, SqlType.interval(start, end), negated ? -value : value);
  }

  private EngineException invalid(String input, String reason) {
    return EngineException.of(ErrorClass.INVALID_INTERVAL_FORMAT).parameter("input", "'" + input + "'")
        .parameter("reason", reason).at(span).build();
  }
}
