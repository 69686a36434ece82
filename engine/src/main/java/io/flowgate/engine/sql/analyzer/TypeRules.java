package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.List;
import java.util.Optional;

/**
 * The dialect's typing rules for values computed from other values, as Spark derives them in ANSI mode: the common
 * type of values that meet in one column, the type of arithmetic (with decimal precision and scale), and of the
 * numeric aggregates. Pure: types in, a type out; whether the operands may meet at all is checked before.
 */
public final class TypeRules {
  private static final int MAX_PRECISION = SqlType.MAX_DECIMAL_PRECISION;
  /** The scale a decimal result keeps at least when its precision must be cut to 38 (Spark's MINIMUM_ADJUSTED_SCALE). */
  private static final int MINIMUM_ADJUSTED_SCALE = 6;

  private TypeRules() {}

  /**
   * The type values of {@code a} and {@code b} become when they meet in one column (CASE, coalesce, a set operation):
   * NULL takes the other's type, integers widen, an integer and a decimal meet in a decimal that holds both, a float
   * and anything numeric in DOUBLE, dates and timestamps in TIMESTAMP, strings in STRING. Empty when they have none.
   */
  public static Optional<SqlType> common(SqlType a, SqlType b) {
    if (a.equals(b)) {
      return Optional.of(a);
    }
    if (a.kind() == TypeKind.VOID) {
      return Optional.of(b);
    }
    if (b.kind() == TypeKind.VOID) {
      return Optional.of(a);
    }
    if (a.isNumeric() && b.isNumeric()) {
      return Optional.of(commonNumber(a, b));
    }
    if (a.isCharacter() && b.isCharacter()) {
      return Optional.of(a.kind() == TypeKind.STRING ? a : b.kind() == TypeKind.STRING ? b : SqlType.STRING);
    }
    if (isDatetime(a) && isDatetime(b)) {
      return Optional.of(a.kind() == TypeKind.DATE ? b : b.kind() == TypeKind.DATE ? a : SqlType.TIMESTAMP);
    }
    if (a.kind() == b.kind() && a.kind() == TypeKind.ARRAY) {
      return common(a.children().get(0), b.children().get(0)).map(SqlType::array);
    }
    return Optional.empty();
  }

  /** The common type of several values, NULLs aside; VOID when every one is NULL, empty when two do not meet. */
  public static Optional<SqlType> common(List<SqlType> types) {
    SqlType result = SqlType.VOID;
    for (SqlType type : types) {
      Optional<SqlType> next = common(result, type);
      if (next.isEmpty()) {
        return next;
      }
      result = next.get();
    }
    return Optional.of(result);
  }

  private static boolean isDatetime(SqlType type) {
    return type.kind() == TypeKind.DATE || type.kind() == TypeKind.TIMESTAMP || type.kind() == TypeKind.TIMESTAMP_NTZ;
  }

  private static SqlType commonNumber(SqlType a, SqlType b) {
    if (a.isIntegral() && b.isIntegral()) {
      return a.kind().ordinal() >= b.kind().ordinal() ? a : b;
    }
    if (a.kind() == TypeKind.DOUBLE || b.kind() == TypeKind.DOUBLE) {
      return SqlType.DOUBLE;
    }
    if (a.kind() == TypeKind.FLOAT || b.kind() == TypeKind.FLOAT) {
      // integers widen to FLOAT; a float next to a decimal widens to DOUBLE
      return a.kind() == TypeKind.DECIMAL || b.kind() == TypeKind.DECIMAL ? SqlType.DOUBLE : SqlType.FLOAT;
    }
    SqlType x = asDecimal(a);
    SqlType y = asDecimal(b);
    int scale = Math.max(x.scale(), y.scale());
    int integerDigits = Math.max(x.length() - x.scale(), y.length() - y.scale());
    return boundedDecimal(integerDigits + scale, scale);
  }

  /** An integer type as the decimal that holds all its values, as Spark widens it for decimal arithmetic. */
  public static SqlType asDecimal(SqlType type) {
    return switch (type.kind()) {
      case TINYINT -> SqlType.decimal(3, 0);
      case SMALLINT -> SqlType.decimal(5, 0);
      case INT -> SqlType.decimal(10, 0);
      case BIGINT -> SqlType.decimal(20, 0);
      default -> type;
    };
  }

