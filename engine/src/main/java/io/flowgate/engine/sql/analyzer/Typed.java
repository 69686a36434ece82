package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.SqlType;
import java.util.Optional;

/**
 * A translated expression: what it computes ({@link Analyzed}), its type (empty only for a parameter marker whose type
 * nothing around it tells), and whether it can be NULL ({@code false} only where that is known: a literal, a NOT
 * NULL column of a relation that no outer join pads, and casts of those).
 */
public record Typed(Analyzed value, Optional<SqlType> type, boolean nullable) {
  Typed(Analyzed value, Optional<SqlType> type) {
    this(value, type, true);
  }

  static Typed of(Analyzed value, SqlType type) {
    return new Typed(value, Optional.of(type));
  }

  boolean is(java.util.function.Predicate<SqlType> test) {
    return type.map(test::test).orElse(false);
  }

  /** The same value known never to be NULL. */
  Typed notNull() {
    return new Typed(value, type, false);
  }

  /** The client parameter this expression is, if it is exactly one. */
  Optional<Integer> parameter() {
    return value instanceof Analyzed.ClientParameter parameter ? Optional.of(parameter.index()) : Optional.empty();
  }
}
