package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/** Statements that change table data. */
public sealed interface Dml extends Statement {

  List<String> target();

  /**
   * INSERT INTO | OVERWRITE. {@code replaceWhere}: {@code INSERT INTO t REPLACE WHERE predicate query}, which
   * replaces the rows that satisfy the predicate with the query's, all of which must satisfy it.
   */
  record Insert(Span span, List<String> target, boolean overwrite, List<String> columns, boolean byName,
      Query source, Optional<Expression> replaceWhere) implements Dml {
    public Insert {
      target = List.copyOf(target);
      columns = List.copyOf(columns);
    }

    public Insert(Span span, List<String> target, boolean overwrite, List<String> columns, boolean byName,
        Query source) {
      this(span, target, overwrite, columns, byName, source, Optional.empty());
    }
  }

  record Assignment(Span span, String column, Expression value) implements Node {}

  record Update(Span span, List<String> target, Optional<String> alias, List<Assignment> assignments,
      Optional<Expression> where) implements Dml {
    public Update {
      target = List.copyOf(target);
      assignments = List.copyOf(assignments);
    }
  }

  record Delete(Span span, List<String> target, Optional<String> alias, Optional<Expression> where) implements Dml {
    public Delete {
      target = List.copyOf(target);
    }
  }

  enum MergeAction { UPDATE, DELETE, INSERT }

  /**
   * One WHEN clause of MERGE. {@code star} is {@code UPDATE SET *} or {@code INSERT *}; otherwise UPDATE uses
   * {@code assignments} and INSERT uses {@code columns} with {@code values}.
   */
  record MergeClause(Span span, boolean matched, boolean bySource, Optional<Expression> condition, MergeAction action,
      boolean star, List<Assignment> assignments, List<String> columns, List<Expression> values) implements Node {
    public MergeClause {
      assignments = List.copyOf(assignments);
      columns = List.copyOf(columns);
      values = List.copyOf(values);
    }
  }

  /**
   * MERGE; {@code schemaEvolution} (MERGE WITH SCHEMA EVOLUTION): the columns of the source that a {@code *} clause
   * writes and the target lacks are added to the target first.
   */
  record Merge(Span span, boolean schemaEvolution, List<String> target, Optional<String> alias, Relation source,
      Expression on, List<MergeClause> clauses) implements Dml {
    public Merge {
      target = List.copyOf(target);
      clauses = List.copyOf(clauses);
    }
  }
}
