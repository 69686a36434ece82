package io.flowgate.engine.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing folders the engine owns: a managed volume's, the temporary volumes folder of a store in memory. */
public final class Folders {
  private Folders() {}

  /**
   * Deletes {@code folder} and everything in it, as far as it can; what cannot be deleted stays (the folder's
   * owner is gone from the catalog either way, so nothing reads it again).
   */
  public static void deleteQuietly(Path folder) {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.deleteIfExists(path);
        } catch (IOException e) {
          // left in place: see above
        }
      });
    } catch (IOException e) {
      // left in place: see above
    }
  }
}
