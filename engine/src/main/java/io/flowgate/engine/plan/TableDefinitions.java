package io.flowgate.engine.plan;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.RowLevelExpressions;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.Identity;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.ExpressionTranslator;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.ParameterTypes;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.Scope;
import io.flowgate.engine.sql.analyzer.Typed;

/** Checks a column specification and writes the H2 CREATE TABLE for it. */
public final class TableDefinitions {
  private TableDefinitions() {}

  /**
   * The DDL of a data table with its hidden version column. The index on the version column is made when a flow
   * first streams from the table ({@link #versionIndex}), so tables no stream reads do not pay for it on each write.
   */
  public static Sql dataTable(String storageName, List<ColumnDefinition> columns, QueryTranslator definitions) {
    validate(columns, "CREATE TABLE");
    List<Sql> sql = new ArrayList<>();
    for (ColumnDefinition column : columns) {
      sql.add(columnDefinition(column, columns, definitions));
    }
    sql.add(Sql.of("{} BIGINT DEFAULT 0 NOT NULL", Sql.name(StoreNames.VERSION_COLUMN)));
    return Sql.of("CREATE TABLE {} ({})", Sql.table(storageName), Sql.list(sql));
  }

  /**
   * The DDL that adds {@code added} to a data table whose columns become {@code all}. A NOT NULL column can only
   * be added to a table without rows (H2 refuses it otherwise, which reaches the client as the dialect's class).
   */
  public static List<Sql> addColumns(String storageName, List<ColumnDefinition> added, List<ColumnDefinition> all,
      QueryTranslator definitions) {
    validate(all, "ALTER TABLE ADD COLUMNS");
    List<Sql> statements = new ArrayList<>();
    for (ColumnDefinition column : added) {
      statements.add(Sql.of("ALTER TABLE {} ADD COLUMN IF NOT EXISTS {}", Sql.table(storageName),
          columnDefinition(column, all, definitions)));
    }
    return statements;
  }

  /** The DDL that makes a column of a data table NOT NULL or nullable. */
  public static Sql setNullable(String storageName, String column, boolean nullable) {
    return Sql.of(nullable ? "ALTER TABLE {} ALTER COLUMN {} SET NULL" : "ALTER TABLE {} ALTER COLUMN {} SET NOT NULL",
        Sql.table(storageName), Sql.name(column));
  }

