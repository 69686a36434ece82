package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.SqlType;
import java.util.Optional;

/**
 * A translated expression: its H2 SQL, its type (empty only for a parameter marker whose type nothing around it
 * tells), and whether it can be NULL ({@code false} only where that is known: a literal, a NOT NULL column of a
 * relation that no outer join pads, and casts of those).
 */
record Typed(Sql sql, Optional<SqlType> type, boolean nullable) {
  Typed(Sql sql, Optional<SqlType> type) {
    this(sql, type, true);
  }

  static Typed of(Sql sql, SqlType type) {
    return new Typed(sql, Optional.of(type));
  }

  static Typed unknown(Sql sql) {
    return new Typed(sql, Optional.empty());
  }

  boolean is(java.util.function.Predicate<SqlType> test) {
    return type.map(test::test).orElse(false);
  }

  /** The same value known never to be NULL. */
  Typed notNull() {
    return new Typed(sql, type, false);
  }

  /** The client parameter this expression is, if it is exactly one. */
  Optional<Integer> parameter() {
    return sql instanceof Sql.Param param && param.binding() instanceof Binding.UserParameter user
        ? Optional.of(user.index()) : Optional.empty();
  }
}
