package io.flowgate.engine.sql.analyzer;

import java.util.List;
import java.util.Optional;

/**
 * A MERGE as the translator understood it: into the table stored as {@code storageName}, named {@code alias}, the
 * rows of {@code source} matched by {@code on}, and its WHEN clauses in order (those H2's MERGE runs: WHEN NOT MATCHED
 * BY SOURCE becomes an UPDATE and a DELETE of their own). {@link QueryWriter} writes it, stamping each row it writes
 * with the write's commit version.
 */
public record AnalyzedMerge(String storageName, String alias, AnalyzedRelation source, Analyzed on, List<When> clauses) {
  public AnalyzedMerge {
    clauses = List.copyOf(clauses);
  }

  /** A WHEN [NOT] MATCHED clause: for the rows it takes ({@code condition} TRUE, if it has one), its action. */
  public record When(boolean matched, Optional<Analyzed> condition, Action action) {}

  public sealed interface Action {}

  public record Delete() implements Action {}

  public record Update(List<AnalyzedChange.Assignment> assignments) implements Action {
    public Update {
      assignments = List.copyOf(assignments);
    }
  }

  /** An INSERT of one row: each column's value over the source row. */
  public record Insert(List<AnalyzedChange.Assignment> values) implements Action {
    public Insert {
      values = List.copyOf(values);
    }
  }
}
