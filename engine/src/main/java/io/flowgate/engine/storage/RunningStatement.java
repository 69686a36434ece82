package io.flowgate.engine.storage;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * A client statement while it runs: who runs it, since when, how long it may take, and the store statement it is in.
 * Every store statement prepared on its thread gets the time left as its query timeout and becomes the one a cancel
 * stops, so one client statement (a REFRESH of many store statements included) is bounded and cancelled as a whole,
 * and its transaction rolls back. Thread-safe: cancel comes from other threads.
 */
public final class RunningStatement {
  private static final ThreadLocal<RunningStatement> CURRENT = new ThreadLocal<>();

  private final String id;
  private final String user;
  private final String text;
  private final Instant started = Instant.now();
  private final long deadline;
  private final Duration timeout;
  private volatile boolean canceled;
  private volatile Statement inStore;

  public RunningStatement(String id, String user, String text, Duration timeout) {
    this.id = id;
    this.user = user;
    this.text = text;
    this.timeout = timeout;
    this.deadline = System.nanoTime() + timeout.toNanos();
  }

  public String id() {
    return id;
  }

  public String user() {
    return user;
  }

  public String text() {
    return text;
  }

  public Instant started() {
    return started;
  }

  public boolean canceled() {
    return canceled;
  }

  /** Runs {@code work} as this statement on the calling thread; one already running there is kept. */
  public <T> T run(Supplier<T> work) {
    if (CURRENT.get() != null) {
      return work.get();
    }
    CURRENT.set(this);
    try {
      return work.get();
    } finally {
      CURRENT.remove();
    }
  }

  /** Stops the statement: the store statement it is in now is cancelled, and it starts no other. */
  public void cancel() {
    canceled = true;
    Statement current = inStore;
    if (current != null) {
      try {
        current.cancel();
      } catch (SQLException alreadyDone) {
        // it finished or was closed meanwhile
      }
    }
  }

  /**
   * Runs {@code work} apart from the statement running on this thread: neither its cancel nor its deadline stops it
   * (an update writes that it was cancelled after its flow's transaction rolled back).
   */
  public static <T> T outside(Supplier<T> work) {
    RunningStatement running = CURRENT.get();
    CURRENT.remove();
    try {
      return work.get();
    } finally {
      if (running != null) {
        CURRENT.set(running);
      }
    }
  }

  /** The client statement running on this thread, if any. */
  public static java.util.Optional<RunningStatement> current() {
    return java.util.Optional.ofNullable(CURRENT.get());
  }

  /**
   * Gives {@code statement} the time left as its query timeout, to the millisecond, and makes it the one a cancel
   * stops; a store statement outside any client statement (a schedule's refresh, say) has no timeout, whatever the
   * connection's last statement had.
   *
   * <p>The timeout is set on the H2 session itself: JDBC's setQueryTimeout runs {@code SET QUERY_TIMEOUT}, which H2
   * parses anew on each pooled connection handle and counts as a metadata change that empties every session's query
   * cache, so each point lookup was parsed again.
   */
  static void apply(Statement statement) throws SQLException {
    RunningStatement running = CURRENT.get();
    int millis = 0;
    if (running != null) {
      long left = running.deadline - System.nanoTime();
      if (running.canceled || left <= 0) {
        // As the store reports a cancel, so callers close what they opened and H2Errors says why.
        throw new SQLException("canceled", "HY008", org.h2.api.ErrorCode.STATEMENT_WAS_CANCELED);
      }
      millis = (int) Math.min(Integer.MAX_VALUE, (left + 999_999L) / 1_000_000L);
      running.inStore = statement;
    }
    timeout(statement.getConnection(), millis);
  }

  /**
   * Sets the store session's query timeout ({@code 0}: none). A pooled connection keeps the last one set, so the
   * store clears it whenever it hands a connection out ({@link StoreConnections}).
   */
  static void timeout(Connection connection, int millis) throws SQLException {
    // the store is always an embedded H2 (a file or memory database), whose sessions are local
    SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
    if (session.getQueryTimeout() != millis) {
      session.setQueryTimeout(millis);
    }
  }

  /** Fails by name when the statement running on this thread was cancelled or ran out of time; else returns. */
  static void checkLive() {
    RunningStatement running = CURRENT.get();
    if (running == null) {
      return;
    }
    if (running.canceled) {
      throw EngineException.of(ErrorClass.OPERATION_CANCELED).build();
    }
    if (System.nanoTime() - running.deadline >= 0) {
      throw running.exceeded();
    }
  }

  /** Why the store cancelled the statement on this thread: a cancel, the timeout, or neither (null). */
  static EngineException whyCanceled() {
    RunningStatement running = CURRENT.get();
    if (running == null) {
      return null;
    }
    if (running.canceled) {
      return EngineException.of(ErrorClass.OPERATION_CANCELED).build();
    }
    return System.nanoTime() - running.deadline >= 0 ? running.exceeded() : null;
  }

  private EngineException exceeded() {
    return EngineException.of(ErrorClass.STATEMENT_TIMEOUT_EXCEEDED).parameter("seconds", timeout.toSeconds()).build();
  }
}
