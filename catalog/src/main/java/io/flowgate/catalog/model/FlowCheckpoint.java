package io.flowgate.catalog.model;

/**
 * How far a flow has read one source: every commit of table {@code sourceTableId} up to {@code version} is consumed.
 * A ONCE flow that has run keeps one checkpoint with source {@link #ONCE_DONE}.
 */
public record FlowCheckpoint(long flowId, long sourceTableId, long version) {
  public static final long ONCE_DONE = -1;
}
