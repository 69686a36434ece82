package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.ForeignKey;
import io.flowgate.engine.sql.tree.Ddl.PrimaryKey;
import io.flowgate.engine.sql.tree.Ddl.TableConstraint;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The informational keys of a new table, checked as the dialect's CONSTRAINT clause describes them: key columns
 * are columns of the table, a table has at most one primary key, and a foreign key names its parent's primary key
 * ({@code REFERENCES p} alone means it) with as many columns of the same types. The stored keys always name real
 * columns on both sides.
 */
public final class TableKeys {
  private TableKeys() {}

  /** A column as the key checks see it: its name and the dialect's spelling of its type. */
  private record Column(String name, String type) {}

  public static List<KeyInfo> of(TableName table, List<ColumnDefinition> definitions, List<TableConstraint> constraints,
      CatalogService catalog, QueryTranslator translator) {
    return keys(table, definitions.stream().map(column -> new Column(column.name(), column.type().sql())).toList(),
        constraints, catalog, translator);
  }

  /**
   * The table's keys with {@code constraint} added (ALTER TABLE ... ADD), checked as CREATE TABLE checks its keys;
   * a name a key or CHECK constraint of the table has is DELTA_CONSTRAINT_ALREADY_EXISTS.
   */
  public static List<KeyInfo> added(TableInfo table, TableConstraint constraint, CatalogService catalog,
      QueryTranslator translator) {
    List<Column> columns = table.columns().stream().map(column -> new Column(column.name(), column.type())).toList();
    Optional<KeyInfo> primary = table.keys().stream().filter(KeyInfo::primary).findFirst();
    List<TableConstraint> checked = new ArrayList<>();
    if (constraint instanceof PrimaryKey key) {
      if (primary.isPresent()) {
        throw Errors.notSupported("a second PRIMARY KEY on " + Errors.quote(table.name().parts())
            + " (a table has at most one; drop " + primary.get().name() + " first)", key.span());
      }
      checked.add(key);
    } else {
      ForeignKey foreign = (ForeignKey) constraint;
      // a foreign key's name, unless given, counts the foreign keys the table has, as CREATE TABLE names them
      checked.add(new ForeignKey(foreign.span(), Optional.of(foreign.name().orElse(table.name().table() + "_fk_"
          + (table.keys().stream().filter(key -> !key.primary()).count() + 1))), foreign.columns(),
          foreign.referencedTable(), foreign.referencedColumns()));
      // the table's own primary key, for a foreign key that references the table itself
      primary.ifPresent(key -> checked.add(0, new PrimaryKey(foreign.span(), Optional.of(key.name()),
          key.columns())));
    }
    KeyInfo key = keys(table.name(), columns, checked, catalog, translator).get(checked.size() - 1);
    boolean taken = table.keys().stream().anyMatch(existing -> existing.name().equalsIgnoreCase(key.name()))
        || CheckConstraints.of(table).containsKey(key.name().toLowerCase(Locale.ROOT));
    if (taken) {
      throw EngineException.of(ErrorClass.DELTA_CONSTRAINT_ALREADY_EXISTS).parameter("constraintName", key.name())
          .parameter("oldConstraint", key.name()).at(constraint.span()).build();
    }
    List<KeyInfo> keys = new ArrayList<>(table.keys());
    keys.add(key);
    return keys;
  }

