package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An item of a FROM clause. */
public sealed interface Relation extends Node {

  record TableRef(Span span, List<String> name, Optional<String> alias) implements Relation {
    public TableRef {
      name = List.copyOf(name);
    }
  }

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

  enum JoinType { INNER, LEFT, RIGHT, FULL, CROSS, LEFT_SEMI, LEFT_ANTI }

  record Join(Span span, JoinType type, Relation left, Relation right, Optional<Expression> on, List<String> using,
      boolean natural) implements Relation {
    public Join {
      using = List.copyOf(using);
    }
  }
}
