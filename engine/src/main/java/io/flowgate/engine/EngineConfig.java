package io.flowgate.engine;

import java.nio.file.Path;
import java.util.Optional;

/** How to open an engine: a data folder for the H2 file store, or none for a private in-memory store. */
public record EngineConfig(Optional<Path> dataDirectory, int maxStoreConnections) {
  public static EngineConfig inMemory() {
    return new EngineConfig(Optional.empty(), 64);
  }

  public static EngineConfig inDirectory(Path directory) {
    return new EngineConfig(Optional.of(directory), 64);
  }
}
