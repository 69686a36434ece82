package io.flowgate.engine.h2;

/**
 * A value that generated SQL binds: a constant from the statement, the client's parameter number {@code index},
 * or a value the engine supplies when it runs the statement (the commit version a write stamps on its rows, the
 * version range a streaming read covers), named by {@code key}.
 */
public sealed interface Binding {
  record Constant(Object value) implements Binding {}

  record UserParameter(int index) implements Binding {}

  record Runtime(String key) implements Binding {
    /** The commit version a write stamps on the rows it writes. */
    public static final Runtime COMMIT_VERSION = new Runtime("commitVersion");
    /** The counter of a flow batch's written rows, which shows its progress while it runs. */
    public static final Runtime ROW_COUNTER = new Runtime("rowCounter");
  }
}
