package io.flowgate.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How to open an engine: a data folder for the H2 file store (or none for a private in-memory store), and the
 * folders {@code read_files} may read (by default the data folder's {@code ingest/}).
 */
public record EngineConfig(Optional<Path> dataDirectory, int maxStoreConnections, List<Path> ingestRoots) {
  public EngineConfig {
    ingestRoots = List.copyOf(ingestRoots);
  }

  public static EngineConfig inMemory() {
    return new EngineConfig(Optional.empty(), 64, List.of());
  }

  public static EngineConfig inDirectory(Path directory) {
    return new EngineConfig(Optional.of(directory), 64, List.of(directory.resolve("ingest")));
  }

  public EngineConfig withIngestRoots(List<Path> roots) {
    return new EngineConfig(dataDirectory, maxStoreConnections, roots);
  }
}
