package io.flowgate.engine.storage;

import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.type.SqlType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.api.Trigger;

/**
 * The rows a managed table's writes replace, kept for time travel. Beside a data table {@code T<id>} its history
 * {@code H<id>} holds every row an UPDATE, DELETE, MERGE or overwrite took away, as it was, with the version that
 * took it ({@link StoreNames#REMOVED_VERSION_COLUMN}); a trigger on the data table writes it, in the statement's own
 * transaction, so history commits with the change or not at all, whichever write path made it. The table as version
 * {@code n} had it is then its rows stamped {@code <= n} and its history rows stamped {@code <= n} and taken after
 * {@code n}.
 *
 * <p>The version a write makes is known to the trigger through {@link #atVersion}, which every versioned write runs
 * in. A delete outside any (start-up's removal of rows an unfinished batch left, which were never committed) keeps no
 * history, as those rows were never part of a version.
 */
public final class History {
  private static final ThreadLocal<Long> VERSION = new ThreadLocal<>();
  private static final String TRIGGER_SUFFIX = "_HISTORY";

  private History() {}

  /** Work of one versioned write, in its transaction. */
  public interface Work<T> {
    T run() throws SQLException;
  }

  /** Runs {@code work} as the write of {@code version}: the rows it replaces are kept as that version's. */
  public static <T> T atVersion(long version, Work<T> work) throws SQLException {
    Long outer = VERSION.get();
    VERSION.set(version);
    try {
      return work.run();
    } finally {
      if (outer == null) {
        VERSION.remove();
      } else {
        VERSION.set(outer);
      }
    }
  }

  /**
   * The DDL that gives data table {@code storageName} its history: the history table with the data table's columns
   * (all nullable) and the taking version, an index on that version, and the trigger.
   */
  public static List<Sql> ddl(String storageName) {
    String history = StoreNames.historyOf(storageName);
    return List.of(
        Sql.of("CREATE TABLE IF NOT EXISTS {} AS SELECT * FROM {} WITH NO DATA", Sql.table(history),
            Sql.table(storageName)),
        Sql.of("ALTER TABLE {} ADD COLUMN IF NOT EXISTS {} BIGINT", Sql.table(history),
            Sql.name(StoreNames.REMOVED_VERSION_COLUMN)),
        Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})", Sql.name(StoreNames.DATA_SCHEMA),
            Sql.name(history + "_R"), Sql.table(history), Sql.name(StoreNames.REMOVED_VERSION_COLUMN)),
        Sql.of("CREATE TRIGGER IF NOT EXISTS {}.{} AFTER UPDATE, DELETE ON {} FOR EACH ROW CALL {}",
            Sql.name(StoreNames.DATA_SCHEMA), Sql.name(storageName + TRIGGER_SUFFIX), Sql.table(storageName),
            Sql.text(Recorder.class.getName())));
  }

  /**
   * The DDL that keeps a history's columns those of its data table after ALTER TABLE: {@code change} is what follows
   * {@code ALTER TABLE <history>} (ADD COLUMN, DROP COLUMN, ALTER COLUMN ...). A history that does not exist is left
   * alone; one whose columns differ anyway still records by name.
   */
  public static Sql follow(String storageName, Sql change) {
    return Sql.of("ALTER TABLE IF EXISTS {} {}", Sql.table(StoreNames.historyOf(storageName)), change);
  }

  /** A column added to a data table, in its history before the taking version's column. */
  public static Sql addColumn(String storageName, String column, SqlType type) {
    return follow(storageName, Sql.of("ADD COLUMN IF NOT EXISTS {} {} BEFORE {}", Sql.name(column), Sql.type(type),
        Sql.name(StoreNames.REMOVED_VERSION_COLUMN)));
  }

  /**
   * The trigger: each row a statement updates or deletes goes into the history table, its values under the data
   * table's column names as the history table has them (a column the history lacks is left out, one it has more
   * is NULL), so a history a crash left a column behind still records, and never stops a write.
   */
  public static final class Recorder implements Trigger {
    private String history;
    private String dataTable;
    /** The INSERT for rows of the data table's columns, and the positions of the row it takes. */
    private H2Statement insert;
    private int[] positions;

    /**
     * The data table's name ends the trigger's: H2 initializes the trigger again when the table is altered, under a
     * name and table of the working copy ({@code T5_COPY_3_0_T5_HISTORY} on {@code T5_COPY_3_0}) that it renames
     * after.
     */
    private static final Pattern NAME = Pattern.compile("(T\\d+)"
        + TRIGGER_SUFFIX + "$");

    @Override
    public void init(Connection connection, String schema, String trigger, String table, boolean before, int type)
        throws SQLException {
      Matcher matcher = NAME.matcher(trigger);
      if (!matcher.find()) {
        throw new SQLException("history trigger " + trigger + " does not name its data table");
      }
      dataTable = matcher.group(1);
      history = StoreNames.historyOf(dataTable);
    }

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
      Long version = VERSION.get();
      if (version == null || oldRow == null) {
        return;
      }
      if (insert == null) {
        prepare(connection);
      }
      try (PreparedStatement statement = connection.prepareStatement(insert.sql())) {
        for (int i = 0; i < positions.length; i++) {
          statement.setObject(i + 1, oldRow[positions[i]]);
        }
        statement.setLong(positions.length + 1, version);
        statement.executeUpdate();
      }
    }

    /**
     * The data table's columns in order and those of them the history table has (the trigger is made anew when the
     * data table's columns change, so once per instance).
     */
    private void prepare(Connection connection) throws SQLException {
      List<String> columns = columns(connection, dataTable);
      Set<String> kept = new HashSet<>(columns(connection, history));
      List<Integer> taken = new ArrayList<>();
      List<Sql> names = new ArrayList<>();
      List<Sql> values = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        if (kept.contains(columns.get(i))) {
          taken.add(i);
          names.add(Sql.name(columns.get(i)));
          values.add(Sql.param(new io.flowgate.engine.h2.Binding.UserParameter(values.size())));
        }
      }
      names.add(Sql.name(StoreNames.REMOVED_VERSION_COLUMN));
      values.add(Sql.param(new io.flowgate.engine.h2.Binding.UserParameter(values.size())));
      positions = taken.stream().mapToInt(Integer::intValue).toArray();
      insert = Sql.of("INSERT INTO {} ({}) VALUES ({})", Sql.table(history), Sql.list(names), Sql.list(values))
          .statement();
    }

    private static List<String> columns(Connection connection, String table) throws SQLException {
      List<String> columns = new ArrayList<>();
      for (Object[] row : H2Storage.allRows(connection, Sql.of("SELECT COLUMN_NAME FROM INFORMATION_SCHEMA.COLUMNS"
          + " WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION", Sql.text(StoreNames.DATA_SCHEMA),
          Sql.text(table)).statement(), List.of(), Map.of())) {
        columns.add((String) row[0]);
      }
      return columns;
    }

    @Override
    public void close() {}

    @Override
    public void remove() {}
  }
}
