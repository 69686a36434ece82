package io.flowgate.engine.plan;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.sql.parser.SqlParser;
import java.util.ArrayList;
import java.util.List;

/**
 * The change data feed of a table with {@code TBLPROPERTIES (delta.enableChangeDataFeed = true)}: every write also
 * records its row images in the table's change table ({@code FG_DATA."C<id>"}), with the change type and the commit
 * version, in the write's transaction. Inserted and updated rows are read back by the commit version the write
 * stamped on them; removed and pre-update rows come from H2's {@code OLD TABLE (...)} of the statement itself.
 */
public final class ChangeFeed {
  public static final String PROPERTY = "delta.enableChangeDataFeed";
  public static final String CHANGE_TYPE = "_change_type";
  public static final String COMMIT_VERSION = "_commit_version";
  public static final String COMMIT_TIMESTAMP = "_commit_timestamp";

  private ChangeFeed() {}

  public static boolean enabled(TableInfo table) {
    return table.properties().entrySet().stream().anyMatch(property -> property.getKey().equalsIgnoreCase(PROPERTY)
        && property.getValue().strip().equalsIgnoreCase("true"));
  }

  public static String changeTable(TableInfo table) {
    return SqlText.changeTable(table.id());
  }

  /** The change table and its index on the commit version; H2 commits them on their own. */
  public static List<String> ddl(TableInfo table) {
    List<String> columns = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      columns.add(SqlText.quote(column.name()) + " " + SqlParser.parseType(column.type()).h2Type());
    }
    columns.add(SqlText.quote(CHANGE_TYPE) + " CHARACTER VARYING NOT NULL");
    columns.add(SqlText.quote(COMMIT_VERSION) + " BIGINT NOT NULL");
    String name = changeTable(table);
    return List.of("CREATE TABLE IF NOT EXISTS " + SqlText.table(name) + " (" + String.join(", ", columns) + ")",
        "CREATE INDEX IF NOT EXISTS " + SqlText.quote(SqlText.DATA_SCHEMA) + "." + SqlText.quote(name + "_V")
            + " ON " + SqlText.table(name) + " (" + SqlText.quote(COMMIT_VERSION) + ")");
  }

  /** Records the rows commit {@code version} wrote (inserts, update post-images) as {@code changeType}. */
  public static H2Statement recordWritten(TableInfo table, String changeType, long version) {
    return record(table, changeType, version, SqlText.table(table.storageName()) + " WHERE "
        + SqlText.quote(SqlText.VERSION_COLUMN) + " = " + version, List.of());
  }

  /** Records every row of the table as {@code changeType}: what a whole-table removal takes away. */
  public static H2Statement recordAll(TableInfo table, String changeType, long version) {
    return record(table, changeType, version, SqlText.table(table.storageName()), List.of());
  }

  /**
   * Runs {@code change} (an UPDATE or DELETE) and records the rows it found, as they were before it, as
   * {@code changeType}; the count is the number of rows it changed.
   */
  public static H2Statement recordOld(TableInfo table, String changeType, long version, H2Statement change) {
    return record(table, changeType, version, "OLD TABLE (" + change.sql() + ")", change.bindings());
  }

  private static H2Statement record(TableInfo table, String changeType, long version, String from,
      List<Binding> bindings) {
    List<String> columns = table.columns().stream().map(column -> SqlText.quote(column.name())).toList();
    String list = String.join(", ", columns);
    // The change type is one of four words and the version an engine-made number: both are written as literals.
    return new H2Statement("INSERT INTO " + SqlText.table(changeTable(table)) + " (" + list + ", "
        + SqlText.quote(CHANGE_TYPE) + ", " + SqlText.quote(COMMIT_VERSION) + ") SELECT " + list + ", "
        + SqlText.literal(changeType) + ", " + version + " FROM " + from, bindings);
  }
}
