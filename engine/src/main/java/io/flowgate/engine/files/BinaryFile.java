package io.flowgate.engine.files;

import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code binaryFile} format: each file one row of its path, modification time, length and content (the bytes,
 * carried as hex text to the column's BINARY type), as the vendor's reader gives them.
 */
public final class BinaryFile implements RowReader {
  /** The columns of the format, in the vendor's order. */
  static final Map<String, SqlType> SCHEMA = schema();

  /**
   * Files larger than this are refused when a batch opens ({@link FileBatches#open}): a row's content is held whole,
   * and H2 keeps BINARY values in memory.
   */
  public static final long MAX_BYTES = 64L * 1024 * 1024;

  private final Path file;
  private boolean done;

  BinaryFile(Path file) {
    this.file = file;
  }

  private static Map<String, SqlType> schema() {
    Map<String, SqlType> columns = new LinkedHashMap<>();
    columns.put("path", SqlType.STRING);
    columns.put("modificationTime", SqlType.TIMESTAMP);
    columns.put("length", SqlType.BIGINT);
    columns.put("content", SqlType.BINARY);
    return java.util.Collections.unmodifiableMap(columns);
  }

  @Override
  public Map<String, String> next() throws IOException {
    if (done) {
      return null;
    }
    done = true;
    long size = Files.size(file);
    Map<String, String> row = new LinkedHashMap<>();
    row.put("path", file.toUri().toString());
    row.put("modificationTime", Timestamps.utc(Files.getLastModifiedTime(file).toInstant()).toString());
    row.put("length", Long.toString(size));
    row.put("content", HexFormat.of().formatHex(Files.readAllBytes(file)));
    return row;
  }

  @Override
  public void close() {
    // nothing held open: the content is read at once
  }
}
