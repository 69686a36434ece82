package io.flowgate.engine.sql.tree;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Statements that change the catalog: catalogs, schemas, tables, views and the session's current names. */
public sealed interface Ddl extends Statement {

  record CreateCatalog(Span span, String name, boolean ifNotExists, Optional<String> comment) implements Ddl {}

  record DropCatalog(Span span, String name, boolean ifExists, boolean cascade) implements Ddl {}

  record CreateSchema(Span span, List<String> name, boolean ifNotExists, Optional<String> comment) implements Ddl {
    public CreateSchema {
      name = List.copyOf(name);
    }
  }

  record DropSchema(Span span, List<String> name, boolean ifExists, boolean cascade) implements Ddl {
    public DropSchema {
      name = List.copyOf(name);
    }
  }

  /**
   * {@code SET} (list), {@code SET key} (show one), {@code SET key = value}, {@code RESET key} and {@code RESET}: the
   * session's configuration parameters.
   */
  record SetConfig(Span span, Optional<String> key, Optional<String> value, boolean reset) implements Ddl {
    /** The parameter {@code SET TIME ZONE} sets. */
    public static final String TIME_ZONE = "TIMEZONE";
    /** The value {@code SET TIME ZONE LOCAL} gives it: the gateway's own time zone. */
    public static final String LOCAL_TIME_ZONE = "LOCAL";
  }

  /** {@code SHOW STATEMENTS}: the statements running now (all of them for the administrator, else one's own). */
  record ShowStatements(Span span) implements Ddl {}

  /**
   * {@code SHOW GENERATED KEYS}: the identity values the session's last INSERT ... VALUES generated (how the driver
   * answers JDBC's getGeneratedKeys).
   */
  record ShowGeneratedKeys(Span span) implements Ddl {}

  /** {@code CANCEL STATEMENT 'id'}: stops a running statement (any for the administrator, else one's own). */
  record CancelStatement(Span span, String id) implements Ddl {}

  enum UseTarget { CATALOG, SCHEMA }

  /** {@code USE CATALOG c}, {@code USE SCHEMA [c.]s} or {@code USE [c.]s} (a schema). */
  record Use(Span span, UseTarget target, List<String> name) implements Ddl {
    public Use {
      name = List.copyOf(name);
    }
  }

  record Identity(boolean always, long start, long step) {}

  /** An expression kept with the text it was written as, for definitions the catalog stores as text. */
  record SourceExpression(Expression expression, String text) {}

  /** {@code ALTER TABLE t ADD CONSTRAINT name CHECK (condition) [ENFORCED]}. */
  record AddCheckConstraint(Span span, List<String> table, String name, SourceExpression condition) implements Ddl {
    public AddCheckConstraint {
      table = List.copyOf(table);
    }
  }

  /** {@code ALTER TABLE t DROP CONSTRAINT [IF EXISTS] name}: a CHECK constraint (a key's name is refused). */
  /** {@code ALTER TABLE t ADD [CONSTRAINT name] PRIMARY KEY (...) | FOREIGN KEY (...) REFERENCES ...}. */
  record AddKeyConstraint(Span span, List<String> table, TableConstraint constraint) implements Ddl {
    public AddKeyConstraint {
      table = List.copyOf(table);
    }
  }

  /**
   * {@code ALTER TABLE t DROP PRIMARY KEY [IF EXISTS] [RESTRICT | CASCADE]} ({@code primary}) or {@code DROP FOREIGN
   * KEY [IF EXISTS] (columns)}.
   */
  record DropKey(Span span, List<String> table, boolean primary, List<String> columns, boolean ifExists,
      boolean cascade) implements Ddl {
    public DropKey {
      table = List.copyOf(table);
      columns = List.copyOf(columns);
    }
  }

  /** {@code ALTER TABLE t DROP CONSTRAINT [IF EXISTS] name [RESTRICT | CASCADE]}: a CHECK constraint or a key. */
  record DropConstraint(Span span, List<String> table, String name, boolean ifExists, boolean cascade)
      implements Ddl {
    public DropConstraint {
      table = List.copyOf(table);
    }
  }

  record ColumnDefinition(Span span, String name, SqlType type, boolean notNull,
      Optional<SourceExpression> defaultValue, Optional<SourceExpression> generatedAs, Optional<Identity> identity,
      Optional<String> comment) implements Node {}

  sealed interface TableConstraint extends Node {}

  record PrimaryKey(Span span, Optional<String> name, List<String> columns) implements TableConstraint {
    public PrimaryKey {
      columns = List.copyOf(columns);
    }
  }

  record ForeignKey(Span span, Optional<String> name, List<String> columns, List<String> referencedTable,
      List<String> referencedColumns) implements TableConstraint {
    public ForeignKey {
      columns = List.copyOf(columns);
      referencedTable = List.copyOf(referencedTable);
      referencedColumns = List.copyOf(referencedColumns);
    }
  }