  private static List<KeyInfo> keys(TableName table, List<Column> columns, List<TableConstraint> constraints,
      CatalogService catalog, QueryTranslator translator) {
    Optional<PrimaryKey> primary = Optional.empty();
    for (TableConstraint constraint : constraints) {
      if (constraint instanceof PrimaryKey key) {
        if (primary.isPresent()) {
          throw Errors.notSupported("a second PRIMARY KEY on " + Errors.quote(table.parts())
              + " (a table has at most one)", key.span());
        }
        primary = Optional.of(key);
      }
    }
    List<KeyInfo> keys = new ArrayList<>();
    if (primary.isPresent()) {
      List<String> keyColumns = resolve(primary.get().columns(), columns, primary.get().span());
      keys.add(new KeyInfo(primary.get().name().orElse(table.table() + "_pk"), true, keyColumns, Optional.empty(), List.of()));
    }
    for (TableConstraint constraint : constraints) {
      if (constraint instanceof ForeignKey foreign) {
        // Generated names are unique in the schema, as the dialect's constraint names must be.
        String name = foreign.name().orElse(table.table() + "_fk_" + (keys.stream().filter(key -> !key.primary())
            .count() + 1));
        TableName parent = translator.qualify(foreign.referencedTable(), foreign.span());
        List<Column> parentColumns;
        List<String> parentKey;
        if (parent.equals(table)) {
          parentColumns = columns;
          parentKey = keys.stream().filter(KeyInfo::primary).findFirst().map(KeyInfo::columns).orElse(List.of());
        } else {
          TableInfo parentTable = catalog.table(parent)
              .orElseThrow(() -> Errors.tableOrViewNotFound(parent.parts(), foreign.span()));
          parentColumns = parentTable.columns().stream().map(column -> new Column(column.name(), column.type()))
              .toList();
          parentKey = parentTable.keys().stream().filter(KeyInfo::primary).findFirst().map(KeyInfo::columns)
              .orElse(List.of());
        }
        keys.add(foreignKey(name, foreign, columns, parent, parentColumns, parentKey));
      }
    }
    return keys;
  }

  private static KeyInfo foreignKey(String name, ForeignKey foreign, List<Column> columns, TableName parent,
      List<Column> parentColumns, List<String> parentKey) {
    Span span = foreign.span();
    if (parentKey.isEmpty()) {
      throw Errors.foreignKeyMismatch(name, parent.parts(), "the table has no primary key", span);
    }
    List<String> keyColumns = resolve(foreign.columns(), columns, span);
    List<String> referenced = foreign.referencedColumns().isEmpty() ? parentKey
        : resolve(foreign.referencedColumns(), parentColumns, span);
    if (!sameNames(referenced, parentKey)) {
      throw Errors.foreignKeyMismatch(name, parent.parts(), "it references " + referenced
          + ", but the primary key is " + parentKey, span);
    }
    if (keyColumns.size() != referenced.size()) {
      throw Errors.foreignKeyMismatch(name, parent.parts(), "it has " + keyColumns.size()
          + " column(s), the primary key " + referenced.size(), span);
    }
    for (int i = 0; i < keyColumns.size(); i++) {
      String type = find(keyColumns.get(i), columns).type();
      String parentType = find(referenced.get(i), parentColumns).type();
      if (!type.equalsIgnoreCase(parentType)) {
        throw Errors.foreignKeyMismatch(name, parent.parts(), "column " + Errors.quote(keyColumns.get(i)) + " is "
            + type + ", but " + Errors.quote(referenced.get(i)) + " is " + parentType, span);
      }
    }
    return new KeyInfo(name, false, keyColumns, Optional.of(parent), referenced);
  }

  /** The columns' names as the table spells them. */
  private static List<String> resolve(List<String> names, List<Column> columns, Span span) {
    List<String> resolved = new ArrayList<>();
    for (String name : names) {
      String column = columns.stream().filter(candidate -> candidate.name().equalsIgnoreCase(name)).findFirst()
          .orElseThrow(() -> Errors.unresolvedColumn(List.of(name), columns.stream().map(Column::name).toList(),
              span)).name();
      if (resolved.stream().anyMatch(column::equalsIgnoreCase)) {
        throw Errors.notSupported("the column " + Errors.quote(column) + " twice in one key", span);
      }
      resolved.add(column);
    }
    return resolved;
  }

  private static Column find(String name, List<Column> columns) {
    return columns.stream().filter(column -> column.name().equalsIgnoreCase(name)).findFirst().orElseThrow();
  }

  /** The same columns, in any order: the dialect requires every primary key column to be listed. */
  private static boolean sameNames(List<String> left, List<String> right) {
    return left.size() == right.size() && left.stream().map(name -> name.toLowerCase(Locale.ROOT)).sorted().toList()
        .equals(right.stream().map(name -> name.toLowerCase(Locale.ROOT)).sorted().toList());
  }
}
