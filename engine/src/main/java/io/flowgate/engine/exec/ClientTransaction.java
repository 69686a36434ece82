package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.storage.StoreTransaction;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A client's transaction: statements of one session that commit together or not at all. Each table it writes gets one
 * commit version, taken at its first write and shared by the later ones, and one commit-log entry, written at COMMIT
 * in the same H2 transaction as the data. A statement that fails aborts it: the store rolls back at once and every
 * later statement is refused until the client rolls back. Thread-safe where it must be: the engine's idle sweep may
 * abort it between two statements.
 */
public final class ClientTransaction {
  private final StoreTransaction store;
  private final String user;
  private final Map<Long, TableCommit> commits = new LinkedHashMap<>();
  private boolean running;
  private Instant lastUsed = Instant.now();
  private Optional<EngineException> aborted = Optional.empty();
  private boolean ended;

  public ClientTransaction(StoreTransaction store, String user) {
    this.store = store;
    this.user = user;
  }

  /** The commit-log entry a table gets when the transaction commits, summed over its statements. */
  private static final class TableCommit {
    final long version;
    final java.util.Set<CommitOperation> operations = java.util.EnumSet.noneOf(CommitOperation.class);
    final Map<String, Long> metrics = new LinkedHashMap<>();
    final Map<String, String> parameters = new HashMap<>();

    TableCommit(long version) {
      this.version = version;
    }
  }

  /** What one statement wrote into a table: its row counts and the commit-log fields it adds. */
  public record Written(long[] counts, CommitOperation operation, Map<String, Long> metrics,
      Map<String, String> parameters) {}

  /** A write of one statement into one table at the transaction's version of it. */
  public interface TableWrite {
    Written run(Connection connection, long version) throws SQLException;
  }

  /** Whether {@code tableId} was written in this transaction. */
  public boolean wrote(long tableId) {
    return commits.containsKey(tableId);
  }

  /** Whether it holds the store's write turn (it has written). */
  public boolean writing() {
    return store.writing();
  }

  public long[] write(CatalogService catalog, long tableId, TableWrite work) {
    return store.write(connection -> {
      TableCommit commit = commits.get(tableId);
      long version = commit != null ? commit.version : catalog.nextVersion(connection, tableId);
      Written written = io.flowgate.engine.storage.History.atVersion(version, () -> work.run(connection, version));
      TableCommit kept = commits.computeIfAbsent(tableId, id -> new TableCommit(version));
      kept.operations.add(written.operation());
      written.metrics().forEach((name, value) -> kept.metrics.merge(name, value, Long::sum));
      kept.parameters.putAll(written.parameters());
      return written.counts();
    });
  }

  public RowCursor query(H2Statement statement, List<Object> parameters, int fetchSize, Map<String, Object> runtime,
      Runnable onClose) {
    return store.query(statement, parameters, fetchSize, runtime, onClose);
  }

  /**
   * Runs one statement in the transaction. One that was aborted refuses it; one that fails aborts it. Its store work
   * runs on this transaction's connection.
   */
  public <T> T run(Supplier<T> statement) {
    synchronized (this) {
      aborted.ifPresent(reason -> {
        throw reason;
      });
      running = true;
    }
    try {
      return store.statement(statement);
    } catch (RuntimeException e) {
      abort(EngineException.of(ErrorClass.TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT)
          .subClass("PREVIOUS_QUERY_FAILURE", "The previous query in the transaction failed.").build());
      throw e;
    } finally {
      synchronized (this) {
        running = false;
        lastUsed = Instant.now();
      }
    }
  }

  /** Marks it aborted for {@code reason} and rolls the store back now, so it holds no locks while it waits. */
  public synchronized void abort(EngineException reason) {
    if (aborted.isEmpty()) {
      aborted = Optional.of(reason);
    }
    store.rollback();
  }

  /** Aborts it when no statement of it ran for {@code idle}; returns whether it did. */
  public synchronized boolean abortIfIdle(Duration idle) {
    if (running || ended || aborted.isPresent() || lastUsed.plus(idle).isAfter(Instant.now())) {
      return false;
    }
    abort(EngineException.of(ErrorClass.TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT).subClass("IDLE_TIMEOUT_EXCEEDED",
        "It was idle for more than " + idle.toSeconds() + " seconds.").build());
    return true;
  }

  /** Why it was aborted, if it was. */
  public synchronized Optional<EngineException> aborted() {
    return aborted;
  }

  /**
   * Commits: the commit-log entry of every table it wrote, then the store. A failure rolls everything back and is
   * thrown; the transaction is over either way.
   */
  public synchronized void commit(CatalogService catalog) {
    aborted.ifPresent(reason -> {
      throw reason;
    });
    ended = true;
    try {
      if (!commits.isEmpty()) {
        store.statement(() -> store.write(connection -> {
          Instant now = Instant.now();
          for (Map.Entry<Long, TableCommit> entry : commits.entrySet()) {
            TableCommit commit = entry.getValue();
            CommitOperation operation = commit.operations.size() == 1 ? commit.operations.iterator().next()
                : CommitOperation.TRANSACTION;
            catalog.recordCommit(connection, new CommitInfo(entry.getKey(), commit.version, now, operation, user,
                commit.parameters, commit.metrics));
          }
          return null;
        }));
      }
      store.commit();
    } catch (RuntimeException e) {
      store.rollback();
      throw e;
    }
  }

  /** Undoes everything; the transaction is over. */
  public synchronized void rollback() {
    ended = true;
    store.rollback();
  }
}
