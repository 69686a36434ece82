package io.flowgate.engine.storage;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * The only door to H2. It runs SQL that the engine generated (never user text), binds every value, and turns
 * H2's failures into the dialect's errors. Thread-safe; connections come from a pool.
 */
public final class H2Storage implements AutoCloseable {
  private final HikariDataSource pool;
  private final StoreConnections connections;
  /**
   * One write transaction (or DDL statement) at a time. With several open, H2 writes each one's uncommitted changes
   * to the file whenever another commits, and after a kill it does not always roll them back (the crash test found
   * rows of unfinished transactions on restart); with one, every commit writes only committed data.
   */
  private final WriteTurn writes = new WriteTurn();
  private final Set<String> executedOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private final Optional<Path> directory;

  private H2Storage(HikariDataSource pool, Optional<Path> directory, boolean crashed) {
    this.pool = pool;
    this.connections = new StoreConnections(pool);
    this.directory = directory;
    this.crashed = crashed;
  }

  /** Whether this file store was left by a crash (it was not shut down cleanly the last time). */
  private final boolean crashed;

  public boolean openedAfterCrash() {
    return crashed;
  }

  /** Opens a file store in {@code directory}, or a private in-memory store when it is empty. */
  public static H2Storage open(Optional<Path> directory, int maxConnections) {
    // WRITE_DELAY=0: H2 writes each commit to the file before the commit returns (by default it waits up to
    // 500 ms), so a statement the gateway acknowledged survives a crash of the process.
    String settings = ";TIME ZONE=UTC;DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000;LAZY_QUERY_EXECUTION=1;TRACE_LEVEL_FILE=0"
        + ";WRITE_DELAY=0";
    String url = directory
        .map(dir -> "jdbc:h2:file:" + dir.toAbsolutePath().resolve("flowgate") + settings)
        .orElseGet(() -> "jdbc:h2:mem:flowgate-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1" + settings);
    // A file store that exists but was not shut down cleanly (no marker) was left by a crash.
    boolean crashed = directory.map(dir -> java.nio.file.Files.exists(dir.resolve("flowgate.mv.db"))
        && !java.nio.file.Files.exists(dir.resolve(CLEAN_SHUTDOWN))).orElse(false);
    directory.ifPresent(dir -> {
      try {
        java.nio.file.Files.deleteIfExists(dir.resolve(CLEAN_SHUTDOWN));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("cannot remove the shutdown marker in " + dir, e);
      }
    });
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(poolConfig(url, maxConnections));
    } catch (HikariPool.PoolInitializationException e) {
      // Not opened (another process holds its file, say): nothing of it is ours to shut down or mark as closed.
      for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
        if (cause instanceof SQLException failure) {
          throw H2Errors.translate(failure);
        }
      }
      throw e;
    }
    H2Storage storage = new H2Storage(pool, directory, crashed);
    try {
      storage.execute(Sql.of("CREATE SCHEMA IF NOT EXISTS {}", Sql.name(StoreNames.DATA_SCHEMA)));
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
    storage.execute(Sql.of("CREATE SCHEMA IF NOT EXISTS FG_SYS"));
    H2Functions.installSql().forEach(storage::execute);
    if (crashed) {
      storage.rebuildIndexes();
    }
    return storage;
  }

  /**
   * HikariCP rather than H2's own pool: H2's rolls each connection back when it is returned, and a rollback empties
   * the H2 session's cache of prepared statements, so every statement was parsed and planned by H2 again (a fifth
   * of the gateway's time under many point queries). HikariCP resets only what a user changed (it rolls back only a
   * connection with uncommitted work, and restores auto-commit). Connections open as they are needed, as before.
   */
  private static HikariConfig poolConfig(String url, int maxConnections) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("flowgate-store");
    config.setJdbcUrl(url);
    config.setUsername("flowgate");
    config.setPassword("");
    config.setMaximumPoolSize(maxConnections);
    config.setMinimumIdle(2);
    return config;
  }

  /** Statements longer than this are not kept in an H2 session's cache of prepared statements. */
  private static final int LARGEST_CACHED_STATEMENT = 4096;

  /**
   * Each pooled H2 session keeps its last 8 prepared statements, a count whatever their size; a prepared statement
   * takes tens of times its text's size in the heap. The engine's own caches are bounded by text size, so a session
   * forgets what it has kept once it prepares a long statement (the prepared one in hand is unaffected): the
   * sessions' caches then hold at most 8 statements of 4 KiB each, and point queries and the like stay prepared.
   */
  /** What every data statement gets once prepared: see {@link #uncacheLarge} and {@link RunningStatement#apply}. */
  private static PreparedStatement ready(Connection connection, String sql, PreparedStatement prepared)
      throws SQLException {
    uncacheLarge(connection, sql);
    RunningStatement.apply(prepared);
    return prepared;
  }

  private static void uncacheLarge(Connection connection, String sql) throws SQLException {
    if (sql.length() > LARGEST_CACHED_STATEMENT) {
      SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
      // setting the schema a session has empties its statement cache (H2 has no call that does only that)
      session.setCurrentSchema(session.getDatabase().getSchema(session.getCurrentSchemaName()));
    }
  }

  /** The file a clean shutdown leaves beside the store; its absence at the next start means a crash. */
  private static final String CLEAN_SHUTDOWN = "flowgate.closed";

  private void rebuildIndexes() {
    List<Sql> statements;
    try (Connection connection = connections.getConnection()) {
      statements = IndexRebuild.statements(connection);
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
    statements.forEach(this::execute);
  }

  /** Every data statement is prepared here, so each gets the time its client statement has left. */
  private static PreparedStatement prepare(Connection connection, String sql) throws SQLException {
    return ready(connection, sql, connection.prepareStatement(sql));
  }

  static PreparedStatement prepare(Connection connection, String sql, int type, int concurrency)
      throws SQLException {
    return ready(connection, sql, connection.prepareStatement(sql, type, concurrency));
  }

  /** Whether a store connection can be had and is valid within a second. */
  public boolean answers() {
    try (Connection connection = connections.getConnection()) {
      return connection.isValid(1);
    } catch (SQLException | IllegalStateException e) {
      return false;
    }
  }

  public DataSource dataSource() {
    return connections;
  }

  /** Work inside one H2 transaction; it commits when {@code work} returns and rolls back when it throws. */
  public interface TransactionWork<T> {
    T run(Connection connection) throws SQLException;
  }

  public <T> T inTransaction(TransactionWork<T> work) {
    writes.enter();
    try (Connection connection = connections.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    } finally {
      writes.exit();
    }
  }

  /**
   * Reads what is committed, without the write turn: a DESCRIBE or SHOW does not wait for a refresh that writes
   * (H2 reads committed rows while a transaction writes others).
   */
  public <T> T read(TransactionWork<T> work) {
    try (Connection connection = connections.getConnection()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  /**
   * Starts a client transaction: its H2 connection is taken now and kept until it commits or rolls back; the write turn
   * is taken at its first write.
   */
  public StoreTransaction begin() {
    try {
      Connection connection = connections.getConnection();
      try {
        connection.setAutoCommit(false);
        return new StoreTransaction(connection, writes);
      } catch (SQLException e) {
        closeQuietly(connection);
        throw e;
      }
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  /** Whether {@link #executeOnce} already ran {@code ddl} in this store's life. */
  public boolean executedOnce(Sql ddl) {
    return executedOnce.contains(ddlText(ddl));
  }

  /**
   * Runs generated DDL that only creates what is missing ({@code IF NOT EXISTS}) once per store: later calls with
   * the same text are skipped without a round to H2.
   */
  public void executeOnce(Sql ddl) {
    String text = ddlText(ddl);
    if (executedOnce.add(text)) {
      try {
        execute(ddl);
      } catch (RuntimeException e) {
        executedOnce.remove(text);
        throw e;
      }
    }
  }

  /** Runs generated DDL, which H2 commits on its own. */
  public void execute(Sql ddl) {
    String sql = ddlText(ddl);
    writes.enter();
    try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    } finally {
      writes.exit();
    }
  }

  /**
   * Generated DDL as the last step of the caller's transaction. H2 commits the transaction when a DDL statement
   * succeeds (and leaves it open when one fails), so the caller's catalog rows and the change to the store's table
   * are committed together.
   */
  public static void executeLast(Connection connection, Sql ddl) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(ddlText(ddl));
    }
  }

  /** DDL as text: H2 takes no parameters in DDL, so a tree that binds values is a bug of the engine's. */
  private static String ddlText(Sql ddl) {
    H2Statement statement = ddl.statement();
    if (!statement.bindings().isEmpty()) {
      throw Errors.internal("DDL with parameters: " + statement.sql(), null);
    }
    return statement.sql();
  }

  /** Runs a generated write; {@code runtime} supplies the values of {@link Binding.Runtime} bindings by key. */
  public static long update(Connection connection, H2Statement statement, List<Object> parameters,
      Map<String, Object> runtime) throws SQLException {
    try (PreparedStatement prepared = prepare(connection, statement.sql())) {
      bind(prepared, statement, parameters, runtime);
      return prepared.executeLargeUpdate();
    }
  }

  /** Runs one statement once per parameter set, prepared once, inside the caller's transaction; the counts of each. */
  public static long[] updateEach(Connection connection, H2Statement statement, List<List<Object>> parameterSets,
      Map<String, Object> runtime) throws SQLException {
    return updateEach(connection, statement, parameterSets, runtime, List.of(), new ArrayList<>());
  }

  /**
   * {@link #updateEach(Connection, H2Statement, List, Map)} for an INSERT that also gives back the values of {@code
   * keyColumns} (the table's own column names) of every row it wrote, appended to {@code keys}.
   */
  public static long[] updateEach(Connection connection, H2Statement statement, List<List<Object>> parameterSets,
      Map<String, Object> runtime, List<String> keyColumns, List<List<Object>> keys) throws SQLException {
    long[] counts = new long[parameterSets.size()];
    try (PreparedStatement prepared = keyColumns.isEmpty() ? prepare(connection, statement.sql())
        : prepareReturning(connection, statement.sql(), keyColumns)) {
      for (int i = 0; i < counts.length; i++) {
        bind(prepared, statement, parameterSets.get(i), runtime);
        counts[i] = prepared.executeLargeUpdate();
        if (!keyColumns.isEmpty()) {
          try (ResultSet generated = prepared.getGeneratedKeys()) {
            while (generated.next()) {
              List<Object> row = new ArrayList<>(keyColumns.size());
              for (int column = 1; column <= keyColumns.size(); column++) {
                row.add(H2Cursor.plain(generated.getObject(column)));
              }
              keys.add(row);
            }
          }
        }
      }
    }
    return counts;
  }

  private static PreparedStatement prepareReturning(Connection connection, String sql, List<String> columns)
      throws SQLException {
    return ready(connection, sql, connection.prepareStatement(sql, columns.toArray(String[]::new)));
  }

  /** Removes every row of a data table inside the caller's transaction; returns how many there were. */
  public static long deleteAll(Connection connection, String storageName) throws SQLException {
    return update(connection, Sql.of("DELETE FROM {}", Sql.table(storageName)).statement(), List.of(), Map.of());
  }

  /** Removes the rows of a data table stamped with a commit version above {@code version}; returns how many. */
  public static long deleteAbove(Connection connection, String storageName, long version) throws SQLException {
    return update(connection, Sql.of("DELETE FROM {} WHERE {} > CAST({} AS BIGINT)", Sql.table(storageName),
        Sql.name(StoreNames.VERSION_COLUMN), Sql.constant(version)).statement(), List.of(), Map.of());
  }

  /** Drops a data table (H2 commits DDL on its own). */
  public void dropTable(String storageName) {
    execute(Sql.of("DROP TABLE IF EXISTS {}", Sql.table(storageName)));
  }

  /**
   * Runs one generated statement for many rows (inserts, deletes by key), sent in JDBC batches; each row gives the
   * values of the statement's {@link Binding.UserParameter}s. Failures arrive as the dialect's errors. Closing sends
   * what is left.
   */
  public static final class Batched implements AutoCloseable {
    private static final int BATCH = 1_000;
    private final H2Statement statement;
    private final PreparedStatement prepared;
    private int pending;

    private Batched(H2Statement statement, PreparedStatement prepared) {
      this.statement = statement;
      this.prepared = prepared;
    }

    public void add(List<Object> row) {
      try {
        bind(prepared, statement, row, Map.of());
        prepared.addBatch();
        if (++pending == BATCH) {
          send();
        }
      } catch (SQLException e) {
        throw H2Errors.translate(e);
      }
    }

    private void send() throws SQLException {
      prepared.executeBatch();
      pending = 0;
    }

    @Override
    public void close() {
      try (prepared) {
        if (pending > 0) {
          send();
        }
      } catch (SQLException e) {
        throw H2Errors.translate(e);
      }
    }
  }

  public static Batched batched(Connection connection, H2Statement statement) throws SQLException {
    return new Batched(statement, prepare(connection, statement.sql()));
  }

  /** Every row of a generated query run inside the caller's transaction, values as {@link #firstRow} gives them. */
  public static List<Object[]> allRows(Connection connection, H2Statement statement, List<Object> parameters,
      Map<String, Object> runtime) throws SQLException {
    List<Object[]> result = new ArrayList<>();
    try (PreparedStatement prepared = prepare(connection, statement.sql())) {
      bind(prepared, statement, parameters, runtime);
      try (ResultSet rows = prepared.executeQuery()) {
        int count = rows.getMetaData().getColumnCount();
        while (rows.next()) {
          Object[] row = new Object[count];
          for (int i = 0; i < count; i++) {
            row[i] = H2Cursor.plain(rows.getObject(i + 1));
          }
          result.add(row);
        }
      }
    }
    return result;
  }

  /** The first row of a generated query run inside the caller's transaction, or null when it has none. */
  public static Object[] firstRow(Connection connection, H2Statement statement, Map<String, Object> runtime)
      throws SQLException {
    return firstRow(connection, statement, List.of(), runtime);
  }

  public static Object[] firstRow(Connection connection, H2Statement statement, List<Object> parameters,
      Map<String, Object> runtime) throws SQLException {
    try (PreparedStatement prepared = prepare(connection, statement.sql())) {
      bind(prepared, statement, parameters, runtime);
      try (ResultSet rows = prepared.executeQuery()) {
        if (!rows.next()) {
          return null;
        }
        Object[] row = new Object[rows.getMetaData().getColumnCount()];
        for (int i = 0; i < row.length; i++) {
          row[i] = H2Cursor.plain(rows.getObject(i + 1));
        }
        return row;
      }
    }
  }

  /**
   * Prepares a statement and runs nothing: H2 refuses what it could not run (what the translator's checks do not
   * catch yet), so a view is refused when it is made rather than when it is first read.
   */
  public void check(H2Statement statement) {
    try (Connection connection = connections.getConnection();
        PreparedStatement prepared = prepare(connection, statement.sql())) {
      prepared.getParameterMetaData();
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  /** Runs a query and streams its rows; the cursor owns a pooled connection until closed. */
  public RowCursor query(H2Statement statement, List<Object> parameters, int fetchSize) {
    return query(statement, parameters, fetchSize, Map.of(), () -> { });
  }

  /**
   * Runs a query with values for its run-time bindings; {@code onClose} runs when the cursor closes (it releases
   * what the query reads, such as open file batches).
   */
  public RowCursor query(H2Statement statement, List<Object> parameters, int fetchSize, Map<String, Object> runtime,
      Runnable onClose) {
    Connection connection = null;
    try {
      connection = connections.getConnection();
      PreparedStatement prepared = prepare(connection, statement.sql(), ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.CONCUR_READ_ONLY);
      prepared.setFetchSize(fetchSize);
      bind(prepared, statement, parameters, runtime);
      return new H2Cursor(connection, prepared, prepared.executeQuery(), onClose);
    } catch (SQLException e) {
      closeQuietly(connection);
      throw H2Errors.translate(e);
    } catch (RuntimeException e) {
      closeQuietly(connection);
      throw e;
    }
  }


  /** Drops data tables that no catalog entry names: left behind by a crash between H2 DDL and the catalog commit. */
  public void dropOrphans(Set<String> known) {
    List<String> orphans = new ArrayList<>();
    try (Connection connection = connections.getConnection()) {
      for (Object[] row : allRows(connection, Sql.of("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES"
          + " WHERE TABLE_SCHEMA = {}", Sql.text(StoreNames.DATA_SCHEMA)).statement(), List.of(), Map.of())) {
        if (!known.contains((String) row[0])) {
          orphans.add((String) row[0]);
        }
      }
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
    for (String orphan : orphans) {
      dropTable(orphan);
    }
  }

  static void bind(PreparedStatement prepared, H2Statement statement, List<Object> parameters,
      Map<String, Object> runtime) throws SQLException {
    List<Binding> bindings = statement.bindings();
    for (int i = 0; i < bindings.size(); i++) {
      Object value;
      if (bindings.get(i) instanceof Binding.Constant constant) {
        value = constant.value();
      } else if (bindings.get(i) instanceof Binding.Runtime key) {
        if (!runtime.containsKey(key.key())) {
          throw Errors.internal("no run-time value for " + key.key(), null);
        }
        value = runtime.get(key.key());
      } else {
        int index = ((Binding.UserParameter) bindings.get(i)).index();
        if (index >= parameters.size()) {
          throw EngineException.of(ErrorClass.UNBOUND_SQL_PARAMETER).parameter("name", "?" + (index + 1)).build();
        }
        value = parameters.get(index);
      }
      prepared.setObject(i + 1, value);
    }
  }

  private static void closeQuietly(Connection connection) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // the original failure is what matters
      }
    }
  }

  @Override
  public void close() {
    Connection connection = null;
    try {
      connection = connections.getConnection();
      try (Statement statement = connection.createStatement()) {
        statement.execute("SHUTDOWN");
      }
    } catch (SQLException e) {
      throw Errors.internal("cannot shut the store down", e);
    } finally {
      closeQuietly(connection);
      pool.close();
    }
    directory.ifPresent(dir -> {
      try {
        java.nio.file.Files.writeString(dir.resolve(CLEAN_SHUTDOWN), "");
      } catch (java.io.IOException e) {
        // the next start rebuilds the indexes it did not need to
      }
    });
  }
}
