package io.flowgate.engine;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.storage.RunningStatement;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The statements running in the engine now, for SHOW STATEMENTS and CANCEL STATEMENT: the administrator sees and
 * cancels every one, anyone else their own. Thread-safe.
 */
final class RunningStatements {
  private final Map<String, RunningStatement> running = new ConcurrentHashMap<>();
  private final AtomicLong next = new AtomicLong();

  /** An id for a statement whose caller gave none. */
  String newId() {
    return "s" + next.incrementAndGet();
  }

  void started(RunningStatement statement) {
    running.put(statement.id(), statement);
  }

  void finished(RunningStatement statement) {
    running.remove(statement.id(), statement);
  }

  /** Makes {@code statement} known by another id too (a client statement by the update it runs). */
  void alias(String id, RunningStatement statement) {
    running.put(id, statement);
  }

  void unalias(String id, RunningStatement statement) {
    running.remove(id, statement);
  }

  List<RunningStatement> visibleTo(String user) {
    return running.values().stream().distinct().filter(statement -> mayTouch(user, statement))
        .sorted(Comparator.comparing(RunningStatement::started)).toList();
  }

  /** Cancels statement {@code id}; one that is not running, or not {@code user}'s to cancel, is not found. */
  void cancel(String id, String user) {
    RunningStatement statement = running.get(id);
    if (statement == null || !mayTouch(user, statement)) {
      throw EngineException.of(ErrorClass.INVALID_STATEMENT_HANDLE).parameter("statementId", id).build();
    }
    statement.cancel();
  }

  void cancelIfRunning(String id) {
    RunningStatement statement = running.get(id);
    if (statement != null) {
      statement.cancel();
    }
  }

  private static boolean mayTouch(String user, RunningStatement statement) {
    return user.equals(Engine.ADMIN) || user.equals(statement.user());
  }
}
