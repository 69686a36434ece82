package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Schedules fire on a real gateway: a TRIGGER ON UPDATE streaming table follows its source's commits and a
 * materialized view on a CRON schedule recomputes, with nobody typing REFRESH. The gateway's schedule floor is
 * lowered to one second (its test flag), so each waits a second or two; the tests wait for the rows, not for time.
 */
class ScheduledRefreshTest {
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config ->
      config.withScheduleFloor(Duration.ofSeconds(1)));

  /** Polls {@code sql} until it answers {@code expected} (the scheduler has no event a client could wait on). */
  private static void awaitRows(Statement statement, String sql, String... expected) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    List<String> rows = QueryRows.of(statement, sql);
    while (!rows.equals(List.of(expected)) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      rows = QueryRows.of(statement, sql);
    }
    assertThat(rows).as(sql).containsExactly(expected);
  }

  @Test
  void aStreamingTableTriggeredOnUpdateFollowsItsSource() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG sr_trigger");
      statement.execute("USE CATALOG sr_trigger");
      statement.execute("CREATE TABLE default.orders (id INT, amount INT)");
      statement.execute("CREATE STREAMING TABLE default.orders_copy TRIGGER ON UPDATE"
          + " AS SELECT * FROM STREAM(default.orders)");
      statement.execute("INSERT INTO default.orders VALUES (1, 10), (2, 20)");
      awaitRows(statement, "SELECT count(*), sum(amount) FROM default.orders_copy", "2 | 30");
      statement.execute("INSERT INTO default.orders VALUES (3, 30)");
      awaitRows(statement, "SELECT count(*), sum(amount) FROM default.orders_copy", "3 | 60");
      assertThat(QueryRows.of(statement, "SELECT DISTINCT details:create_update:cause FROM"
          + " event_log(TABLE(default.orders_copy)) WHERE event_type = 'create_update' ORDER BY 1"))
          .containsExactly("API_CALL", "TRIGGER_ON_UPDATE");
    }
  }

  @Test
  void aTriggerSeesTheCommitsOfTablesBehindAView() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG sr_behind");
      statement.execute("USE CATALOG sr_behind");
      statement.execute("CREATE TABLE default.base (v INT)");
      statement.execute("INSERT INTO default.base VALUES (1)");
      // names in the views resolve where they were created, whatever the reader's catalog
      statement.execute("CREATE VIEW default.doubled AS SELECT v * 2 AS d FROM base");
      statement.execute("CREATE VIEW default.positive AS SELECT d FROM doubled WHERE d > 0");
      statement.execute("CREATE MATERIALIZED VIEW default.sums TRIGGER ON UPDATE AS SELECT sum(d) AS s"
          + " FROM default.positive");
      statement.execute("USE CATALOG main");
      statement.execute("INSERT INTO sr_behind.default.base VALUES (5)");
      awaitRows(statement, "SELECT s FROM sr_behind.default.sums", "12");
    }
  }

  @Test
  void aMaterializedViewOnACronScheduleRecomputes() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG sr_cron");
      statement.execute("USE CATALOG sr_cron");
      statement.execute("CREATE TABLE default.facts (k STRING, v INT)");
      statement.execute("INSERT INTO default.facts VALUES ('a', 1)");
      statement.execute("CREATE MATERIALIZED VIEW default.totals SCHEDULE CRON '* * * * * ?' AT TIME ZONE 'UTC'"
          + " AS SELECT k, sum(v) AS total FROM default.facts GROUP BY k");
      statement.execute("INSERT INTO default.facts VALUES ('a', 2), ('b', 5)");
      statement.execute("DELETE FROM default.facts WHERE v = 1");
      awaitRows(statement, "SELECT k, total FROM default.totals ORDER BY k", "a | 2", "b | 5");
      // the next run is measured with the gateway's floor (a second here), not the vendor's minute
      String next = QueryRows.of(statement, "DESCRIBE EXTENDED default.totals").stream()
          .filter(row -> row.startsWith("Next Refresh | ")).findFirst().orElseThrow();
      assertThat(java.time.Instant.parse(next.split(" \\| ")[1]))
          .isBefore(java.time.Instant.now().plusSeconds(30));
    }
  }

  @Test
  void schedulesQuartzRefusesAreRefusedWhenMade() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG sr_invalid");
      statement.execute("USE CATALOG sr_invalid");
      statement.execute("CREATE TABLE default.src (id INT)");
      assertThatThrownBy(() -> statement.execute("CREATE STREAMING TABLE default.late"
          + " SCHEDULE CRON '0 0 25 * * ?' AS SELECT * FROM STREAM(default.src)"))
          .isInstanceOf(SQLException.class).hasMessageStartingWith("[INVALID_PARAMETER_VALUE]")
          .hasMessageContaining("Hour values must be between 0 and 23")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("22023"));
      assertThat(QueryRows.of(statement, "SHOW TABLES IN default")).noneMatch(row -> row.contains("late"));
      statement.execute("CREATE STREAMING TABLE default.copy AS SELECT * FROM STREAM(default.src)");
      assertThatThrownBy(() -> statement.execute("ALTER STREAMING TABLE default.copy"
          + " ADD TRIGGER ON UPDATE AT MOST EVERY INTERVAL 3 FORTNIGHTS"))
          .isInstanceOf(SQLException.class).hasMessageStartingWith("[INVALID_PARAMETER_VALUE]");
    }
  }

  @Test
  void aCronWithoutATimeZoneRunsInTheSessionsTimeZone() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG sr_zone");
      statement.execute("USE CATALOG sr_zone");
      statement.execute("CREATE TABLE default.src (id INT)");
      statement.execute("CREATE STREAMING TABLE default.copy AS SELECT * FROM STREAM(default.src)");
      statement.execute("SET TIME ZONE 'Asia/Tokyo'");
      statement.execute("ALTER STREAMING TABLE default.copy ADD SCHEDULE CRON '0 0 6 * * ?'");
      assertThat(QueryRows.of(statement, "DESCRIBE EXTENDED default.copy"))
          .contains("Refresh Schedule | CRON '0 0 6 * * ?' AT TIME ZONE 'Asia/Tokyo' | ");
    }
  }
}
