package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.Identity;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeScanner;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A table's definitions analyzed: its columns checked, and the expressions H2 keeps with the table (generated
 * columns, DEFAULTs, CHECK constraints). H2 computes them as it defines them, so they are analyzed as definitions:
 * in UTC whatever the session's zone, with no parameters. {@code plan.TableDefinitions} writes the DDL.
 */
public final class DefinitionAnalyzer {
  private final ExpressionTranslator inline;

  public DefinitionAnalyzer(QueryTranslator definitions) {
    this.inline = new ExpressionTranslator(definitions, new ParameterTypes(), definitions.session(), true);
  }

  /**
   * A CHECK constraint's condition over the table's columns as H2 evaluates it for each row: TRUE passes, FALSE and
   * NULL fail, as in the dialect. A condition of another type is DELTA_NON_BOOLEAN_CHECK_CONSTRAINT.
   */
  public Analyzed checkCondition(TableInfo table, String name, Ddl.SourceExpression condition) {
    Typed value = inline.translate(condition.expression(), QueryTranslator.tableScope(table, "", List.of()));
    if (value.type().isPresent() && value.type().get().kind() != TypeKind.BOOLEAN
        && value.type().get().kind() != TypeKind.VOID) {
      throw EngineException.of(ErrorClass.DELTA_NON_BOOLEAN_CHECK_CONSTRAINT).parameter("name", name)
          .parameter("expr", condition.text()).at(condition.expression().span()).build();
    }
    return Analyzed.call("coalesce", value.value(), new Analyzed.BooleanValue(false));
  }

  /**
   * The CHECK constraint H2 keeps for a condition: {@link #checkCondition}, and where it fails, a refusal that names
   * the constraint and shows the row's values of the columns the condition reads, as the dialect's error does. The
   * values are computed only for a failing row.
   */
  public Analyzed enforcedCheck(TableInfo table, String name, Ddl.SourceExpression condition) {
    Set<String> read = new HashSet<>();
    for (var reference : TreeScanner.columnReferences(condition.expression())) {
      read.add(reference.parts().get(0).toLowerCase(Locale.ROOT));
    }
    List<Analyzed> lines = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      if (read.contains(column.name().toLowerCase(Locale.ROOT))) {
        Analyzed text = inline.asText(Typed.of(new Analyzed.ColumnValue("", column.name()),
            SqlParser.parseType(column.type())));
        lines.add(Analyzed.call("concat", new Analyzed.Text(" - " + column.name() + " : "),
            Analyzed.call("coalesce", text, new Analyzed.Text("null"))));
      }
    }
    Analyzed values = switch (lines.size()) {
      case 0 -> new Analyzed.Text("");
      case 1 -> lines.get(0);
      default -> {
        List<Analyzed> joined = new ArrayList<>(List.of(new Analyzed.Text("\n")));
        joined.addAll(lines);
        yield Analyzed.call("concat_ws", joined);
      }
    };
    return new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(checkCondition(table, name, condition),
        new Analyzed.BooleanValue(true))), Optional.of(Analyzed.system(Analyzed.SystemFunction.CHECK_VIOLATED,
        new Analyzed.Text(name), new Analyzed.Text(condition.text()), values)));
  }

  /** A column's DEFAULT. */
  public Analyzed columnDefault(Ddl.SourceExpression value) {
    return inline.translate(value.expression(), new Scope(List.of(), Optional.empty())).value();
  }

  /** A generated column's expression, which may read the other columns of {@code columns}. */
  public Analyzed generated(Ddl.SourceExpression expression, List<ColumnDefinition> columns) {
    List<Scope.Column> visible = new ArrayList<>();
    for (ColumnDefinition other : columns) {
      visible.add(new Scope.Column("", List.of(), other.name(), other.name(), Optional.of(other.type()), false));
    }
    return inline.translate(expression.expression(), new Scope(visible, Optional.empty())).value();
  }

  /** Refuses a column name the engine keeps for its own hidden columns ({@link StoreNames#reserved}). */
  public static void refuseReserved(String column, Span span) {
    if (StoreNames.reserved(column)) {
      throw Errors.notSupported("the column name " + Errors.quote(column) + ", which Flowgate reserves", span);
    }
  }

  /** Checks the columns of a table; {@code statement} names the statement for messages. */
  public static void validate(List<ColumnDefinition> columns, String statement) {
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
