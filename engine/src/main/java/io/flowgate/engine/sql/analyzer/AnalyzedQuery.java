package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.QueryBody.SetOperator;
import java.util.List;
import java.util.Optional;

/**
 * A query as the translator understood it: its blocks, how they combine, its WITH clause, order and row count. Its
 * output columns are named by position ({@code c1, c2, ...}). {@link QueryWriter} writes it.
 */
public sealed interface AnalyzedQuery permits AnalyzedSelect, AnalyzedQuery.Value,
    AnalyzedQuery.InlineRows, AnalyzedQuery.Nested, AnalyzedQuery.SetOperation, AnalyzedQuery.Full,
    AnalyzedQuery.Once {
  /**
   * One value and nothing else, its column unnamed: H2 folds such a subquery into its value, alias and all, and then
   * cannot read back its own rendering of a derived table that holds one ({@code VALUES ((SELECT NULL AS "c1"))}).
   */
  record Value(Analyzed value) implements AnalyzedQuery {}

  /** VALUES rows ({@code width} columns each), under {@code alias}. */
  record InlineRows(List<List<Analyzed>> rows, int width, String alias) implements AnalyzedQuery {
    public InlineRows {
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** A query in parentheses: still one query (not a derived table), so it may read the columns of a query around it. */
  record Nested(AnalyzedQuery query) implements AnalyzedQuery {}

  /**
   * UNION, INTERSECT or EXCEPT of two queries of {@code width} columns. H2 has no INTERSECT ALL or EXCEPT ALL: for
   * those the writer numbers the copies of each row under {@code aliases} (three of them), which makes the set
   * operation on (row, copy number) exactly the multiset one.
   */
  record SetOperation(SetOperator operator, boolean all, AnalyzedQuery left, AnalyzedQuery right, int width,
      List<String> aliases) implements AnalyzedQuery {
    public SetOperation {
      aliases = List.copyOf(aliases);
    }
  }

  /** A query with its WITH clause, order and row counts (LIMIT and OFFSET, constants of the statement). */
  record Full(List<WithItem> with, AnalyzedQuery body, List<Analyzed.SortKey> orderBy, Optional<Analyzed> limit,
      Optional<Analyzed> offset) implements AnalyzedQuery {
    public Full {
      with = List.copyOf(with);
      orderBy = List.copyOf(orderBy);
    }

    public boolean recursive() {
      return with.stream().anyMatch(item -> item instanceof RecursiveCte);
    }
  }

  /** A named query of a WITH clause. */
  sealed interface WithItem {
    String name();
  }

  /** {@code name(c1, ..., c<width>) AS (query)}. */
  record Cte(String name, int width, AnalyzedQuery query) implements WithItem {}

  /**
   * A recursive CTE as H2's: {@code name(c1, ..., c<width>, level) AS (anchor with level 0 UNION ALL step)}, the
   * anchor read under {@code alias}; the step computes the next level itself (see {@link RecursiveCtes}).
   */
  record RecursiveCte(String name, int width, AnalyzedQuery anchor, String alias, AnalyzedQuery step)
      implements WithItem {}

  /**
   * {@code query}'s rows, computed once and kept, under {@code name}. H2 runs a query lazily (rows stream) and then
   * runs a subquery again for every row that reads it; a query with a WITH clause it never runs lazily. With
   * {@code unlimited}, a row limit larger than any table also keeps H2 from pushing the reader's conditions into it.
   */
  record Once(String name, AnalyzedQuery query, boolean unlimited) implements AnalyzedQuery {}
}
