package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unity Catalog volumes through the driver: files put over JDBC as the vendor's drivers do (PUT, GET, REMOVE, with
 * the driver's allow-list of local paths), listed, read by read_files and streaming tables with READ VOLUME in place
 * of SELECT ON ANY FILE, and dropped with their volume.
 */
class VolumesTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @TempDir
  Path local;

  private Connection connect(String user, Path allowed) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    if (allowed != null) {
      properties.setProperty("StagingAllowedLocalPaths", allowed.toString());
    }
    return DriverManager.getConnection(gateway.url(), properties);
  }

  private static List<String> rows(Statement statement, String sql) throws SQLException {
    return QueryRows.of(statement, sql);
  }

  /** A result's first two columns (path and name), the rest being sizes and times. */
  private static List<String> listed(Statement statement, String sql) throws SQLException {
    List<String> listed = new java.util.ArrayList<>();
    try (ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.getMetaData().getColumnLabel(3)).isEqualTo("size");
      while (rows.next()) {
        listed.add(rows.getString("path") + " | " + rows.getString("name"));
      }
    }
    return listed;
  }

  @Test
  void filesPutOverJdbcFeedAStreamingTable() throws Exception {
    Files.writeString(local.resolve("orders-1.csv"), "id,amount\n1,10\n2,20\n");
    Files.writeString(local.resolve("orders-2.csv"), "id,amount\n3,30\n");
    try (Connection connection = connect("admin", local); Statement statement = connection.createStatement()) {
      statement.execute("CREATE VOLUME main.default.landing COMMENT 'raw files'");
      String first = "/Volumes/main/default/landing/orders/orders-1.csv";
      try (ResultSet put = statement.executeQuery("PUT '" + local.resolve("orders-1.csv") + "' INTO '" + first + "'")) {
        assertThat(put.next()).isTrue();
        assertThat(put.getString("path")).isEqualTo(first);
        assertThat(put.getLong("size")).isEqualTo(20);
      }
      assertThatThrownBy(() -> statement.executeQuery("PUT '" + local.resolve("orders-1.csv") + "' INTO '" + first
          + "'")).isInstanceOf(SQLException.class).hasMessageStartingWith("[PATH_ALREADY_EXISTS]")
          .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("42K04");
      statement.executeQuery("PUT '" + local.resolve("orders-1.csv") + "' INTO '" + first + "' OVERWRITE").close();
      assertThat(listed(statement, "LIST '/Volumes/main/default/landing'"))
          .containsExactly("/Volumes/main/default/landing/orders/ | orders/");
      assertThat(listed(statement, "LIST '/Volumes/main/default/landing/orders/'"))
          .containsExactly(first + " | orders-1.csv");

      statement.execute("CREATE OR REFRESH STREAMING TABLE orders AS SELECT id, amount, _metadata.file_name AS f"
          + " FROM STREAM read_files('/Volumes/main/default/landing/orders', format => 'csv')");
      assertThat(rows(statement, "SELECT id, amount, f FROM orders ORDER BY id"))
          .containsExactly("1 | 10 | orders-1.csv", "2 | 20 | orders-1.csv");
      statement.execute("PUT '" + local.resolve("orders-2.csv")
          + "' INTO 'dbfs:/Volumes/main/default/landing/orders/orders-2.csv'");
      statement.execute("REFRESH STREAMING TABLE orders");
      assertThat(rows(statement, "SELECT count(*), sum(amount) FROM orders")).containsExactly("3 | 60");

      Path back = local.resolve("copies").resolve("back.csv");
      assertThat(listed(statement, "GET '" + first + "' TO '" + back + "'"))
          .containsExactly(first + " | orders-1.csv");
      assertThat(Files.readString(back)).isEqualTo("id,amount\n1,10\n2,20\n");

      statement.executeQuery("REMOVE '" + first + "'").close();
      assertThat(listed(statement, "LIST '/Volumes/main/default/landing/orders'"))
          .containsExactly("/Volumes/main/default/landing/orders/orders-2.csv | orders-2.csv");
      assertThatThrownBy(() -> statement.executeQuery("GET '" + first + "' TO '" + back + "'"))
          .hasMessageStartingWith("[PATH_NOT_FOUND]");
      assertThatThrownBy(() -> statement.executeQuery("LIST '/Volumes/main/default/landing/../other'"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]");

      assertThat(rows(statement, "SHOW VOLUMES")).contains("default | landing");
      List<String> described = rows(statement, "DESCRIBE VOLUME landing");
      assertThat(described).hasSize(1);
      assertThat(described.get(0)).startsWith("landing | main | default | admin | ")
          .endsWith(" | MANAGED | raw files");
      Path folder = Path.of(described.get(0).split(" \\| ")[4]);
      assertThat(folder).isDirectory();

      assertThatThrownBy(() -> statement.execute("CREATE VOLUME landing"))
          .hasMessageStartingWith("[VOLUME_ALREADY_EXISTS]");
      statement.execute("CREATE VOLUME IF NOT EXISTS landing");
      statement.execute("DROP VOLUME landing");
      assertThat(folder).doesNotExist();
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('/Volumes/main/default/landing')"))
          .hasMessageStartingWith("[VOLUME_NOT_FOUND]").extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("42704");
      assertThatThrownBy(() -> statement.execute("DROP VOLUME landing")).hasMessageStartingWith("[VOLUME_NOT_FOUND]");
      statement.execute("DROP VOLUME IF EXISTS landing");
      // the table keeps what it ingested
      assertThat(rows(statement, "SELECT count(*) FROM orders")).containsExactly("3");
    }
  }

  @Test
  void volumePrivilegesStandForFilePrivileges() throws Exception {
    Files.writeString(local.resolve("shared.csv"), "k\nx\n");
    try (Connection admin = connect("admin", local); Statement statement = admin.createStatement()) {
      statement.execute("CREATE USER vol_reader PASSWORD 'r'");
      statement.execute("CREATE VOLUME main.default.shared");
      statement.execute("PUT '" + local.resolve("shared.csv") + "' INTO '/Volumes/main/default/shared/shared.csv'");
      statement.execute("CREATE CATALOG vol_cat");
    }
    String read = "SELECT k FROM read_files('/Volumes/main/default/shared/shared.csv', format => 'csv')";
    try (Connection reader = connect("vol_reader", local); Statement statement = reader.createStatement()) {
      assertThatThrownBy(() -> statement.executeQuery(read)).hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]")
          .hasMessageContaining("READ VOLUME");
      assertThat(rows(statement, "SHOW VOLUMES IN main.default")).doesNotContain("default | shared");
      // plain paths still need SELECT ON ANY FILE, which a volume's reader does not have
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM read_files('x.csv')"))
          .hasMessageContaining("ANY FILE");
      assertThatThrownBy(() -> statement.execute("CREATE VOLUME vol_cat.default.mine"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
    try (Connection admin = connect("admin", null); Statement statement = admin.createStatement()) {
      statement.execute("GRANT READ VOLUME ON VOLUME main.default.shared TO vol_reader");
      assertThat(rows(statement, "SHOW GRANTS ON VOLUME main.default.shared"))
          .contains("vol_reader | READ VOLUME | VOLUME | main.default.shared");
    }
    Files.writeString(local.resolve("mine.csv"), "k\ny\n");
    String put = "PUT '" + local.resolve("mine.csv") + "' INTO '/Volumes/main/default/shared/mine.csv'";
    try (Connection reader = connect("vol_reader", local); Statement statement = reader.createStatement()) {
      assertThat(rows(statement, read)).containsExactly("x");
      assertThat(rows(statement, "SHOW VOLUMES IN main.default")).contains("default | shared");
      assertThatThrownBy(() -> statement.execute(put)).hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]")
          .hasMessageContaining("WRITE VOLUME");
      assertThatThrownBy(() -> statement.execute("DROP VOLUME main.default.shared"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
    try (Connection admin = connect("admin", null); Statement statement = admin.createStatement()) {
      statement.execute("GRANT WRITE VOLUME ON VOLUME main.default.shared TO vol_reader");
    }
    try (Connection reader = connect("vol_reader", local); Statement statement = reader.createStatement()) {
      statement.execute(put);
      assertThat(rows(statement, "SELECT k FROM read_files('/Volumes/main/default/shared', format => 'csv')"
          + " ORDER BY k")).containsExactly("x", "y");
    }
  }

  @Test
  void theDriverTouchesOnlyAllowedLocalPaths() throws Exception {
    Path allowed = Files.createDirectories(local.resolve("allowed"));
    Path outside = Files.createDirectories(local.resolve("outside"));
    Files.writeString(outside.resolve("secret.txt"), "s");
    Files.createSymbolicLink(allowed.resolve("link"), outside);
    try (Connection connection = connect("admin", allowed); Statement statement = connection.createStatement()) {
      statement.execute("CREATE VOLUME main.default.guarded");
      String target = "'/Volumes/main/default/guarded/f.txt'";
      for (Path refused : List.of(outside.resolve("secret.txt"), allowed.resolve("link").resolve("secret.txt"))) {
        assertThatThrownBy(() -> statement.execute("PUT '" + refused + "' INTO " + target))
            .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]").hasMessageContaining("StagingAllowedLocalPaths");
      }
      assertThatThrownBy(() -> statement.execute("PUT '" + allowed.resolve("missing.txt") + "' INTO " + target))
          .hasMessageStartingWith("[PATH_NOT_FOUND]");
      Files.writeString(allowed.resolve("ok.txt"), "ok");
      statement.execute("PUT '" + allowed.resolve("ok.txt") + "' INTO " + target);
      assertThatThrownBy(() -> statement.execute("GET " + target + " TO '" + outside.resolve("f.txt") + "'"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      assertThat(outside.resolve("f.txt")).doesNotExist();
      // the gateway never reads a client's disk: a PUT that reaches it with a local path is refused by name
      try (PreparedStatement literal = connection.prepareStatement("PUT '" + allowed.resolve("ok.txt") + "' INTO "
          + target + " OVERWRITE")) {
        assertThatThrownBy(literal::execute).hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]")
            .hasMessageContaining("StagingAllowedLocalPaths");
      }
      try (PreparedStatement bound = connection.prepareStatement("PUT ? INTO " + target + " OVERWRITE")) {
        bound.setBytes(1, new byte[] {1, 2, 3});
        try (ResultSet put = bound.executeQuery()) {
          assertThat(put.next()).isTrue();
          assertThat(put.getLong("size")).isEqualTo(3);
        }
      }
    }
    try (Connection unset = connect("admin", null); Statement statement = unset.createStatement()) {
      assertThatThrownBy(() -> statement.execute("PUT '" + allowed.resolve("ok.txt") + "' INTO"
          + " '/Volumes/main/default/guarded/g.txt'")).hasMessageContaining("(not set)");
    }
  }

  @Test
  void anExternalVolumeIsAFolderInAnIngestRootThatOutlivesIt() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("exports"));
    Files.writeString(folder.resolve("a.json"), "{\"n\": 1}\n");
    try (Connection connection = connect("admin", null); Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA vol_ext");
      statement.execute("CREATE EXTERNAL VOLUME vol_ext.exports LOCATION 'exports' COMMENT 'shared with others'");
      assertThat(rows(statement, "SELECT n FROM read_files('/Volumes/main/vol_ext/exports')"))
          .containsExactly("1");
      assertThat(rows(statement, "DESCRIBE VOLUME vol_ext.exports")).singleElement().asString()
          .contains(" | " + folder.toRealPath() + " | EXTERNAL | ");
      assertThatThrownBy(() -> statement.execute("CREATE EXTERNAL VOLUME vol_ext.inner LOCATION 'exports/sub'"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]").hasMessageContaining("overlaps");
      assertThatThrownBy(() -> statement.execute("CREATE EXTERNAL VOLUME vol_ext.etc LOCATION '/etc'"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      // a link in the ingest root to a folder outside it is where it leads
      Files.createSymbolicLink(gateway.data().resolve("ingest").resolve("leak"), local);
      assertThatThrownBy(() -> statement.execute("CREATE EXTERNAL VOLUME vol_ext.leak LOCATION 'leak'"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      assertThatThrownBy(() -> statement.execute("CREATE EXTERNAL VOLUME vol_ext.nowhere"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]").hasMessageContaining("LOCATION");
      assertThatThrownBy(() -> statement.execute("DROP SCHEMA vol_ext")).hasMessageStartingWith("[SCHEMA_NOT_EMPTY]");
      statement.execute("DROP SCHEMA vol_ext CASCADE");
      assertThat(folder.resolve("a.json")).exists();
      assertThat(rows(statement, "SHOW SCHEMAS LIKE 'vol_ext'")).isEmpty();
    }
  }
}
