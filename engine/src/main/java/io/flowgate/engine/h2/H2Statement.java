package io.flowgate.engine.h2;

import java.util.List;

/** SQL text that the engine generated for H2, and what to bind to its {@code ?} in order. */
public record H2Statement(String sql, List<Binding> bindings) {
  public H2Statement {
    bindings = List.copyOf(bindings);
  }
}
