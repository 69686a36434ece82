package io.flowgate.engine;

import io.flowgate.engine.error.EngineException;
import java.util.Optional;

/** What one update of a pipeline project did: its flows, the rows they read, wrote and dropped, its first failure. */
public record PipelineUpdate(int flows, long rowsRead, long rowsWritten, long rowsDropped,
    Optional<EngineException> failure) {}
