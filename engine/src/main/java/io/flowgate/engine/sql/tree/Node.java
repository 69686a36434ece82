package io.flowgate.engine.sql.tree;

/** Every syntax node knows where it starts. */
public interface Node {
  Span span();
}
