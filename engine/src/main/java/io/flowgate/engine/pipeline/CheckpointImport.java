package io.flowgate.engine.pipeline;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.sql.analyzer.VolumeFiles;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.JsonPath;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a Structured Streaming checkpoint folder (Spark's layout: {@code commits/<batch>},
 * {@code offsets/<batch>}, {@code sources/0/<batch>[.compact]}) for {@code FLOW IMPORT CHECKPOINT}: what its one
 * source had consumed by the last committed batch. A Delta table source's offset gives the version consumed
 * through; a file source's log gives the files read. The folder is only read, never written.
 */
final class CheckpointImport {
  /** What the last committed batch had consumed: a table version, or files (as logged), or nothing at all. */
  record Consumed(Optional<Long> tableVersion, List<String> files) {}

  private CheckpointImport() {}

  /**
   * The checkpoint folder, which must lie inside an ingest root like every plain path the gateway reads, or in a
   * volume the user may read.
   */
  static Path folder(String path, ExecutionContext context, Span span) {
    Optional<VolumeFiles.Located> volume = VolumeFiles.locate(path, context.session().user(), VolumeFiles.READ,
        context.catalog(), context.access(), context.files(), span);
    if (volume.isPresent()) {
      return checkpoint(volume.get().file(), path, span);
    }
    return checkpoint(io.flowgate.engine.files.RealPaths.within(path, context.files().ingestRoots(), "checkpoint",
        "IMPORT CHECKPOINT", span), path, span);
  }

  private static Path checkpoint(Path resolved, String path, Span span) {
    if (!Files.isDirectory(resolved.resolve("offsets"))) {
      throw invalid(path, "it has no offsets/ folder", span);
    }
    return resolved;
  }

  static Consumed read(Path folder, String path, Span span) {
    try {
      Optional<Long> lastCommitted = lastBatch(folder.resolve("commits"));
      if (lastCommitted.isEmpty()) {
        return new Consumed(Optional.empty(), List.of());
      }
      long batch = lastCommitted.get();
      List<String> offsets = Files.readAllLines(folder.resolve("offsets").resolve(String.valueOf(batch)),
          StandardCharsets.UTF_8);
      // offsets/<batch>: a version line, the batch's metadata, then one offset per source.
      if (offsets.size() < 3) {
        throw invalid(path, "offsets/" + batch + " has no source offset", span);
      }
      if (offsets.size() > 3) {
        throw Errors.notSupported("IMPORT CHECKPOINT of a query with several sources", span);
      }
      String offset = offsets.get(2);
      String reservoirVersion = JsonPath.extract(offset, List.of("reservoirVersion"));
      if (reservoirVersion != null) {
        // Delta: (version, index -1) is the start of that version, so everything before it is consumed.
        long version = Long.parseLong(reservoirVersion);
        String index = JsonPath.extract(offset, List.of("index"));
        boolean wholeVersionsOnly = index == null || Long.parseLong(index) < 0;
        return new Consumed(Optional.of(wholeVersionsOnly ? version - 1 : version), List.of());
      }
      if (JsonPath.extract(offset, List.of("logOffset")) != null) {
        return new Consumed(Optional.empty(), loggedFiles(folder.resolve("sources").resolve("0"), batch));
      }
      throw invalid(path, "its source offset is neither a Delta table's nor a file source's: " + offset, span);
    } catch (IOException | RuntimeException e) {
      if (e instanceof EngineException engine) {
        throw engine;
      }
      throw invalid(path, "it cannot be read (" + e.getMessage() + ")", span);
    }
  }

  private static Optional<Long> lastBatch(Path commits) throws IOException {
    if (!Files.isDirectory(commits)) {
      return Optional.empty();
    }
    try (Stream<Path> files = Files.list(commits)) {
      return files.map(file -> file.getFileName().toString()).filter(name -> name.matches("\\d+"))
          .map(Long::parseLong).max(Long::compare);
    }
  }

  /** The files of the file source's log up to {@code batch}: each log file lists its batch's files, one JSON a line. */
  private static List<String> loggedFiles(Path log, long batch) throws IOException {
    List<String> files = new ArrayList<>();
    if (!Files.isDirectory(log)) {
      return files;
    }
    List<Path> entries;
    try (Stream<Path> listing = Files.list(log)) {
      entries = listing.filter(file -> file.getFileName().toString().matches("\\d+(\\.compact)?")).toList();
    }
    for (Path entry : entries) {
      long entryBatch = Long.parseLong(entry.getFileName().toString().replace(".compact", ""));
      if (entryBatch > batch) {
        continue;
      }
      for (String line : Files.readAllLines(entry, StandardCharsets.UTF_8)) {
        String logged = line.startsWith("{") ? JsonPath.extract(line, List.of("path")) : null;
        if (logged != null) {
          files.add(logged.startsWith("file:") ? URI.create(logged).getPath() : logged);
        }
      }
    }
    return files;
  }

  /**
   * Whether a file the source reads now was logged by the checkpoint: the logged path ends with the file's path
   * under the source's folder (the data may have moved to another mount since).
   */
  static boolean logged(List<String> loggedFiles, Path base, Path file) {
    String relative = (Files.isRegularFile(base) ? file.getFileName() : base.relativize(file)).toString()
        .replace('\\', '/');
    return loggedFiles.stream().anyMatch(path -> path.equals(file.toString()) || path.endsWith("/" + relative));
  }

  private static EngineException invalid(String path, String reason, Span span) {
    return EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`checkpoint_path`")
        .parameter("functionName", "`IMPORT CHECKPOINT`").parameter("message", Errors.quote(path)
            + " is not a Structured Streaming checkpoint Flowgate can import: " + reason).at(span).build();
  }
}