  enum ViolationAction { WARN, DROP_ROW, FAIL_UPDATE }

  /** {@code CONSTRAINT name EXPECT (condition) [ON VIOLATION {DROP ROW | FAIL UPDATE}]}. */
  record Expectation(Span span, String name, SourceExpression condition, ViolationAction action)
      implements TableConstraint {}

  /** The clauses after the column list; PARTITIONED BY, CLUSTER BY and LOCATION are kept as metadata. */
  /**
   * The clauses after a table's specification. {@code schedule} is a streaming table's refresh schedule, written
   * out in its canonical form ({@code EVERY 2 HOURS}, {@code CRON '...' AT TIME ZONE '...'}, {@code TRIGGER ON
   * UPDATE}).
   */
  record TableClauses(Optional<String> using, List<String> partitionBy, List<String> clusterBy, boolean clusterAuto,
      Optional<String> location, Optional<String> comment, Map<String, String> properties,
      Optional<String> schedule, List<PolicyClause> policies) {
    public TableClauses {
      policies = List.copyOf(policies);
      partitionBy = List.copyOf(partitionBy);
      clusterBy = List.copyOf(clusterBy);
      properties = Map.copyOf(properties);
    }
  }

  record CreateTable(Span span, List<String> name, boolean orReplace, boolean ifNotExists,
      List<ColumnDefinition> columns, List<TableConstraint> constraints, TableClauses clauses,
      Optional<Query> asQuery) implements Ddl {
    public CreateTable {
      name = List.copyOf(name);
      columns = List.copyOf(columns);
      constraints = List.copyOf(constraints);
    }
  }

  /**
   * {@code CREATE TABLE [IF NOT EXISTS] name LIKE source [clauses]}: an empty managed table with the source's columns
   * (names, types, NOT NULL, comments).
   */
  record CreateTableLike(Span span, List<String> name, boolean ifNotExists, List<String> source,
      TableClauses clauses) implements Ddl {
    public CreateTableLike {
      name = List.copyOf(name);
      source = List.copyOf(source);
    }
  }

  /** {@code ALTER VIEW name AS query}: a view's new query, its name, comment and grants kept. */
  record AlterViewQuery(Span span, List<String> name, Query query, String queryText) implements Ddl {
    public AlterViewQuery {
      name = List.copyOf(name);
    }
  }

  /** A view keeps its query as text (re-parsed when read), so {@code queryText} is the source it was made from. */
  record CreateView(Span span, List<String> name, boolean orReplace, boolean ifNotExists, List<String> columns,
      Optional<String> comment, Query query, String queryText) implements Ddl {
    public CreateView {
      name = List.copyOf(name);
      columns = List.copyOf(columns);
    }
  }

  /** {@code CREATE [OR REPLACE] TEMP[ORARY] VIEW name [(columns)] AS query}: a view of the session alone. */
  record CreateTempView(Span span, String name, boolean orReplace, boolean ifNotExists, List<String> columns,
      Query query, String queryText) implements Ddl {
    public CreateTempView {
      columns = List.copyOf(columns);
    }
  }

  /** A parameter of a SQL function. */
  record FunctionParameter(Span span, String name, SqlType type) {}

  /**
   * {@code CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS] name (params) [RETURNS type] ... RETURN expr}; the body is
   * kept as written ({@code bodyText}) and planned where it is called.
   */
  record CreateFunction(Span span, List<String> name, boolean orReplace, boolean ifNotExists,
      List<FunctionParameter> parameters, Optional<SqlType> returns, Expression body, String bodyText,
      Optional<String> comment) implements Ddl {
    public CreateFunction {
      name = List.copyOf(name);
      parameters = List.copyOf(parameters);
    }
  }

  /** {@code DROP FUNCTION [IF EXISTS] name}. */
  record DropFunction(Span span, List<String> name, boolean ifExists) implements Ddl {
    public DropFunction {
      name = List.copyOf(name);
    }
  }

  /** {@code CREATE [EXTERNAL] VOLUME [IF NOT EXISTS] name [LOCATION 'path'] [COMMENT 'text']}. */
  record CreateVolume(Span span, List<String> name, boolean external, boolean ifNotExists, Optional<String> location,
      Optional<String> comment) implements Ddl {
    public CreateVolume {
      name = List.copyOf(name);
    }
  }

  /** {@code DROP VOLUME [IF EXISTS] name}. */
  record DropVolume(Span span, List<String> name, boolean ifExists) implements Ddl {
    public DropVolume {
      name = List.copyOf(name);
    }
  }

  /** {@code WITH ROW FILTER f ON (..)} ({@code column} empty) or a column's {@code MASK f [USING COLUMNS (..)]}. */
  record PolicyClause(Optional<String> column, PolicyCall call) {}

