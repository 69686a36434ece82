package io.flowgate.engine.api;

import java.time.Duration;

/** A flow batch running now: the dataset it writes, its flow, the rows it has written so far and for how long. */
public record RunningFlow(String dataset, String flow, long rowsWritten, Duration elapsed) {}
