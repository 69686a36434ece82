package io.flowgate.engine.h2;

/** The names the engine gives what it keeps in H2: its schema, its hidden columns, the tables beside a data table. */
public final class StoreNames {
  public static final String DATA_SCHEMA = "FG_DATA";
  /**
   * The hidden column every data table has: the commit version that last wrote the row, so a streaming read of the
   * table is "rows with a version above the checkpoint". Users cannot name a column so.
   */
  public static final String VERSION_COLUMN = "__fg_commit_version";
  /**
   * The hidden column of an AUTO CDC SCD TYPE 1 target that keeps each row's sequence value, so that applying an
   * event needs only the target's row. Users cannot name a column so.
   */
  public static final String CDC_SEQUENCE_COLUMN = "__fg_cdc_sequence";
  /**
   * The hidden identity of each row of a table with a change data feed, kept by updates: what pairs a MERGE's
   * pre-update rows with their post-update rows. Users cannot name a column so.
   */
  public static final String ROW_ID_COLUMN = "__fg_row_id";

  /** The column of a history table ({@code H<id>}) that holds the version which took each row away. */
  public static final String REMOVED_VERSION_COLUMN = "__fg_removed_version";

  /** What every column name the engine keeps beside a table's own begins with; users cannot name a column so. */
  private static final String HIDDEN_PREFIX = "__fg_";

  private StoreNames() {}

  /** Whether {@code column} is a name the engine keeps for its own columns, which users may not give a column. */
  public static boolean reserved(String column) {
    return column.regionMatches(true, 0, HIDDEN_PREFIX, 0, HIDDEN_PREFIX.length());
  }

  /**
   * The H2 table that keeps the AUTO CDC events a streaming table received, beside its data table
   * {@code T<id>}.
   */
  public static String eventStore(long tableId) {
    return "E" + tableId;
  }

  /** The event store that belongs to a data table, by the data table's storage name. */
  public static String eventStoreOf(String storageName) {
    return "E" + storageName.substring(1);
  }

  /** The history of a data table ({@code T<id>}): the rows its writes took away, {@code H<id>}. */
  public static String historyOf(String storageName) {
    return "H" + storageName.substring(1);
  }

  /** The change data feed's table of a data table ({@code T<id>}): {@code C<id>}. */
  public static String changeTable(long tableId) {
    return "C" + tableId;
  }

  public static String changeTableOf(String storageName) {
    return "C" + storageName.substring(1);
  }
}