  /**
   * A CHECK constraint's condition over the table's columns as H2 evaluates it for each row: TRUE passes, FALSE and
   * NULL fail, as in the dialect. A condition of another type is DELTA_NON_BOOLEAN_CHECK_CONSTRAINT.
   */
  public static Sql checkCondition(TableInfo table, String name, Ddl.SourceExpression condition,
      QueryTranslator definitions) {
    ExpressionTranslator inline = inline(definitions);
    List<Scope.Column> visible = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      visible.add(new Scope.Column("", List.of(), column.name(), column.name(),
          Optional.of(SqlParser.parseType(column.type())), false));
    }
    Typed value = inline.translate(condition.expression(), new Scope(visible, Optional.empty()));
    if (value.type().isPresent() && value.type().get().kind() != TypeKind.BOOLEAN
        && value.type().get().kind() != TypeKind.VOID) {
      throw EngineException.of(ErrorClass.DELTA_NON_BOOLEAN_CHECK_CONSTRAINT).parameter("name", name)
          .parameter("expr", condition.text()).at(condition.expression().span()).build();
    }
    return Sql.of("COALESCE({}, FALSE)", ExpressionWriter.write(value.value()));
  }

  /**
   * The CHECK constraint H2 keeps for a condition: {@link #checkCondition}, and where it fails, a refusal that names
   * the constraint and shows the row's values of the columns the condition reads, as the dialect's error does. The
   * values are written only for a failing row.
   */
  public static Sql enforcedCheck(TableInfo table, String name, Ddl.SourceExpression condition,
      QueryTranslator definitions) {
    Set<String> read = new HashSet<>();
    for (var reference : io.flowgate.engine.sql.tree.TreeScanner.columnReferences(condition.expression())) {
      read.add(reference.parts().get(0).toLowerCase(Locale.ROOT));
    }
    ExpressionTranslator inline = inline(definitions);
    List<Sql> lines = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      if (read.contains(column.name().toLowerCase(Locale.ROOT))) {
        Sql text = ExpressionWriter.write(inline.asText(Typed.of(new Analyzed.ColumnValue("", column.name()),
            SqlParser.parseType(column.type()))));
        lines.add(Sql.of("({} || COALESCE({}, {}))", Sql.text(" - " + column.name() + " : "), text,
            Sql.text("null")));
      }
    }
    Sql values = switch (lines.size()) {
      case 0 -> Sql.text("");
      case 1 -> lines.get(0);
      default -> Sql.of("CONCAT_WS({}, {})", Sql.text("\n"), Sql.list(lines));
    };
    return Sql.of("CASE WHEN {} THEN TRUE ELSE FG_SYS.CHECK_VIOLATED({}, {}, {}) END",
        checkCondition(table, name, condition, definitions), Sql.text(name), Sql.text(condition.text()), values);
  }

  /** A column's DEFAULT as H2 computes it: a definition, so in UTC whatever the session's zone. */
  public static Sql columnDefault(Ddl.SourceExpression value, QueryTranslator definitions) {
    return ExpressionWriter.write(inline(definitions).translate(value.expression(), new Scope(List.of(),
        Optional.empty())).value());
  }

  /** The translator of a table's definitions: H2 computes them as it defines them, in UTC whatever the session. */
  private static ExpressionTranslator inline(QueryTranslator definitions) {
    return new ExpressionTranslator(definitions, new ParameterTypes(), definitions.session(), true);
  }

  /** One column's H2 definition; its generated expression may read the other columns of {@code columns}. */
  private static Sql columnDefinition(ColumnDefinition column, List<ColumnDefinition> columns,
      QueryTranslator definitions) {
    ExpressionTranslator inline = inline(definitions);
    List<Scope.Column> visible = new ArrayList<>();
    for (ColumnDefinition other : columns) {
      visible.add(new Scope.Column("", List.of(), other.name(), other.name(), Optional.of(other.type()), false));
    }
    Scope scope = new Scope(visible, Optional.empty());
    List<Sql> sql = new ArrayList<>(List.of(Sql.of("{} {}", Sql.name(column.name()), Sql.type(column.type()))));
    if (column.generatedAs().isPresent()) {
      sql.add(Sql.of(" GENERATED ALWAYS AS ({})", ExpressionWriter.write(inline.translate(
          column.generatedAs().get().expression(), scope).value())));
    }
    if (column.defaultValue().isPresent()) {
      sql.add(Sql.of(" DEFAULT {}", columnDefault(column.defaultValue().get(), definitions)));
    }
    column.identity().ifPresent(identity -> sql.add(Sql.of(" GENERATED BY DEFAULT AS IDENTITY (START WITH {}"
        + " INCREMENT BY {})", Sql.number(identity.start()), Sql.number(identity.step()))));
    if (column.notNull()) {
      sql.add(Sql.of(" NOT NULL"));
    }
    return Sql.join("", sql);
  }

  /** The index that makes a streaming read of a table cost O(new rows). */
  public static Sql versionIndex(String storageName) {
    return Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})", Sql.name(StoreNames.DATA_SCHEMA),
        Sql.name(storageName + "_V"), Sql.table(storageName), Sql.name(StoreNames.VERSION_COLUMN));
  }

  /** A column the engine keeps in a data table beside the catalog's, added when missing (NULL in the rows there). */
  public static Sql hiddenColumn(String storageName, ColumnInfo column) {
    return Sql.of("ALTER TABLE {} ADD COLUMN IF NOT EXISTS {} {}", Sql.table(storageName), Sql.name(column.name()),
        Sql.type(SqlParser.parseType(column.type())));
  }

  /** An index on columns of a table the engine maintains by key (a materialized view's group keys). */
  public static Sql keyIndex(String storageName, List<String> columns) {
    return Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})", Sql.name(StoreNames.DATA_SCHEMA),
        Sql.name(storageName + "_K" + Integer.toHexString(columns.hashCode())), Sql.table(storageName),
        Sql.list(columns.stream().map(Sql::name).toList()));
  }

  /** Refuses a column name the engine keeps for its own hidden columns ({@link StoreNames#reserved}). */
  public static void refuseReserved(String column, Span span) {
    if (StoreNames.reserved(column)) {
      throw Errors.notSupported("the column name " + Errors.quote(column) + ", which Flowgate reserves", span);
    }
  }

  /** Checks the columns of a table; {@code statement} names the statement for messages. */
  private static void validate(List<ColumnDefinition> columns, String statement) {
    Set<String> names = new HashSet<>();
    for (ColumnDefinition column : columns) {
      refuseReserved(column.name(), column.span());
      column.generatedAs().ifPresent(generated -> RowLevelExpressions.check(generated.expression(),
          RowLevelExpressions.Use.GENERATED_COLUMN, column.name(), generated.text(), FunctionRegistry.TRAITS));
      column.defaultValue().ifPresent(value -> RowLevelExpressions.checkDefault(value.expression(), column.name(),
          value.text(), statement, FunctionRegistry.TRAITS));
      if (!names.add(column.name().toLowerCase(Locale.ROOT))) {
        throw EngineException.of(ErrorClass.COLUMN_ALREADY_EXISTS).parameter("columnName", Errors.quote(column.name()))
            .at(column.span()).build();
      }
      if (column.identity().isPresent()) {
        Identity identity = column.identity().get();
        if (column.type().kind() != TypeKind.BIGINT) {
          throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_UNSUPPORTED_DATA_TYPE)
              .parameter("dataType", column.type().sql().toUpperCase(Locale.ROOT)).at(column.span()).build();
        }
        if (identity.step() == 0) {
          throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_ILLEGAL_STEP).at(column.span()).build();
        }
        if (column.generatedAs().isPresent()) {
          throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_WITH_GENERATED_EXPRESSION).at(column.span())
              .build();
        }
      }
    }
  }
}
