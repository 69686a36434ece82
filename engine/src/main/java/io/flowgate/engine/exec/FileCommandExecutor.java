package io.flowgate.engine.exec;

import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.BinaryFile;
import io.flowgate.engine.files.FileSource;
import io.flowgate.engine.sql.analyzer.VolumeFiles;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.FileCommand;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * PUT, GET, REMOVE and LIST on the files of volumes. Each answers with rows of LIST's columns (path, name, size,
 * modification_time) for the files it acted on, so a client may run any of them with {@code executeQuery}; GET
 * adds the file's content, which a driver writes to the local path. Reading needs READ VOLUME, writing WRITE
 * VOLUME. A PUT writes a new file beside the old and moves it into place, so a reader sees the old file or the
 * new one whole.
 */
public final class FileCommandExecutor {
  private static final List<ResultColumn> LISTING = List.of(new ResultColumn("path", SqlType.STRING, false),
      new ResultColumn("name", SqlType.STRING, false), new ResultColumn("size", SqlType.BIGINT, false),
      new ResultColumn("modification_time", SqlType.BIGINT, false));

  private final ExecutionContext context;

  public FileCommandExecutor(ExecutionContext context) {
    this.context = context;
  }

  public StatementResult execute(FileCommand command, List<Object> parameters) {
    if (command instanceof FileCommand.Put put) {
      return put(put, parameters);
    }
    if (command instanceof FileCommand.Get get) {
      return get(get);
    }
    if (command instanceof FileCommand.Remove remove) {
      return remove(remove);
    }
    return list((FileCommand.ListFiles) command);
  }

  private VolumeFiles.Located locate(String path, String privilege, Span span) {
    return VolumeFiles.locate(path, context.session().user(), privilege, context.catalog(), context.access(),
        context.files(), span).orElseThrow(() -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE)
            .parameter("parameter", "`path`").parameter("functionName", "`file command`")
            .parameter("message", Errors.quote(path) + " is not in a volume: the file commands take"
                + " /Volumes/catalog/schema/volume/... paths").at(span).build());
  }

  /** A file of a volume (not the volume itself, and no glob). */
  private VolumeFiles.Located file(String path, String privilege, Span span) {
    VolumeFiles.Located located = locate(path, privilege, span);
    if (located.path().inside().isEmpty() || FileSource.firstGlob(located.path().inside()) >= 0) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`path`")
          .parameter("functionName", "`file command`").parameter("message", Errors.quote(path)
              + " must name one file in the volume").at(span).build();
    }
    return located;
  }

  private StatementResult put(FileCommand.Put put, List<Object> parameters) {
    VolumeFiles.Located target = file(put.path(), VolumeFiles.WRITE, put.span());
    if (!(put.source() instanceof Expression.Parameter parameter)) {
      throw Errors.notSupported("PUT of a local path in the gateway (a PUT reads the file on the client: run it"
          + " through the Flowgate JDBC driver with StagingAllowedLocalPaths set, or bind the content: PUT ? INTO"
          + " '" + target.path().written() + "')", put.span());
    }
    if (!(parameters.get(parameter.index()) instanceof byte[] content)) {
      throw Errors.typeMismatch("PUT", "its source must be the file's content as BINARY", put.span());
    }
    Path file = target.file();
    if (Files.isDirectory(file) || !put.overwrite() && Files.exists(file)) {
      throw EngineException.of(ErrorClass.PATH_ALREADY_EXISTS).parameter("outputPath", Errors.quote(put.path()))
          .at(put.span()).build();
    }
    try {
      Files.createDirectories(file.getParent());
      Path written = Files.createTempFile(file.getParent(), ".put-", ".tmp");
      try {
        Files.write(written, content);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(written);
      }
      return listing(List.of(row(target.path().written(), file)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + put.path(), e);
    }
  }

  private StatementResult get(FileCommand.Get get) {
    VolumeFiles.Located source = file(get.path(), VolumeFiles.READ, get.span());
    Path file = existing(source, get.path(), get.span());
    try {
      if (Files.size(file) > BinaryFile.MAX_BYTES) {
        throw Errors.notSupported("GET of a file of more than " + BinaryFile.MAX_BYTES / (1024 * 1024) + " MiB",
            get.span());
      }
      List<Object> row = new ArrayList<>(row(source.path().written(), file));
      row.add(Files.readAllBytes(file));
      List<ResultColumn> columns = new ArrayList<>(LISTING);
      columns.add(new ResultColumn("content", SqlType.BINARY, false));
      return new StatementResult.Rows(columns, new ListCursor(List.of(row)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + get.path(), e);
    }
  }

  private StatementResult remove(FileCommand.Remove remove) {
    VolumeFiles.Located target = file(remove.path(), VolumeFiles.WRITE, remove.span());
    Path file = existing(target, remove.path(), remove.span());
    List<Object> row = row(target.path().written(), file);
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + remove.path(), e);
    }
    return listing(List.of(row));
  }

  /** The files and folders directly in a folder of a volume (folders end with /), by name; or one file. */
  private StatementResult list(FileCommand.ListFiles list) {
    VolumeFiles.Located target = locate(list.path(), VolumeFiles.READ, list.span());
    Path path = target.file();
    if (!Files.exists(path)) {
      throw notFound(list.path(), list.span());
    }
    if (!Files.isDirectory(path)) {
      return listing(List.of(row(target.path().written(), path)));
    }
    String prefix = target.path().written();
    List<List<Object>> rows = new ArrayList<>();
    try (Stream<Path> children = Files.list(path)) {
      for (Path child : children.filter(child -> !child.getFileName().toString().startsWith(".put-"))
          .sorted(Comparator.comparing(child -> child.getFileName().toString())).toList()) {
        if (list.limit().isPresent() && rows.size() >= list.limit().get()) {
          break;
        }
        rows.add(row(prefix + "/" + child.getFileName(), child));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + list.path(), e);
    }
    return listing(rows);
  }

  private static Path existing(VolumeFiles.Located located, String path, Span span) {
    Path file = located.file();
    if (!Files.isRegularFile(file)) {
      throw notFound(path, span);
    }
    return file;
  }

  private static EngineException notFound(String path, Span span) {
    return EngineException.of(ErrorClass.PATH_NOT_FOUND).parameter("path", Errors.quote(path)).at(span).build();
  }

  private static List<Object> row(String written, Path file) {
    try {
      boolean folder = Files.isDirectory(file);
      String name = file.getFileName().toString() + (folder ? "/" : "");
      return List.of(written + (folder ? "/" : ""), name, folder ? 0L : Files.size(file),
          Files.getLastModifiedTime(file).toMillis());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + written, e);
    }
  }

  private static StatementResult listing(List<List<Object>> rows) {
    return new StatementResult.Rows(LISTING, new ListCursor(rows));
  }
}
