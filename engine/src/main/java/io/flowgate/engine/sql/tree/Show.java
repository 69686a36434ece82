package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/** Statements that describe the catalog: SHOW ... and DESCRIBE ... */
public sealed interface Show extends Statement {

  record ShowCatalogs(Span span, Optional<String> pattern) implements Show {}

  /** {@code SHOW GRANTS [principal] ON securable name}. */
  record ShowGrants(Span span, Optional<String> principal, SecurableKind kind,
      List<String> name) implements Show {
    public ShowGrants {
      name = List.copyOf(name);
    }
  }

  /** {@code SHOW ACCESS TOKENS}: the user's own (all of them, for the administrator), never their secrets. */
  record ShowTokens(Span span) implements Show {}

  /** {@code SHOW USERS | GROUPS [[LIKE] 'pattern']} (groups with their direct members). */
  record ShowPrincipals(Span span, boolean groups, Optional<String> pattern) implements Show {}

  record ShowSchemas(Span span, Optional<String> catalog, Optional<String> pattern) implements Show {}

  /** Which functions SHOW FUNCTIONS lists: the built-ins, the schema's SQL functions, or both. */
  enum FunctionSet { ALL, SYSTEM, USER }

  record ShowFunctions(Span span, FunctionSet which, Optional<String> pattern) implements Show {}

  /**
   * What a {@code SHOW TABLES} lists: every table and view; for {@code SHOW VIEWS} the views (and temporary views)
   * only; for {@code SHOW MATERIALIZED VIEWS} the materialized views only.
   */
  enum TableSet { TABLES, VIEWS, MATERIALIZED_VIEWS }

  record ShowTables(Span span, List<String> schema, Optional<String> pattern, TableSet listed) implements Show {
    public ShowTables {
      schema = List.copyOf(schema);
    }
  }

  /** {@code DESCRIBE QUERY query}: the query's columns and their types, without running it. */
  record DescribeQuery(Span span, Query query) implements Show {}

  /** {@code DESCRIBE [TABLE] t column}: one column's name, type and comment. */
  record DescribeColumn(Span span, List<String> table, String column) implements Show {
    public DescribeColumn {
      table = List.copyOf(table);
    }
  }

  record ShowColumns(Span span, List<String> table) implements Show {
    public ShowColumns {
      table = List.copyOf(table);
    }
  }

  /** {@code SHOW TBLPROPERTIES name [(key)]}. */
  record ShowTableProperties(Span span, List<String> table, java.util.Optional<String> key) implements Show {
    public ShowTableProperties {
      table = List.copyOf(table);
    }
  }

  record ShowCreateTable(Span span, List<String> table) implements Show {
    public ShowCreateTable {
      table = List.copyOf(table);
    }
  }

  record DescribeTable(Span span, List<String> table, boolean extended) implements Show {
    public DescribeTable {
      table = List.copyOf(table);
    }
  }

  /** {@code DESCRIBE FUNCTION [EXTENDED] name}. */
  record DescribeFunction(Span span, List<String> name, boolean extended) implements Show {
    public DescribeFunction {
      name = List.copyOf(name);
    }
  }

  /** {@code SHOW VOLUMES [{FROM | IN} schema] [[LIKE] 'pattern']}. */
  record ShowVolumes(Span span, List<String> schema, Optional<String> pattern) implements Show {
    public ShowVolumes {
      schema = List.copyOf(schema);
    }
  }

  /** {@code DESCRIBE VOLUME name}. */
  /**
   * {@code DESCRIBE {SCHEMA | DATABASE} [EXTENDED] name} or, with {@code catalog}, {@code DESCRIBE CATALOG [EXTENDED]
   * name}: the namespace's name, comment and owner (and when it was made, EXTENDED).
   */
  record DescribeNamespace(Span span, List<String> name, boolean catalog, boolean extended) implements Show {
    public DescribeNamespace {
      name = List.copyOf(name);
    }
  }

  record DescribeVolume(Span span, List<String> name) implements Show {
    public DescribeVolume {
      name = List.copyOf(name);
    }
  }

  /** {@code DESCRIBE HISTORY t [LIMIT n]}: the table's commits, newest first. */
  record DescribeHistory(Span span, List<String> table, java.util.OptionalLong limit) implements Show {
    public DescribeHistory {
      table = List.copyOf(table);
    }
  }

  /** {@code DESCRIBE DETAIL t}: one row of what the table is (format, name, times, partitioning, properties). */
  record DescribeDetail(Span span, List<String> table) implements Show {
    public DescribeDetail {
      table = List.copyOf(table);
    }
  }
}
