package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * A FROM clause as the translator understood it: how its relations combine, each under its generated alias.
 * {@link RelationWriter} writes it.
 */
public sealed interface AnalyzedRelation {
  /** No FROM clause. */
  record None() implements AnalyzedRelation {}

  /** One row of no columns, under {@code alias}: what a generator without FROM expands. */
  record OneRow(String alias) implements AnalyzedRelation {}

  /** The rows stored for a table, by its storage name ({@code FG_DATA.T<id>}). */
  record StoredTable(String storageName) implements AnalyzedRelation {}

  /** The rows of a managed table as {@code version} had them, its {@code columns} as the table has them now. */
  record TableVersion(String storageName, List<String> columns, long version) implements AnalyzedRelation {
    public TableVersion {
      columns = List.copyOf(columns);
    }
  }

  /**
   * The rows a table gained in a flow's window: those stamped with a version the flow runner binds to {@code keys}
   * (from, to, and the commits to skip).
   */
  record StreamWindow(String storageName, StreamSources.Keys keys) implements AnalyzedRelation {}

  /**
   * The change feed of a table in a flow's window: its row images ({@code columns}) with {@code _change_type},
   * {@code _commit_version} and {@code _commit_timestamp}.
   */
  record ChangeFeedWindow(long tableId, List<String> columns, StreamSources.Keys keys) implements AnalyzedRelation {
    public ChangeFeedWindow {
      columns = List.copyOf(columns);
    }
  }

  /**
   * The rows of the files a statement reads (staged for its batch under {@code key}): their {@code columns}, the
   * rescued data and {@code _metadata}, named by position.
   */
  record FileRows(String key, Binding.Runtime batch, List<String> columns) implements AnalyzedRelation {
    public FileRows {
      columns = List.copyOf(columns);
    }
  }

  /** {@code range(start, end, step)}: BIGINT values from start, by step, before end; its column is {@code c1}. */
  record NumberRange(Analyzed start, Analyzed end, Analyzed step) implements AnalyzedRelation {}

  /**
   * A table's event log with the vendor's {@link #COLUMNS} (named by position), {@code origin} a struct of the
   * pipeline, the update and the flow; {@code alias} names the events inside.
   */
  record EventLog(long tableId, String pipelineId, String pipelineName, String datasetName, String alias)
      implements AnalyzedRelation {
    static final List<String> COLUMNS = List.of("id", "sequence", "origin", "timestamp", "message", "level",
        "maturity_level", "error", "details", "event_type");
    private static final List<String> ORIGIN_FIELDS = List.of("pipeline_id", "pipeline_name", "update_id",
        "dataset_name", "flow_name");
    public static final SqlType ORIGIN = SqlType.struct(ORIGIN_FIELDS, ORIGIN_FIELDS.stream().map(field -> SqlType.STRING)
        .toList());

    /** The type of the column {@code name}. */
    static SqlType type(String name) {
      return name.equals("timestamp") ? SqlType.TIMESTAMP : name.equals("origin") ? ORIGIN : SqlType.STRING;
    }
  }

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
    public static String column(int index) {
      return "j" + (index + 1);
    }
  }

  /** The numbers 1 to {@code last}, one row each, which {@link Analyzed.ElementNumber} reads (a generator's rows). */
  record Numbers(int last) implements AnalyzedRelation {}
}
