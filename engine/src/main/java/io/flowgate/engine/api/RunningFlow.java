package io.flowgate.engine.api;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * A flow batch running now: the dataset it writes, its flow, the rows it has written and read so far (read: empty
 * until the batch knows how many its streams hold) and for how long.
 */
public record RunningFlow(String dataset, String flow, long rowsWritten, OptionalLong rowsRead, Duration elapsed) {}
