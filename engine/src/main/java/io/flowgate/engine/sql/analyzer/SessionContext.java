package io.flowgate.engine.sql.analyzer;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

/**
 * What a statement is translated against: who runs it, the current catalog and schema, the session's temporary
 * views by lower-case name (none inside a view, a function or a policy: those cannot see a session's views), the
 * session time zone, in which TIMESTAMP values (instants) are read from and written as wall-clock text and fields,
 * and the pipeline project whose private datasets its flows may name. Flows and definitions run in UTC, as a
 * pipeline's default.
 */
public record SessionContext(String user, String catalog, String schema, Map<String, TempView> tempViews,
    ZoneId timeZone, Optional<String> pipeline) {
  /** The default session time zone, and the one flows run in. */
  public static final ZoneId UTC = ZoneId.of("UTC");

  public SessionContext {
    tempViews = Map.copyOf(tempViews);
  }

  public SessionContext(String user, String catalog, String schema, Map<String, TempView> tempViews,
      ZoneId timeZone) {
    this(user, catalog, schema, tempViews, timeZone, Optional.empty());
  }

  public SessionContext(String user, String catalog, String schema, Map<String, TempView> tempViews) {
    this(user, catalog, schema, tempViews, UTC);
  }

  /** The same context inside pipeline project {@code key} (or none): its flows name its private datasets. */
  public SessionContext inPipeline(Optional<String> key) {
    return new SessionContext(user, catalog, schema, tempViews, timeZone, key);
  }

  public SessionContext(String user, String catalog, String schema) {
    this(user, catalog, schema, Map.of());
  }

  /** The same session at another catalog and schema, without temporary views (inside a function or policy). */
  SessionContext at(String catalogName, String schemaName) {
    return new SessionContext(user, catalogName, schemaName, Map.of(), timeZone);
  }

  /** Whether timestamps need converting between instants and wall clocks (the store keeps them in UTC). */
  boolean zoned() {
    return !timeZone.normalized().equals(ZoneOffset.UTC);
  }
}
