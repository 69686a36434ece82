package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * EXPLAIN through the driver: one STRING column {@code plan}, the statement checked as if it ran (so it fails as the
 * statement would) and nothing run, and nothing in it a user could not see by running the statement.
 */
class ExplainTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE sales (id INT, region STRING, amount INT, secret_note STRING)");
      statement.execute("INSERT INTO sales VALUES (1, 'US', 10, 'a'), (2, 'EU', 20, 'b')");
      statement.execute("CREATE TABLE regions (region STRING)");
      statement.execute("CREATE VIEW big AS SELECT id FROM sales WHERE amount > 15");
      statement.execute("CREATE FUNCTION us_only(region STRING) RETURN region = 'US'");
      statement.execute("CREATE FUNCTION hide_note(note STRING) RETURN 'hidden-by-zz9'");
      statement.execute("ALTER TABLE sales SET ROW FILTER us_only ON (region)");
      statement.execute("ALTER TABLE sales ALTER COLUMN secret_note SET MASK hide_note");
      statement.execute("CREATE USER explain_reader PASSWORD 'r'");
      statement.execute("GRANT USE CATALOG ON CATALOG main TO explain_reader");
      statement.execute("GRANT USE SCHEMA ON SCHEMA main.default TO explain_reader");
      statement.execute("GRANT SELECT ON TABLE sales TO explain_reader");
    }
  }

  private static String explain(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet plan = statement.executeQuery(sql)) {
      assertThat(plan.getMetaData().getColumnCount()).isEqualTo(1);
      assertThat(plan.getMetaData().getColumnLabel(1)).isEqualTo("plan");
      assertThat(plan.next()).isTrue();
      String text = plan.getString(1);
      assertThat(plan.next()).as("one row").isFalse();
      return text;
    }
  }

  @Test
  void aQueryIsDescribedNotRun() throws SQLException {
    try (Connection connection = gateway.connect()) {
      String plan = explain(connection, "EXPLAIN SELECT region, count(*) AS n FROM sales WHERE amount > 5"
          + " GROUP BY region HAVING n > 0");
      assertThat(plan).contains("Output: region STRING, n BIGINT",
          "Reads: main.default.sales (table, row filter applied, 1 column masked)",
          "Block 1: SELECT; filter (`amount` > 5); grouped by `region`; aggregates count(1); having (`n` > 0)")
          .doesNotContain("== Statement ==");
      assertThat(explain(connection, "EXPLAIN EXTENDED SELECT * FROM big WHERE id IN (SELECT 1)"))
          .startsWith("== Statement ==\nSELECT * FROM `big` WHERE (`id` IN (SELECT 1))\n== Analysis ==")
          .contains("Reads: main.default.big (view)", "Block 2: SELECT")
          // what the view reads inside is the view owner's business
          .doesNotContain("sales");
    }
  }

  @Test
  void aWriteIsPlannedAndNotRun() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(explain(connection, "EXPLAIN DELETE FROM regions WHERE region IN (SELECT region FROM big)"))
          .contains("Writes: main.default.regions (DELETE)", "Reads: main.default.big (view)");
      assertThat(explain(connection, "EXPLAIN FORMATTED INSERT INTO regions SELECT 'x'"))
          .contains("INSERT INTO `regions` SELECT 'x'", "Writes: main.default.regions (INSERT)");
      try (ResultSet count = statement.executeQuery("SELECT count(*) FROM regions")) {
        assertThat(count.next()).isTrue();
        assertThat(count.getLong(1)).as("nothing was inserted").isZero();
      }
    }
  }

  @Test
  void itFailsAsTheStatementWouldAndShowsNoPolicyText() throws SQLException {
    try (Connection reader = gateway.connect("explain_reader")) {
      String plan = explain(reader, "EXPLAIN FORMATTED SELECT secret_note FROM sales");
      assertThat(plan).contains("row filter applied", "1 column masked")
          .doesNotContain("us_only", "hide_note", "hidden-by-zz9", "'US'");
      assertThatThrownBy(() -> explain(reader, "EXPLAIN SELECT * FROM regions"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      assertThatThrownBy(() -> explain(reader, "EXPLAIN SELECT nope FROM sales"))
          .hasMessageStartingWith("[UNRESOLVED_COLUMN");
      assertThatThrownBy(() -> explain(reader, "EXPLAIN DROP TABLE sales"))
          .hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
    }
  }

  @Test
  void aRefreshShowsItsStreamWindowsAndRunsNothing() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ex_src (id INT)");
      statement.execute("INSERT INTO ex_src VALUES (1)");
      statement.execute("CREATE STREAMING TABLE ex_st (CONSTRAINT positive EXPECT (id > 0) ON VIOLATION DROP ROW)"
          + " AS SELECT id FROM STREAM(ex_src)");
      statement.execute("INSERT INTO ex_src VALUES (2)");
      statement.execute("INSERT INTO ex_src VALUES (3)");
      assertThat(explain(connection, "EXPLAIN EXTENDED REFRESH STREAMING TABLE ex_st")).contains(
          "REFRESH STREAMING TABLE `ex_st`", "Refreshes: main.default.ex_st", "Flow ex_st: append",
          "reads main.default.ex_src: commits 2 to 3 (2 new)", "expectation positive: drop row");
      try (ResultSet count = statement.executeQuery("SELECT count(*) FROM ex_st")) {
        count.next();
        assertThat(count.getLong(1)).as("EXPLAIN ran no batch").isEqualTo(1);
      }
      statement.execute("REFRESH STREAMING TABLE ex_st");
      assertThat(explain(connection, "EXPLAIN REFRESH STREAMING TABLE ex_st"))
          .contains("reads main.default.ex_src: nothing new after commit 3");
      try (ResultSet count = statement.executeQuery("SELECT count(*) FROM ex_st")) {
        count.next();
        assertThat(count.getLong(1)).isEqualTo(3);
      }
    }
  }
}
