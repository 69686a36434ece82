package io.flowgate.engine.api;

/**
 * Rows of a result, pulled one at a time; nothing is buffered beyond what the store fetches. Not thread-safe: one
 * caller at a time. Close it to release the store connection it holds.
 */
public interface RowCursor extends AutoCloseable {
  /** Moves to the next row; false when there are no more. */
  boolean next();

  /** The value of column {@code index} (0-based) of the current row, or null for SQL NULL. */
  Object get(int index);

  @Override
  void close();
}
