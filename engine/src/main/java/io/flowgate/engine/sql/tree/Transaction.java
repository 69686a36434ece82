package io.flowgate.engine.sql.tree;

import java.util.List;

/** Statements that group others into one transaction: interactive ones and the non-interactive atomic block. */
public sealed interface Transaction extends Statement {
  /** {@code BEGIN TRANSACTION} or {@code BEGIN WORK}. */
  record Begin(Span span) implements Transaction {}

  /** {@code COMMIT [TRANSACTION | WORK]}. */
  record Commit(Span span) implements Transaction {}

  /** {@code ROLLBACK [TRANSACTION | WORK]}. */
  record Rollback(Span span) implements Transaction {}

  /** {@code BEGIN ATOMIC statement; ... END}: the statements commit together or not at all. */
  record Atomic(Span span, List<Statement> statements) implements Transaction {
    public Atomic {
      statements = List.copyOf(statements);
    }
  }
}
