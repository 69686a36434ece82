package io.flowgate.catalog.model;

import java.time.Instant;
import java.util.Map;

/** One entry of a table's commit log: what changed it, when, who, and the row counts. */
public record CommitInfo(long tableId, long version, Instant timestamp, CommitOperation operation, String userName,
    Map<String, String> parameters, Map<String, Long> metrics) {
  public CommitInfo {
    parameters = Map.copyOf(parameters);
    metrics = Map.copyOf(metrics);
  }
}
