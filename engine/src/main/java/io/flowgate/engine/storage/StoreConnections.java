package io.flowgate.engine.storage;

import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The store's pooled connections, each handed out without a query timeout: the timeout lives on the H2 session
 * ({@link RunningStatement#timeout}), which a pooled connection keeps from its last user, and work outside a client
 * statement (the catalog's reads, a schedule's refresh) must not inherit a few milliseconds a client had left.
 */
final class StoreConnections implements DataSource {
  private final HikariDataSource pool;

  StoreConnections(HikariDataSource pool) {
    this.pool = pool;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = pool.getConnection();
    try {
      RunningStatement.timeout(connection, 0);
      return connection;
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("the store's connections take no credentials");
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return pool.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    pool.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    pool.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return pool.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return pool.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("not a wrapper of " + type.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
