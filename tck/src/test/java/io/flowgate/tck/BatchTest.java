package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A PreparedStatement's executeBatch is one round trip and one transaction: one table version for the whole batch,
 * an update count per row, and nothing of a failed batch committed.
 */
class BatchTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE batched (id BIGINT NOT NULL, name STRING)");
      statement.execute("CREATE TABLE logged (id BIGINT NOT NULL, name STRING)"
          + " TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    }
  }

  @Test
  void aBatchIsOneTransactionWithOneVersion() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO batched VALUES (?, ?)");
        Statement statement = connection.createStatement()) {
      for (int i = 0; i < 10_000; i++) {
        insert.setLong(1, i);
        insert.setString(2, "row " + i);
        insert.addBatch();
      }
      int[] counts = insert.executeBatch();
      assertThat(counts).hasSize(10_000);
      assertThat(Arrays.stream(counts).allMatch(count -> count == 1)).isTrue();
      assertThat(QueryRows.of(statement, "SELECT count(*), count(DISTINCT id), max(name) FROM batched"))
          .containsExactly("10000 | 10000 | row 9999");
      // One version besides the CREATE, holding all 10,000 rows.
      java.util.List<String> history = QueryRows.of(statement, "DESCRIBE HISTORY batched");
      assertThat(history).hasSize(2);
      assertThat(history.stream().filter(row -> row.contains("WRITE"))).singleElement().asString()
          .contains("10000");
    }
  }

  @Test
  void aFailedBatchCommitsNothing() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO logged VALUES (?, ?)");
        Statement statement = connection.createStatement()) {
      insert.setLong(1, 1);
      insert.setString(2, "kept out");
      insert.addBatch();
      insert.setNull(1, java.sql.Types.BIGINT);
      insert.setString(2, "breaks the batch");
      insert.addBatch();
      assertThatThrownBy(insert::executeBatch).isInstanceOf(BatchUpdateException.class)
          .hasMessageContaining("[DELTA_NOT_NULL_CONSTRAINT_VIOLATED]")
          .satisfies(e -> assertThat(((BatchUpdateException) e).getUpdateCounts()).isEmpty());
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM logged")).containsExactly("0");
      // A good batch into a table with the change data feed records each row once, in one version.
      for (int i = 0; i < 3; i++) {
        insert.setLong(1, i);
        insert.setString(2, "n" + i);
        insert.addBatch();
      }
      assertThat(insert.executeBatch()).containsExactly(1, 1, 1);
      statement.execute("CREATE STREAMING TABLE logged_feed AS SELECT id, _change_type, _commit_version"
          + " FROM STREAM(logged) WITH (readChangeFeed = true)");
      assertThat(QueryRows.of(statement, "SELECT count(*), count(DISTINCT _commit_version), min(_change_type)"
          + " FROM logged_feed")).containsExactly("3 | 1 | insert");
    }
  }
}
