package io.flowgate.engine.files;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Paths checked by where they really are: a path is inside a root when its real path is, so a link inside a root
 * cannot lead out of it. Every local path the engine reads or registers is checked here.
 */
public final class RealPaths {
  private RealPaths() {}

  /**
   * The local path {@code written} names (relative to the first root), when it lies inside {@code roots}; {@code
   * what} names it in the refusal ("path", "checkpoint", "location").
   */
  public static Path within(String written, List<Path> roots, String what, String function, Span span) {
    if (roots.isEmpty()) {
      throw EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS).parameter("report", function
          + " reads files: the gateway has no ingest root (--ingest-root)").at(span).build();
    }
    Path given = Path.of(CloudPaths.local(written, function, span));
    Path resolved = real(given.isAbsolute() ? given : roots.get(0).resolve(given));
    if (!inside(resolved, roots.stream().map(RealPaths::real).toList())) {
      throw outside(what, written, span);
    }
    return resolved;
  }

  static EngineException outside(String what, String written, Span span) {
    return EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS).parameter("report", "the " + what + " "
        + Errors.quote(written) + " is outside the gateway's ingest roots").at(span).build();
  }

  /**
   * A path with every link resolved; for a path that does not exist yet, its nearest existing ancestor's real path
   * with the rest appended, so that a link anywhere above it is followed too.
   */
  public static Path real(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean inside(Path realPath, List<Path> realRoots) {
    return realRoots.stream().anyMatch(realPath::startsWith);
  }
}
