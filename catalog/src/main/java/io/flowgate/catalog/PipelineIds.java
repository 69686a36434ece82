package io.flowgate.catalog;

import java.util.OptionalLong;
import java.util.UUID;

/**
 * Each streaming table is updated by a pipeline of its own, as a streaming table created outside a pipeline is in
 * the dialect. Its id is a UUID that carries the table's id, so {@code event_log('<pipeline id>')} finds the table
 * without a table of pipelines.
 */
public final class PipelineIds {
  private static final long MARK = 0x466c6f77L; // "Flow"

  private PipelineIds() {}

  public static String of(long tableId) {
    return new UUID(MARK, tableId).toString();
  }

  /** The table a pipeline id names, or empty when the text is not a Flowgate pipeline id. */
  public static OptionalLong tableId(String pipelineId) {
    try {
      UUID id = UUID.fromString(pipelineId.strip());
      return id.getMostSignificantBits() == MARK ? OptionalLong.of(id.getLeastSignificantBits())
          : OptionalLong.empty();
    } catch (IllegalArgumentException notAUuid) {
      return OptionalLong.empty();
    }
  }
}
