package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writers of one table on separate connections at once: every write commits as its own version of the table, and
 * two AUTO CDC flows into one target, refreshed at once, apply every event.
 */
class ConcurrentWritersTest {
  private static final int WRITERS = 4;
  private static final int WRITES = 20;

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void concurrentInsertsEachCommitAVersion() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE shared (writer INT, n INT)");
    }
    runAtOnce(writer -> {
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        for (int n = 0; n < WRITES; n++) {
          statement.execute("INSERT INTO shared VALUES (" + writer + ", " + n + ")");
        }
      }
    });
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(single(statement, "SELECT count(*) FROM shared")).isEqualTo(WRITERS * WRITES);
      Set<Long> versions = new HashSet<>();
      long commits = 0;
      try (ResultSet rows = statement.executeQuery("DESCRIBE HISTORY shared")) {
        while (rows.next()) {
          versions.add(rows.getLong("version"));
          commits++;
        }
      }
      assertThat(commits).isEqualTo(WRITERS * WRITES + 1); // and the CREATE
      assertThat(versions).hasSize(WRITERS * WRITES + 1);
    }
  }

  @Test
  void twoCdcFlowsIntoOneTargetRefreshedAtOnce() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE left_ev (id INT, v STRING, seq INT)");
      statement.execute("CREATE TABLE right_ev (id INT, v STRING, seq INT)");
      statement.execute("CREATE STREAMING TABLE merged_target");
      statement.execute("CREATE FLOW from_left AS AUTO CDC INTO merged_target FROM STREAM(left_ev) KEYS (id)"
          + " SEQUENCE BY seq");
      statement.execute("CREATE FLOW from_right AS AUTO CDC INTO merged_target FROM STREAM(right_ev) KEYS (id)"
          + " SEQUENCE BY seq");
    }
    runAtOnce(writer -> {
      String source = writer % 2 == 0 ? "left_ev" : "right_ev";
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        for (int n = 0; n < WRITES / 2; n++) {
          int id = writer * 1000 + n;
          statement.execute("INSERT INTO " + source + " VALUES (" + id + ", 'v" + id + "', 1)");
          statement.execute("REFRESH STREAMING TABLE merged_target");
        }
      }
    });
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("REFRESH STREAMING TABLE merged_target");
      assertThat(single(statement, "SELECT count(*) FROM merged_target")).isEqualTo(WRITERS * (WRITES / 2));
      assertThat(single(statement, "SELECT count(*) FROM merged_target WHERE v = concat('v', id)"))
          .isEqualTo(WRITERS * (WRITES / 2));
    }
  }

  private interface Writer {
    void write(int writer) throws SQLException;
  }

  private static void runAtOnce(Writer writer) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int id = w;
        running.add(pool.submit(() -> {
          writer.write(id);
          return null;
        }));
      }
      for (Future<?> future : running) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static long single(Statement statement, String sql) throws SQLException {
    try (ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
