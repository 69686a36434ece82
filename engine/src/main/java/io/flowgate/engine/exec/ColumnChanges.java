package io.flowgate.engine.exec;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.plan.TableDefinitions;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.DefinitionAnalyzer;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.RowLevelExpressions;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl.ColumnChange;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeScanner;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.History;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * ALTER TABLE's changes to a managed table's existing columns: DROP COLUMN, RENAME COLUMN, SET / DROP NOT NULL,
 * SET / DROP DEFAULT and TYPE (widening). The catalog's new definition and the store table's ALTER commit in one transaction (the
 * ALTER runs last, and H2 commits with it). A column that something the table keeps reads (a generated column, a key, partitioning or clustering, a
 * row filter, another column's mask or a CHECK constraint) is refused rather than left dangling; a mask of the
 * column itself goes with it, or follows the new name. Views and flows that name the old column stop resolving it, as in the dialect.
 */
public final class ColumnChanges {
  private final ExecutionContext context;

  public ColumnChanges(ExecutionContext context) {
    this.context = context;
  }

  public void change(Ddl.ChangeColumns change) {
    ColumnChange what = change.change();
    String operation = what instanceof ColumnChange.Drop ? "ALTER TABLE ... DROP COLUMN"
        : what instanceof ColumnChange.Rename ? "ALTER TABLE ... RENAME COLUMN"
        : what instanceof ColumnChange.Default ? "ALTER TABLE ... ALTER COLUMN ... DEFAULT"
        : what instanceof ColumnChange.Type ? "ALTER TABLE ... ALTER COLUMN ... TYPE"
        : "ALTER TABLE ... ALTER COLUMN ... NOT NULL";
    TableInfo table = new DdlExecutor(context).alterable(change.table(), change.span(), operation,
        "Change a streaming table's columns with CREATE OR REFRESH STREAMING TABLE.");
    if (what instanceof ColumnChange.Drop drop) {
      drop(table, drop, change.span());
    } else if (what instanceof ColumnChange.Rename rename) {
      rename(table, rename, change.span());
    } else if (what instanceof ColumnChange.Nullability nullability) {
      nullability(table, nullability, change.span());
    } else if (what instanceof ColumnChange.Default value) {
      columnDefault(table, value, change.span());
    } else if (what instanceof ColumnChange.Type type) {
      type(table, type, change.span());
    }
  }

  /** The table property that allows ALTER COLUMN ... TYPE, as the dialect's type widening does. */
  static final String TYPE_WIDENING = "delta.enableTypeWidening";

  /**
   * ALTER COLUMN ... TYPE: a wider type, as the dialect's type widening allows (integers to wider integers, to DECIMAL
   * with room for their digits and to DOUBLE; BIGINT to DECIMAL(20+, 0+); FLOAT to DOUBLE; a DECIMAL to one with at
   * least its integer digits and scale; DATE to TIMESTAMP_NTZ), on a table whose {@value #TYPE_WIDENING} is true. The
   * rows keep their values, converted by the store. A column something else reads is refused, as a rename is.
   */
  private void type(TableInfo table, ColumnChange.Type change, Span span) {
    ColumnInfo column = table.column(change.column()).orElseThrow(() -> unresolved(table, change.column(), span));
    SqlType from = SqlParser.parseType(column.type());
    SqlType to = change.type();
    if (from.equals(to)) {
      return;
    }
    boolean enabled = "true".equalsIgnoreCase(table.properties().entrySet().stream()
        .filter(entry -> entry.getKey().equalsIgnoreCase(TYPE_WIDENING)).map(Map.Entry::getValue).findFirst()
        .orElse("false").strip());
    if (!enabled || !widens(from, to)) {
      throw EngineException.of(ErrorClass.DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP)
          .parameter("fieldPath", Errors.quote(column.name())).parameter("oldField", from.sql().toUpperCase(
              java.util.Locale.ROOT)).parameter("newField", to.sql().toUpperCase(java.util.Locale.ROOT))
          .parameter("hint", enabled ? "Only a wider type is supported."
              : "Set the table property " + TYPE_WIDENING + " to true to widen column types.")
          .at(span).build();
    }
    refuseChangeFeed(table, "ALTER COLUMN ... TYPE", span);
    requireUnread(table, column.name(), Set.of(column.name()), span);
    List<ColumnInfo> columns = table.columns().stream().map(each -> each != column ? each
        : new ColumnInfo(each.name(), to.sql(), each.nullable(), each.defaultSql(),
            each.generatedSql(), each.identity(), each.comment())).toList();
    write(table.withColumns(columns, table.policies()), Sql.of("ALTER TABLE {} ALTER COLUMN {} SET DATA TYPE {}",
        Sql.table(table.storageName()), Sql.name(column.name()), Sql.type(to)));
    context.storage().execute(History.follow(table.storageName(), Sql.of("ALTER COLUMN IF EXISTS {} SET DATA TYPE {}",
        Sql.name(column.name()), Sql.type(to))));
  }

  /** Whether values of {@code from} always fit {@code to}, as type widening defines it. */
  static boolean widens(SqlType from, SqlType to) {
    int integerDigits = switch (from.kind()) {
      case TINYINT, SMALLINT, INT -> 10;
      case BIGINT -> 20;
      default -> -1;
    };
    return switch (from.kind()) {
      case TINYINT -> to.kind() == TypeKind.SMALLINT || to.kind() == TypeKind.INT || to.kind() == TypeKind.BIGINT
          || to.kind() == TypeKind.DOUBLE || decimalHolds(to, integerDigits, 0);
      case SMALLINT -> to.kind() == TypeKind.INT || to.kind() == TypeKind.BIGINT || to.kind() == TypeKind.DOUBLE
          || decimalHolds(to, integerDigits, 0);
      case INT -> to.kind() == TypeKind.BIGINT || to.kind() == TypeKind.DOUBLE || decimalHolds(to, integerDigits, 0);
      case BIGINT -> decimalHolds(to, integerDigits, 0);
      case FLOAT -> to.kind() == TypeKind.DOUBLE;
      case DECIMAL -> decimalHolds(to, from.length() - from.scale(), from.scale());
      case DATE -> to.kind() == TypeKind.TIMESTAMP_NTZ;
      default -> false;
    };
  }

  /** A DECIMAL with at least {@code integerDigits} digits before the point and {@code scale} after it. */
  private static boolean decimalHolds(SqlType type, int integerDigits, int scale) {
    return type.kind() == TypeKind.DECIMAL && type.scale() >= scale && type.length() - type.scale() >= integerDigits;
  }

  private void drop(TableInfo table, ColumnChange.Drop drop, Span span) {
    refuseChangeFeed(table, "DROP COLUMN", span);
    Set<String> dropped = new HashSet<>();
    for (String name : drop.columns()) {
      Optional<ColumnInfo> column = table.column(name);
      if (column.isEmpty() && !drop.ifExists()) {
        throw unresolved(table, name, span);
      }
      column.ifPresent(found -> dropped.add(found.name()));
    }
    if (dropped.isEmpty()) {
      return;
    }
    List<ColumnInfo> kept = table.columns().stream().filter(column -> !dropped.contains(column.name())).toList();
    if (kept.isEmpty()) {
      throw EngineException.of(ErrorClass.DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA)
          .parameter("schema", String.join(", ", table.columns().stream().map(ColumnInfo::name).toList()))
          .at(span).build();
    }
    for (String column : dropped) {
      requireUnread(table, column, dropped, span);
    }
    List<PolicyInfo> policies = table.policies().stream()
        .filter(policy -> policy.column().filter(dropped::contains).isEmpty()).toList();
    List<Sql> names = dropped.stream().map(Sql::name).toList();
    write(table.withColumns(kept, policies), Sql.of("ALTER TABLE {} DROP COLUMN ({})", Sql.table(table.storageName()),
        Sql.list(names)));
    for (Sql name : names) {
      context.storage().execute(History.follow(table.storageName(), Sql.of("DROP COLUMN IF EXISTS {}", name)));
    }
  }

  private void rename(TableInfo table, ColumnChange.Rename rename, Span span) {
    refuseChangeFeed(table, "RENAME COLUMN", span);
    ColumnInfo column = table.column(rename.column()).orElseThrow(() -> unresolved(table, rename.column(), span));
    DefinitionAnalyzer.refuseReserved(rename.renamed(), span);
    Optional<ColumnInfo> taken = table.column(rename.renamed());
    if (taken.isPresent() && taken.get() != column) {
      throw EngineException.of(ErrorClass.COLUMN_ALREADY_EXISTS)
          .parameter("columnName", Errors.quote(List.of(rename.renamed()))).at(span).build();
    }
    requireUnread(table, column.name(), Set.of(column.name()), span);
    List<ColumnInfo> columns = table.columns().stream().map(each -> each != column ? each
        : new ColumnInfo(rename.renamed(), each.type(), each.nullable(), each.defaultSql(), each.generatedSql(),
            each.identity(), each.comment())).toList();
    List<PolicyInfo> policies = table.policies().stream().map(policy -> policy.column()
        .filter(column.name()::equals).isEmpty() ? policy
        : new PolicyInfo(Optional.of(rename.renamed()), policy.function(), policy.arguments())).toList();
    write(table.withColumns(columns, policies), Sql.of("ALTER TABLE {} ALTER COLUMN {} RENAME TO {}",
        Sql.table(table.storageName()), Sql.name(column.name()), Sql.name(rename.renamed())));
    context.storage().execute(History.follow(table.storageName(), Sql.of("ALTER COLUMN IF EXISTS {} RENAME TO {}",
        Sql.name(column.name()), Sql.name(rename.renamed()))));
  }

  /** SET NOT NULL checks the rows there first (under the write turn, so none can arrive in between). */
  private void nullability(TableInfo table, ColumnChange.Nullability change, Span span) {
    ColumnInfo column = table.column(change.column()).orElseThrow(() -> unresolved(table, change.column(), span));
    if (column.nullable() != change.notNull()) {
      return;
    }
    List<ColumnInfo> columns = table.columns().stream().map(each -> each != column ? each
        : new ColumnInfo(each.name(), each.type(), !change.notNull(), each.defaultSql(), each.generatedSql(),
            each.identity(), each.comment())).toList();
    TableInfo altered = table.withColumns(columns, table.policies());
    context.changeMetadata(connection -> {
      if (change.notNull()) {
        Object[] nulls = H2Storage.firstRow(connection, Sql.of("SELECT COUNT(*) FROM {} WHERE {} IS NULL",
            Sql.table(table.storageName()), Sql.name(column.name())).statement(), Map.of());
        if (((Number) nulls[0]).longValue() > 0) {
          throw EngineException.of(ErrorClass.DELTA_NOT_NULL_CONSTRAINT_VIOLATED)
              .parameter("columnName", column.name()).at(span).build();
        }
      }
      context.catalog().redefineTable(connection, altered);
      H2Storage.executeLast(connection, TableDefinitions.setNullable(table.storageName(), column.name(),
          !change.notNull()));
    });
  }

  /**
   * SET DEFAULT: a constant of the row-level kind a CREATE TABLE default may be, for rows written from now on (the
   * rows there keep their values); DROP DEFAULT: NULL again. A generated or identity column has none of its own.
   */
  private void columnDefault(TableInfo table, ColumnChange.Default change, Span span) {
    ColumnInfo column = table.column(change.column()).orElseThrow(() -> unresolved(table, change.column(), span));
    if (column.generatedSql().isPresent() || column.identity().isPresent()) {
      throw Errors.notSupported("a DEFAULT for a generated or identity column", span);
    }
    Optional<String> text = change.value().map(Ddl.SourceExpression::text);
    Sql ddl = Sql.of("ALTER TABLE {} ALTER COLUMN {} DROP DEFAULT", Sql.table(table.storageName()),
        Sql.name(column.name()));
    if (change.value().isPresent()) {
      Ddl.SourceExpression value = change.value().get();
      RowLevelExpressions.checkDefault(value.expression(), column.name(), value.text(), "ALTER TABLE ALTER COLUMN",
          FunctionRegistry.TRAITS);
      ddl = Sql.of("ALTER TABLE {} ALTER COLUMN {} SET DEFAULT {}", Sql.table(table.storageName()),
          Sql.name(column.name()), TableDefinitions.columnDefault(value, context.translator()));
    }
    List<ColumnInfo> columns = table.columns().stream().map(each -> each != column ? each
        : new ColumnInfo(each.name(), each.type(), each.nullable(), text, each.generatedSql(), each.identity(),
            each.comment())).toList();
    write(table.withColumns(columns, table.policies()), ddl);
  }

  private void write(TableInfo altered, Sql ddl) {
    context.changeMetadata(connection -> {
      context.catalog().redefineTable(connection, altered);
      H2Storage.executeLast(connection, ddl);
    });
  }

  /** The change table has the data table's columns, and its rows were written under the old ones. */
  private static void refuseChangeFeed(TableInfo table, String operation, Span span) {
    if (ChangeDataFeed.enabled(table)) {
      throw Errors.notSupported(operation + " on a table with the change data feed", span);
    }
  }

  /** Refuses changing {@code column} when what the table keeps besides {@code changing} reads it. */
  private static void requireUnread(TableInfo table, String column, Set<String> changing, Span span) {
    List<String> generated = new ArrayList<>();
    for (ColumnInfo other : table.columns()) {
      if (!changing.contains(other.name()) && other.generatedSql().filter(text -> reads(text, column)).isPresent()) {
        generated.add(other.name());
      }
    }
    if (!generated.isEmpty()) {
      throw EngineException.of(ErrorClass.DELTA_GENERATED_COLUMNS_DEPENDENT_COLUMN_CHANGE)
          .parameter("columnName", Errors.quote(List.of(column)))
          .parameter("generatedColumns", String.join(", ", generated.stream().map(name -> Errors.quote(List.of(name)))
              .toList())).at(span).build();
    }
    List<String> constraints = new ArrayList<>();
    for (KeyInfo key : table.keys()) {
      if (key.columns().stream().anyMatch(column::equalsIgnoreCase)) {
        constraints.add((key.primary() ? "PRIMARY KEY " : "FOREIGN KEY ") + Errors.quote(List.of(key.name())));
      }
    }
    if (table.partitionBy().stream().anyMatch(column::equalsIgnoreCase)) {
      constraints.add("PARTITIONED BY");
    }
    if (table.clusterBy().stream().anyMatch(column::equalsIgnoreCase)) {
      constraints.add("CLUSTER BY");
    }
    for (PolicyInfo policy : table.policies()) {
      if (policy.column().filter(changing::contains).isEmpty() && policy.arguments().stream().anyMatch(text -> reads(text, column))) {
        constraints.add(policy.rowFilter() ? "the row filter"
            : "the mask of " + Errors.quote(List.of(policy.column().orElseThrow())));
      }
    }
    CheckConstraints.of(table).forEach((name, condition) -> {
      if (reads(condition, column)) {
        constraints.add("CHECK constraint " + name);
      }
    });
    if (!constraints.isEmpty()) {
      throw EngineException.of(ErrorClass.DELTA_CONSTRAINT_DEPENDENT_COLUMN_CHANGE)
          .parameter("columnName", Errors.quote(List.of(column)))
          .parameter("constraints", String.join(", ", constraints)).at(span).build();
    }
  }

  /** Whether the dialect expression {@code text} names {@code column}. */
  private static boolean reads(String text, String column) {
    return TreeScanner.columnReferences(SqlParser.parseExpression(text)).stream()
        .anyMatch(reference -> reference.parts().get(reference.parts().size() - 1).equalsIgnoreCase(column));
  }

  private static EngineException unresolved(TableInfo table, String name, Span span) {
    return Errors.unresolvedColumn(List.of(name), table.columns().stream().map(ColumnInfo::name).toList(), span);
  }
}
