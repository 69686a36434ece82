package io.flowgate.engine.plan;

/** A value that generated SQL binds: a constant from the statement, or the client's parameter number {@code index}. */
public sealed interface Binding {
  record Constant(Object value) implements Binding {}

  record UserParameter(int index) implements Binding {}
}
