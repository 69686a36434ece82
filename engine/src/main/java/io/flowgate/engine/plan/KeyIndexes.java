package io.flowgate.engine.plan;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The store indexes behind a managed table's informational keys. The dialect enforces no key, but a key says how the
 * table is looked up and joined: by its primary key, and by each foreign key to its parent. H2 joins by nested loops
 * (it has no hash join), so an equality join on columns no index leads with reads the whole table once per outer row.
 * Each key therefore has a non-unique index leading with its columns, unless an index of an earlier key (the primary
 * key comes first) already leads with them.
 */
public final class KeyIndexes {
  private KeyIndexes() {}

  /** The DDL that gives a new table's store the indexes of its keys. */
  public static List<Sql> of(TableInfo table) {
    return changes(Optional.empty(), table);
  }

  /**
   * The DDL that takes a table's store from the key indexes of {@code before} to those of {@code after} (the same
   * table with other keys). Every index {@code after} wants is made if missing, so a store from before foreign keys
   * were indexed gains them with its next key change.
   */
  public static List<Sql> changes(Optional<TableInfo> before, TableInfo after) {
    Map<String, List<String>> wanted = wanted(after);
    List<Sql> ddl = new ArrayList<>();
    before.map(KeyIndexes::wanted).orElse(Map.of()).keySet().stream().filter(name -> !wanted.containsKey(name))
        .forEach(name -> ddl.add(Sql.of("DROP INDEX IF EXISTS {}.{}", Sql.name(StoreNames.DATA_SCHEMA),
            Sql.name(name))));
    wanted.forEach((name, columns) -> ddl.add(Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})",
        Sql.name(StoreNames.DATA_SCHEMA), Sql.name(name), Sql.table(after.storageName()),
        Sql.list(columns.stream().map(Sql::name).toList()))));
    return ddl;
  }

  /** The columns the key indexes of {@code table} lead with: an equality on one of them is an index lookup. */
  public static List<String> leadingColumns(TableInfo table) {
    return wanted(table).values().stream().map(columns -> columns.get(0)).toList();
  }

  /** Index name to columns, in key order: the primary key's, then each foreign key's that no earlier one covers. */
  private static Map<String, List<String>> wanted(TableInfo table) {
    Map<String, List<String>> indexes = new LinkedHashMap<>();
    if (table.kind() != TableKind.MANAGED) {
      return indexes;
    }
    List<KeyInfo> keys = new ArrayList<>(table.keys().stream().filter(KeyInfo::primary).toList());
    keys.addAll(table.keys().stream().filter(key -> !key.primary()).toList());
    for (KeyInfo key : keys) {
      List<String> columns = key.columns().stream().map(name -> table.column(name).map(ColumnInfo::name)
          .orElse(name)).toList();
      if (indexes.values().stream().noneMatch(earlier -> leadsWith(earlier, columns))) {
        indexes.put(key.primary() ? table.storageName() + "_PK"
            : table.storageName() + "_FK_" + key.name().toLowerCase(Locale.ROOT), columns);
      }
    }
    return indexes;
  }

  private static boolean leadsWith(List<String> index, List<String> columns) {
    return index.size() >= columns.size() && java.util.stream.IntStream.range(0, columns.size())
        .allMatch(i -> index.get(i).equalsIgnoreCase(columns.get(i)));
  }
}
