package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Timestamps keep their microseconds through the driver, both ways, in both serializations; Avatica's stock client,
 * whose wire unit is the millisecond, reads the same instant to the millisecond.
 */
class MicrosecondsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static final Instant MOMENT = Instant.parse("2024-07-01T10:00:00.123456Z");

  @BeforeAll
  static void written() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE fine (id INT, ts TIMESTAMP, ntz TIMESTAMP_NTZ)");
      statement.execute("INSERT INTO fine VALUES (1, TIMESTAMP '2024-07-01 10:00:00.123456',"
          + " TIMESTAMP_NTZ '2024-07-01 10:00:00.123456')");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"json", "protobuf"})
  void readsKeepMicroseconds(String serialization) throws SQLException {
    try (Connection connection = DriverManager.getConnection(gateway.url() + "?serialization=" + serialization,
        "admin", ""); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT ts, ntz FROM fine WHERE id = 1")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getTimestamp(1).toInstant()).isEqualTo(MOMENT);
      assertThat(rows.getTimestamp(1).getNanos()).isEqualTo(123_456_000);
      assertThat(rows.getObject(1, Instant.class)).isEqualTo(MOMENT);
      assertThat(rows.getString(1)).isEqualTo("2024-07-01 10:00:00.123456");
      assertThat(rows.getObject(2, LocalDateTime.class)).isEqualTo(LocalDateTime.parse("2024-07-01T10:00:00.123456"));
      assertThat(rows.getString(2)).isEqualTo("2024-07-01 10:00:00.123456");
      assertThat(rows.getTimestamp(2)).isEqualTo(Timestamp.valueOf("2024-07-01 10:00:00.123456"));
      assertThat(rows.getDate(2)).isEqualTo(java.sql.Date.valueOf("2024-07-01"));
    }
  }

  @Test
  void parametersKeepMicroseconds() throws SQLException {
    Instant later = Instant.parse("2024-07-02T11:30:00.654321Z");
    try (Connection connection = gateway.connect()) {
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO fine VALUES (?, ?, ?)")) {
        insert.setInt(1, 2);
        insert.setTimestamp(2, Timestamp.from(later));
        insert.setObject(3, LocalDateTime.parse("2024-07-02T11:30:00.000007"));
        insert.executeUpdate();
        insert.setInt(1, 3);
        insert.setObject(2, later);
        insert.setObject(3, LocalDateTime.parse("2024-07-02T11:30:00.5"));
        insert.executeUpdate();
      }
      try (PreparedStatement select = connection.prepareStatement(
          "SELECT CAST(ts AS STRING), CAST(ntz AS STRING) FROM fine WHERE ts = ? ORDER BY id")) {
        select.setTimestamp(1, Timestamp.from(later));
        try (ResultSet rows = select.executeQuery()) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getString(1)).isEqualTo("2024-07-02 11:30:00.654321");
          assertThat(rows.getString(2)).isEqualTo("2024-07-02 11:30:00.000007");
          assertThat(rows.next()).isTrue();
          assertThat(rows.getString(2)).isEqualTo("2024-07-02 11:30:00.5");
          assertThat(rows.next()).isFalse();
        }
      }
    }
  }

  @Test
  void theStockClientReadsTheSameInstantToTheMillisecond() throws SQLException {
    String url = "jdbc:avatica:remote:url=http://127.0.0.1:" + gateway.port() + ";serialization=json";
    try (Connection connection = DriverManager.getConnection(url, "admin", "");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT ts FROM fine WHERE id = 1")) {
      assertThat(rows.next()).isTrue();
      java.util.Calendar utc = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"));
      assertThat(rows.getTimestamp(1, utc).toInstant()).isEqualTo(Instant.parse("2024-07-01T10:00:00.123Z"));
    }
  }
}
