package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The runnable jar as the quick start starts it: prints its listening line, streams a 10,000,000-row result with
 * a 256 MiB heap, stops cleanly on SIGTERM, and ends with a sentence when its port is taken.
 */
class GatewayProcessTest {
  @Test
  void streamsTenMillionRowsInASmallHeapAndStopsOnSigterm() throws Exception {
    Path data = Files.createTempDirectory("flowgate-process");
    GatewayProcess started = GatewayProcess.start(data);
    Process gateway = started.process();
    int port = started.port();
    try {
      long rows = 0;
      long sum = 0;
      try (Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + port);
          Statement statement = connection.createStatement();
          ResultSet result = statement.executeQuery("SELECT id, id % 7 AS m FROM range(10000000)")) {
        while (result.next()) {
          rows++;
          sum += result.getLong(2);
        }
      }
      assertThat(rows).isEqualTo(10_000_000L);
      assertThat(sum).isEqualTo(expectedSum());
      gateway.destroy();
      assertThat(gateway.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(gateway.exitValue()).isIn(0, 143);
    } finally {
      gateway.destroyForcibly();
      GatewayProcess.delete(data);
    }
  }

  /** A port another program holds ends the process at once with a sentence, not a stack trace and a hang. */
  @Test
  void aBusyPortEndsTheProcessWithAClearMessage() throws Exception {
    Path data = Files.createTempDirectory("flowgate-busy");
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Path jar = Path.of("..", "gateway", "target", "flowgate-gateway.jar").toAbsolutePath().normalize();
      Process gateway = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx256m", "-jar", jar.toString(), "--port", String.valueOf(taken.getLocalPort()), "--data",
          data.toString()).redirectErrorStream(true).start();
      try {
        assertThat(gateway.waitFor(60, TimeUnit.SECONDS)).as("the process ends").isTrue();
        String output = new String(gateway.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(gateway.exitValue()).as(output).isEqualTo(2);
        assertThat(output).contains("flowgate: cannot listen on 127.0.0.1:" + taken.getLocalPort(), "--port")
            .doesNotContain("Exception in thread", "\tat ");
      } finally {
        gateway.destroyForcibly();
      }
    } finally {
      GatewayProcess.delete(data);
    }
  }

  /**
   * SIGKILL while a large refresh runs; after a restart one more refresh leaves every source row in the streaming
   * table exactly once: the batch either committed with its checkpoint or not at all.
   */
  @Test
  void aRefreshKilledMidwayLosesAndDuplicatesNothing() throws Exception {
    Path data = Files.createTempDirectory("flowgate-crash");
    GatewayProcess first = GatewayProcess.start(data);
    String url = "jdbc:flowgate://127.0.0.1:" + first.port();
    long sourceRows = 1_500_000;
    try {
      try (Connection connection = DriverManager.getConnection(url);
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE src (id BIGINT, payload STRING)");
        statement.execute("INSERT INTO src SELECT id, concat('row-', id) FROM range(100)");
        statement.execute("CREATE STREAMING TABLE st AS SELECT id, payload FROM STREAM(src)");
        statement.execute("INSERT INTO src SELECT id, concat('row-', id) FROM range(100, " + sourceRows + ")");
      }
      Thread refresh = new Thread(() -> {
        try (Connection connection = DriverManager.getConnection(url);
            Statement statement = connection.createStatement()) {
          statement.execute("REFRESH STREAMING TABLE st");
        } catch (java.sql.SQLException expected) {
          // the gateway dies under it
        }
      });
      refresh.setDaemon(true);
      refresh.start();
      Thread.sleep(700);
      first.process().destroyForcibly();
      assertThat(first.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
      refresh.join(30_000);

      GatewayProcess second = GatewayProcess.start(data);
      try (Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + second.port());
          Statement statement = connection.createStatement()) {
        try (ResultSet before = statement.executeQuery("SELECT count(*) FROM st")) {
          before.next();
          // the killed batch committed whole or not at all: never part of it
          assertThat(before.getLong(1)).isIn(100L, sourceRows);
        }
        statement.execute("REFRESH STREAMING TABLE st");
        statement.execute("REFRESH STREAMING TABLE st");
        try (ResultSet result = statement.executeQuery(
            "SELECT count(*), count(DISTINCT id), min(id), max(id) FROM st")) {
          result.next();
          assertThat(result.getLong(1)).isEqualTo(sourceRows);
          assertThat(result.getLong(2)).isEqualTo(sourceRows);
          assertThat(result.getLong(3)).isZero();
          assertThat(result.getLong(4)).isEqualTo(sourceRows - 1);
        }
      } finally {
        second.process().destroy();
        second.process().waitFor(30, TimeUnit.SECONDS);
      }
    } finally {
      first.process().destroyForcibly();
      GatewayProcess.delete(data);
    }
  }

  private static long expectedSum() {
    long sum = 0;
    for (long i = 0; i < 10_000_000L; i++) {
      sum += i % 7;
    }
    return sum;
  }
}
