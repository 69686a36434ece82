package io.flowgate.gateway.meta;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.engine.Engine;
import io.flowgate.engine.api.PreparedInfo;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.Session;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.error.Errors;
import io.flowgate.gateway.convert.Columns;
import io.flowgate.gateway.convert.ErrorConverter;
import io.flowgate.gateway.convert.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Avatica's {@code Meta} over the engine: the only place engine types become Avatica types. Connections and
 * statements are kept in registries that expire idle entries; statements are keyed by connection, and a
 * connection id is bound to the user who opened it.
 */
public final class EngineMeta extends MetaImpl {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(EngineMeta.class);
  private static final int DEFAULT_FRAME_ROWS = 5_000;
  /** Avatica keeps a "schema" property to itself, so our driver sends the starting schema under this name. */
  private static final String SCHEMA_PROPERTY = "flowgate_schema";
  /** The session time zone our driver asks for (Avatica's client keeps {@code timeZone} for itself). */
  private static final String TIME_ZONE_PROPERTY = "flowgate_timezone";
  /** Our driver reads timestamps as microseconds; the stock client takes Avatica's milliseconds. */
  private static final String TIMESTAMP_UNIT_PROPERTY = "flowgate_timestamp_unit";

  private final Engine engine;
  private final Cache<String, ConnectionState> connections;
  private final MetadataResults metadata;
  private final Limits limits;
  private final OpenResults results;
  /** Who opened each connection id seen in the last day (ids are UUIDs the client picks). */
  private final Cache<String, String> owners = Caffeine.newBuilder().maximumSize(200_000)
      .expireAfterAccess(Duration.ofDays(1)).build();
  private static final int MAX_CONNECTION_ID = 64;

  /**
   * Connections and statements expire after {@code idleTimeout}; a result not fetched from for {@code
   * resultIdleTimeout} is closed; a user has at most {@code connectionsPerUser} open connections, each with at most
   * {@code statementsPerConnection} open statements.
   */
  public record Limits(Duration idleTimeout, Duration resultIdleTimeout, int connectionsPerUser,
      int statementsPerConnection) {}

  /**
   * Open results stay 16 below the store's {@code storeConnections}, so writes and new queries always find one; a
   * user may hold half of them, a connection at most 16.
   */
  public EngineMeta(Engine engine, Limits limits, int storeConnections) {
    super(null);
    this.engine = engine;
    this.limits = limits;
    int total = Math.max(4, storeConnections - 16);
    this.results = new OpenResults(new OpenResults.Limits(Math.min(16, total / 2), total / 2, total,
        limits.resultIdleTimeout()));
    this.connections = IdleRegistry.create(limits.idleTimeout(), ConnectionState::close);
    this.metadata = new MetadataResults(engine);
  }

