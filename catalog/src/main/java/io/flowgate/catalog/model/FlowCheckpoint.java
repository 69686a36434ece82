package io.flowgate.catalog.model;

/**
 * How far a flow has read one source: every commit of table {@code sourceTableId} up to {@code version} is consumed.
 * {@code sourceName} is the source's qualified name when the checkpoint was written, so that a table dropped and
 * created again under that name is told apart from the one the flow read. A ONCE flow that has run keeps one
 * checkpoint with source {@link #ONCE_DONE}.
 */
public record FlowCheckpoint(long flowId, long sourceTableId, String sourceName, long version) {
  public static final long ONCE_DONE = -1;
}
