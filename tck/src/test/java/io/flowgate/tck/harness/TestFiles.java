package io.flowgate.tck.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Test data under {@code src/test/resources} copied where a gateway reads files (its ingest folder). */
public final class TestFiles {
  private TestFiles() {}

  /** Copies the resource folder {@code resource} (e.g. {@code /checkpoints/orders-stream}) to {@code target}. */
  public static Path copyFolder(String resource, Path target) throws Exception {
    Path from = Path.of(TestFiles.class.getResource(resource).toURI());
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path copy = target.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(file, copy);
        }
      }
    }
    return target;
  }
}
