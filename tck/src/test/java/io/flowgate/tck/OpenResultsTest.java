package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * No client can exhaust the store's connections: a query in a batch is refused and its result closed, open results
 * are bounded per connection and per user, and a result left unfetched is reclaimed (here after two seconds).
 */
class OpenResultsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config ->
      config.withLimits(config.limits().withResultIdleTimeout(Duration.ofSeconds(2))));

  @Test
  void aBatchOfQueriesLeaksNothing() throws SQLException {
    try (Connection connection = gateway.connect("batcher");
        PreparedStatement query = connection.prepareStatement("SELECT id FROM range(10) WHERE id > ?")) {
      for (int i = 0; i < 100; i++) {
        query.setInt(1, i % 5);
        query.addBatch();
        assertThatThrownBy(query::executeBatch).isInstanceOf(SQLException.class)
            .hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
        query.clearBatch();
      }
    }
    // 100 refused batches later, the store still has connections for everyone.
    try (Connection connection = gateway.connect("other"); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM range(1000)")).containsExactly("1000");
    }
  }

  @Test
  void openResultsAreBoundedAndUnfetchedOnesAreReclaimed() throws Exception {
    List<ResultSet> held = new ArrayList<>();
    try (Connection greedy = gateway.connect("greedy")) {
      // Each result is larger than its first frame, so it stays open on the gateway.
      for (int i = 0; i < 16; i++) {
        Statement statement = greedy.createStatement();
        statement.setFetchSize(10);
        held.add(statement.executeQuery("SELECT id FROM range(100000)"));
      }
      Statement seventeenth = greedy.createStatement();
      seventeenth.setFetchSize(10);
      assertThatThrownBy(() -> seventeenth.executeQuery("SELECT id FROM range(100000)"))
          .isInstanceOf(SQLException.class).hasMessageStartingWith("[TOO_MANY_OPEN_RESULTS]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("54000"));
      // Others are not held up by the greedy connection.
      try (Connection other = gateway.connect("patient"); Statement statement = other.createStatement()) {
        assertThat(QueryRows.of(statement, "SELECT 40 + 2")).containsExactly("42");
      }
      // Closing one makes room again.
      held.remove(0).getStatement().close();
      seventeenth.executeQuery("SELECT 1").close();

      // Left unfetched, the rest are reclaimed; reading one then fails by name instead of ending early.
      ResultSet abandoned = held.get(0);
      long rows = 0;
      while (rows < 10 && abandoned.next()) {
        rows++;
      }
      Thread.sleep(4_000);
      assertThatThrownBy(() -> {
        while (abandoned.next()) {
          // drain the frames the client already holds until it must fetch again
        }
      }).isInstanceOf(SQLException.class).hasMessageStartingWith("[RESULT_EXPIRED]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("24000"));
      for (int i = 0; i < 16; i++) {
        Statement statement = greedy.createStatement();
        statement.setFetchSize(10);
        held.add(statement.executeQuery("SELECT id FROM range(100000)"));
      }
    }
  }
}
