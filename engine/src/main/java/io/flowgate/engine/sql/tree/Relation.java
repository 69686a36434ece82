package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An item of a FROM clause. */
public sealed interface Relation extends Node {

  /** A table or view by name; {@code asOf} reads a table as one of its versions had it (time travel). */
  record TableRef(Span span, List<String> name, Optional<String> alias, Optional<AsOf> asOf) implements Relation {
    public TableRef {
      name = List.copyOf(name);
    }

    public TableRef(Span span, List<String> name, Optional<String> alias) {
      this(span, name, alias, Optional.empty());
    }
  }

  /** {@code VERSION AS OF n} ({@code version}) or {@code TIMESTAMP AS OF value}, after a table's name. */
  record AsOf(boolean version, Expression value) {}

  /**
   * {@code STREAM(t)} or {@code STREAM t}: the rows a table gained since the reading flow's checkpoint, with read
   * options such as {@code skipChangeCommits} or {@code startingVersion}. Valid only in a streaming flow's query.
   */
  record Stream(Span span, List<String> name, Optional<String> alias, Map<String, String> options)
      implements Relation {
    public Stream {
      name = List.copyOf(name);
      options = Map.copyOf(options);
    }
  }

  /** {@code STREAM read_files(...)}: a streaming read of a table-valued function (files not read before). */
  record StreamFunction(Span span, TableFunction function) implements Relation {}

  /** A parenthesized query or VALUES list in FROM, with an optional alias and column names. */
  record Derived(Span span, Query query, Optional<String> alias, List<String> columnAliases) implements Relation {
    public Derived {
      columnAliases = List.copyOf(columnAliases);
    }
  }

  /** A table-valued function such as {@code range(10)}. */
  record TableFunction(Span span, String name, List<Expression> arguments, Optional<String> alias,
      List<String> columnAliases) implements Relation {
    public TableFunction {
      arguments = List.copyOf(arguments);
      columnAliases = List.copyOf(columnAliases);
    }
  }

  /**
   * {@code source LATERAL VIEW [OUTER] generator(args) alias [AS] col, ...}: each row of {@code source} joined to the
   * rows its generator makes of it. No alias or columns: the generator's own names.
   */
  record LateralView(Span span, Relation source, String function, List<Expression> arguments, boolean outer,
      Optional<String> alias, List<String> columns) implements Relation {
    public LateralView {
      arguments = List.copyOf(arguments);
      columns = List.copyOf(columns);
    }
  }

  /**
   * {@code source PIVOT (agg [AS name], ... FOR column | (columns) IN (value [AS name], ...)) [alias]}: one row per
   * group of the source's other columns, one column per value and aggregate.
   */
  record Pivot(Span span, Relation source, List<QueryBody.SingleColumn> aggregates, List<Expression.ColumnRef> columns,
      List<PivotValue> values, Optional<String> alias) implements Relation {
    public Pivot {
      aggregates = List.copyOf(aggregates);
      columns = List.copyOf(columns);
      values = List.copyOf(values);
    }
  }

  /** A value of a PIVOT's IN list: one expression per pivot column. */
  record PivotValue(Span span, List<Expression> values, Optional<String> alias) {
    public PivotValue {
      values = List.copyOf(values);
    }
  }

  /**
   * {@code source UNPIVOT [INCLUDE | EXCLUDE NULLS] (value | (values) FOR name IN (column | (columns) [AS alias],
   * ...)) [alias]}: each source row once per group of columns, which become the value columns.
   */
  record Unpivot(Span span, Relation source, boolean includeNulls, List<String> valueColumns, String nameColumn,
      List<UnpivotGroup> groups, Optional<String> alias) implements Relation {
    public Unpivot {
      valueColumns = List.copyOf(valueColumns);
      groups = List.copyOf(groups);
    }
  }

  /** A group of an UNPIVOT's IN list: the columns that become one row's values, and that row's name. */
  record UnpivotGroup(Span span, List<Expression.ColumnRef> columns, Optional<String> alias) {
    public UnpivotGroup {
      columns = List.copyOf(columns);
    }
  }

  enum SampleMethod { PERCENT, ROWS, BUCKET }

  /**
   * {@code source TABLESAMPLE (p PERCENT | n ROWS | BUCKET x OUT OF y) [alias]}: some of a table's or subquery's rows;
   * {@code source} carries the alias. {@code values} is p, n, or x and y.
   */
  record Sample(Span span, Relation source, SampleMethod method, List<Expression> values) implements Relation {
    public Sample {
      values = List.copyOf(values);
    }
  }

  enum JoinType { INNER, LEFT, RIGHT, FULL, CROSS, LEFT_SEMI, LEFT_ANTI }

  record Join(Span span, JoinType type, Relation left, Relation right, Optional<Expression> on, List<String> using,
      boolean natural) implements Relation {
    public Join {
      using = List.copyOf(using);
    }
  }
}
