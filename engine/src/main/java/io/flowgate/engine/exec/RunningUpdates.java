package io.flowgate.engine.exec;

import java.util.function.Supplier;

/**
 * Where a running update is known by its id, so SHOW STATEMENTS lists it and {@code CANCEL STATEMENT 'update id'}
 * stops it (its flow's transaction rolls back): inside the client statement that runs it (a REFRESH, a CREATE), or,
 * for an asynchronous one, as a statement of its own, bounded by the engine's statement timeout. The user who started
 * it, the table's owner and the administrator may cancel it.
 */
public interface RunningUpdates {
  /**
   * Runs {@code work}, the update {@code updateId} of the table {@code tableId}, as {@code user}'s running
   * statement, which the table's {@code owners} may also see and cancel.
   */
  <T> T run(String updateId, long tableId, java.util.function.Predicate<String> owners, String user, String what,
      Supplier<T> work);

  /** Whether an update of the table is running now, so a scheduler does not start a second one beside it. */
  boolean updating(long tableId);
}
