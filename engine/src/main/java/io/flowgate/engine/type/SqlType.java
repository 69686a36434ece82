package io.flowgate.engine.type;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A data type of the dialect. {@code length} is the length of VARCHAR/CHAR or the precision of DECIMAL;
 * {@code children} are the element type of ARRAY, key and value of MAP, or the fields of STRUCT.
 */
public record SqlType(TypeKind kind, int length, int scale, List<SqlType> children, List<String> fieldNames,
    Collation collation) {
  public static final SqlType BOOLEAN = of(TypeKind.BOOLEAN);
  public static final SqlType TINYINT = of(TypeKind.TINYINT);
  public static final SqlType SMALLINT = of(TypeKind.SMALLINT);
  public static final SqlType INT = of(TypeKind.INT);
  public static final SqlType BIGINT = of(TypeKind.BIGINT);
  public static final SqlType FLOAT = of(TypeKind.FLOAT);
  public static final SqlType DOUBLE = of(TypeKind.DOUBLE);
  public static final SqlType STRING = of(TypeKind.STRING);
  public static final SqlType BINARY = of(TypeKind.BINARY);
  public static final SqlType DATE = of(TypeKind.DATE);
  public static final SqlType TIMESTAMP = of(TypeKind.TIMESTAMP);
  public static final SqlType TIMESTAMP_NTZ = of(TypeKind.TIMESTAMP_NTZ);
  public static final SqlType VOID = of(TypeKind.VOID);
  public static final int MAX_DECIMAL_PRECISION = 38;

  public SqlType {
    requireNonNull(kind, "kind is null");
    requireNonNull(collation, "collation is null");
    children = List.copyOf(children);
    fieldNames = List.copyOf(fieldNames);
  }

  public SqlType(TypeKind kind, int length, int scale, List<SqlType> children, List<String> fieldNames) {
    this(kind, length, scale, children, fieldNames, Collation.UTF8_BINARY);
  }

  /** STRING with a collation ({@code STRING COLLATE UTF8_LCASE}). */
  public static SqlType string(Collation collation) {
    return new SqlType(TypeKind.STRING, 0, 0, List.of(), List.of(), collation);
  }

  public static SqlType of(TypeKind kind) {
    return new SqlType(kind, 0, 0, List.of(), List.of());
  }

  public static SqlType decimal(int precision, int scale) {
    return new SqlType(TypeKind.DECIMAL, precision, scale, List.of(), List.of());
  }

  public static SqlType varchar(int length) {
    return new SqlType(TypeKind.VARCHAR, length, 0, List.of(), List.of());
  }

  public static SqlType character(int length) {
    return new SqlType(TypeKind.CHAR, length, 0, List.of(), List.of());
  }

  public static SqlType array(SqlType element) {
    return new SqlType(TypeKind.ARRAY, 0, 0, List.of(element), List.of());
  }

  public static SqlType map(SqlType key, SqlType value) {
    return new SqlType(TypeKind.MAP, 0, 0, List.of(key, value), List.of());
  }

  public static SqlType struct(List<String> names, List<SqlType> types) {
    return new SqlType(TypeKind.STRUCT, 0, 0, types, names);
  }

  /**
   * An interval type from {@code start} to {@code end} ({@code INTERVAL DAY TO SECOND}); the fields are kept in
   * {@code length} and {@code scale}, by their order in {@link IntervalField}.
   */
  public static SqlType interval(IntervalField start, IntervalField end) {
    return new SqlType(start.isYearMonth() ? TypeKind.INTERVAL_YEAR_MONTH : TypeKind.INTERVAL_DAY_TIME,
        start.ordinal(), end.ordinal(), List.of(), List.of());
  }

  public boolean isInterval() {
    return kind == TypeKind.INTERVAL_YEAR_MONTH || kind == TypeKind.INTERVAL_DAY_TIME;
  }

  public IntervalField intervalStart() {
    return IntervalField.values()[length];
  }

  public IntervalField intervalEnd() {
    return IntervalField.values()[scale];
  }

  public boolean isIntegral() {
    return switch (kind) {
      case TINYINT, SMALLINT, INT, BIGINT -> true;
      default -> false;
    };
  }

  public boolean isNumeric() {
    return isIntegral() || kind == TypeKind.FLOAT || kind == TypeKind.DOUBLE || kind == TypeKind.DECIMAL;
  }

  public boolean isCharacter() {
    return kind == TypeKind.STRING || kind == TypeKind.VARCHAR || kind == TypeKind.CHAR;
  }

  /**
   * Whether a set operation or a CASE may put values of these two types in one column: types of one family (numbers,
   * dates and timestamps, strings, ...) widen to a common type and an untyped NULL fits everywhere; complex types
   * must be the same. A boolean next to a number, or a string next to a number, is not allowed.
   */
  public static boolean unionCompatible(SqlType a, SqlType b) {
    if (a.kind == TypeKind.VOID || b.kind == TypeKind.VOID || a.family().equals(b.family())) {
      return a.children.isEmpty() && b.children.isEmpty() || sameButVoid(a, b);
    }
    return false;
  }

  /** The same type, where the elements of an array of NULLs ({@code array()}) match any element type. */
  private static boolean sameButVoid(SqlType a, SqlType b) {
    if (a.equals(b) || a.kind == TypeKind.VOID || b.kind == TypeKind.VOID) {
      return true;
    }
    return a.kind == TypeKind.ARRAY && b.kind == TypeKind.ARRAY && sameButVoid(a.children.get(0), b.children.get(0));
  }

  /**
   * Whether values of these types can be compared: types of one family, a string with a simple type (the string is
   * read as that type), NULL with anything; complex values only with the same type.
   */
  public static boolean comparable(SqlType a, SqlType b) {
    if (a.kind == TypeKind.VOID || b.kind == TypeKind.VOID) {
      return true;
    }
    boolean simple = a.children.isEmpty() && b.children.isEmpty();
    if (!simple) {
      return a.kind == b.kind && a.children.size() == b.children.size();
    }
    return a.family().equals(b.family()) || a.isCharacter() || b.isCharacter();
  }

  private String family() {
    if (isNumeric()) {
      return "number";
    }
    if (isCharacter()) {
      return "string";
    }
    return switch (kind) {
      case DATE, TIMESTAMP, TIMESTAMP_NTZ -> "datetime";
      default -> kind.name();
    };
  }

  /** How the dialect spells the type, in lower case as DESCRIBE shows it: {@code decimal(10,2)}, {@code array<int>}. */
  public String sql() {
    return switch (kind) {
      case DECIMAL -> "decimal(" + length + "," + scale + ")";
      case VARCHAR -> "varchar(" + length + ")";
      case CHAR -> "char(" + length + ")";
      case ARRAY -> "array<" + children.get(0).sql() + ">";
      case MAP -> "map<" + children.get(0).sql() + "," + children.get(1).sql() + ">";
      case STRUCT -> "struct<" + java.util.stream.IntStream.range(0, children.size())
          .mapToObj(i -> fieldName(fieldNames.get(i)) + ":" + children.get(i).sql()).collect(Collectors.joining(","))
          + ">";
      case VOID -> "void";
      case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> "interval " + intervalStart().name().toLowerCase(Locale.ROOT)
          + (length == scale ? "" : " to " + intervalEnd().name().toLowerCase(Locale.ROOT));
      case STRING -> collation == Collation.UTF8_BINARY ? "string" : "string collate " + collation.name();
      default -> kind.name().toLowerCase(Locale.ROOT);
    };
  }

  /** A field name as the type's text needs it to read back: backquoted unless it is a plain identifier. */
  private static String fieldName(String name) {
    return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : "`" + name.replace("`", "``") + "`";
  }

  /** Display size or precision reported to JDBC clients. */
  public int precision() {
    return switch (kind) {
      case BOOLEAN -> 1;
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INT -> 10;
      case BIGINT -> 19;
      case FLOAT -> 7;
      case DOUBLE -> 15;
      case DECIMAL, VARCHAR, CHAR -> length;
      case DATE -> 10;
      case TIMESTAMP, TIMESTAMP_NTZ -> 29;
      default -> Integer.MAX_VALUE;
    };
  }

  @Override
  public String toString() {
    return sql();
  }
}
