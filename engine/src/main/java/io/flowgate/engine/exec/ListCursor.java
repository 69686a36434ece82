package io.flowgate.engine.exec;

import io.flowgate.engine.api.RowCursor;
import java.util.Iterator;
import java.util.List;

/** A cursor over rows the engine computed itself (SHOW, DESCRIBE), never over table data. */
public final class ListCursor implements RowCursor {
  private final Iterator<List<Object>> rows;
  private List<Object> current;

  public ListCursor(List<List<Object>> rows) {
    this.rows = rows.iterator();
  }

  @Override
  public boolean next() {
    if (!rows.hasNext()) {
      current = null;
      return false;
    }
    current = rows.next();
    return true;
  }

  @Override
  public Object get(int index) {
    return current.get(index);
  }

  @Override
  public void close() {
    current = null;
  }
}
