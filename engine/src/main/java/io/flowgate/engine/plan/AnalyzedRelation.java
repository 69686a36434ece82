package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A FROM clause as the translator understood it: how its relations combine, each under its generated alias.
 * {@link QueryWriter} writes it. {@link Written} holds rows the translator still writes itself (a version or
 * stream window of a table, a view, a CTE, a table function, a derived table), until those move here.
 */
sealed interface AnalyzedRelation {
  /** No FROM clause. */
  record None() implements AnalyzedRelation {}

  /** One row of no columns, under {@code alias}: what a generator without FROM expands. */
  record OneRow(String alias) implements AnalyzedRelation {}

  /** A relation and its alias, as the translator wrote them (see the class comment). */
  record Written(Sql sql) implements AnalyzedRelation {
    public Written {
      Objects.requireNonNull(sql, "sql is null");
    }
  }

  /** The rows stored for a table, by its storage name ({@code FG_DATA.T<id>}). */
  record StoredTable(String storageName) implements AnalyzedRelation {}

  /** A query's rows, its columns named by position. */
  record Derived(AnalyzedQuery query) implements AnalyzedRelation {}

  /** The rows of a query the statement's WITH clause names ({@code name} is its H2 name). */
  record Named(String name) implements AnalyzedRelation {}

  /** {@code relation} under {@code alias}, the name the query's columns of it are qualified with in H2. */
  record Aliased(AnalyzedRelation relation, String alias) implements AnalyzedRelation {}

  /**
   * The rows of a table (its stored rows, or a window or version of them, as {@code rows} writes them) read through
   * its row filter and column masks: each column as its mask gives it (others as they are), and the rows the filter
   * keeps. Inside, the table's rows are named {@code inner}; the policies see only that table.
   */
  record Protected(AnalyzedRelation rows, String inner, List<ProtectedColumn> columns, Optional<Analyzed> filter)
      implements AnalyzedRelation {
    public Protected {
      columns = List.copyOf(columns);
    }
  }

  /** A column of a {@link Protected} read: its name and value (its mask's, or the column itself). */
  record ProtectedColumn(String name, Analyzed value) {}

  /** An INNER, LEFT, RIGHT or CROSS join; without a condition, every pair of rows. */
  record Join(JoinType type, AnalyzedRelation left, AnalyzedRelation right, Optional<Analyzed> condition)
      implements AnalyzedRelation {}

  /**
   * A FULL OUTER JOIN, which H2 lacks: the left join's rows ({@code matched}, one value per output column) and the
   * right rows no left row matches ({@code unmatched}: NULLs for the left side), under {@code alias}, whose columns
   * are named by {@link #column}.
   */
  record FullJoin(AnalyzedRelation left, AnalyzedRelation right, Analyzed condition, List<Analyzed> matched,
      List<Analyzed> unmatched, String alias) implements AnalyzedRelation {
    public FullJoin {
      matched = List.copyOf(matched);
      unmatched = List.copyOf(unmatched);
    }

    /** The name of the full join's output column of {@code index} (from 0). */
    static String column(int index) {
      return "j" + (index + 1);
    }
  }

  /**
   * {@code source} with a generator's rows joined to each of its rows: {@code join} is the generator's join (see
   * {@link Generators}), written after the source.
   */
  record Generated(AnalyzedRelation source, Sql join) implements AnalyzedRelation {}
}
