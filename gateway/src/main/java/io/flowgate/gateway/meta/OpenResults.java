package io.flowgate.gateway.meta;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The open results of every client. Each holds a store connection until it is read to the end or closed, so they
 * are bounded per connection, per user and in all, below the store's pool (writes and new queries always find a
 * connection), and a result nobody has fetched from for {@code idleTimeout} is closed: a crashed client's results
 * are reclaimed in minutes, not when its connection expires. Thread-safe.
 */
final class OpenResults implements AutoCloseable {
  /** The bounds; {@code total} must stay below the store's connection pool. */
  record Limits(int perConnection, int perUser, int total, Duration idleTimeout) {}

  private final Limits limits;
  private final Set<StatementState> open = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "flowgate-result-sweeper");
    thread.setDaemon(true);
    return thread;
  });

  OpenResults(Limits limits) {
    this.limits = limits;
    long period = Math.max(1, limits.idleTimeout().toMillis() / 4);
    sweeper.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
  }

  /** Counts a new result of {@code statement}, or refuses it when a bound is reached. */
  synchronized void admit(StatementState statement, String user) {
    int ofConnection = 0;
    int ofUser = 0;
    for (StatementState other : open) {
      if (other.connectionId.equals(statement.connectionId)) {
        ofConnection++;
      }
      if (other.user.equals(user)) {
        ofUser++;
      }
    }
    if (ofConnection >= limits.perConnection()) {
      throw tooMany(limits.perConnection(), "on one connection");
    }
    if (ofUser >= limits.perUser()) {
      throw tooMany(limits.perUser(), "for one user");
    }
    if (open.size() >= limits.total()) {
      throw tooMany(limits.total(), "in all");
    }
    open.add(statement);
  }

  void released(StatementState statement) {
    open.remove(statement);
  }

  /** How many results are open, by user (for tests and operators). */
  Map<String, Integer> byUser() {
    Map<String, Integer> counts = new HashMap<>();
    open.forEach(statement -> counts.merge(statement.user, 1, Integer::sum));
    return counts;
  }

  private void closeIdle() {
    long now = System.nanoTime();
    for (StatementState statement : open) {
      if (now - statement.lastUse() > limits.idleTimeout().toNanos()) {
        statement.expire();
      }
    }
  }

  private static EngineException tooMany(int limit, String where) {
    return EngineException.of(ErrorClass.TOO_MANY_OPEN_RESULTS).parameter("limit", limit)
        .parameter("scope", where).build();
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
  }
}
