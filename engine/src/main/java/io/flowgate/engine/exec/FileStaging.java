package io.flowgate.engine.exec;

import io.flowgate.engine.files.FileSource;
import io.flowgate.engine.plan.FileColumns;
import io.flowgate.engine.plan.H2Statement;
import io.flowgate.engine.plan.SqlText;
import io.flowgate.engine.plan.StreamSources;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TextValues;
import io.flowgate.engine.type.Timestamps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Stages the rows of files a statement reads in an H2 table of their inferred columns, inside the statement's
 * transaction; the statement's SQL reads them by batch id. A flow's staging tables are its own and emptied after
 * each batch; a statement outside a flow removes its batch before it commits, or never commits it (a query).
 * Values that do not fit their column, and fields the schema lacks, go to {@code _rescued_data} as JSON with the
 * file's path.
 */
public final class FileStaging {
  private FileStaging() {}

  /** The staging tables of the files a statement reads; H2 commits their DDL on its own, so call it first. */
  public static void createTables(H2Storage storage, List<StreamSources.FileRead> reads) {
    for (StreamSources.FileRead read : reads) {
      storage.execute(createTable(read));
    }
  }

  /** What staging wrote: the run-time values that name the batches, and how many rows they hold. */
  public record Staged(Map<String, Object> runtime, long rows) {}

  /** Stages every file of each read as a new batch. */
  public static Staged stageAll(Connection connection, List<StreamSources.FileRead> reads) throws SQLException {
    Map<String, Object> runtime = new HashMap<>();
    long rows = 0;
    for (StreamSources.FileRead read : reads) {
      String batch = UUID.randomUUID().toString();
      rows += stage(connection, read, read.files().files(), batch);
      runtime.put(read.batch().key(), batch);
    }
    return new Staged(runtime, rows);
  }

  /** Removes the batches {@link #stageAll} staged, before the statement's transaction commits. */
  public static void removeBatches(Connection connection, List<StreamSources.FileRead> reads,
      Map<String, Object> runtime) throws SQLException {
    for (StreamSources.FileRead read : reads) {
      H2Storage.update(connection, new H2Statement("DELETE FROM " + SqlText.table(read.stagingTable())
          + " WHERE \"_batch\" = ?1", List.of(read.batch())), List.of(), runtime);
    }
  }

  private static String createTable(StreamSources.FileRead read) {
    List<String> columns = new ArrayList<>();
    for (Map.Entry<String, SqlType> column : read.schema().entrySet()) {
      columns.add(SqlText.quote(column.getKey()) + " " + column.getValue().h2Type());
    }
    List<SqlType> metadata = FileColumns.METADATA.children();
    columns.add("\"_rescued_data\" CHARACTER VARYING");
    columns.add("\"_fp\" " + metadata.get(0).h2Type());
    columns.add("\"_fn\" " + metadata.get(1).h2Type());
    columns.add("\"_fs\" " + metadata.get(2).h2Type());
    columns.add("\"_fmt\" " + metadata.get(3).h2Type());
    columns.add("\"_batch\" CHARACTER VARYING NOT NULL");
    return "CREATE TABLE IF NOT EXISTS " + SqlText.table(read.stagingTable()) + " (" + String.join(", ", columns)
        + ")";
  }

  /** Stages the rows of {@code files} as batch {@code batch}; returns how many rows they hold. */
  public static long stage(Connection connection, StreamSources.FileRead read, List<Path> files, String batch)
      throws SQLException {
    List<String> names = new ArrayList<>(read.schema().keySet());
    List<String> placeholders = new ArrayList<>();
    List<String> quoted = new ArrayList<>();
    for (String name : names) {
      quoted.add(SqlText.quote(name));
    }
    for (String name : List.of("_rescued_data", "_fp", "_fn", "_fs", "_fmt", "_batch")) {
      quoted.add(SqlText.quote(name));
    }
    for (int i = 0; i < quoted.size(); i++) {
      placeholders.add("?");
    }
    String sql = "INSERT INTO " + SqlText.table(read.stagingTable()) + " (" + String.join(", ", quoted)
        + ") VALUES (" + String.join(", ", placeholders) + ")";
    SqlType[] types = names.stream().map(read.schema()::get).toArray(SqlType[]::new);
    Set<String> known = new HashSet<>();
    names.forEach(name -> known.add(name.toLowerCase(Locale.ROOT)));
    try (H2Storage.BatchInsert insert = H2Storage.batchInsert(connection, new H2Statement(sql, List.of()))) {
      return stageFiles(read, files, batch, names, types, known, insert);
    }
  }

  private static long stageFiles(StreamSources.FileRead read, List<Path> files, String batch, List<String> names,
      SqlType[] types, Set<String> known, H2Storage.BatchInsert insert) {
    long[] rows = {0};
    for (Path file : files) {
      long size;
      java.time.LocalDateTime modified;
      try {
        size = Files.size(file);
        modified = Timestamps.utc(Files.getLastModifiedTime(file).toInstant());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      read.files().forEachRow(file, fields -> {
        List<Object> values = new ArrayList<>(names.size() + 6);
        StringBuilder rescued = new StringBuilder();
        for (int i = 0; i < types.length; i++) {
          String text = lookup(fields, names.get(i));
          Object value = text == null ? null : TextValues.parse(text, types[i]);
          if (text != null && value == null) {
            rescue(rescued, names.get(i), text);
          }
          values.add(value);
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
        values.add(rescued.isEmpty() ? null : "{" + rescued + "}");
        values.add(file.toString());
        values.add(file.getFileName().toString());
        values.add(size);
        values.add(modified);
        values.add(batch);
        insert.add(values);
        rows[0]++;
      });
    }
    return rows[0];
  }

  private static String lookup(Map<String, String> fields, String name) {
    String exact = fields.get(name);
    if (exact != null || fields.containsKey(name)) {
      return exact;
    }
    for (Map.Entry<String, String> field : fields.entrySet()) {
      if (field.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
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

  public static void truncate(H2Storage storage, List<StreamSources.FileRead> reads) {
    for (StreamSources.FileRead read : reads) {
      storage.execute("TRUNCATE TABLE " + SqlText.table(read.stagingTable()));
    }
  }

}
