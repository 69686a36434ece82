package io.flowgate.engine.files;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the engine reads and keeps files: the ingest roots, inside which {@code read_files} reads plain paths, and
 * the folder that holds each managed volume's folder.
 */
public record FileAreas(List<Path> ingestRoots, Path volumes) {
  public FileAreas {
    ingestRoots = List.copyOf(ingestRoots);
  }
}
