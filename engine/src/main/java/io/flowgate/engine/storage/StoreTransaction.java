package io.flowgate.engine.storage;

import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.h2.H2Statement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One client transaction's H2 connection, held from its first statement to its commit or rollback. Its reads see
 * its own writes and what others committed (READ COMMITTED); nobody sees its writes before it commits. It takes the
 * store's write turn at its first write and keeps it to the end, so its uncommitted rows are never written to the file
 * by another transaction's commit. Not thread-safe: the engine session runs one statement at a time.
 */
public final class StoreTransaction {
  private final Connection connection;
  private final WriteTurn turn;
  private final List<H2Cursor> cursors = new ArrayList<>();
  private boolean writing;
  private boolean ended;

  StoreTransaction(Connection connection, WriteTurn turn) {
    this.connection = connection;
    this.turn = turn;
  }

  /** Whether it has written (and so holds the write turn). */
  public boolean writing() {
    return writing;
  }

  /** Runs a write inside the transaction, taking the write turn first if it does not hold it yet. */
  public <T> T write(H2Storage.TransactionWork<T> work) {
    if (!writing) {
      turn.acquire();
      writing = true;
    }
    try {
      return work.run(connection);
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  /**
   * Runs one client statement of this transaction on the calling thread: store work of its own (which would be a
   * second H2 transaction) fails at once while this one holds the write turn, rather than waiting for it.
   */
  public <T> T statement(java.util.function.Supplier<T> work) {
    WriteTurn.ON_THREAD.set(this);
    try {
      return work.get();
    } finally {
      WriteTurn.ON_THREAD.remove();
    }
  }

  /** Runs a query inside the transaction; its cursor is closed at the latest when the transaction ends. */
  public RowCursor query(H2Statement statement, List<Object> parameters, int fetchSize, Map<String, Object> runtime,
      Runnable onClose) {
    try {
      PreparedStatement prepared = H2Storage.prepare(connection, statement.sql(), ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.CONCUR_READ_ONLY);
      try {
        prepared.setFetchSize(fetchSize);
        H2Storage.bind(prepared, statement, parameters, runtime);
        H2Cursor cursor = new H2Cursor(null, prepared, prepared.executeQuery(), onClose);
        cursors.add(cursor);
        return cursor;
      } catch (SQLException | RuntimeException e) {
        prepared.close();
        throw e;
      }
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    }
  }

  public void commit() {
    try {
      closeCursors();
      connection.commit();
    } catch (SQLException e) {
      throw H2Errors.translate(e);
    } finally {
      end();
    }
  }

  /** Undoes everything it wrote; safe to call again, or after a failed commit. */
  public void rollback() {
    if (ended) {
      return;
    }
    try {
      closeCursors();
      connection.rollback();
    } catch (SQLException ignored) {
      // closing the connection below rolls back what is left; the store is not told twice
    } finally {
      end();
    }
  }

  private void closeCursors() {
    cursors.forEach(H2Cursor::endWithTransaction);
    cursors.clear();
  }

  private void end() {
    if (ended) {
      return;
    }
    ended = true;
    try {
      connection.close();
    } catch (SQLException ignored) {
      // the pool discards a connection it cannot reset
    } finally {
      if (writing) {
        turn.release();
      }
    }
  }
}
