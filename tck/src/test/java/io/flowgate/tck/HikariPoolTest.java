package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HikariCP in front of the driver: a pool whose gateway restarts recovers by itself, because a dead connection
 * fails isValid and its failures carry SQLSTATE 08xxx, which Hikari takes as the sign to evict it.
 */
class HikariPoolTest {
  private static final int POOL = 4;

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static HikariDataSource pool() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(gateway.url());
    config.setUsername("admin");
    config.setMaximumPoolSize(POOL);
    config.setMinimumIdle(POOL);
    config.setConnectionTimeout(10_000);
    return new HikariDataSource(config);
  }

  private static String answer(HikariDataSource pool, String sql) throws SQLException {
    try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
      return QueryRows.of(statement, sql).get(0);
    }
  }

  @Test
  void aPoolSurvivesAGatewayRestart() throws Exception {
    try (HikariDataSource pool = pool()) {
      List<Connection> all = new ArrayList<>();
      for (int i = 0; i < POOL; i++) {
        all.add(pool.getConnection());
      }
      for (Connection connection : all) {
        assertThat(connection.isValid(5)).isTrue();
        connection.close();
      }
      gateway.restart();
      // Each pooled connection is now unknown to the gateway: at most one failure each (08003, and evicted), after
      // which every borrow gets a fresh connection that works.
      List<String> failures = new ArrayList<>();
      int served = 0;
      for (int borrow = 0; borrow < 3 * POOL; borrow++) {
        try {
          assertThat(answer(pool, "SELECT " + borrow)).isEqualTo(String.valueOf(borrow));
          served++;
        } catch (SQLException e) {
          assertThat(e.getSQLState()).as(e.getMessage()).startsWith("08");
          failures.add(e.getSQLState());
        }
      }
      assertThat(failures.size()).isLessThanOrEqualTo(POOL);
      assertThat(served).isGreaterThanOrEqualTo(2 * POOL);
      for (int borrow = 0; borrow < 2 * POOL; borrow++) {
        assertThat(answer(pool, "SELECT 'after'")).isEqualTo("after");
      }
    }
  }

  @Test
  void isValidMakesARoundTrip() throws Exception {
    Connection connection = gateway.connect();
    try {
      assertThat(connection.isValid(2)).isTrue();
      gateway.restart();
      assertThat(connection.isValid(2)).isFalse();
      assertThat(connection.isClosed()).isFalse();
    } finally {
      connection.close();
    }
    try (Connection fresh = gateway.connect()) {
      assertThat(fresh.isValid(0)).isTrue();
    }
  }
}
