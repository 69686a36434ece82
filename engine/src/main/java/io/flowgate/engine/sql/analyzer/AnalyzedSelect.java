package io.flowgate.engine.sql.analyzer;

import java.util.List;
import java.util.Optional;

/**
 * A SELECT block as the translator understood it, before any of it is written: its output values in order, its FROM
 * clause, the conditions its rows must meet (the relations' own,
 * such as a join's padding or a generator's, and WHERE), its grouping keys, HAVING, and QUALIFY with the alias of the
 * block that computes it. {@link QueryWriter} writes it.
 */
public record AnalyzedSelect(boolean distinct, List<Analyzed> outputs, AnalyzedRelation from, List<Analyzed> where,
    List<Analyzed> groupBy, Optional<Analyzed> having, Optional<Qualify> qualify) implements AnalyzedQuery {
  public AnalyzedSelect {
    outputs = List.copyOf(outputs);
    where = List.copyOf(where);
    groupBy = List.copyOf(groupBy);
  }

  /** A QUALIFY condition, computed as one more column of the block, which the query around it (alias) filters on. */
  public record Qualify(Analyzed condition, String alias) {}
}
