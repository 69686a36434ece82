package io.flowgate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaSqlException;

/**
 * Wraps the JDBC objects the driver hands out so every {@link SQLException} reads exactly as the gateway wrote
 * it: {@code [ERROR_CLASS] text SQLSTATE: xxxxx}. Avatica prefixes server errors with
 * {@code Error -1 (state) : Error while executing SQL "...": Remote driver error: }; this is the one place that
 * prefix is removed.
 */
final class CleanErrors implements InvocationHandler {
  private static final Pattern SERVER_TEXT = Pattern.compile("(\\[[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*\\] .*)",
      Pattern.DOTALL);
  private static final List<Class<?>> WRAPPED = List.of(Connection.class, CallableStatement.class,
      PreparedStatement.class, Statement.class, DatabaseMetaData.class, ResultSet.class);

  private static final java.util.Set<String> EXECUTE = java.util.Set.of("execute", "executeQuery", "executeUpdate",
      "executeLargeUpdate", "executeBatch", "executeLargeBatch");
  private static final java.util.Set<String> KEYED_EXECUTE = java.util.Set.of("execute", "executeUpdate",
      "executeLargeUpdate");

  /**
   * What the driver knows of the gateway session of one connection: its query timeout (0: the gateway's own), as the
   * driver last set it, and its time zone, in which timestamps print.
   */
  static final class SessionState {
    private int seconds;
    private volatile java.time.ZoneId timeZone;
    /** The local paths PUT may read and GET may write ({@link Staging}). */
    private final List<java.nio.file.Path> stagingPaths;

    SessionState(java.time.ZoneId timeZone, List<java.nio.file.Path> stagingPaths) {
      this.timeZone = timeZone;
      this.stagingPaths = stagingPaths;
    }

    java.time.ZoneId timeZone() {
      return timeZone;
    }
  }

  /**
   * A statement that may change the session time zone: SET TIME ZONE, SET / RESET of TIMEZONE, or RESET of all,
   * after any comments.
   */
  private static final Pattern SETS_TIME_ZONE = Pattern.compile("(?is)\\s*((--[^\\n]*(\\n|$)|/\\*.*?\\*/)\\s*)*"
      + "(SET\\s+TIME\\s+ZONE\\b.*|(SET|RESET)\\s+(TIMEZONE|spark\\.sql\\.session\\.timeZone)\\b.*|RESET\\s*;?\\s*)");

  private final Object target;
  private final Connection connection;
  private final SessionState session;
  /** For a prepared statement, whether running it may change the session time zone (told once, when prepared). */
  private final boolean preparedSetsTimeZone;
  /**
   * For a result set, the statement's max rows when it had one (0: none). Avatica sends a prepared statement's
   * max rows only when it is prepared, so a later {@code setMaxRows} is applied here, as the rows are read.
   */
  private final long rowLimit;
  private long rowsRead;
  /** A statement prepared with a generated-keys form: each run of it reads its keys at once. */
  private boolean wantsKeys;
  /** The keys the statement's last write generated, read when it ran, until getGeneratedKeys takes them. */
  private ResultSet keys;
  /** For a result set, what reads its timestamps, binaries and java.time values; null otherwise. */
  private final ResultValues values;

  private CleanErrors(Object target, Connection connection, SessionState session, long rowLimit,
      String preparedSql) {
    this.target = target;
    this.connection = connection;
    this.session = session;
    this.rowLimit = rowLimit;
    this.preparedSetsTimeZone = setsTimeZone(preparedSql);
    this.values = target instanceof ResultSet rows ? new ResultValues(rows, session) : null;
  }

  /**
   * Wraps a new connection whose gateway session runs in {@code timeZone}, and whose PUT and GET may touch local files
   * under {@code stagingPaths}.
   */
  static Connection wrap(Connection connection, java.time.ZoneId timeZone, List<java.nio.file.Path> stagingPaths) {
    return (Connection) Proxy.newProxyInstance(CleanErrors.class.getClassLoader(), new Class<?>[] {Connection.class},
        new CleanErrors(connection, null, new SessionState(timeZone, stagingPaths), 0, null));
  }

  /**
   * After a statement that may have changed the session time zone, asks the gateway for it
   * ({@code current_timezone()}), so that timestamps print as the session's {@code CAST(ts AS STRING)} does.
   */
  private void followTimeZone(Statement statement, boolean setsTimeZone) throws SQLException {
    if (!setsTimeZone) {
      return;
    }
    try (Statement ask = statement.getConnection().createStatement();
        ResultSet zone = ask.executeQuery("SELECT current_timezone()")) {
      if (zone.next()) {
        session.timeZone = java.time.ZoneId.of(zone.getString(1));
      }
    } catch (SQLException e) {
      throw clean(e);
    }
  }

