package io.flowgate.engine.files;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TextValues;
import io.flowgate.engine.type.Timestamps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rows of the files a statement reads, which H2 pulls through the table function
 * {@code FG_SYS.READ_FILES(read, batch)} straight from the files, as it does for its own CSVREAD, so nothing is
 * staged. A read (a {@code read_files} call: where, how, and its inferred columns) is defined when a query
 * is planned, under a key derived from it; a batch (the files one statement run reads) is opened before the
 * statement runs and closed after. Values that do not fit their column, and fields the schema lacks, go to
 * {@code _rescued_data} as JSON with the file's path; {@code _fp, _fn, _fs, _fmt} describe the file.
 */
public final class FileBatches {
  /** The columns after a read's own, in order. */
  public static final List<String> EXTRA_COLUMNS = List.of("_rescued_data", "_fp", "_fn", "_fs", "_fmt");

  private record Read(FileSource source, Map<String, SqlType> schema) {}

  private record Batch(Read read, List<Path> files, AtomicLong rows) {}

  /** Reads by key; a key names one source and schema, so any engine in the JVM may share an entry. */
  private static final Cache<String, Read> READS = Caffeine.newBuilder().maximumSize(10_000)
      .expireAfterAccess(Duration.ofDays(1)).build();
  private static final Map<String, Batch> BATCHES = new ConcurrentHashMap<>();

  private FileBatches() {}

