package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import java.util.List;

/**
 * An INSERT as the translator understood it: into the table stored as {@code storageName}, its {@code columns} from
 * {@code source}, each row kept only where every one of {@code checks} holds (they fail the statement where they do
 * not). {@link QueryWriter} writes it, stamping each row with the write's commit version.
 */
record AnalyzedInsert(String storageName, List<String> columns, Source source, List<Analyzed> checks) {
  AnalyzedInsert {
    columns = List.copyOf(columns);
    checks = List.copyOf(checks);
  }

  sealed interface Source {}

  /** VALUES rows (a cell may be {@link Analyzed.DefaultValue}). */
  record Rows(List<List<Analyzed>> rows) implements Source {
    public Rows {
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** The rows of a query (as the translator wrote it), named {@code alias}, and each column's value over them. */
  record Query(Sql query, String alias, List<Analyzed> values) implements Source {
    public Query {
      values = List.copyOf(values);
    }
  }
}
