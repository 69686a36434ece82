package io.flowgate.engine.sql.tree;

/**
 * {@code EXPLAIN [EXTENDED | FORMATTED] statement}: what the statement means, without running it. EXTENDED and
 * FORMATTED add the statement as the parser read it.
 */
public record Explain(Span span, Mode mode, Statement statement) implements Statement {
  public enum Mode { SIMPLE, EXTENDED, FORMATTED }
}
