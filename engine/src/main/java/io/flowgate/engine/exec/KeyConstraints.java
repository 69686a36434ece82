package io.flowgate.engine.exec;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.plan.KeyIndexes;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ALTER TABLE ... ADD and DROP of a managed table's informational keys (PRIMARY KEY, FOREIGN KEY), by their owner:
 * a key added is checked as CREATE TABLE checks one ({@link TableKeys}); a primary key that foreign keys reference is
 * dropped only with CASCADE, which drops those too (their tables' owner's right as well). Nothing is enforced on the
 * rows, as in the dialect; the keys are what JDBC metadata and information_schema show.
 */
public final class KeyConstraints {
  private static final String STREAMING_HINT = "Declare a streaming table's keys in CREATE OR REFRESH STREAMING TABLE.";

  private final ExecutionContext context;

  public KeyConstraints(ExecutionContext context) {
    this.context = context;
  }

  public void add(Ddl.AddKeyConstraint add) {
    TableInfo table = new DdlExecutor(context).alterable(add.table(), add.span(), "ALTER TABLE ... ADD CONSTRAINT",
        STREAMING_HINT);
    TableInfo keyed = table.withKeys(TableKeys.added(table, add.constraint(), context.catalog(),
        context.translator()));
    context.changeMetadata(connection -> context.catalog().redefineTable(connection, keyed));
    reindex(table, keyed);
  }

  /** DROP PRIMARY KEY or DROP FOREIGN KEY (columns). */
  public void drop(Ddl.DropKey drop) {
    TableInfo table = new DdlExecutor(context).alterable(drop.table(), drop.span(), "ALTER TABLE ... DROP",
        STREAMING_HINT);
    Optional<KeyInfo> key = table.keys().stream().filter(candidate -> drop.primary() ? candidate.primary()
        : !candidate.primary() && sameColumns(candidate.columns(), drop.columns())).findFirst();
    if (key.isEmpty()) {
      if (drop.ifExists()) {
        return;
      }
      throw EngineException.of(ErrorClass.DELTA_CONSTRAINT_DOES_NOT_EXIST).parameter("constraintName",
          drop.primary() ? "PRIMARY KEY" : "FOREIGN KEY (" + String.join(", ", drop.columns()) + ")")
          .parameter("tableName", Errors.quote(table.name().parts())).at(drop.span()).build();
    }
    drop(table, key.get(), drop.cascade(), drop.span());
  }

  /** Drops {@code key} of {@code table}: see the class. */
  void drop(TableInfo table, KeyInfo key, boolean cascade, Span span) {
    List<TableInfo> referencing = key.primary() ? referencing(table) : List.of();
    if (!referencing.isEmpty() && !cascade) {
      throw EngineException.of(ErrorClass.CONSTRAINT_HAS_DEPENDENTS).parameter("constraintName", key.name())
          .parameter("dependents", String.join(", ", referencing.stream().map(other ->
              Errors.quote(other.name().parts())).toList())).at(span).build();
    }
    for (TableInfo other : referencing) {
      context.access().requireOwner(context.session().user(), io.flowgate.catalog.model.GrantInfo.Securable.TABLE,
          other.name().parts(), span);
    }
    // each table whose keys change, as it is and as it will be: the referencing tables, then this one
    Map<TableInfo, TableInfo> redefined = new LinkedHashMap<>();
    for (TableInfo other : referencing) {
      if (other.id() != table.id()) {
        redefined.put(other, other.withKeys(other.keys().stream()
            .filter(foreign -> !references(foreign, table.name())).toList()));
      }
    }
    redefined.put(table, table.withKeys(table.keys().stream()
        .filter(kept -> !kept.name().equals(key.name()) && !(key.primary() && references(kept, table.name())))
        .toList()));
    context.changeMetadata(connection -> {
      for (TableInfo after : redefined.values()) {
        context.catalog().redefineTable(connection, after);
      }
    });
    redefined.forEach(this::reindex);
  }

  /** Brings the store's key indexes in step with the keys, once the catalog has them. */
  private void reindex(TableInfo before, TableInfo after) {
    KeyIndexes.changes(Optional.of(before), after).forEach(context.storage()::execute);
  }

  /** The tables with a foreign key that references {@code table}'s primary key, itself included. */
  private List<TableInfo> referencing(TableInfo table) {
    List<TableInfo> tables = new ArrayList<>();
    for (io.flowgate.catalog.model.CatalogInfo catalog : context.catalog().catalogs()) {
      for (SchemaInfo schema : context.catalog().schemas(catalog.name())) {
        for (TableInfo other : context.catalog().tables(catalog.name(), schema.name())) {
          if (other.keys().stream().anyMatch(key -> references(key, table.name()))) {
            tables.add(other);
          }
        }
      }
    }
    return tables;
  }

  private static boolean references(KeyInfo key, TableName table) {
    return !key.primary() && key.referencedTable().filter(table::equals).isPresent();
  }

  private static boolean sameColumns(List<String> columns, List<String> named) {
    return columns.size() == named.size() && java.util.stream.IntStream.range(0, columns.size())
        .allMatch(i -> columns.get(i).equalsIgnoreCase(named.get(i)));
  }
}
