package io.flowgate.engine.exec;

import java.util.function.Supplier;

/**
 * Where a running update is known by its id, so SHOW STATEMENTS lists it and {@code CANCEL STATEMENT 'update id'}
 * stops it (its flow's transaction rolls back): inside the client statement that runs it (a REFRESH, a CREATE), or,
 * for an asynchronous one, as a statement of its own, bounded by the engine's statement timeout.
 */
public interface RunningUpdates {
  /** Runs {@code work}, the update {@code updateId} of the table {@code tableId}, as a running statement. */
  <T> T run(String updateId, long tableId, String user, String what, Supplier<T> work);

  /** Whether an update of the table is running now, so a scheduler does not start a second one beside it. */
  boolean updating(long tableId);
}
