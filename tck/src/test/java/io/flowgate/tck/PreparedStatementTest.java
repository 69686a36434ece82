package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Parameters of every supported type, batches, update counts and error shape, through the driver. */
class PreparedStatementTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void aBareParameterIsAString() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement select = connection.prepareStatement("SELECT ? AS p, CAST(? AS INT) + 1 AS q")) {
      assertThat(select.getMetaData().getColumnType(1)).isEqualTo(java.sql.Types.VARCHAR);
      select.setString(1, "hello");
      select.setInt(2, 41);
      try (java.sql.ResultSet rows = select.executeQuery()) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString("p")).isEqualTo("hello");
        assertThat(rows.getInt("q")).isEqualTo(42);
      }
      select.setInt(1, 7);
      try (java.sql.ResultSet rows = select.executeQuery()) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("7");
      }
    }
  }

  @Test
  void everyTypeRoundTrips() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE all_types (b BOOLEAN, t TINYINT, s SMALLINT, i INT, l BIGINT, f FLOAT,"
          + " d DOUBLE, m DECIMAL(20,4), str STRING, v VARCHAR(10), dt DATE, ts TIMESTAMP, bin BINARY)");
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO all_types VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
        insert.setBoolean(1, true);
        insert.setByte(2, (byte) 7);
        insert.setShort(3, (short) 300);
        insert.setInt(4, 70_000);
        insert.setLong(5, 5_000_000_000L);
        insert.setFloat(6, 1.5f);
        insert.setDouble(7, 2.25);
        insert.setBigDecimal(8, new BigDecimal("12345.6789"));
        insert.setString(9, "héllo 'quoted'");
        insert.setString(10, "short");
        insert.setDate(11, Date.valueOf("2024-02-29"));
        insert.setTimestamp(12, Timestamp.valueOf("2024-02-29 23:59:58.123"));
        insert.setBytes(13, new byte[] {1, 2, (byte) 0xFF});
        assertThat(insert.executeUpdate()).isEqualTo(1);
        for (int i = 1; i <= 13; i++) {
          insert.setNull(i, Types.NULL);
        }
        assertThat(insert.executeUpdate()).isEqualTo(1);
      }
      try (PreparedStatement query = connection.prepareStatement(
          "SELECT b, t, s, i, l, f, d, m, str, v, dt, ts, bin FROM all_types WHERE i = ? AND str LIKE ?")) {
        assertThat(query.getMetaData().getColumnCount()).isEqualTo(13);
        assertThat(query.getParameterMetaData().getParameterCount()).isEqualTo(2);
        query.setInt(1, 70_000);
        query.setString(2, "h%");
        try (ResultSet rows = query.executeQuery()) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getBoolean(1)).isTrue();
          assertThat(rows.getByte(2)).isEqualTo((byte) 7);
          assertThat(rows.getShort(3)).isEqualTo((short) 300);
          assertThat(rows.getInt(4)).isEqualTo(70_000);
          assertThat(rows.getLong(5)).isEqualTo(5_000_000_000L);
          assertThat(rows.getFloat(6)).isEqualTo(1.5f);
          assertThat(rows.getDouble(7)).isEqualTo(2.25);
          assertThat(rows.getBigDecimal(8)).isEqualByComparingTo("12345.6789");
          assertThat(rows.getString(9)).isEqualTo("héllo 'quoted'");
          assertThat(rows.getString(10)).isEqualTo("short");
          assertThat(rows.getDate(11)).isEqualTo(Date.valueOf("2024-02-29"));
          assertThat(rows.getTimestamp(12)).isEqualTo(Timestamp.valueOf("2024-02-29 23:59:58.123"));
          assertThat(rows.getBytes(13)).containsExactly(1, 2, 0xFF);
          assertThat(rows.next()).isFalse();
        }
      }
      try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM all_types WHERE b IS NULL AND ts IS NULL")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void batchesAndUpdateCounts() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE counters (k STRING, n INT)");
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO counters VALUES (?, ?)")) {
        for (int i = 0; i < 50; i++) {
          insert.setString(1, "k" + (i % 5));
          insert.setInt(2, i);
          insert.addBatch();
        }
        int[] counts = insert.executeBatch();
        assertThat(counts).hasSize(50).containsOnly(1);
      }
      assertThat(statement.executeUpdate("UPDATE counters SET n = n + 1 WHERE k = 'k1'")).isEqualTo(10);
      assertThat(statement.executeUpdate("DELETE FROM counters WHERE n > 40")).isEqualTo(9);
      statement.addBatch("INSERT INTO counters VALUES ('z', 1)");
      statement.addBatch("DELETE FROM counters WHERE k = 'k0'");
      assertThat(statement.executeBatch()).containsExactly(1, 9);
      try (PreparedStatement query = connection.prepareStatement(
          "SELECT k, sum(n) AS total FROM counters WHERE n >= ? GROUP BY k ORDER BY k")) {
        query.setInt(1, 0);
        try (ResultSet rows = query.executeQuery()) {
          int groups = 0;
          while (rows.next()) {
            groups++;
          }
          assertThat(groups).isEqualTo(5);
        }
      }
    }
  }

  @Test
  void errorsCarryClassAndSqlState() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM missing_table"))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `main`.`default`.`missing_table`")
          .hasMessageContaining("SQLSTATE: 42P01")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42P01"));
      assertThatThrownBy(() -> connection.prepareStatement("SELEC 1"))
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42601"))
          .hasMessageStartingWith("[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'");
      // the connection keeps working after errors
      try (ResultSet rows = statement.executeQuery("SELECT 42")) {
        rows.next();
        assertThat(rows.getInt(1)).isEqualTo(42);
      }
    }
  }

  @Test
  void largeResultsArriveInFrames() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.setFetchSize(1000);
      long sum = 0;
      long count = 0;
      try (ResultSet rows = statement.executeQuery("SELECT id, id * 2 AS twice FROM range(123457)")) {
        while (rows.next()) {
          sum += rows.getLong(2);
          count++;
        }
      }
      assertThat(count).isEqualTo(123_457);
      assertThat(sum).isEqualTo(123_456L * 123_457L);
      statement.setMaxRows(10);
      try (ResultSet rows = statement.executeQuery("SELECT id FROM range(1000)")) {
        int seen = 0;
        while (rows.next()) {
          seen++;
        }
        assertThat(seen).isEqualTo(10);
      }
    }
  }
}
