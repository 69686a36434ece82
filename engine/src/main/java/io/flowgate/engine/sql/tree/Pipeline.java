package io.flowgate.engine.sql.tree;

import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.TableClauses;
import io.flowgate.engine.sql.tree.Ddl.TableConstraint;
import java.util.List;
import java.util.Optional;

/** Statements of the pipelines dialect: streaming tables and their refresh. */
public sealed interface Pipeline extends Statement {

  /**
   * The query that feeds a table: {@code AS query} and {@code FLOW INSERT BY NAME query} are streaming appends;
   * {@code FLOW INSERT ONCE BY NAME query} runs its batch query once; {@code importCheckpoint} is the Structured
   * Streaming checkpoint a new append flow starts from; an AUTO CDC flow ({@code cdc}) applies the
   * change events of its source, and its {@code query} is {@code SELECT * FROM source}. {@code queryText} is the
   * query (or the AUTO CDC spec) as written.
   */
  record FlowQuery(Span span, boolean once, Query query, String queryText, Optional<AutoCdc> cdc,
      Optional<Expression> replaceWhere, Optional<String> importCheckpoint) implements Node {
    public FlowQuery(Span span, boolean once, Query query, String queryText) {
      this(span, once, query, queryText, Optional.empty(), Optional.empty(), Optional.empty());
    }
  }

  /** What a dataset that flows write is. */
  enum DatasetKind { TABLE, STREAMING_TABLE, MATERIALIZED_VIEW }

  /**
   * {@code CREATE [OR REFRESH] [PRIVATE] STREAMING TABLE ...}, {@code CREATE [OR REPLACE | OR REFRESH] [PRIVATE]
   * MATERIALIZED VIEW ... AS query} (its flow recomputes it whole: {@code REPLACE WHERE TRUE}) or {@code CREATE TABLE
   * ... FLOW INSERT ...}: a table that flows write, with its own flow when a query is given. A {@code pipelinePrivate}
   * one ({@code PRIVATE}, or the older {@code TEMPORARY}) belongs to the pipeline that defines it.
   */
  record CreateFlowTable(Span span, DatasetKind kind, List<String> name, boolean orRefresh, boolean ifNotExists,
      List<ColumnDefinition> columns, List<TableConstraint> constraints, TableClauses clauses,
      Optional<FlowQuery> flow, boolean pipelinePrivate) implements Pipeline {
    public CreateFlowTable {
      name = List.copyOf(name);
      columns = List.copyOf(columns);
      constraints = List.copyOf(constraints);
    }
  }

  /** {@code CREATE FLOW name [COMMENT c] AS INSERT [ONCE] INTO target BY NAME query}. */
  record CreateFlow(Span span, String name, Optional<String> comment, List<String> target, FlowQuery flow)
      implements Pipeline {
    public CreateFlow {
      target = List.copyOf(target);
    }
  }

  record Refresh(Span span, List<String> name, boolean full, boolean async) implements Pipeline {
    public Refresh {
      name = List.copyOf(name);
    }
  }

  /** {@code ALTER STREAMING TABLE name {ADD | ALTER} schedule} or, with no schedule, {@code DROP SCHEDULE}. */
  record AlterSchedule(Span span, List<String> name, Optional<String> schedule) implements Pipeline {
    public AlterSchedule {
      name = List.copyOf(name);
    }
  }
}
