package io.flowgate.engine.sql.analyzer;

import java.util.List;

/**
 * An INSERT as the translator understood it: into the table stored as {@code storageName}, its {@code columns} from
 * {@code source}, each row kept only where every one of {@code checks} holds (a generated column's check fails the
 * statement where it does not; a flow's expectation drops the row). {@link QueryWriter} writes it, stamping each row
 * with the write's commit version; with {@code counted} the stamp passes through the batch's row counter, so that a
 * flow's progress shows while it runs.
 */
public record AnalyzedInsert(String storageName, List<String> columns, Source source, List<Analyzed> checks,
    boolean counted) {
  public AnalyzedInsert {
    columns = List.copyOf(columns);
    checks = List.copyOf(checks);
  }

  public sealed interface Source {}

  /** VALUES rows (a cell may be {@link Analyzed.DefaultValue}). */
  public record Rows(List<List<Analyzed>> rows) implements Source {
    public Rows {
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** The rows of a query, named {@code alias}, and each column's value over them. */
  public record Query(AnalyzedQuery query, String alias, List<Analyzed> values) implements Source {
    public Query {
      values = List.copyOf(values);
    }
  }
}
