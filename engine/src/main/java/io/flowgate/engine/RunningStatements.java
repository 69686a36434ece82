package io.flowgate.engine;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.storage.RunningStatement;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The statements running in the engine now, for SHOW STATEMENTS and CANCEL STATEMENT: the administrator sees and
 * cancels every one, anyone else their own, and an update, by its id, also its table's owner. Thread-safe.
 */
final class RunningStatements {
  private final Map<String, RunningStatement> running = new ConcurrentHashMap<>();
  /** Who else may see and cancel a statement known by an id: an update's table's owners. */
  private final Map<String, Predicate<String>> alsoFor = new ConcurrentHashMap<>();
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

  /**
   * Makes {@code statement} known by another id too (a client statement by the update it runs), which the users
   * {@code alsoBy} accepts may see and cancel as well as the statement's own user.
   */
  void alias(String id, RunningStatement statement, Predicate<String> alsoBy) {
    alsoFor.put(id, alsoBy);
    running.put(id, statement);
  }

  void unalias(String id, RunningStatement statement) {
    if (running.remove(id, statement)) {
      alsoFor.remove(id);
    }
  }

  List<RunningStatement> visibleTo(String user) {
    return running.entrySet().stream().filter(entry -> mayTouch(user, entry.getKey(), entry.getValue()))
        .map(Map.Entry::getValue).distinct().sorted(Comparator.comparing(RunningStatement::started)).toList();
  }

  /** Cancels statement {@code id}; one that is not running, or not {@code user}'s to cancel, is not found. */
  void cancel(String id, String user) {
    RunningStatement statement = running.get(id);
    if (statement == null || !mayTouch(user, id, statement)) {
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

  private boolean mayTouch(String user, String id, RunningStatement statement) {
    return user.equals(Engine.ADMIN) || user.equals(statement.user())
        || alsoFor.getOrDefault(id, anyone -> false).test(user);
  }
}
