package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;

/**
 * What a built-in function's parameter takes, by the dialect's implicit casts. A STRING parameter takes any simple
 * value (it is crosscast to its text); a number, datetime or boolean parameter takes a STRING too (read as that type
 * when the row is, so bad text is CAST_INVALID_INPUT then); no parameter but ANY takes an array, a map or a struct
 * it does not name. An untyped NULL fits every parameter.
 */
public enum ParameterType {
  ANY("ANY"),
  STRING("STRING"),
  NUMERIC("NUMERIC"),
  DATETIME("DATE or TIMESTAMP"),
  BOOLEAN("BOOLEAN"),
  ARRAY("ARRAY"),
  COLLECTION("ARRAY or MAP"),
  /** What ORDER BY, min and max can sort: anything but a map, also inside an array or a struct. */
  ORDERABLE("orderable (not a MAP)");

  private final String description;

  ParameterType(String description) {
    this.description = description;
  }

  /** The type this parameter requires, as the error names it. */
  public String description() {
    return description;
  }

  public boolean accepts(SqlType type) {
    if (type.kind() == TypeKind.VOID) {
      return true;
    }
    return switch (this) {
      case ANY -> true;
      case STRING -> type.children().isEmpty();
      case NUMERIC -> type.isNumeric() || type.isCharacter();
      case DATETIME -> type.kind() == TypeKind.DATE || type.kind() == TypeKind.TIMESTAMP
          || type.kind() == TypeKind.TIMESTAMP_NTZ || type.isCharacter();
      case BOOLEAN -> type.kind() == TypeKind.BOOLEAN || type.isCharacter();
      case ARRAY -> type.kind() == TypeKind.ARRAY;
      case COLLECTION -> type.kind() == TypeKind.ARRAY || type.kind() == TypeKind.MAP;
      case ORDERABLE -> orderable(type);
    };
  }

  private static boolean orderable(SqlType type) {
    return type.kind() != TypeKind.MAP && type.children().stream().allMatch(ParameterType::orderable);
  }
}
