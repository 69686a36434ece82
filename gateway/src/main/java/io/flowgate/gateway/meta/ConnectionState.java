package io.flowgate.gateway.meta;

import com.github.benmanes.caffeine.cache.Cache;
import io.flowgate.engine.Session;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client connection: its engine session, who opened it, and its statements. A statement left idle expires and
 * its cursor (which holds a store connection) is closed, so a client that forgets to close results cannot starve
 * the store.
 */
final class ConnectionState {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ConnectionState.class);

  final String id;
  final Session session;
  final String user;
  private final Cache<Integer, StatementState> statements;
  private final AtomicInteger nextStatement = new AtomicInteger();
  private final OpenResults results;
  private final int maxStatements;
  /**
   * The catalog and schema the last connectionSync answered with (null before the first). Avatica's client sends
   * every property it holds back with each sync, so these come back unchanged when only auto-commit changed.
   */
  volatile String reportedCatalog;
  volatile String reportedSchema;
  /** Whether the client reads timestamps as microseconds (Flowgate's driver) rather than Avatica's milliseconds. */
  private final boolean microseconds;
  /** Closing happens once: the client's closeConnection and the registry's removal listener both ask for it. */
  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  ConnectionState(String id, Session session, String user, Duration statementIdleTimeout, int maxStatements,
      OpenResults results, boolean microseconds) {
    this.id = id;
    this.microseconds = microseconds;
    this.session = session;
    this.user = user;
    this.results = results;
    this.maxStatements = maxStatements;
    this.statements = IdleRegistry.create(statementIdleTimeout, StatementState::close);
  }

  /**
   * A connection id as the log names it: its first eight characters, enough to follow one connection, too few to
   * take it over (under trust an id and a user name are all a request needs).
   */
  static String logged(String connectionId) {
    return connectionId.substring(0, Math.min(8, connectionId.length()));
  }

  StatementState newStatement(String connectionId) {
    if (statements.estimatedSize() >= maxStatements) {
      statements.cleanUp();
      if (statements.estimatedSize() >= maxStatements) {
        throw EngineException.of(ErrorClass.TOO_MANY_OPEN_STATEMENTS).parameter("limit", maxStatements).build();
      }
    }
    int id = nextStatement.incrementAndGet();
    StatementState statement = new StatementState(connectionId, id, user, results, microseconds);
    statements.put(id, statement);
    return statement;
  }

  /** A statement id nobody else on this connection has, for a result that needs no server-side state. */
  int reserveStatementId() {
    return nextStatement.incrementAndGet();
  }

  Optional<StatementState> statement(int id) {
    return Optional.ofNullable(statements.getIfPresent(id));
  }

  /**
   * Closes a statement now: the registry's removal listener runs later, on another thread, and the client may run
   * its next query before it has, finding the closed one's result still counted against its bounds.
   */
  void closeStatement(int id) {
    StatementState statement = statements.getIfPresent(id);
    statements.invalidate(id);
    if (statement != null) {
      statement.close();
    }
  }

  /** The client closed the connection, or it expired: its results close and its open transaction rolls back. */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    log.info("connection {} of {} closed", logged(id), user);
    statements.asMap().values().forEach(StatementState::close);
    statements.invalidateAll();
    statements.cleanUp();
    session.close();
  }
}
