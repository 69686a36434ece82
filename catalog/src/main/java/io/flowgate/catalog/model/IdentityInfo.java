package io.flowgate.catalog.model;

/** An identity column: ALWAYS rejects user values, BY DEFAULT takes them. */
public record IdentityInfo(boolean always, long start, long step) {}
