package io.flowgate.engine.plan;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.KeyColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The DDL of the store indexes behind a managed table's informational keys ({@link KeyColumns} says which). */
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
    Map<String, List<String>> wanted = KeyColumns.indexes(after);
    List<Sql> ddl = new ArrayList<>();
    before.map(KeyColumns::indexes).orElse(Map.of()).keySet().stream().filter(name -> !wanted.containsKey(name))
        .forEach(name -> ddl.add(Sql.of("DROP INDEX IF EXISTS {}.{}", Sql.name(StoreNames.DATA_SCHEMA),
            Sql.name(name))));
    wanted.forEach((name, columns) -> ddl.add(Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})",
        Sql.name(StoreNames.DATA_SCHEMA), Sql.name(name), Sql.table(after.storageName()),
        Sql.list(columns.stream().map(Sql::name).toList()))));
    return ddl;
  }
}
