package io.flowgate.engine.pipeline;

import io.flowgate.engine.files.FileSource;
import io.flowgate.engine.plan.FileColumns;
import io.flowgate.engine.plan.H2Statement;
import io.flowgate.engine.plan.SqlText;
import io.flowgate.engine.plan.StreamSources;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Stages the rows of a flow batch's new files in an H2 table of their inferred columns, inside the flow's
 * transaction; the flow's SQL reads them by batch id and the batch is removed before the transaction commits.
 * Values that do not fit their column, and fields the schema lacks, go to {@code _rescued_data} as JSON with the
 * file's path.
 */
final class FileStaging {
  private FileStaging() {}

  /** The staging tables of the file sources a flow reads; H2 commits their DDL on its own. */
  static void createTables(H2Storage storage, StreamSources streams) {
    for (StreamSources.FileRead read : streams.fileReads()) {
      storage.execute(createTable(read));
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

  static void stage(Connection connection, StreamSources.FileRead read, List<Path> files, String batch)
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
    List<List<Object>> rows = new ArrayList<>();
    for (Path file : files) {
      long size;
      java.time.LocalDateTime modified;
      try {
        size = Files.size(file);
        modified = Timestamps.utc(Files.getLastModifiedTime(file).toInstant());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (Map<String, String> fields : read.files().rows(file)) {
        List<Object> values = new ArrayList<>();
        StringBuilder rescued = new StringBuilder();
        for (String name : names) {
          String text = lookup(fields, name);
          Object value = text == null ? null : FileSource.convert(text, read.schema().get(name));
          if (text != null && value == null) {
            rescue(rescued, name, text);
          }
          values.add(value);
        }
        for (Map.Entry<String, String> field : fields.entrySet()) {
          if (field.getValue() != null && names.stream().noneMatch(name -> name.equalsIgnoreCase(field.getKey()))) {
            rescue(rescued, field.getKey(), field.getValue());
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
        rows.add(values);
      }
    }
    H2Storage.insertBatch(connection, new H2Statement(sql, List.of()), rows);
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

  static void truncate(H2Storage storage, List<StreamSources.FileRead> reads) {
    for (StreamSources.FileRead read : reads) {
      storage.execute("TRUNCATE TABLE " + SqlText.table(read.stagingTable()));
    }
  }

}