  private <T> T guard(Supplier<T> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      throw ErrorConverter.toAvatica(e, RequestStatement.user().orElse("an unknown user"));
    }
  }

  /** A connection of the request's user: another user's connection is reported as not there. */
  private ConnectionState connection(String id) {
    ConnectionState state = id == null ? null : connections.getIfPresent(id);
    if (state == null || RequestUser.current().filter(user -> !user.equals(state.user)).isPresent()) {
      throw EngineException.of(ErrorClass.CONNECTION_NOT_FOUND).parameter("connectionId", id).build();
    }
    RequestStatement.user(state.user);
    return state;
  }

  private StatementState statement(StatementHandle handle) {
    if (handle == null) {
      throw EngineException.of(ErrorClass.INVALID_STATEMENT_HANDLE).parameter("statementId", "null").build();
    }
    return connection(handle.connectionId).statement(handle.id).orElseThrow(() ->
        EngineException.of(ErrorClass.INVALID_STATEMENT_HANDLE).parameter("statementId", handle.id).build());
  }

  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> sent) {
    guard(() -> {
      Map<String, String> info = sent == null ? Map.of() : sent;
      // An authenticated request runs as its user, whatever the properties say; under trust the client's "user"
      // property is taken as given (folded to lower case, as user names are).
      String user = RequestUser.current().orElseGet(() -> {
        String given = info.get("user");
        return given == null || given.isBlank() ? Engine.ADMIN : given.toLowerCase(java.util.Locale.ROOT);
      });
      if (ch.id == null || ch.id.isEmpty() || ch.id.length() > MAX_CONNECTION_ID) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "connectionId")
            .parameter("functionName", "openConnection").parameter("message", "a connection id has 1 to "
                + MAX_CONNECTION_ID + " characters").build();
      }
      // An id belongs to the first user who opened it, for as long as it is remembered: another user can neither
      // use it while it is open nor open it again after it was closed.
      String owner = owners.get(ch.id, id -> user);
      if (!owner.equals(user)) {
        throw EngineException.of(ErrorClass.CONNECTION_NOT_FOUND).parameter("connectionId", ch.id).build();
      }
      if (connections.getIfPresent(ch.id) != null) {
        return null;
      }
      long open = connections.asMap().values().stream().filter(state -> state.user.equals(user)).count();
      if (open >= limits.connectionsPerUser()) {
        throw EngineException.of(ErrorClass.TOO_MANY_CONNECTIONS).parameter("user", user)
            .parameter("limit", limits.connectionsPerUser()).build();
      }
      Map<String, String> properties = new HashMap<>();
      for (String key : List.of("catalog", "schema", SCHEMA_PROPERTY, "timezone", TIME_ZONE_PROPERTY)) {
        if (info.get(key) != null && !info.get(key).isBlank()) {
          properties.put(key.equals(SCHEMA_PROPERTY) ? "schema" : key.equals(TIME_ZONE_PROPERTY) ? "timezone" : key,
              info.get(key));
        }
      }
      Session session = engine.openSession(new Principal(user), properties);
      log.info("connection {} opened by {}", ConnectionState.logged(ch.id), user);
      connections.put(ch.id, new ConnectionState(ch.id, session, user, limits.idleTimeout(),
          limits.statementsPerConnection(), results, "micros".equals(info.get(TIMESTAMP_UNIT_PROPERTY))));
      return null;
    });
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    guard(() -> {
      if (ch.id == null) {
        throw EngineException.of(ErrorClass.CONNECTION_NOT_FOUND).parameter("connectionId", "null").build();
      }
      if (connections.getIfPresent(ch.id) != null) {
        ConnectionState state = connection(ch.id);
        connections.invalidate(ch.id);
        // Now, not when the registry's removal listener gets to it: the user's bounds count what is still open.
        state.close();
      }
      return null;
    });
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties properties) {
    return guard(() -> {
      ConnectionState state = connection(ch.id);
      Session session = state.session;
      // A catalog or schema the client echoes back as the last sync reported it is no change: a USE since then
      // stands. Anything else is the client's setCatalog or setSchema.
      String catalog = properties.getCatalog();
      if (catalog != null && !catalog.equalsIgnoreCase(state.reportedCatalog)
          && !catalog.equalsIgnoreCase(session.catalog())) {
        session.useCatalog(catalog);
      }
      String schema = properties.getSchema();
      if (schema != null && !schema.equalsIgnoreCase(state.reportedSchema)
          && !schema.equalsIgnoreCase(session.schema())) {
        session.useSchema(schema);
      }
      Integer isolation = properties.getTransactionIsolation();
      if (isolation != null && isolation != java.sql.Connection.TRANSACTION_READ_COMMITTED
          && isolation != java.sql.Connection.TRANSACTION_READ_UNCOMMITTED) {
        // JDBC lets a driver give a stronger level than asked for, never a weaker one: READ UNCOMMITTED gets READ
        // COMMITTED, REPEATABLE READ and SERIALIZABLE are refused.
        throw Errors.notSupported("transaction isolation level " + isolation + " (transactions here are READ"
            + " COMMITTED: Connection.TRANSACTION_READ_COMMITTED)", null);
      }
      if (properties.isAutoCommit() != null) {
        session.setAutoCommit(properties.isAutoCommit());
      }
      // setReadOnly is a hint JDBC lets a driver ignore; the connection says it is not read-only, which is true.
      state.reportedCatalog = session.catalog();
      state.reportedSchema = session.schema();
      return new ConnectionPropertiesImpl(session.autoCommit(), false, java.sql.Connection.TRANSACTION_READ_COMMITTED,
          session.catalog(), session.schema());
    });
  }

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    return guard(() -> {
      StatementState statement = connection(ch.id).newStatement(ch.id);
      return new StatementHandle(ch.id, statement.id, null);
    });
  }

  @Override
  public void closeStatement(StatementHandle h) {
    guard(() -> {
      if (h.connectionId == null) {
        throw EngineException.of(ErrorClass.CONNECTION_NOT_FOUND).parameter("connectionId", "null").build();
      }
      if (connections.getIfPresent(h.connectionId) != null) {
        connection(h.connectionId).closeStatement(h.id);
      }
      return null;
    });
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    return guard(() -> {
      ConnectionState state = connection(ch.id);
      PreparedInfo prepared = state.session.prepare(sql);
      StatementState statement = state.newStatement(ch.id);
      statement.sql = sql;
      StatementHandle handle = new StatementHandle(ch.id, statement.id, signature(sql, prepared.columns(),
          prepared.parameterTypes(), prepared.query()));
      return handle;
    });
  }

  /** The id SHOW STATEMENTS gives a client statement and CANCEL STATEMENT takes: its connection's and its own. */
  public static String statementId(String connectionId, int statementId) {
    return connectionId + "/" + statementId;
  }

  private static Signature signature(String sql, List<ResultColumn> columns,
      List<java.util.Optional<SqlType>> parameterTypes, boolean query) {
    List<AvaticaParameter> parameters = new ArrayList<>();
    for (int i = 0; i < parameterTypes.size(); i++) {
      parameters.add(Columns.parameter(parameterTypes.get(i), "?" + (i + 1)));
    }
    return Signature.create(Columns.of(columns), sql, parameters, CursorFactory.ARRAY,
        query ? StatementType.SELECT : StatementType.OTHER_DML);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
      throws NoSuchStatementException {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
      PrepareCallback callback) throws NoSuchStatementException {
    return guard(() -> {
      StatementState statement = statement(h);
      statement.sql = sql;
      return run(statement, sql, List.of(), maxRowCount, maxRowsInFirstFrame);
    });
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
      throws NoSuchStatementException {
    return execute(h, parameterValues, -1);
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
      throws NoSuchStatementException {
    return guard(() -> {
      StatementState statement = statement(h);
      return run(statement, statement.sql, Values.fromWire(parameterValues), -1, maxRowsInFirstFrame);
    });
  }

  private ExecuteResult run(StatementState statement, String sql, List<Object> parameters, long maxRowCount,
      int maxRowsInFirstFrame) {
    Session session = connection(statement.connectionId).session;
    String id = statementId(statement.connectionId, statement.id);
    RequestStatement.running(id);
    StatementResult result = session.execute(sql, parameters, id);
    if (result instanceof StatementResult.Rows rows) {
      statement.replaceCursor(rows.cursor(), rows.columns(), maxRowCount > 0 ? maxRowCount : Long.MAX_VALUE);
      Signature signature = signature(sql, rows.columns(), List.of(), true);
      Frame first = nextFrame(statement, 0, maxRowsInFirstFrame);
      return new ExecuteResult(List.of(MetaResultSet.create(statement.connectionId, statement.id, false, signature,
          first)));
    }
    statement.close();
    long count = result instanceof StatementResult.UpdateCount update ? update.count() : 0;
    return new ExecuteResult(List.of(MetaResultSet.count(statement.connectionId, statement.id, count)));
  }

  private static Frame nextFrame(StatementState statement, long offset, int requested) {
    if (statement.expired()) {
      throw EngineException.of(ErrorClass.RESULT_EXPIRED).parameter("statementId", statement.id).build();
    }
    statement.touch();
    int limit = requested > 0 ? requested : DEFAULT_FRAME_ROWS;
    List<Object> rows = new ArrayList<>(Math.min(limit, DEFAULT_FRAME_ROWS));
    List<ResultColumn> columns = statement.columns;
    boolean done = statement.cursor == null;
    while (!done && rows.size() < limit) {
      if (statement.rowsSent >= statement.maxRows || !statement.cursor.next()) {
        statement.close();
        done = true;
        break;
      }
      Object[] row = new Object[columns.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = Values.toWire(statement.cursor.get(i), columns.get(i), statement.microseconds);
      }
      rows.add(row);
      statement.rowsSent++;
    }
    return Frame.create(offset, done, rows);
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
      throws NoSuchStatementException, MissingResultsException {
    return guard(() -> {
      StatementState statement = statement(h);
      synchronized (statement) {
        return nextFrame(statement, offset, fetchMaxRowCount);
      }
    });
  }

  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
      throws NoSuchStatementException {
    return guard(() -> {
      StatementState statement = statement(h);
      Session session = connection(h.connectionId).session;
      List<List<Object>> sets = new ArrayList<>(parameterValues.size());
      for (List<TypedValue> values : parameterValues) {
        sets.add(Values.fromWire(values));
      }
      String id = statementId(h.connectionId, h.id);
      RequestStatement.running(id);
      return new ExecuteBatchResult(session.executeBatch(statement.sql, sets, id));
    });
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
      throws NoSuchStatementException {
    return guard(() -> {
      Session session = connection(h.connectionId).session;
      long[] counts = new long[sqlCommands.size()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = updateCount(session.execute(sqlCommands.get(i), List.of()));
      }
      return new ExecuteBatchResult(counts);
    });
  }

  /**
   * The update count of a statement in a batch. A query has none: its result is closed (it holds a store
   * connection) and the batch fails, as JDBC has it for a batch command that returns a result set.
   */
  private static long updateCount(StatementResult result) {
    if (result instanceof StatementResult.Rows rows) {
      rows.cursor().close();
      throw Errors.notSupported("a query in a batch (executeBatch runs statements that return update counts)",
          null);
    }
    return result instanceof StatementResult.UpdateCount update ? update.count() : 0;
  }

  @Override
  public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
    return guard(() -> {
      statement(sh);
      return false;
    });
  }

  @Override
  public void commit(ConnectionHandle ch) {
    guard(() -> {
      connection(ch.id).session.commit();
      return null;
    });
  }

  @Override
  public void rollback(ConnectionHandle ch) {
    guard(() -> {
      connection(ch.id).session.rollback();
      return null;
    });
  }

  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    guard(() -> connection(ch.id));
    Map<DatabaseProperty, Object> properties = new HashMap<>();
    properties.put(DatabaseProperty.GET_DRIVER_NAME, "Flowgate JDBC Driver");
    properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_NAME, "Flowgate");
    properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION, MetadataResults.VERSION);
    properties.put(DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, java.sql.Connection.TRANSACTION_READ_COMMITTED);
    properties.put(DatabaseProperty.GET_STRING_FUNCTIONS, "upper,lower,length,substring,concat,trim,replace");
    properties.put(DatabaseProperty.GET_NUMERIC_FUNCTIONS, "abs,ceil,floor,round,sqrt,pow,mod");
    properties.put(DatabaseProperty.GET_TIME_DATE_FUNCTIONS, "current_date,current_timestamp,year,month,day");
    properties.put(DatabaseProperty.GET_SYSTEM_FUNCTIONS, "current_user,current_catalog,current_schema");
    return properties;
  }

  private MetaResultSet table(String connectionId, MetadataResults.Table table) {
    List<ColumnMetaData> columns = new ArrayList<>();
    for (int i = 0; i < table.columns().size(); i++) {
      MetadataResults.Column column = table.columns().get(i);
      columns.add(MetaImpl.columnMetaData(column.name(), i, column.type(), true));
    }
    Signature signature = Signature.create(columns, "", List.of(), CursorFactory.ARRAY, StatementType.SELECT);
    // Each result has a statement id of its own (the client keys its statements by id); its rows all travel in
    // the first frame, so nothing is kept for it here and closing it is a no-op.
    int id = connection(connectionId).reserveStatementId();
    return MetaResultSet.create(connectionId, id, true, signature, Frame.create(0, true,
        new ArrayList<>(table.rows())));
  }

  @Override
  public MetaResultSet getCatalogs(ConnectionHandle ch) {
    return guard(() -> table(ch.id, metadata.catalogs(connection(ch.id).user)));
  }

  @Override
  public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    return guard(() -> table(ch.id, metadata.schemas(connection(ch.id).user, catalog, schemaPattern.s)));
  }

  @Override
  public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      List<String> typeList) {
    return guard(() -> table(ch.id, metadata.tables(connection(ch.id).user, catalog, schemaPattern.s,
        tableNamePattern.s, typeList)));
  }

  @Override
  public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      Pat columnNamePattern) {
    return guard(() -> table(ch.id, metadata.columns(connection(ch.id).user, catalog, schemaPattern.s,
        tableNamePattern.s, columnNamePattern.s)));
  }

  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    return guard(() -> table(ch.id, metadata.tableTypes()));
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    return guard(() -> table(ch.id, metadata.typeInfo()));
  }

  /** Cancels a running statement for the gateway itself (its client went away); one not running is left. */
  public void cancelRunning(String statementId) {
    engine.cancelRunning(statementId);
  }

  /** The user who opened the connection {@code id}, if it is open. */
  public Optional<String> userOf(String id) {
    return Optional.ofNullable(connections.getIfPresent(id)).map(state -> state.user);
  }

  /** Closes every connection and its results, and stops reclaiming idle ones. */
  public void close() {
    connections.invalidateAll();
    connections.cleanUp();
    results.close();
  }
}
