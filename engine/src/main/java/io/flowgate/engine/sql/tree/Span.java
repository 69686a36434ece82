package io.flowgate.engine.sql.tree;

/** Where a node starts in the statement text: 1-based line and column, and the 0-based offset. */
public record Span(int offset, int line, int column) {
  public static final Span NONE = new Span(0, 1, 1);
}
