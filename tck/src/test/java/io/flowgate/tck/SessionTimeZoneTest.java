package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The session time zone: a TIMESTAMP is an instant, written and read as wall-clock text in the session's zone, while a
 * TIMESTAMP_NTZ is the wall clock itself. Set by the {@code timezone} connection property, {@code SET TIME ZONE} or
 * {@code SET timezone}; UTC without them.
 */
class SessionTimeZoneTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  /** 10:00 in Los Angeles on 1 July 2024 (PDT, UTC-7). */
  private static final Instant TEN_IN_LOS_ANGELES = Instant.parse("2024-07-01T17:00:00Z");

  private static Connection connect(String timeZone) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", "admin");
    properties.setProperty("timezone", timeZone);
    return DriverManager.getConnection(gateway.url(), properties);
  }

  @BeforeAll
  static void written() throws SQLException {
    try (Connection losAngeles = connect("America/Los_Angeles"); Statement statement = losAngeles.createStatement()) {
      statement.execute("CREATE TABLE moments (id INT, ts TIMESTAMP, ntz TIMESTAMP_NTZ)");
      // text, a literal and a cast all read as wall clocks of the session's zone
      statement.execute("INSERT INTO moments VALUES (1, '2024-07-01 10:00:00', '2024-07-01 10:00:00'),"
          + " (2, TIMESTAMP '2024-07-01 10:00:00', CAST('2024-07-01 10:00:00' AS TIMESTAMP_NTZ)),"
          + " (3, CAST(TIMESTAMP_NTZ '2024-07-01 10:00:00' AS TIMESTAMP), NULL)");
    }
  }

  private static List<String> row(Statement statement, String sql) throws SQLException {
    try (ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).as(sql).isTrue();
      List<String> values = new ArrayList<>();
      for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
        values.add(rows.getString(i));
      }
      return values;
    }
  }

  @Test
  void aTimestampIsOneInstantWhateverZoneWroteOrReadsIt() throws SQLException {
    for (String zone : List.of("UTC", "America/Los_Angeles", "Asia/Tokyo")) {
      try (Connection connection = connect(zone); Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT ts FROM moments ORDER BY id")) {
        for (int id = 1; id <= 3; id++) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getTimestamp(1).toInstant()).as(zone + " row " + id).isEqualTo(TEN_IN_LOS_ANGELES);
          assertThat(rows.getObject(1, Instant.class)).isEqualTo(TEN_IN_LOS_ANGELES);
        }
      }
    }
  }

  @Test
  void textAndFieldsAreTheSessionZonesWallClock() throws SQLException {
    String fields = "SELECT CAST(ts AS STRING), hour(ts), CAST(ts AS DATE), CAST(ts AS TIMESTAMP_NTZ), ts,"
        + " CAST(ntz AS STRING), extract(HOUR FROM ts), date_format(ts, 'HH:mm') FROM moments WHERE id = 1";
    try (Connection utc = gateway.connect(); Statement statement = utc.createStatement()) {
      assertThat(row(statement, "SELECT current_timezone()")).containsExactly("UTC");
      assertThat(row(statement, fields)).containsExactly("2024-07-01 17:00:00", "17", "2024-07-01",
          "2024-07-01 17:00:00", "2024-07-01 17:00:00", "2024-07-01 10:00:00", "17", "17:00");
    }
    try (Connection tokyo = connect("Asia/Tokyo"); Statement statement = tokyo.createStatement()) {
      assertThat(row(statement, "SELECT current_timezone()")).containsExactly("Asia/Tokyo");
      // the next day in Tokyo (UTC+9)
      assertThat(row(statement, fields)).containsExactly("2024-07-02 02:00:00", "2", "2024-07-02",
          "2024-07-02 02:00:00", "2024-07-02 02:00:00", "2024-07-01 10:00:00", "2", "02:00");
      try (ResultSet rows = statement.executeQuery("SELECT ts FROM moments WHERE id = 1")) {
        rows.next();
        assertThat(rows.getObject(1, LocalDateTime.class)).isEqualTo(LocalDateTime.parse("2024-07-02T02:00:00"));
      }
    }
  }

  @Test
  void comparisonsReadTextAndDatesInTheSessionZone() throws SQLException {
    try (Connection losAngeles = connect("America/Los_Angeles");
        Statement statement = losAngeles.createStatement()) {
      assertThat(row(statement, "SELECT count(*) FROM moments WHERE ts = '2024-07-01 10:00:00'"))
          .containsExactly("3");
      assertThat(row(statement, "SELECT count(*) FROM moments WHERE ts = TIMESTAMP '2024-07-01 10:00:00'"
          + " AND ts BETWEEN DATE '2024-07-01' AND '2024-07-01 23:59:59' AND ts IN ('2024-07-01 10:00:00')"))
          .containsExactly("3");
      // a wall clock meeting a TIMESTAMP in one value is one of the zone too
      assertThat(row(statement, "SELECT count(*) FROM moments WHERE coalesce(CAST(NULL AS TIMESTAMP),"
          + " TIMESTAMP_NTZ '2024-07-01 10:00:00') = ts AND CASE WHEN id > 0 THEN TIMESTAMP_NTZ"
          + " '2024-07-01 10:00:00' ELSE ts END = ts AND greatest(ts, DATE '2024-07-01') = ts"
          + " AND least(ts, DATE '2024-07-02') = ts")).containsExactly("3");
      // midnight in Los Angeles, as an instant
      try (ResultSet rows = statement.executeQuery("SELECT date_trunc('DAY', ts) FROM moments WHERE id = 1")) {
        rows.next();
        assertThat(rows.getTimestamp(1).toInstant()).isEqualTo(Instant.parse("2024-07-01T07:00:00Z"));
      }
    }
    try (Connection utc = gateway.connect(); Statement statement = utc.createStatement()) {
      // the same text in UTC is another instant: no row
      assertThat(row(statement, "SELECT count(*) FROM moments WHERE ts = '2024-07-01 10:00:00'"))
          .containsExactly("0");
    }
  }

  @Test
  void setTimeZoneChangesTheSessionAndItsCachedPlans() throws SQLException {
    String text = "SELECT CAST(ts AS STRING) FROM moments WHERE id = 2";
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(row(statement, text)).containsExactly("2024-07-01 17:00:00");
      statement.execute("SET TIME ZONE 'America/Los_Angeles'");
      assertThat(row(statement, text)).containsExactly("2024-07-01 10:00:00");
      assertThat(row(statement, "SELECT ts FROM moments WHERE id = 2")).containsExactly("2024-07-01 10:00:00");
      statement.execute("-- a tool's comment first\n/* and another */ SET timezone = '+09:00'");
      assertThat(row(statement, "SELECT current_timezone()")).containsExactly("+09:00");
      assertThat(row(statement, "SELECT ts FROM moments WHERE id = 2")).containsExactly("2024-07-02 02:00:00");
      assertThat(row(statement, "SET timezone")).containsExactly("timezone", "+09:00");
      statement.execute("SET TIME ZONE LOCAL");
      assertThat(row(statement, "SELECT current_timezone()")).containsExactly(ZoneId.systemDefault().getId());
      statement.execute("RESET timezone");
      assertThat(row(statement, text)).containsExactly("2024-07-01 17:00:00");
      assertThat(row(statement, "SELECT ts FROM moments WHERE id = 2")).containsExactly("2024-07-01 17:00:00");
    }
  }

  @Test
  void aWallClockThatDaylightSavingSkipsIsTakenAfterTheGap() throws SQLException {
    try (Connection newYork = connect("America/New_York"); Statement statement = newYork.createStatement();
        ResultSet rows = statement.executeQuery("SELECT CAST('2024-03-10 02:30:00' AS TIMESTAMP),"
            + " CAST(CAST('2024-03-10 02:30:00' AS TIMESTAMP) AS STRING)")) {
      rows.next();
      assertThat(rows.getTimestamp(1).toInstant()).isEqualTo(Instant.parse("2024-03-10T07:30:00Z"));
      assertThat(rows.getString(2)).isEqualTo("2024-03-10 03:30:00");
    }
  }

  @Test
  void definitionsAreComputedInUtcWhateverTheSessionsZone() throws SQLException {
    try (Connection losAngeles = connect("America/Los_Angeles"); Statement statement = losAngeles.createStatement()) {
      statement.execute("CREATE TABLE days (ts TIMESTAMP, d DATE GENERATED ALWAYS AS (CAST(ts AS DATE)))");
      // 23:30 in Los Angeles is the next day in UTC, where the table computes its column
      statement.execute("INSERT INTO days (ts) VALUES ('2024-07-01 23:30:00')");
      statement.execute("INSERT INTO days (ts, d) VALUES ('2024-07-01 23:30:00', DATE '2024-07-02')");
      assertThatThrownBy(() -> statement.execute("INSERT INTO days (ts, d) VALUES ('2024-07-01 23:30:00',"
          + " DATE '2024-07-01')")).isInstanceOfSatisfying(SQLException.class,
              e -> assertThat(e.getSQLState()).isEqualTo("23001"));
      assertThat(row(statement, "SELECT count(*), min(d), max(d) FROM days"))
          .containsExactly("2", "2024-07-02", "2024-07-02");
    }
  }

  @Test
  void anUnknownZoneIsRefusedByName() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      for (String set : List.of("SET TIME ZONE 'Mars/Olympus_Mons'", "SET timezone = 'PST'",
          "SET spark.sql.session.timeZone = 'nowhere'")) {
        assertThatThrownBy(() -> statement.execute(set)).as(set).isInstanceOfSatisfying(SQLException.class, e -> {
          assertThat(e.getMessage()).startsWith("[INVALID_CONF_VALUE.TIME_ZONE]");
          assertThat(e.getSQLState()).isEqualTo("22022");
        });
      }
      assertThat(row(statement, "SELECT current_timezone()")).containsExactly("UTC");
    }
    assertThatThrownBy(() -> connect("Nowhere/At_All").close()).isInstanceOfSatisfying(SQLException.class,
        e -> assertThat(e.getSQLState()).isEqualTo("22022"));
  }
}
