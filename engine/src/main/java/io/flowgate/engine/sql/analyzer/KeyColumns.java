package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The store indexes behind a managed table's informational keys, by the columns they lead with. The dialect enforces
 * no key, but a key says how the table is looked up and joined: by its primary key, and by each foreign key to its
 * parent. H2 joins by nested loops (it has no hash join), so an equality join on columns no index leads with reads
 * the whole table once per outer row. Each key therefore has a non-unique index leading with its columns, unless an
 * index of an earlier key (the primary key comes first) already leads with them.
 */
public final class KeyColumns {
  private KeyColumns() {}

  /** The columns the key indexes of {@code table} lead with: an equality on one of them is an index lookup. */
  public static List<String> leadingColumns(TableInfo table) {
    return indexes(table).values().stream().map(columns -> columns.get(0)).toList();
  }

  /** Index name to columns, in key order: the primary key's, then each foreign key's that no earlier one covers. */
  public static Map<String, List<String>> indexes(TableInfo table) {
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
    return index.size() >= columns.size() && IntStream.range(0, columns.size())
        .allMatch(i -> index.get(i).equalsIgnoreCase(columns.get(i)));
  }
}