  /** Defines a read; its key is a digest of its source and columns, so equal reads share one key. */
  public static String define(FileSource source, Map<String, SqlType> schema) {
    byte[] digest;
    try {
      digest = MessageDigest.getInstance("SHA-256").digest((source + "|" + schema)
          .getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
    String key = "RF" + HexFormat.of().formatHex(digest, 0, 16);
    READS.put(key, new Read(source, new LinkedHashMap<>(schema)));
    return key;
  }

  /** Opens a batch of a defined read over {@code files}; close it when the statement is over. */
  public static String open(String readKey, List<Path> files) {
    Read read = read(readKey);
    if (read.source().format().equals("binaryfile")) {
      // a row holds its file's content whole: a bound on it keeps one read from filling the gateway's memory
      for (Path file : files) {
        long size;
        try {
          size = Files.size(file);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        if (size > BinaryFile.MAX_BYTES) {
          throw Errors.notSupported("binaryFile over a file of more than " + BinaryFile.MAX_BYTES / (1024 * 1024)
              + " MiB (" + file.getFileName() + " has " + size + " bytes)", null);
        }
      }
    }
    String batch = UUID.randomUUID().toString();
    BATCHES.put(batch, new Batch(read, List.copyOf(files), new AtomicLong()));
    return batch;
  }

  /** The rows the batch's files held, as the last full pass over them counted. */
  public static long rowCount(String batch) {
    Batch open = BATCHES.get(batch);
    return open == null ? 0 : open.rows().get();
  }

  public static void close(String batch) {
    BATCHES.remove(batch);
  }

  /** The columns of a read, in order: its own, then {@link #EXTRA_COLUMNS}. */
  public static Map<String, SqlType> columns(String readKey) {
    Map<String, SqlType> columns = new LinkedHashMap<>(read(readKey).schema());
    columns.put("_rescued_data", SqlType.STRING);
    columns.put("_fp", SqlType.STRING);
    columns.put("_fn", SqlType.STRING);
    columns.put("_fs", SqlType.BIGINT);
    columns.put("_fmt", SqlType.TIMESTAMP);
    return columns;
  }

  /** A batch's rows, pulled one at a time: values in the order of {@link #columns}; null after the last. */
  public interface RowSource extends AutoCloseable {
    Object[] next();

    @Override
    void close();
  }

  /** The rows of an open batch of a read. */
  public static RowSource rows(String readKey, String batch) {
    Read read = read(readKey);
    Batch open = BATCHES.get(batch);
    if (open == null) {
      throw Errors.internal("read_files batch " + batch + " is not open", null);
    }
    return new Rows(read, open.files(), open.rows());
  }

  private static Read read(String readKey) {
    Read read = READS.getIfPresent(readKey);
    if (read == null) {
      throw Errors.internal("read_files source " + readKey + " is not defined", null);
    }
    return read;
  }

  /** Pulls typed rows out of the batch's files, one file after the other. */
  private static final class Rows implements RowSource {
    private final Read read;
    private final List<Path> files;
    private final AtomicLong counted;
    private final List<String> names;
    private final SqlType[] types;
    private final Set<String> known = new HashSet<>();
    private int nextFile;
    private RowReader current;
    private Path file;
    private long size;
    private LocalDateTime modified;
    private long rows;

    Rows(Read read, List<Path> files, AtomicLong counted) {
      this.read = read;
      this.files = files;
      this.counted = counted;
      this.names = List.copyOf(read.schema().keySet());
      this.types = names.stream().map(read.schema()::get).toArray(SqlType[]::new);
      names.forEach(name -> known.add(name.toLowerCase(Locale.ROOT)));
    }

    @Override
    public Object[] next() {
      try {
        while (true) {
          if (current == null) {
            if (nextFile == files.size()) {
              counted.set(rows);
              return null;
            }
            file = files.get(nextFile++);
            size = Files.size(file);
            modified = Timestamps.utc(Files.getLastModifiedTime(file).toInstant());
            current = read.source().open(file);
          }
          Map<String, String> fields = current.next();
          if (fields != null) {
            rows++;
            return row(fields);
          }
          current.close();
          current = null;
        }
      } catch (IOException | RuntimeException e) {
        if (e instanceof EngineException refused) {
          throw refused;
        }
        // a file listed as the format but damaged inside: the reader's own words may name its classes
        throw EngineException.of(ErrorClass.FAILED_READ_FILE).subClass("NO_HINT", "It is damaged or not a "
            + read.source().format() + " file.").parameter("path", Errors.quote(file.getFileName().toString()))
            .cause(e).build();
      }
    }

    private Object[] row(Map<String, String> fields) {
      Object[] values = new Object[types.length + EXTRA_COLUMNS.size()];
      StringBuilder rescued = new StringBuilder();
      for (int i = 0; i < types.length; i++) {
        String text = lookup(fields, names.get(i));
        Object value = TextValues.parse(text, types[i]);
        if (text != null && value == null) {
          rescue(rescued, names.get(i), text);
        }
        values[i] = value;
      }
      if (fields.size() > names.size() || !known.containsAll(fields.keySet())) {
        for (Map.Entry<String, String> field : fields.entrySet()) {
          if (field.getValue() != null && !known.contains(field.getKey().toLowerCase(Locale.ROOT))) {
            rescue(rescued, field.getKey(), field.getValue());
          }
        }
      }
      if (!rescued.isEmpty()) {
        rescue(rescued, "_file_path", file.toString());
      }
      int at = types.length;
      values[at] = rescued.isEmpty() ? null : "{" + rescued + "}";
      values[at + 1] = file.toString();
      values[at + 2] = file.getFileName().toString();
      values[at + 3] = size;
      values[at + 4] = modified;
      return values;
    }

    /** A field by column name: as written, else ignoring case. */
    private static String lookup(Map<String, String> fields, String name) {
      String exact = fields.get(name);
      if (exact != null || fields.containsKey(name)) {
        return exact;
      }
      for (Map.Entry<String, String> field : fields.entrySet()) {
        if (field.getKey().equalsIgnoreCase(name)) {
          return field.getValue();
        }
      }
      return null;
    }

    private static void rescue(StringBuilder json, String name, String value) {
      if (!json.isEmpty()) {
        json.append(',');
      }
      JsonText.quote(name, json).append(':');
      JsonText.quote(value, json);
    }

    @Override
    public void close() {
      if (current != null) {
        try {
          current.close();
        } catch (IOException ignored) {
          // the rows are read; a failing close changes nothing
        }
        current = null;
      }
    }
  }
}
