package io.flowgate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;

/**
 * Avatica's client keeps {@code setAutoCommit}, {@code setTransactionIsolation} and the like to itself until the next
 * statement is created, so a statement created before {@code setAutoCommit(false)} would run outside the transaction
 * and a refused setting would fail a later, unrelated call. This wraps the client's {@link Meta} so every setting
 * reaches the gateway when it is made: it takes effect at once and fails where it was set. A refused isolation level
 * is put back to READ COMMITTED so it is not sent again.
 */
final class ConnectionSettings implements InvocationHandler {
  private final Meta remote;

  private ConnectionSettings(Meta remote) {
    this.remote = remote;
  }

  static Meta wrap(Meta remote) {
    return (Meta) Proxy.newProxyInstance(ConnectionSettings.class.getClassLoader(), new Class<?>[] {Meta.class},
        new ConnectionSettings(remote));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Object result = call(method, args);
    if (method.getName().equals("connectionSync") && args[1] instanceof Meta.ConnectionProperties settings
        && !settings.isEmpty()) {
      Meta.ConnectionHandle connection = (Meta.ConnectionHandle) args[0];
      try {
        return remote.connectionSync(connection, new ConnectionPropertiesImpl());
      } catch (RuntimeException refused) {
        if (settings.getTransactionIsolation() != null) {
          remote.connectionSync(connection,
              new ConnectionPropertiesImpl().setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED));
        }
        throw refused;
      }
    }
    return result;
  }

  private Object call(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(remote, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
