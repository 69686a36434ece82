package io.flowgate.engine.sql.analyzer;

import java.util.List;
import java.util.Optional;

/**
 * An UPDATE or DELETE as the translator understood it: the rows of the table stored as {@code storageName}, named
 * {@code alias}, that {@code where} keeps (all without it), and for an UPDATE each assigned column's new value.
 * {@link QueryWriter} writes it, stamping each row it writes with the write's commit version.
 */
public record AnalyzedChange(String storageName, String alias, List<Assignment> assignments, Optional<Analyzed> where) {
  public AnalyzedChange {
    assignments = List.copyOf(assignments);
  }

  /** A column set to {@code value} (which may be {@link Analyzed.DefaultValue}). */
  public record Assignment(String column, Analyzed value) {}
}
