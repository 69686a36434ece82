package io.flowgate.engine.plan;

import io.flowgate.engine.type.SqlType;
import java.util.Optional;

/** A translated expression: H2 SQL (with binding markers) and its type when the translator knows it. */
record Typed(String sql, Optional<SqlType> type) {
  static Typed of(String sql, SqlType type) {
    return new Typed(sql, Optional.of(type));
  }

  static Typed unknown(String sql) {
    return new Typed(sql, Optional.empty());
  }

  boolean is(java.util.function.Predicate<SqlType> test) {
    return type.map(test::test).orElse(false);
  }
}
