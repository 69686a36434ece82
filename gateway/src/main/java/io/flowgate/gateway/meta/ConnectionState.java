package io.flowgate.gateway.meta;

import io.flowgate.engine.Session;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** One client connection: its engine session, who opened it, and its open statements. */
final class ConnectionState {
  final Session session;
  final String user;
  final Map<Integer, StatementState> statements = new ConcurrentHashMap<>();
  private final AtomicInteger nextStatement = new AtomicInteger();

  ConnectionState(Session session, String user) {
    this.session = session;
    this.user = user;
  }

  StatementState newStatement(String connectionId) {
    int id = nextStatement.incrementAndGet();
    StatementState statement = new StatementState(connectionId, id);
    statements.put(id, statement);
    return statement;
  }

  void close() {
    statements.values().forEach(StatementState::close);
    statements.clear();
  }
}
