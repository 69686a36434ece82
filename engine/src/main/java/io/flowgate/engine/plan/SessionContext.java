package io.flowgate.engine.plan;

/** What a statement is translated against: who runs it and the current catalog and schema. */
public record SessionContext(String user, String catalog, String schema) {}
