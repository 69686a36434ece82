package io.flowgate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.calcite.avatica.Meta;

/**
 * Avatica's client sends a prepared statement's whole signature (every result column's metadata) with each
 * execution, inside the statement's handle; Avatica itself leaves it out only for updates. The gateway keeps its
 * statements and never reads it, and a point query's request was mostly that signature: decoding it was a third of
 * the gateway's CPU under many clients. This wraps the client's {@link Meta} so an execution sends the bare handle.
 */
final class BareHandles implements InvocationHandler {
  private final Meta remote;

  private BareHandles(Meta remote) {
    this.remote = remote;
  }

  static Meta wrap(Meta remote) {
    return (Meta) Proxy.newProxyInstance(BareHandles.class.getClassLoader(), new Class<?>[] {Meta.class},
        new BareHandles(remote));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Object[] call = args;
    if (method.getName().equals("execute") && args[0] instanceof Meta.StatementHandle handle
        && handle.signature != null) {
      call = args.clone();
      call[0] = new Meta.StatementHandle(handle.connectionId, handle.id, null);
    }
    try {
      return method.invoke(remote, call);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
