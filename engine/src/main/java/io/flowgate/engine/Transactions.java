package io.flowgate.engine;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.exec.ClientTransaction;
import io.flowgate.engine.storage.H2Storage;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The client transactions open now. Each holds a store connection, and one that wrote holds the store's only write
 * turn, so they are bounded in number and one left idle between statements is aborted: a forgotten transaction
 * cannot stop every other writer for long. Thread-safe.
 */
final class Transactions implements AutoCloseable {
  private final Set<ClientTransaction> open = ConcurrentHashMap.newKeySet();
  private final H2Storage storage;
  private final int limit;
  private final Duration idleTimeout;
  private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "flowgate-transaction-sweeper");
    thread.setDaemon(true);
    return thread;
  });

  Transactions(H2Storage storage, int limit, Duration idleTimeout) {
    this.storage = storage;
    this.limit = limit;
    this.idleTimeout = idleTimeout;
    long period = Math.max(10, Math.min(1_000, idleTimeout.toMillis() / 4));
    sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
  }

  synchronized ClientTransaction begin(String user) {
    if (open.size() >= limit) {
      throw EngineException.of(ErrorClass.TOO_MANY_OPEN_TRANSACTIONS).parameter("limit", limit).build();
    }
    ClientTransaction transaction = new ClientTransaction(storage.begin(), user);
    open.add(transaction);
    return transaction;
  }

  /** A transaction that committed, rolled back or was aborted holds nothing any more. */
  void ended(ClientTransaction transaction) {
    open.remove(transaction);
  }

  private void sweep() {
    for (ClientTransaction transaction : open) {
      try {
        if (transaction.abortIfIdle(idleTimeout)) {
          open.remove(transaction);
        }
      } catch (RuntimeException e) {
        // one transaction that cannot be rolled back must not stop the sweep of the others
        open.remove(transaction);
      }
    }
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
    open.forEach(ClientTransaction::rollback);
    open.clear();
  }
}
