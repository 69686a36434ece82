package io.flowgate.engine.plan;

import java.util.Map;

/**
 * What a statement is translated against: who runs it, the current catalog and schema, and the session's temporary
 * views by lower-case name (none inside a view, a function or a policy: those cannot see a session's views).
 */
public record SessionContext(String user, String catalog, String schema, Map<String, TempView> tempViews) {
  public SessionContext {
    tempViews = Map.copyOf(tempViews);
  }

  public SessionContext(String user, String catalog, String schema) {
    this(user, catalog, schema, Map.of());
  }
}
