package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.FileAreas;
import io.flowgate.engine.files.FileBatches;
import io.flowgate.engine.files.FileSource;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The sources of a statement whose rows depend on when it runs, collected while it is translated: tables a flow
 * reads with {@code STREAM} (bound at run time to a version window: rows with {@code from <= version <= to}, less
 * the commit versions in {@code skip}) and {@code read_files} calls (whose rows are staged in H2 at run time).
 */
public final class StreamSources {
  private static final Set<String> OPTIONS = Set.of("skipchangecommits", "startingversion", "startingtimestamp",
      "ignoredeletes", "ignorechanges", "maxfilespertrigger", "maxbytespertrigger", "readchangefeed", "readchangedata",
      "witheventtimeorder");

  /** The bindings of one source's window. */
  public record Keys(Binding.Runtime from, Binding.Runtime to, Binding.Runtime skip) {}

  /** A source and how it is read: its rows, or with {@code changeFeed} its change data feed. */
  public record Source(TableInfo table, boolean skipChangeCommits, boolean ignoreDeletes, Start start,
      boolean changeFeed, Keys keys) {}

  /**
   * Where a stream without a checkpoint starts: the table as it is (a snapshot, then every later commit), the
   * commit {@code startingVersion}, the first commit at or after {@code startingTimestamp}, or after the latest
   * commit ({@code startingVersion => 'latest'}: only what comes next).
   */
  public sealed interface Start {
    record Beginning() implements Start {}

    record AtVersion(long version) implements Start {}

    record AtTimestamp(java.time.Instant timestamp) implements Start {}

    record Latest() implements Start {}
  }

  /**
   * A {@code read_files} source: the files, the columns inferred from them, its key in {@link FileBatches}, the
   * binding of the batch a run reads, and whether it is streaming (only files not read before) or a batch read
   * (every file).
   */
  public record FileRead(FileSource files, Map<String, SqlType> schema, String key, Binding.Runtime batch,
      boolean streaming) {}

  private final Map<Long, Source> sources = new LinkedHashMap<>();
  private final List<FileRead> fileReads = new ArrayList<>();
  private final Optional<FileAreas> files;
  private final boolean inFlow;

  private StreamSources(Optional<FileAreas> files, boolean inFlow) {
    this.files = files;
    this.inFlow = inFlow;
  }

  /** Sources of one flow's query. */
  public static StreamSources forFlow(FileAreas files) {
    return new StreamSources(Optional.of(files), true);
  }

  /** Sources of a statement outside a flow: batch {@code read_files} only. */
  public static StreamSources forStatement(FileAreas files) {
    return new StreamSources(Optional.of(files), false);
  }

  /** No run-time sources at all: definitions that are read later (views, column defaults and checks). */
  public static StreamSources none() {
    return new StreamSources(Optional.empty(), false);
  }

  /** Whether {@code STREAM} may be read here: only in a flow's query. */
  boolean inFlow() {
    return inFlow;
  }

  /** Where this statement may read files; empty for definitions, which read none. */
  Optional<FileAreas> files() {
    return files;
  }

  /**
   * Adds a read of {@code path} (local, a glob allowed) inside {@code roots}: the ingest roots for a plain path, a
   * volume's folder for a volume's.
   */
  FileRead addFiles(String path, Map<String, String> options, boolean streaming, List<Path> roots, Span span) {
    if (files.isEmpty()) {
      throw Errors.notSupported("read_files in a view or a column definition (it is read when a query, CREATE"
          + " TABLE AS, INSERT or flow runs)", span);
    }
    FileSource source = FileSource.of(path, options, roots, span);
    Map<String, SqlType> schema = source.schema();
    if (schema.isEmpty()) {
      throw Errors.notSupported("read_files over no files (the schema is inferred from them)", span);
    }
    String key = FileBatches.define(source, schema);
    FileRead read = new FileRead(source, schema, key, new Binding.Runtime("batch:" + fileReads.size()), streaming);
    fileReads.add(read);
    return read;
  }

  /** Every read_files call of the statement, streaming or not. */
  public List<FileRead> fileReads() {
    return List.copyOf(fileReads);
  }

  Source add(TableInfo table, Map<String, String> options, Span span) {
    boolean skipChanges = false;
    boolean ignoreDeletes = false;
    boolean changeFeed = false;
    Start start = new Start.Beginning();
    for (Map.Entry<String, String> option : options.entrySet()) {
      String name = option.getKey().toLowerCase(Locale.ROOT);
      String value = option.getValue().strip().toLowerCase(Locale.ROOT);
      if (!OPTIONS.contains(name)) {
        throw Errors.notSupported("the streaming read option " + option.getKey(), span);
      }
      switch (name) {
        case "skipchangecommits", "ignorechanges" -> skipChanges = skipChanges || value.equals("true");
        case "ignoredeletes" -> ignoreDeletes = value.equals("true");
        case "readchangefeed", "readchangedata" -> changeFeed = value.equals("true");
        case "startingversion" -> {
          if (value.equals("latest")) {
            start = new Start.Latest();
          } else {
            try {
              start = new Start.AtVersion(Long.parseLong(value));
            } catch (NumberFormatException e) {
              throw Errors.typeMismatch("startingVersion", "it must be a version number or 'latest'", span);
            }
          }
        }
        case "startingtimestamp" -> start = new Start.AtTimestamp(Literals.parseTimestamp(option.getValue())
            .orElseThrow(() -> Errors.typeMismatch("startingTimestamp", "it must be a date or a timestamp, such as"
                + " '2026-01-31' or '2026-01-31 12:00:00'", span)).toInstant(java.time.ZoneOffset.UTC));
        case "witheventtimeorder" -> {
          if (value.equals("true")) {
            throw Errors.notSupported("the streaming read option withEventTimeOrder (Flowgate reads a table's first"
                + " snapshot in one batch, so there is no event-time order to keep across batches)", span);
          }
        }
        default -> {
          // rate limits do not apply to a triggered update, which reads everything new
        }
      }
    }
    String id = String.valueOf(table.id());
    Keys keys = new Keys(new Binding.Runtime("from:" + id), new Binding.Runtime("to:" + id),
        new Binding.Runtime("skip:" + id));
    if (changeFeed && !ChangeDataFeed.enabled(table)) {
      throw EngineException.of(ErrorClass.DELTA_MISSING_CHANGE_DATA).parameter("table",
          Errors.quote(table.name().parts())).parameter("property", ChangeDataFeed.PROPERTY).at(span).build();
    }
    Source source = new Source(table, skipChanges, ignoreDeletes, start, changeFeed, keys);
    Source previous = sources.putIfAbsent(table.id(), source);
    if (previous != null && !previous.equals(source)) {
      throw Errors.notSupported("reading one table as two streams with different options", span);
    }
    return source;
  }

  public List<Source> sources() {
    return new ArrayList<>(sources.values());
  }
}