  /**
   * A statement's query timeout reaches the gateway as the session's STATEMENT_TIMEOUT, sent before the statement
   * runs whenever it differs from what the session has; the gateway cancels the statement when it runs out.
   */
  private void sendTimeout(Statement statement) throws SQLException {
    int wanted = statement.getQueryTimeout();
    synchronized (session) {
      if (wanted == session.seconds) {
        return;
      }
      try (Statement set = statement.getConnection().createStatement()) {
        set.execute(wanted == 0 ? "RESET STATEMENT_TIMEOUT" : "SET STATEMENT_TIMEOUT = " + wanted);
      } catch (SQLException e) {
        throw clean(e);
      }
      session.seconds = wanted;
    }
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getName().equals("unwrap") && args != null && args[0] instanceof Class<?> type
        && type.isInstance(proxy)) {
      return proxy;
    }
    if (method.getName().equals("getConnection") && connection != null) {
      return connection;
    }
    if (target instanceof DatabaseMetaData && (args == null || args.length == 0)
        && DialectMetadata.answer(method.getName()) != null) {
      return DialectMetadata.answer(method.getName());
    }
    if (method.getName().equals("getGeneratedKeys") && target instanceof Statement statement) {
      ResultSet kept = keys;
      keys = null;
      return kept != null ? kept : generatedKeys(statement);
    }
    if (GeneratedKeysForms.takesKeys(method)) {
      // The forms that ask for generated keys run as the plain ones: the gateway keeps the identity values of
      // every INSERT ... VALUES for the session, and the statement reads them at once, so they are its own.
      Object plain = invoke(proxy, method.getDeclaringClass().getMethod(method.getName(), String.class),
          new Object[] {args[0]});
      if (target instanceof Connection) {
        ((CleanErrors) Proxy.getInvocationHandler(plain)).wantsKeys = true;
      } else {
        keepKeys((Statement) target);
      }
      return plain;
    }
    if (method.getName().equals("getTypeMap") && target instanceof Connection) {
      // No user-defined type is mapped: JDBC has the map empty then (Avatica refuses the call, and tools that read
      // it, SchemaCrawler among them, warn).
      return new java.util.HashMap<String, Class<?>>();
    }
    if (method.getName().equals("isValid") && target instanceof Connection own) {
      return isValid(own, (Integer) args[0]);
    }
    if (method.getName().equals("cancel") && target instanceof org.apache.calcite.avatica.AvaticaStatement running
        && cancelInGateway(running)) {
      // The waiting execute gets OPERATION_CANCELED from the gateway; Avatica's own cancel would also leave the
      // statement unusable for the next execute.
      return null;
    }
    boolean next = rowLimit > 0 && method.getName().equals("next") && (args == null || args.length == 0);
    if (next && rowsRead >= rowLimit) {
      return false;
    }
    if (target instanceof PreparedStatement && (method.getName().equals("setObject")
        || method.getName().equals("setTimestamp") && args.length == 2)) {
      args = args.clone();
      args[1] = ParameterValues.sendable(args[1]);
      if (args[1] instanceof String text && method.getName().equals("setTimestamp")) {
        // a timestamp finer than Avatica's milliseconds travels as its text
        ((PreparedStatement) target).setString((Integer) args[0], text);
        return null;
      }
    }
    if (values != null && method.getName().startsWith("get")) {
      Object read;
      try {
        read = values.read(method.getName(), args);
      } catch (SQLException e) {
        throw clean(e);
      } catch (RuntimeException e) {
        throw asSqlException(e);
      }
      if (read != ResultValues.NOT_HANDLED) {
        return read;
      }
    }
    Object result;
    try {
      if (target instanceof Statement statement && EXECUTE.contains(method.getName())) {
        sendTimeout(statement);
        args = staged(statement, method, args);
      }
      result = method.invoke(target, args);
    } catch (InvocationTargetException e) {
      Throwable failure = e.getCause();
      SQLException error = failure instanceof SQLException sql ? clean(sql)
          : failure instanceof RuntimeException runtime && declaresSqlException(method) ? asSqlException(runtime)
          : null;
      if (error == null) {
        throw failure;
      }
      if ("HYT00".equals(error.getSQLState())) {
        throw new java.sql.SQLTimeoutException(error.getMessage(), error.getSQLState(), error);
      }
      if (method.getName().equals("executeBatch") || method.getName().equals("executeLargeBatch")) {
        // The gateway runs a batch in one transaction: when it fails, no command of it took effect.
        throw new java.sql.BatchUpdateException(error.getMessage(), error.getSQLState(), new int[0], error);
      }
      throw error;
    }
    if (next && Boolean.TRUE.equals(result)) {
      rowsRead++;
    }
    if (target instanceof Statement statement && EXECUTE.contains(method.getName())) {
      followTimeZone(statement, args != null && args.length > 0 && args[0] instanceof String sql ? setsTimeZone(sql)
          : preparedSetsTimeZone);
    }
    if (wantsKeys && (args == null || args.length == 0) && KEYED_EXECUTE.contains(method.getName())) {
      keepKeys((Statement) target);
    }
    if (result == null) {
      return null;
    }
    Class<?> returned = method.getReturnType();
    for (Class<?> type : WRAPPED) {
      if (returned == type || (returned.isInterface() && type.isAssignableFrom(returned) && returned != Object.class)) {
        Connection owner = proxy instanceof Connection own ? own : connection;
        long limit = result instanceof ResultSet && target instanceof Statement statement
            ? statement.getLargeMaxRows() : 0;
        String sql = result instanceof PreparedStatement && args != null && args.length > 0
            && args[0] instanceof String text ? text : null;
        return Proxy.newProxyInstance(CleanErrors.class.getClassLoader(), new Class<?>[] {returned},
            new CleanErrors(result, owner, session, limit, sql));
      }
    }
    return result;
  }

  /**
   * A PUT or GET run with {@code execute} or {@code executeQuery} on a plain statement: the driver moves the file
   * ({@link Staging}) and the statement runs as the LIST of it; any other call is left as it is.
   */
  private Object[] staged(Statement statement, Method method, Object[] args) throws SQLException {
    boolean plain = !(statement instanceof PreparedStatement) && args != null && args.length == 1
        && args[0] instanceof String && (method.getName().equals("execute") || method.getName().equals("executeQuery"));
    if (!plain) {
      return args;
    }
    try {
      return Staging.transfer(statement.getConnection(), (String) args[0], session.stagingPaths)
          .map(listing -> new Object[] {listing}).orElse(args);
    } catch (SQLException e) {
      throw clean(e);
    } catch (RuntimeException e) {
      throw asSqlException(e);
    }
  }

  private static boolean setsTimeZone(String sql) {
    return sql != null && SETS_TIME_ZONE.matcher(sql).matches();
  }

  /** Reads the keys the statement's write just generated, for its getGeneratedKeys. */
  private void keepKeys(Statement statement) throws SQLException {
    if (keys != null) {
      keys.close();
    }
    keys = generatedKeys(statement);
  }

  /**
   * The identity values the session's last INSERT generated, as the gateway kept them: read with SHOW GENERATED KEYS
   * on the same connection, in a statement that closes with its result.
   */
  private ResultSet generatedKeys(Statement statement) throws SQLException {
    Statement show = statement.getConnection().createStatement();
    try {
      show.closeOnCompletion();
      return show.executeQuery("SHOW GENERATED KEYS");
    } catch (SQLException e) {
      show.close();
      throw clean(e);
    }
  }

  /**
   * Avatica's protocol has no cancel request, and its own cancel only stops the client reading. So the driver asks
   * the gateway, on the same connection, to cancel the statement by the id the gateway runs it under; returns whether
   * the gateway had it running.
   */
  private static boolean cancelInGateway(org.apache.calcite.avatica.AvaticaStatement running) throws SQLException {
    org.apache.calcite.avatica.Meta.StatementHandle handle = running.handle;
    if (handle == null || running.isClosed()) {
      return false;
    }
    try (Statement cancel = running.getConnection().createStatement()) {
      cancel.execute("CANCEL STATEMENT '" + handle.connectionId.replace("'", "''") + "/" + handle.id + "'");
      return true;
    } catch (SQLException notRunning) {
      // INVALID_STATEMENT_HANDLE: nothing runs in the gateway (a result may be being read: Avatica's cancel stops it)
      return false;
    }
  }

  /**
   * Whether the gateway still serves this connection: a query answered within {@code seconds} (0: no limit). Avatica
   * only asks whether the client closed it, which stays true after the gateway restarts or forgets the connection,
   * and pools would keep handing out dead connections.
   */
  private static boolean isValid(Connection connection, int seconds) throws SQLException {
    if (seconds < 0) {
      throw new SQLException("[INVALID_PARAMETER_VALUE] The value of parameter(s) timeout in isValid is invalid:"
          + " it must not be negative. SQLSTATE: 22023", "22023");
    }
    if (connection.isClosed()) {
      return false;
    }
    java.util.concurrent.FutureTask<Boolean> probe = new java.util.concurrent.FutureTask<>(() -> {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT 1")) {
        return rows.next();
      } catch (SQLException | RuntimeException e) {
        return false;
      }
    });
    Thread thread = new Thread(probe, "flowgate-is-valid");
    thread.setDaemon(true);
    thread.start();
    try {
      return seconds == 0 ? probe.get() : probe.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      probe.cancel(true);
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return false;
    }
  }

  /**
   * The server's classified error inside a runtime failure of Avatica's client (a refused login arrives so), as the
   * SQLException it stands for; empty when the failure did not come from the server.
   */
  static java.util.Optional<SQLException> fromServer(RuntimeException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof org.apache.calcite.avatica.remote.AvaticaRuntimeException
          || cause instanceof org.apache.calcite.avatica.AvaticaClientRuntimeException) {
        String state = cause instanceof org.apache.calcite.avatica.AvaticaClientRuntimeException client
            ? client.getSqlState() : ((org.apache.calcite.avatica.remote.AvaticaRuntimeException) cause).getSqlState();
        Matcher matcher = cause.getMessage() == null ? null : SERVER_TEXT.matcher(cause.getMessage());
        if (matcher != null && matcher.find() && state != null) {
          return java.util.Optional.of(new SQLException(matcher.group(1), state, e));
        }
      }
    }
    return java.util.Optional.empty();
  }

  private static boolean declaresSqlException(Method method) {
    for (Class<?> thrown : method.getExceptionTypes()) {
      if (thrown.isAssignableFrom(SQLException.class)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Avatica's client reports some failures unchecked: a server error met while fetching, or the transport failing.
   * The application gets an SQLException for each: the server's own error, or a lost connection (08006), which
   * pools take as the signal to evict it.
   */
  static SQLException asSqlException(RuntimeException e) {
    java.util.Optional<SQLException> server = fromServer(e);
    if (server.isPresent()) {
      return server.get();
    }
    return transportFailure(e).orElseGet(() -> new SQLException("[INTERNAL_ERROR] The driver failed: " + e.getMessage() + " SQLSTATE: XX000", "XX000", e));
  }

  /**
   * A failure caused by the transport (an I/O error anywhere in its causes), as a lost connection: 08006; but a value
   * Avatica's JSON writer refused before sending anything is UNSUPPORTED_DATATYPE, and the connection stays good.
   */
  private static java.util.Optional<SQLException> transportFailure(Exception e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof java.io.IOException io && io.getClass().getName().contains(".jackson.")) {
        // Avatica's JSON writer refused a value before anything was sent: the connection is fine.
        return java.util.Optional.of(new SQLException("[UNSUPPORTED_DATATYPE] A value cannot be sent to the"
            + " gateway: " + io.getMessage() + " SQLSTATE: 0A000", "0A000", e));
      }
      if (cause instanceof java.io.IOException io) {
        return java.util.Optional.of(new SQLException("[CONNECTION_LOST] The connection to the gateway failed: "
            + io.getClass().getSimpleName() + (io.getMessage() == null ? "" : " (" + io.getMessage() + ")")
            + ". SQLSTATE: 08006", "08006", e));
      }
    }
    return java.util.Optional.empty();
  }

  static SQLException clean(SQLException e) {
    // Some client paths (prepare) keep the server's text only in a cause.
    Matcher matcher = null;
    for (Throwable cause = e; cause != null && matcher == null; cause = cause.getCause()) {
      List<String> texts = new java.util.ArrayList<>();
      texts.add(cause.getMessage());
      if (cause instanceof AvaticaSqlException avatica) {
        texts.addAll(avatica.getStackTraces());
      }
      for (String text : texts) {
        Matcher candidate = text == null ? null : SERVER_TEXT.matcher(text);
        if (matcher == null && candidate != null && candidate.find()) {
          matcher = candidate;
        }
      }
    }
    if (matcher == null) {
      // Not the server's answer: a transport failure wrapped by Avatica reads as a lost connection.
      return transportFailure(e).orElse(e);
    }
    if (matcher.group(1).equals(e.getMessage())) {
      return e;
    }
    SQLException cleaned = new SQLException(matcher.group(1), e.getSQLState(), e.getErrorCode(), e);
    cleaned.setNextException(e.getNextException());
    return cleaned;
  }
}
