package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Parts of the JDBC contract tools and frameworks lean on: max rows, java.time parameters, key metadata. */
class JdbcContractTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE keyed (id INT, name STRING, CONSTRAINT keyed_pk PRIMARY KEY (id))");
      statement.execute("CREATE TABLE moments (id INT, d DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ, b BINARY)");
      statement.execute("INSERT INTO keyed VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
      statement.execute("CREATE VIEW first_two AS SELECT id, name FROM keyed WHERE id <= 2");
      statement.execute("CREATE TABLE tickets (id BIGINT GENERATED ALWAYS AS IDENTITY, title STRING)");
    }
  }

  @Test
  void maxRowsBoundsPreparedAndPlainStatements() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement prepared = connection.prepareStatement("SELECT id FROM keyed ORDER BY id");
        Statement statement = connection.createStatement()) {
      prepared.setMaxRows(2);
      assertThat(rows(prepared.executeQuery())).isEqualTo(2);
      prepared.setMaxRows(0);
      assertThat(rows(prepared.executeQuery())).isEqualTo(4);
      statement.setMaxRows(3);
      assertThat(rows(statement.executeQuery("SELECT id FROM keyed"))).isEqualTo(3);
    }
  }

  private static int rows(ResultSet result) throws SQLException {
    int rows = 0;
    try (result) {
      while (result.next()) {
        rows++;
      }
    }
    return rows;
  }

  /**
   * A client JVM in Los Angeles and one in Tokyo send the same dates and instants with {@code setObject} and {@code
   * setTimestamp}: the server stores the same values for both (printed by the server itself, in UTC), and each reads
   * them back as the same dates, instants and wall clocks. Each runs in a JVM of its own, since Avatica reads the
   * JVM's zone once, when it loads.
   */
  @Test
  void valuesTravelExactlyForClientsOutsideUtc() throws Exception {
    Path jar = Path.of("..", "driver", "target", "flowgate-jdbc.jar").toAbsolutePath().normalize();
    Path probe = Files.createTempDirectory("flowgate-zones").resolve("Moments.java");
    Files.writeString(probe, """
        import java.time.*;
        public class Moments {
          public static void main(String[] args) throws Exception {
            int id = Integer.parseInt(args[1]);
            Instant instant = Instant.parse("2026-07-04T12:34:56.789Z");
            try (var connection = java.sql.DriverManager.getConnection(args[0]);
                var insert = connection.prepareStatement("INSERT INTO moments VALUES (?, ?, ?, ?, ?)");
                var select = connection.prepareStatement("SELECT d, ts, ntz, b FROM moments WHERE id = ?")) {
              insert.setInt(1, id);
              insert.setObject(2, LocalDate.of(2026, 2, 28));
              insert.setObject(3, instant);
              insert.setObject(4, LocalDateTime.of(2026, 7, 4, 8, 0, 1));
              insert.setBytes(5, new byte[] {(byte) 0xCA, (byte) 0xFE});
              insert.executeUpdate();
              insert.setInt(1, id + 1);
              insert.setObject(2, LocalDate.of(1999, 12, 31));
              insert.setObject(3, OffsetDateTime.of(2026, 7, 4, 21, 34, 56, 789_000_000, ZoneOffset.ofHours(9)));
              insert.setObject(4, null);
              insert.setObject(5, null);
              insert.executeUpdate();
              insert.setInt(1, id + 2);
              insert.setObject(2, null);
              insert.setTimestamp(3, java.sql.Timestamp.from(instant));
              insert.setObject(4, null);
              insert.setObject(5, null);
              insert.executeUpdate();
              for (int row = id; row <= id + 2; row++) {
                select.setInt(1, row);
                try (var rows = select.executeQuery()) {
                  rows.next();
                  System.out.println(rows.getObject(1, LocalDate.class) + " | " + rows.getTimestamp(2).toInstant()
                      + " | " + rows.getObject(2, Instant.class) + " | " + rows.getObject(2, OffsetDateTime.class)
                      + " | " + rows.getString(2) + " | " + rows.getObject(3, LocalDateTime.class) + " | "
                      + rows.getString(3) + " | " + rows.getString(4));
                }
              }
            }
          }
        }
        """);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    String read = """
        2026-02-28 | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z \
        | 2026-07-04 12:34:56.789 | 2026-07-04T08:00:01 | 2026-07-04 08:00:01 | CAFE
        1999-12-31 | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z \
        | 2026-07-04 12:34:56.789 | null | null | null
        null | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z | 2026-07-04T12:34:56.789Z \
        | 2026-07-04 12:34:56.789 | null | null | null
        """;
    int id = 10;
    for (String zone : List.of("America/Los_Angeles", "Asia/Tokyo")) {
      Process process = new ProcessBuilder(java.toString(), "-Duser.timezone=" + zone, "-cp", jar.toString(),
          probe.toString(), gateway.url(), String.valueOf(id)).redirectErrorStream(true).start();
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).as(zone)
          .isEqualTo(read);
      id += 10;
    }
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT id, CAST(d AS STRING), CAST(ts AS STRING), CAST(ntz AS STRING)"
          + " FROM moments WHERE id >= 10 ORDER BY id")).containsExactly(
          "10 | 2026-02-28 | 2026-07-04 12:34:56.789 | 2026-07-04 08:00:01",
          "11 | 1999-12-31 | 2026-07-04 12:34:56.789 | null",
          "12 | null | 2026-07-04 12:34:56.789 | null",
          "20 | 2026-02-28 | 2026-07-04 12:34:56.789 | 2026-07-04 08:00:01",
          "21 | 1999-12-31 | 2026-07-04 12:34:56.789 | null",
          "22 | null | 2026-07-04 12:34:56.789 | null");
    }
  }

  @Test
  void generatedKeysComeBackInEveryForm() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(statement.executeUpdate("INSERT INTO tickets (title) VALUES ('a'), ('b')",
          Statement.RETURN_GENERATED_KEYS)).isEqualTo(2);
      List<Long> first = keys(statement.getGeneratedKeys());
      assertThat(first).hasSize(2);
      assertThat(first.get(1)).isGreaterThan(first.get(0));
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO tickets (title) VALUES (?)",
          new String[] {"id"})) {
        insert.setString(1, "c");
        insert.executeUpdate();
        assertThat(keys(insert.getGeneratedKeys())).singleElement().isEqualTo(first.get(1) + 1);
      }
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO tickets (title) VALUES (?)",
          new int[] {1})) {
        insert.setString(1, "d");
        insert.executeUpdate();
        assertThat(keys(insert.getGeneratedKeys())).singleElement().isEqualTo(first.get(1) + 2);
      }
      // each statement has its own keys, however the connection's statements interleave
      try (PreparedStatement one = connection.prepareStatement("INSERT INTO tickets (title) VALUES ('one')",
          Statement.RETURN_GENERATED_KEYS);
          PreparedStatement two = connection.prepareStatement("INSERT INTO tickets (title) VALUES ('two')",
              Statement.RETURN_GENERATED_KEYS)) {
        one.executeUpdate();
        two.executeUpdate();
        long first2 = keys(one.getGeneratedKeys()).get(0);
        assertThat(keys(two.getGeneratedKeys())).singleElement().isEqualTo(first2 + 1);
      }
      // a statement with no identity values to give has an empty result
      statement.executeUpdate("UPDATE tickets SET title = upper(title)");
      assertThat(keys(statement.getGeneratedKeys())).isEmpty();
      assertThat(QueryRows.of(statement, "SELECT title FROM tickets WHERE id = " + (first.get(1) + 2)))
          .containsExactly("D");
    }
  }

  private static List<Long> keys(ResultSet keys) throws SQLException {
    List<Long> values = new java.util.ArrayList<>();
    try (keys) {
      while (keys.next()) {
        values.add(keys.getLong(1));
      }
    }
    return values;
  }

  @Test
  void primaryKeyColumnsAreNotNullAndViewsShowTheirText() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      DatabaseMetaData metadata = connection.getMetaData();
      try (ResultSet columns = metadata.getColumns(null, "default", "keyed", "%")) {
        assertThat(columns.next()).isTrue();
        assertThat(columns.getString("COLUMN_NAME")).isEqualTo("id");
        assertThat(columns.getInt("NULLABLE")).isEqualTo(DatabaseMetaData.columnNoNulls);
        assertThat(columns.getString("IS_NULLABLE")).isEqualTo("NO");
        assertThat(columns.next()).isTrue();
        assertThat(columns.getInt("NULLABLE")).isEqualTo(DatabaseMetaData.columnNullable);
      }
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> statement.execute(
          "INSERT INTO keyed VALUES (NULL, 'no key')")).hasMessageStartingWith("[DELTA_NOT_NULL_CONSTRAINT_VIOLATED]");
      assertThat(QueryRows.of(statement, "SELECT table_name, view_definition, is_materialized"
          + " FROM information_schema.views")).containsExactly(
          "first_two | SELECT id, name FROM keyed WHERE id <= 2 | FALSE");
    }
  }

  /**
   * The client waits for a statement's answer however long it runs (its query timeout, which the gateway enforces,
   * bounds it): Avatica's own client gave up after 3 minutes while the statement ran on. A URL may still set a bound.
   */
  @Test
  void theClientWaitsForALongStatementUnlessToldOtherwise() throws Exception {
    try (Connection connection = gateway.connect()) {
      assertThat(responseTimeout(connection)).isZero();
    }
    try (Connection connection = java.sql.DriverManager.getConnection(gateway.url()
        + "?user=admin&http_response_timeout=600000")) {
      assertThat(responseTimeout(connection)).isEqualTo(600_000L);
    }
  }

  /** The HTTP response timeout the driver's Avatica client runs with (Avatica is relocated inside the jar). */
  private static long responseTimeout(Connection connection) throws Exception {
    Object avatica = connection.unwrap(Class.forName("io.flowgate.jdbc.shaded.avatica.AvaticaConnection"));
    Object config = avatica.getClass().getMethod("config").invoke(avatica);
    java.lang.reflect.Method getter = Class.forName("io.flowgate.jdbc.shaded.avatica.ConnectionConfig")
        .getMethod("getHttpResponseTimeout");
    return (Long) getter.invoke(config);
  }
}