  /**
   * The type of {@code left operator right} for numbers (strings were read as DOUBLE before): integers keep the wider
   * integer type except for {@code /}, which is DOUBLE; a double makes DOUBLE, a float FLOAT (DOUBLE when dividing or
   * next to a decimal); a decimal
   * with an integer or a decimal gives the decimal Spark derives, cut to 38 digits keeping at least 6 of scale.
   */
  public static SqlType arithmetic(BinaryOperator operator, SqlType left, SqlType right) {
    if (left.kind() == TypeKind.VOID && right.kind() == TypeKind.VOID) {
      return operator == BinaryOperator.DIVIDE ? SqlType.DOUBLE : SqlType.INT;
    }
    SqlType a = left.kind() == TypeKind.VOID ? right : left;
    SqlType b = right.kind() == TypeKind.VOID ? left : right;
    boolean approximate = a.kind() == TypeKind.DOUBLE || b.kind() == TypeKind.DOUBLE
        || a.kind() == TypeKind.FLOAT || b.kind() == TypeKind.FLOAT;
    if (approximate) {
      return operator == BinaryOperator.DIVIDE ? SqlType.DOUBLE : commonNumber(a, b);
    }
    boolean decimal = a.kind() == TypeKind.DECIMAL || b.kind() == TypeKind.DECIMAL;
    if (!decimal) {
      return operator == BinaryOperator.DIVIDE ? SqlType.DOUBLE : commonNumber(a, b);
    }
    SqlType x = asDecimal(a);
    SqlType y = asDecimal(b);
    int p1 = x.length();
    int s1 = x.scale();
    int p2 = y.length();
    int s2 = y.scale();
    return switch (operator) {
      case ADD, SUBTRACT -> {
        int scale = Math.max(s1, s2);
        yield boundedDecimal(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
      }
      case MULTIPLY -> boundedDecimal(p1 + p2 + 1, s1 + s2);
      case DIVIDE -> {
        int scale = Math.max(MINIMUM_ADJUSTED_SCALE, s1 + p2 + 1);
        yield boundedDecimal(p1 - s1 + s2 + scale, scale);
      }
      case MODULO -> {
        int scale = Math.max(s1, s2);
        yield boundedDecimal(Math.min(p1 - s1, p2 - s2) + scale, scale);
      }
      default -> throw new IllegalArgumentException("not arithmetic: " + operator);
    };
  }

  /** sum: BIGINT over integers, DOUBLE over floats and doubles, ten more digits over a decimal. */
  public static SqlType sum(SqlType argument) {
    if (argument.isIntegral() || argument.kind() == TypeKind.VOID) {
      return argument.kind() == TypeKind.VOID ? SqlType.DOUBLE : SqlType.BIGINT;
    }
    if (argument.kind() == TypeKind.DECIMAL) {
      return SqlType.decimal(Math.min(MAX_PRECISION, argument.length() + 10), argument.scale());
    }
    return SqlType.DOUBLE;
  }

  /** avg: four more digits of scale over a decimal; DOUBLE over everything else. */
  public static SqlType average(SqlType argument) {
    if (argument.kind() == TypeKind.DECIMAL) {
      return boundedDecimal(argument.length() + 4, argument.scale() + 4);
    }
    return SqlType.DOUBLE;
  }

  /**
   * Whether CAST may turn a {@code from} into a {@code to}, as the dialect allows in ANSI mode: anything to text, text
   * to any simple type, numbers, booleans and timestamps among each other, dates and timestamps among each other,
   * arrays, maps and structs field by field; not a date to a number or back, nor a simple value to a complex one.
   */
  public static boolean castable(SqlType from, SqlType to) {
    if (from.kind() == TypeKind.VOID || from.equals(to) || to.isCharacter()) {
      return true;
    }
    if (from.isCharacter()) {
      return to.children().isEmpty();
    }
    if (from.isInterval() || to.isInterval()) {
      // an interval becomes only its text; a number becomes an interval of one unit
      return to.isInterval() && (from.isNumeric() || from.isInterval());
    }
    boolean fromTimestamp = from.kind() == TypeKind.TIMESTAMP;
    boolean toTimestamp = to.kind() == TypeKind.TIMESTAMP;
    if (from.isNumeric() || from.kind() == TypeKind.BOOLEAN) {
      return to.isNumeric() || to.kind() == TypeKind.BOOLEAN || toTimestamp && from.isNumeric();
    }
    if (isDatetime(from)) {
      return isDatetime(to) || fromTimestamp && to.isNumeric();
    }
    if (from.kind() != to.kind() || from.children().size() != to.children().size()) {
      return false;
    }
    return switch (from.kind()) {
      case ARRAY, MAP, STRUCT -> {
        for (int i = 0; i < from.children().size(); i++) {
          if (!castable(from.children().get(i), to.children().get(i))) {
            yield false;
          }
        }
        yield true;
      }
      default -> false;
    };
  }

  /**
   * A decimal of at most 38 digits: beyond them the integer digits are kept and the scale gives way, down to 6 (or
   * the scale asked for, when smaller), as Spark adjusts a result that would lose precision.
   */
  public static SqlType boundedDecimal(int precision, int scale) {
    if (precision <= MAX_PRECISION) {
      return SqlType.decimal(Math.max(precision, 1), scale);
    }
    int integerDigits = precision - scale;
    int minimumScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
    return SqlType.decimal(MAX_PRECISION, Math.max(MAX_PRECISION - integerDigits, minimumScale));
  }
}
