package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * DESCRIBE DETAIL gives one row in the vendor's columns, from the catalog and the commit log; DESCRIBE HISTORY takes
 * a LIMIT. Times and ids differ between runs, so they are checked for what they must be rather than by a scenario.
 */
class DescribeDetailTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void aTablesDetailComesFromTheCatalogAndItsCommits() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE dd_sales (id INT, region STRING) PARTITIONED BY (region) COMMENT 'the sales'"
          + " TBLPROPERTIES ('team' = 'ops')");
      statement.execute("CREATE TABLE dd_other (id INT)");
      String id;
      java.sql.Timestamp created;
      try (ResultSet detail = statement.executeQuery("DESCRIBE DETAIL dd_sales")) {
        assertThat(detail.getMetaData().getColumnCount()).isEqualTo(16);
        assertThat(detail.getMetaData().getColumnLabel(7)).isEqualTo("lastModified");
        assertThat(detail.next()).isTrue();
        assertThat(detail.getString("format")).isEqualTo("delta");
        assertThat(detail.getString("name")).isEqualTo("main.default.dd_sales");
        assertThat(detail.getString("description")).isEqualTo("the sales");
        assertThat(detail.getString("partitionColumns")).isEqualTo("[\"region\"]");
        assertThat(detail.getString("clusteringColumns")).isEqualTo("[]");
        assertThat(detail.getString("properties")).isEqualTo("{\"team\":\"ops\"}");
        assertThat(detail.getObject("numFiles")).isNull();
        assertThat(detail.getObject("sizeInBytes")).isNull();
        // the CREATE TABLE commit
        assertThat(detail.getTimestamp("lastModified")).isAfterOrEqualTo(detail.getTimestamp("createdAt"));
        created = detail.getTimestamp("lastModified");
        id = detail.getString("id");
        assertThat(detail.next()).isFalse();
      }
      statement.execute("INSERT INTO dd_sales VALUES (1, 'US')");
      try (ResultSet detail = statement.executeQuery("DESCRIBE DETAIL dd_sales")) {
        assertThat(detail.next()).isTrue();
        assertThat(detail.getTimestamp("lastModified")).isAfter(created);
        assertThat(detail.getString("id")).isEqualTo(id);
      }
      assertThat(QueryRows.of(statement, "DESCRIBE DETAIL dd_other").get(0)).doesNotContain(id);
      statement.execute("CREATE VIEW dd_view AS SELECT id FROM dd_sales");
      assertThatThrownBy(() -> statement.executeQuery("DESCRIBE DETAIL dd_view"))
          .hasMessageStartingWith("[EXPECT_TABLE_NOT_VIEW]");
    }
  }

  @Test
  void historyTakesALimit() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE dd_log (id INT)");
      statement.execute("INSERT INTO dd_log VALUES (1)");
      statement.execute("INSERT INTO dd_log VALUES (2)");
      assertThat(QueryRows.of(statement, "DESCRIBE HISTORY dd_log")).hasSize(3);
      assertThat(QueryRows.of(statement, "DESCRIBE HISTORY dd_log LIMIT 1")).singleElement()
          .asString().startsWith("2 | ");
      assertThat(QueryRows.of(statement, "DESCRIBE HISTORY dd_log LIMIT 0")).isEmpty();
    }
  }
}
