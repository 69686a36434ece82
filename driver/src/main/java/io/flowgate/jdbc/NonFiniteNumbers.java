package io.flowgate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

/**
 * JSON has no NaN or infinity, so the server's JSON writer sends those doubles as the strings "NaN", "Infinity" and
 * "-Infinity", which Avatica's client would then fail to read as numbers. This wraps the client's {@link Meta} and
 * turns them back into doubles in every frame of a DOUBLE, FLOAT or REAL column, remembering each statement's
 * columns for the frames fetched later.
 */
final class NonFiniteNumbers implements InvocationHandler {
  private final Meta remote;
  /** The floating-point column positions of each open statement's result, by connection and statement id. */
  private final Map<String, boolean[]> floatingColumns = new ConcurrentHashMap<>();

  private NonFiniteNumbers(Meta remote) {
    this.remote = remote;
  }

  static Meta wrap(Meta remote) {
    return (Meta) Proxy.newProxyInstance(NonFiniteNumbers.class.getClassLoader(), new Class<?>[] {Meta.class},
        new NonFiniteNumbers(remote));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Object[] call = args == null ? null : args.clone();
    if (call != null) {
      for (int i = 0; i < call.length; i++) {
        if (call[i] instanceof Meta.PrepareCallback callback) {
          call[i] = new FixingCallback(callback, (Meta.StatementHandle) call[0]);
        }
      }
    }
    Object result;
    try {
      result = method.invoke(remote, call);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    if (result instanceof Meta.ExecuteResult executed) {
      List<Meta.MetaResultSet> fixed = new ArrayList<>();
      for (Meta.MetaResultSet set : executed.resultSets) {
        fixed.add(fix(set));
      }
      return new Meta.ExecuteResult(fixed);
    }
    if (result instanceof Meta.Frame frame && call != null && call[0] instanceof Meta.StatementHandle handle) {
      return fix(frame, floatingColumns.get(key(handle.connectionId, handle.id)));
    }
    if (method.getName().equals("closeStatement") && call != null && call[0] instanceof Meta.StatementHandle handle) {
      floatingColumns.remove(key(handle.connectionId, handle.id));
    }
    return result;
  }

  private Meta.MetaResultSet fix(Meta.MetaResultSet set) {
    if (set.signature == null || set.firstFrame == null) {
      return set;
    }
    boolean[] floating = remember(set.connectionId, set.statementId, set.signature);
    Meta.Frame frame = fix(set.firstFrame, floating);
    return frame == set.firstFrame ? set
        : Meta.MetaResultSet.create(set.connectionId, set.statementId, set.ownStatement, set.signature, frame);
  }

  private boolean[] remember(String connectionId, int statementId, Meta.Signature signature) {
    boolean[] floating = new boolean[signature.columns.size()];
    boolean any = false;
    for (int i = 0; i < floating.length; i++) {
      ColumnMetaData column = signature.columns.get(i);
      int type = column.type == null ? Types.OTHER : column.type.id;
      floating[i] = type == Types.DOUBLE || type == Types.FLOAT || type == Types.REAL;
      any |= floating[i];
    }
    if (any) {
      floatingColumns.put(key(connectionId, statementId), floating);
      return floating;
    }
    floatingColumns.remove(key(connectionId, statementId));
    return null;
  }

  private static Meta.Frame fix(Meta.Frame frame, boolean[] floating) {
    if (frame == null || floating == null) {
      return frame;
    }
    List<Object> rows = new ArrayList<>();
    boolean changed = false;
    for (Object row : frame.rows) {
      Object[] cells = row instanceof Object[] array ? array.clone() : row instanceof List<?> list ? list.toArray()
          : null;
      if (cells == null) {
        rows.add(row);
        continue;
      }
      boolean rowChanged = false;
      for (int i = 0; i < cells.length && i < floating.length; i++) {
        if (floating[i] && cells[i] instanceof String text
            && (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity"))) {
          cells[i] = Double.valueOf(text);
          rowChanged = true;
        }
      }
      changed |= rowChanged;
      rows.add(!rowChanged ? row : row instanceof Object[] ? cells : Arrays.asList(cells));
    }
    return changed ? Meta.Frame.create(frame.offset, frame.done, rows) : frame;
  }

  private static String key(String connectionId, int statementId) {
    return connectionId + "/" + statementId;
  }

  /** Fixes the first frame a statement's result arrives with, which reaches the statement through the callback. */
  private final class FixingCallback implements Meta.PrepareCallback {
    private final Meta.PrepareCallback delegate;
    private final Meta.StatementHandle handle;

    FixingCallback(Meta.PrepareCallback delegate, Meta.StatementHandle handle) {
      this.delegate = delegate;
      this.handle = handle;
    }

    @Override
    public Object getMonitor() {
      return delegate.getMonitor();
    }

    @Override
    public void clear() throws java.sql.SQLException {
      delegate.clear();
    }

    @Override
    public void assign(Meta.Signature signature, Meta.Frame firstFrame, long updateCount)
        throws java.sql.SQLException {
      Meta.Frame frame = firstFrame;
      if (signature != null && firstFrame != null) {
        frame = fix(firstFrame, remember(handle.connectionId, handle.id, signature));
      }
      delegate.assign(signature, frame, updateCount);
    }

    @Override
    public void execute() throws java.sql.SQLException {
      delegate.execute();
    }
  }
}
