package io.flowgate.engine.storage;

import io.flowgate.engine.error.Errors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The store's single write turn (see {@link H2Storage}). Store work takes it for one H2 transaction or DDL statement
 * and may take it again on the same thread while it holds it; a client transaction takes it at its first write and
 * keeps it, across requests and threads, until it commits or rolls back. Fair: writers get it in the order they
 * asked. Thread-safe.
 */
final class WriteTurn {
  private static final long POLL_MILLIS = 50;
  /** The client transaction whose statement runs on this thread, if any. */
  static final ThreadLocal<StoreTransaction> ON_THREAD = new ThreadLocal<>();

  private final Semaphore permit = new Semaphore(1, true);
  private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);

  /** Takes the turn for store work on this thread, or counts one more use of it when this thread holds it. */
  void enter() {
    StoreTransaction client = ON_THREAD.get();
    if (client != null && client.writing()) {
      // Store work of its own would be a second H2 transaction beside the client's, which holds the turn: it would
      // wait for itself, and its commit would write the client transaction's uncommitted rows.
      throw Errors.internal("store work inside a client transaction's write", null);
    }
    int[] held = depth.get();
    if (held[0] == 0) {
      acquire();
    }
    held[0]++;
  }

  void exit() {
    int[] held = depth.get();
    if (--held[0] == 0) {
      permit.release();
    }
  }

  /**
   * Waits for the turn as long as the statement running on this thread may run; a cancel or its timeout ends the wait
   * by name. Work outside a client statement waits until the turn comes.
   */
  void acquire() {
    try {
      while (!permit.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
        RunningStatement.checkLive();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Errors.internal("interrupted while waiting to write", e);
    }
  }

  void release() {
    permit.release();
  }
}
