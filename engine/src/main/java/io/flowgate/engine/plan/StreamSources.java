package io.flowgate.engine.plan;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.FileSource;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The tables a flow's query reads with {@code STREAM}, collected while it is translated, and the run-time bindings
 * of each one's version window: rows with {@code from <= version <= to}, less the commit versions in {@code skip}.
 */
public final class StreamSources {
  private static final Set<String> OPTIONS = Set.of("skipchangecommits", "startingversion", "ignoredeletes",
      "ignorechanges", "maxfilespertrigger", "maxbytespertrigger");

  /** The bindings of one source's window. */
  public record Keys(Binding.Runtime from, Binding.Runtime to, Binding.Runtime skip) {}

  /** A source and how it is read. */
  public record Source(TableInfo table, boolean skipChangeCommits, boolean ignoreDeletes, long startingVersion,
      Keys keys) {}

  /**
   * A {@code read_files} source: the files, the columns inferred from them, the H2 table a batch's rows are staged
   * in, and the binding of the batch's id.
   */
  public record FileRead(FileSource files, Map<String, SqlType> schema, String stagingTable, Binding.Runtime batch) {}

  private final Map<Long, Source> sources = new LinkedHashMap<>();
  private final List<FileRead> fileReads = new ArrayList<>();
  private final List<java.nio.file.Path> ingestRoots;
  private final long flowId;

  /** Sources of one flow's query; staging tables are the flow's own, so flows never share them. */
  public StreamSources(List<java.nio.file.Path> ingestRoots, long flowId) {
    this.ingestRoots = List.copyOf(ingestRoots);
    this.flowId = flowId;
  }

  FileRead addFiles(String path, Map<String, String> options, Span span) {
    FileSource files = FileSource.of(path, options, ingestRoots, span);
    Map<String, SqlType> schema = files.schema();
    if (schema.isEmpty()) {
      throw Errors.notSupported("read_files over no files (the schema is inferred from them)", span);
    }
    String key = Integer.toHexString((files.base() + "|" + options + "|" + schema).hashCode());
    FileRead read = new FileRead(files, schema, "RF_" + flowId + "_" + key, new Binding.Runtime("batch:" + key + ":"
        + fileReads.size()));
    fileReads.add(read);
    return read;
  }

  public List<FileRead> fileReads() {
    return List.copyOf(fileReads);
  }

  Keys add(TableInfo table, Map<String, String> options, Span span) {
    boolean skipChanges = false;
    boolean ignoreDeletes = false;
    long startingVersion = -1;
    for (Map.Entry<String, String> option : options.entrySet()) {
      String name = option.getKey().toLowerCase(Locale.ROOT);
      String value = option.getValue().strip().toLowerCase(Locale.ROOT);
      if (!OPTIONS.contains(name)) {
        throw Errors.notSupported("the streaming read option " + option.getKey(), span);
      }
      switch (name) {
        case "skipchangecommits", "ignorechanges" -> skipChanges = skipChanges || value.equals("true");
        case "ignoredeletes" -> ignoreDeletes = value.equals("true");
        case "startingversion" -> {
          if (!value.equals("latest")) {
            try {
              startingVersion = Long.parseLong(value);
            } catch (NumberFormatException e) {
              throw Errors.typeMismatch("startingVersion", "it must be a version number or 'latest'", span);
            }
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
    Source source = new Source(table, skipChanges, ignoreDeletes, startingVersion, keys);
    Source previous = sources.putIfAbsent(table.id(), source);
    if (previous != null && !previous.equals(source)) {
      throw Errors.notSupported("reading one table as two streams with different options", span);
    }
    return keys;
  }

  public List<Source> sources() {
    return new ArrayList<>(sources.values());
  }
}
