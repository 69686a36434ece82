package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.List;
import java.util.Optional;

/**
 * The dialect's result types of computed values, from their translated operands: the rules the registry and the
 * translator share.
 */
final class ResultTypes {
  private ResultTypes() {}

  /** The type values of several expressions take in one column: their common type (empty if all are parameters). */
  static Optional<SqlType> common(List<Typed> values) {
    Optional<SqlType> type = Optional.empty();
    for (Typed value : values) {
      type = QueryTranslator.widen(type, value.type());
    }
    return type;
  }

  /**
   * The type of arithmetic on two numbers by the dialect's rules; a parameter marker takes the other operand's type,
   * and two parameters are DOUBLE, which loses no fraction a client sends.
   */
  static SqlType arithmetic(BinaryOperator operator, Typed left, Typed right) {
    Optional<SqlType> a = left.type().or(right::type);
    Optional<SqlType> b = right.type().or(left::type);
    if (a.isEmpty()) {
      return SqlType.DOUBLE;
    }
    return TypeRules.arithmetic(operator, a.get(), b.get());
  }

  /** A number's own type; DOUBLE for text, NULL or a parameter, which the dialect reads as numbers so. */
  static SqlType numberOrDouble(Optional<SqlType> type) {
    return type.filter(t -> t.kind() != TypeKind.VOID && t.isNumeric()).orElse(SqlType.DOUBLE);
  }

  /** A value whose type nothing fixes (only parameter markers meet in it) is a STRING, as a bare parameter is. */
  static SqlType orString(Optional<SqlType> type) {
    return type.orElse(SqlType.STRING);
  }

  /** An array of the values' common type (VOID for NULLs alone; STRING where nothing fixes it, as for parameters). */
  static SqlType arrayOf(Optional<SqlType> element) {
    return SqlType.array(element.orElse(SqlType.STRING));
  }
}
