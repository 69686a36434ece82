package io.flowgate.engine.plan;

import io.flowgate.engine.type.SqlType;
import java.util.Optional;

/**
 * A translated expression: H2 SQL (with binding markers), its type (empty only for a parameter marker whose type
 * nothing around it tells), and whether it can be NULL ({@code false} only where that is known: a literal, a NOT
 * NULL column of a relation that no outer join pads, and casts of those).
 */
record Typed(String sql, Optional<SqlType> type, boolean nullable) {
  Typed(String sql, Optional<SqlType> type) {
    this(sql, type, true);
  }

  static Typed of(String sql, SqlType type) {
    return new Typed(sql, Optional.of(type));
  }

  static Typed unknown(String sql) {
    return new Typed(sql, Optional.empty());
  }

  boolean is(java.util.function.Predicate<SqlType> test) {
    return type.map(test::test).orElse(false);
  }

  /** The same value known never to be NULL. */
  Typed notNull() {
    return new Typed(sql, type, false);
  }
}
