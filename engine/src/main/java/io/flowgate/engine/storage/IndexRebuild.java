package io.flowgate.engine.storage;

import io.flowgate.engine.h2.SqlText;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * After the process was killed, H2 2.4.240 can reopen a data table whose secondary index keeps an entry of a row the
 * crash rolled back (the crash test met one: a streaming read by the version index then failed on the missing row).
 * The index is derived data, so the store drops and builds again every secondary index of the data tables when it
 * opens after a crash; a clean shutdown leaves a marker that spares the next start the work.
 */
final class IndexRebuild {
  private IndexRebuild() {}

  /** The statements that rebuild each secondary index of the data schema, in pairs: drop, create. */
  static List<String> statements(Connection connection) throws SQLException {
    Map<String, String> tables = new LinkedHashMap<>();
    Map<String, Boolean> unique = new LinkedHashMap<>();
    Map<String, List<String>> columns = new LinkedHashMap<>();
    try (PreparedStatement indexes = connection.prepareStatement("SELECT I.INDEX_NAME, I.TABLE_NAME,"
        + " I.INDEX_TYPE_NAME, C.COLUMN_NAME, C.ORDERING_SPECIFICATION FROM INFORMATION_SCHEMA.INDEXES I"
        + " JOIN INFORMATION_SCHEMA.INDEX_COLUMNS C ON C.INDEX_SCHEMA = I.INDEX_SCHEMA"
        + " AND C.INDEX_NAME = I.INDEX_NAME WHERE I.INDEX_SCHEMA = ? AND I.INDEX_TYPE_NAME IN ('INDEX', 'UNIQUE INDEX')"
        + " AND I.IS_GENERATED = FALSE ORDER BY I.INDEX_NAME, C.ORDINAL_POSITION")) {
      indexes.setString(1, SqlText.DATA_SCHEMA);
      try (ResultSet rows = indexes.executeQuery()) {
        while (rows.next()) {
          String name = rows.getString(1);
          tables.put(name, rows.getString(2));
          unique.put(name, rows.getString(3).startsWith("UNIQUE"));
          columns.computeIfAbsent(name, n -> new ArrayList<>())
              .add(SqlText.quote(rows.getString(4)) + ("DESC".equals(rows.getString(5)) ? " DESC" : ""));
        }
      }
    }
    List<String> statements = new ArrayList<>();
    for (Map.Entry<String, String> index : tables.entrySet()) {
      String name = SqlText.quote(SqlText.DATA_SCHEMA) + "." + SqlText.quote(index.getKey());
      statements.add("DROP INDEX IF EXISTS " + name);
      statements.add("CREATE " + (unique.get(index.getKey()) ? "UNIQUE " : "") + "INDEX " + name + " ON "
          + SqlText.table(index.getValue()) + " (" + String.join(", ", columns.get(index.getKey())) + ")");
    }
    return statements;
  }
}