  /** A policy's function and its arguments (columns of the table or literals), with each argument's text. */
  record PolicyCall(Span span, List<String> function, List<Expression> arguments, List<String> argumentTexts) {
    public PolicyCall {
      function = List.copyOf(function);
      arguments = List.copyOf(arguments);
      argumentTexts = List.copyOf(argumentTexts);
    }
  }

  /**
   * {@code ALTER [STREAMING] TABLE t SET ROW FILTER f ON (..)} / {@code DROP ROW FILTER} ({@code column} empty), or
   * {@code ALTER COLUMN c SET MASK f [USING COLUMNS (..)]} / {@code DROP MASK}; {@code call} empty drops.
   */
  record SetPolicy(Span span, List<String> table, Optional<String> column, Optional<PolicyCall> call)
      implements Ddl {
    public SetPolicy {
      table = List.copyOf(table);
    }
  }

  /**
   * {@code ALTER TABLE name SET TBLPROPERTIES (key = value, ...)} ({@code unset} empty) or {@code ALTER TABLE name
   * UNSET TBLPROPERTIES [IF EXISTS] (key, ...)} ({@code set} empty).
   */
  /**
   * {@code COMMENT ON TABLE t IS 'text' | NULL}, {@code COMMENT ON COLUMN t.c IS ...} or {@code ALTER TABLE t ALTER
   * COLUMN c COMMENT 'text'}: a table's or column's comment (empty: none).
   */
  record CommentOn(Span span, List<String> table, Optional<String> column, Optional<String> comment) implements Ddl {
    public CommentOn {
      table = List.copyOf(table);
    }
  }

  /** {@code ALTER TABLE name RENAME TO new_name}. */
  record RenameTable(Span span, List<String> table, List<String> renamed) implements Ddl {
    public RenameTable {
      table = List.copyOf(table);
      renamed = List.copyOf(renamed);
    }
  }

  /**
   * {@code ALTER TABLE t DROP COLUMN[S] [IF EXISTS] (c, ...)}, {@code RENAME COLUMN c TO d} or {@code ALTER COLUMN c
   * {SET | DROP} NOT NULL}: a change to columns the table has.
   */
  record ChangeColumns(Span span, List<String> table, ColumnChange change) implements Ddl {
    public ChangeColumns {
      table = List.copyOf(table);
    }
  }

  sealed interface ColumnChange {
    record Drop(List<String> columns, boolean ifExists) implements ColumnChange {
      public Drop {
        columns = List.copyOf(columns);
      }
    }

    record Rename(String column, String renamed) implements ColumnChange {}

    record Nullability(String column, boolean notNull) implements ColumnChange {}

    /** SET DEFAULT with the value, DROP DEFAULT without. */
    record Default(String column, Optional<SourceExpression> value) implements ColumnChange {}

    /** {@code ALTER COLUMN c TYPE type}: a wider type, where the table allows type widening. */
    record Type(String column, io.flowgate.engine.type.SqlType type) implements ColumnChange {}
  }

  /** {@code ALTER TABLE t ADD COLUMN[S] [(] column {, column} [)]}: new nullable columns, NULL in the rows there. */
  record AddColumns(Span span, List<String> table, List<ColumnDefinition> columns) implements Ddl {
    public AddColumns {
      table = List.copyOf(table);
      columns = List.copyOf(columns);
    }
  }

  record AlterTableProperties(Span span, List<String> table, Map<String, String> set, List<String> unset,
      boolean ifExists) implements Ddl {
    public AlterTableProperties {
      table = List.copyOf(table);
      set = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(set));
      unset = List.copyOf(unset);
    }
  }

  /**
   * A table command the dialect has but Flowgate does not run (ALTER TABLE, ANALYZE, RESTORE, GENERATE,
   * CLONE, ALTER STREAMING TABLE): parsed far enough to name its table, so the error can say why.
   */
  record TableCommand(Span span, String command, List<String> table) implements Ddl {
    public TableCommand {
      table = List.copyOf(table);
    }
  }

  /** {@code RESTORE [TABLE] t [TO] VERSION AS OF n | TIMESTAMP AS OF ts}: the table's rows as that version had them. */
  record RestoreTable(Span span, List<String> table, Relation.AsOf asOf) implements Ddl {
    public RestoreTable {
      table = List.copyOf(table);
    }
  }

  /**
   * {@code VACUUM t [RETAIN n HOURS] [DRY RUN]}: forget the rows older versions of the table need, for the versions
   * committed before the retention period.
   */
  record Vacuum(Span span, List<String> table, Optional<java.math.BigDecimal> retainHours, boolean dryRun)
      implements Ddl {
    public Vacuum {
      table = List.copyOf(table);
    }
  }

  record Truncate(Span span, List<String> table) implements Ddl {
    public Truncate {
      table = List.copyOf(table);
    }
  }

  record DropTable(Span span, List<String> name, boolean ifExists, boolean view) implements Ddl {
    public DropTable {
      name = List.copyOf(name);
    }
  }
}
