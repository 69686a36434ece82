package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What tools see of a streaming table: its JDBC type, DESCRIBE EXTENDED, and its history. */
class StreamingTableTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static Map<String, String> describe(Statement statement, String table) throws SQLException {
    Map<String, String> rows = new LinkedHashMap<>();
    try (ResultSet result = statement.executeQuery("DESCRIBE TABLE EXTENDED " + table)) {
      while (result.next()) {
        rows.put(result.getString(1), result.getString(2));
      }
    }
    return rows;
  }

  @Test
  void toolsSeeATableThatRefreshes() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE events (id BIGINT, kind STRING)");
      statement.execute("INSERT INTO events VALUES (1, 'a'), (2, 'b')");
      statement.execute("CREATE OR REFRESH STREAMING TABLE events_st COMMENT 'live' AS"
          + " SELECT id, upper(kind) AS kind FROM STREAM(events)");

      try (ResultSet tables = connection.getMetaData().getTables("main", "default", "events_st", null)) {
        assertThat(tables.next()).isTrue();
        assertThat(tables.getString("TABLE_TYPE")).isEqualTo("TABLE");
        assertThat(tables.getString("REMARKS")).isEqualTo("live");
      }
      Map<String, String> described = describe(statement, "events_st");
      assertThat(described).containsEntry("id", "bigint").containsEntry("kind", "string")
          .containsEntry("Type", "STREAMING_TABLE").containsEntry("Last Refresh Type", "INCREMENTAL")
          .containsEntry("Refresh Schedule", "MANUAL").containsEntry("Latest Refresh Status", "Succeeded")
          .containsEntry("Flows", "events_st");
      assertThat(described.get("Last Refreshed")).isNotEqualTo("never");
      statement.execute("ALTER STREAMING TABLE events_st ADD SCHEDULE REFRESH EVERY 1 HOUR");
      assertThat(describe(statement, "events_st")).containsEntry("Refresh Schedule", "EVERY 1 HOURS");

      statement.execute("INSERT INTO events VALUES (3, 'c')");
      statement.execute("REFRESH STREAMING TABLE events_st FULL");
      assertThat(describe(statement, "events_st")).containsEntry("Last Refresh Type", "FULL");

      try (ResultSet history = statement.executeQuery("DESCRIBE HISTORY events_st")) {
        StringBuilder operations = new StringBuilder();
        while (history.next()) {
          operations.append(history.getString("operation")).append(':')
              .append(history.getString("operationMetrics")).append(' ');
        }
        assertThat(operations.toString().strip()).isEqualTo("STREAMING UPDATE:{\"numOutputRows\":\"3\"}"
            + " FULL REFRESH:{\"numRemovedRows\":\"2\"} STREAMING UPDATE:{\"numOutputRows\":\"2\"}"
            + " CREATE STREAMING TABLE:{}");
      }
      try (ResultSet rows = statement.executeQuery("SELECT kind FROM events_st ORDER BY id")) {
        StringBuilder kinds = new StringBuilder();
        while (rows.next()) {
          kinds.append(rows.getString(1));
        }
        assertThat(kinds.toString()).isEqualTo("ABC");
      }
    }
  }

  private static final String FLOW_DEFINITION = "flow_definition INFO {\"flow_definition\":{\"output_dataset\":"
      + "\"main.default.clicks_st\",\"input_datasets\":[\"main.default.clicks\"],\"flow_type\":\"APPEND\"}} false";

  @Test
  void theEventLogRecordsEachUpdate() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE clicks (id BIGINT)");
      statement.execute("INSERT INTO clicks VALUES (1), (2), (3)");
      statement.execute("CREATE STREAMING TABLE clicks_st AS SELECT id FROM STREAM(clicks)");
      statement.execute("UPDATE clicks SET id = 30 WHERE id = 3");
      try {
        statement.execute("REFRESH STREAMING TABLE clicks_st");
        throw new AssertionError("the refresh should fail on the update");
      } catch (SQLException expected) {
        assertThat(expected.getSQLState()).isEqualTo("0A000");
      }
      StringBuilder events = new StringBuilder();
      try (ResultSet log = statement.executeQuery("SELECT event_type, level, details, error IS NOT NULL AS failed,"
          + " origin FROM event_log(TABLE(clicks_st))")) {
        while (log.next()) {
          events.append(log.getString(1)).append(' ').append(log.getString(2)).append(' ')
              .append(log.getString(3)).append(' ').append(log.getBoolean(4)).append('\n');
          assertThat(log.getString(5)).contains("\"dataset_name\":\"clicks_st\"");
        }
      }
      assertThat(events.toString()).isEqualTo(String.join("\n",
          "create_update INFO {\"create_update\":{\"cause\":\"API_CALL\",\"full_refresh\":false,\"started_by\":\"admin\"}} false",
          FLOW_DEFINITION,
          "update_progress INFO {\"update_progress\":{\"state\":\"RUNNING\"}} false",
          "flow_progress INFO {\"flow_progress\":{\"status\":\"COMPLETED\",\"metrics\":{\"num_output_rows\":3,\"num_input_rows\":3}}} false",
          "update_progress INFO {\"update_progress\":{\"state\":\"COMPLETED\"}} false",
          "create_update INFO {\"create_update\":{\"cause\":\"API_CALL\",\"full_refresh\":false,\"started_by\":\"admin\"}} false",
          FLOW_DEFINITION,
          "update_progress INFO {\"update_progress\":{\"state\":\"RUNNING\"}} false",
          "flow_progress ERROR {\"flow_progress\":{\"status\":\"FAILED\"}} true",
          "update_progress ERROR {\"update_progress\":{\"state\":\"FAILED\"}} true", ""));
      try (ResultSet log = statement.executeQuery("SELECT count(*) FROM event_log(TABLE(clicks_st)) e"
          + " WHERE e.event_type = 'flow_progress' AND e.error LIKE '%DELTA_SOURCE_TABLE_IGNORE_CHANGES%'")) {
        log.next();
        assertThat(log.getLong(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void failUpdateNamesTheExpectationAndShowsTheRow() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE payments (id INT, amount INT)");
      statement.execute("INSERT INTO payments VALUES (1, 10), (2, -5)");
      try {
        statement.execute("CREATE STREAMING TABLE checked (CONSTRAINT non_negative EXPECT (amount >= 0)"
            + " ON VIOLATION FAIL UPDATE) AS SELECT * FROM STREAM(payments)");
        throw new AssertionError("the update should fail");
      } catch (SQLException e) {
        assertThat(e.getSQLState()).isEqualTo("22000");
        assertThat(e.getMessage()).isEqualTo("[EXPECTATION_VIOLATION.VERBOSITY_ALL] Flow 'checked' failed to meet"
            + " the expectation. Violated expectations: 'non_negative'. Input data: '{\"id\":2,\"amount\":-5}'."
            + " Output record: '{\"id\":2,\"amount\":-5}'. Missing input data: false SQLSTATE: 22000");
      }
    }
  }

  @Test
  void anAsyncRefreshReturnsAndCompletesOnTheServer() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ticks (id BIGINT)");
      statement.execute("CREATE STREAMING TABLE ticks_st AS SELECT id FROM STREAM(ticks)");
      statement.execute("INSERT INTO ticks SELECT id FROM range(50000)");
      statement.execute("REFRESH STREAMING TABLE ticks_st ASYNC");
      // The update is over when its update_progress COMPLETED event is in the log (the first one is CREATE's).
      // No timing is asserted: the test only waits, boundedly, for the update the server runs.
      long completed = 0;
      for (int attempt = 0; attempt < 600 && completed < 2; attempt++) {
        try (ResultSet log = statement.executeQuery("SELECT count(*) FROM event_log(TABLE(ticks_st))"
            + " WHERE event_type = 'update_progress' AND details:update_progress:state = 'COMPLETED'")) {
          log.next();
          completed = log.getLong(1);
        }
        if (completed < 2) {
          Thread.sleep(100);
        }
      }
      assertThat(completed).isEqualTo(2);
      try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM ticks_st")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(50_000);
      }
    }
  }

  @Test
  void theVendorsDataQualityQueryRunsOnTheEventLog() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE readings (id INT, value INT)");
      statement.execute("INSERT INTO readings VALUES (1, 5), (2, -1), (3, NULL)");
      statement.execute("CREATE STREAMING TABLE checked_readings (CONSTRAINT positive EXPECT (value > 0),"
          + " CONSTRAINT present EXPECT (value IS NOT NULL) ON VIOLATION DROP ROW)"
          + " AS SELECT * FROM STREAM(readings)");
      statement.execute("INSERT INTO readings VALUES (4, 7)");
      statement.execute("REFRESH STREAMING TABLE checked_readings");
      String pipelineId = describe(statement, "checked_readings").get("Pipeline Id");
      // The query of the vendor's event-log documentation, over both spellings of event_log.
      for (String source : List.of("event_log(TABLE(checked_readings))", "event_log('" + pipelineId + "')")) {
        List<String> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery("SELECT row_expectations.dataset AS dataset,"
            + " row_expectations.name AS expectation, SUM(row_expectations.passed_records) AS passing_records,"
            + " SUM(row_expectations.failed_records) AS failing_records"
            + " FROM (SELECT explode(from_json(details:flow_progress:data_quality:expectations,"
            + " \"array<struct<name: string, dataset: string, passed_records: int, failed_records: int>>\"))"
            + " row_expectations FROM " + source + " WHERE event_type = 'flow_progress'"
            + " AND origin.dataset_name = 'checked_readings')"
            + " GROUP BY row_expectations.dataset, row_expectations.name ORDER BY expectation")) {
          while (result.next()) {
            rows.add(result.getString(1) + " " + result.getString(2) + " " + result.getLong(3) + " "
                + result.getLong(4));
          }
        }
        assertThat(rows).containsExactly("checked_readings positive 2 2", "checked_readings present 3 1");
      }
    }
  }

  /**
   * The vendor's lineage and progress queries, verbatim over its temporary views: origin is a struct,
   * flow_definition events name the inputs.
   */
  @Test
  void theVendorsLineageQueryRunsOnTheEventLog() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE lineage_a (id INT)");
      statement.execute("CREATE TABLE lineage_b (id INT, label STRING)");
      statement.execute("INSERT INTO lineage_a VALUES (1), (2)");
      statement.execute("INSERT INTO lineage_b VALUES (1, 'one')");
      statement.execute("CREATE STREAMING TABLE lineage_st AS SELECT a.id, b.label FROM STREAM(lineage_a) a"
          + " LEFT JOIN lineage_b b ON a.id = b.id");
      statement.execute("INSERT INTO lineage_a VALUES (3)");
      statement.execute("REFRESH STREAMING TABLE lineage_st");
      statement.execute("CREATE OR REPLACE TEMP VIEW event_log_raw AS SELECT * FROM event_log(TABLE(lineage_st))");
      statement.execute("CREATE OR REPLACE TEMP VIEW latest_update AS SELECT origin.update_id AS id FROM event_log_raw"
          + " WHERE event_type = 'create_update' ORDER BY timestamp DESC LIMIT 1;");
      List<String> lineage = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery("SELECT details:flow_definition.output_dataset AS output_dataset,"
          + " details:flow_definition.input_datasets AS input_dataset FROM event_log_raw, latest_update"
          + " WHERE event_type = 'flow_definition' AND origin.update_id = latest_update.id")) {
        while (rows.next()) {
          lineage.add(rows.getString(1) + " " + rows.getString(2));
        }
      }
      assertThat(lineage).containsExactly(
          "main.default.lineage_st [\"main.default.lineage_a\",\"main.default.lineage_b\"]");
      try (ResultSet rows = statement.executeQuery("SELECT origin.flow_name AS flow,"
          + " double(details:flow_progress.metrics.num_output_rows) AS written FROM event_log_raw, latest_update"
          + " WHERE event_type = 'flow_progress' AND origin.update_id = latest_update.id")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("lineage_st");
        assertThat(rows.getDouble(2)).isEqualTo(1.0);
        assertThat(rows.getMetaData().getColumnTypeName(2)).isEqualToIgnoringCase("DOUBLE");
      }
    }
  }
}
