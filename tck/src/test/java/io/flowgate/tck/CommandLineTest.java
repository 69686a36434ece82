package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The runnable jar's command line as an operator meets it: help and version, one clear line and exit code 2 for bad
 * usage and for a store another process holds, start-up lines that say what it serves, and a log that follows
 * connections, failed statements and refreshes without printing their data.
 */
class CommandLineTest {
  private record Finished(int code, String output) {}

  private static Finished runJar(String... args) throws Exception {
    Path jar = Path.of("..", "gateway", "target", "flowgate-gateway.jar").toAbsolutePath().normalize();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx256m", "-jar", jar.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the process ends: " + output).isTrue();
      return new Finished(process.exitValue(), output);
    } finally {
      process.destroyForcibly();
    }
  }

  @Test
  void helpVersionAndBadUsage() throws Exception {
    Finished help = runJar("--help");
    assertThat(help.code()).isZero();
    assertThat(help.output()).contains("--port N", "default 8765", "--data DIR", "--auth trust|password",
        "--tls-cert FILE", "--log-level LEVEL", "--version", "run PIPELINE_DIR", "--full-refresh", "GET /health");

    Finished version = runJar("--version");
    assertThat(version.code()).isZero();
    assertThat(version.output().strip()).matches("flowgate \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");

    for (String[] bad : List.of(new String[] {"--port", "http"}, new String[] {"--port", "70000"},
        new String[] {"--no-such-flag"}, new String[] {"--log-level", "loud"}, new String[] {"--port"},
        new String[] {"run", "--data"}, new String[] {"run", "--fast"})) {
      Finished refused = runJar(bad);
      assertThat(refused.code()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(refused.output().strip()).as(String.join(" ", bad)).startsWith("flowgate: ").endsWith("(see --help)")
          .doesNotContain("\n", "Exception");
    }
  }

  @Test
  void aStoreAnotherProcessHoldsIsRefusedInOneLine() throws Exception {
    Path data = Files.createTempDirectory("flowgate-held");
    Path pipeline = Files.createTempDirectory("flowgate-held-pipeline");
    Files.writeString(pipeline.resolve("t.sql"), "CREATE OR REFRESH STREAMING TABLE t AS SELECT 1 AS id;");
    try (GatewayProcess holder = GatewayProcess.start(data)) {
      Finished second = runJar("--port", "0", "--data", data.toString());
      assertThat(second.code()).as(second.output()).isEqualTo(2);
      assertThat(second.output().strip()).startsWith("flowgate: [STORE_IN_USE]").contains("SQLSTATE: 55006")
          .doesNotContain("\tat ", "Exception");
      Finished run = runJar("run", pipeline.toString(), "--data", data.toString());
      assertThat(run.code()).as(run.output()).isEqualTo(2);
      assertThat(run.output().strip()).startsWith("flowgate: [STORE_IN_USE]").doesNotContain("\tat ");
      // the holder is unharmed
      try (Connection connection = holder.connect(); Statement statement = connection.createStatement()) {
        assertThat(statement.execute("SELECT 1")).isTrue();
      }
      assertThat(holder.stop()).isIn(0, 143);
    } finally {
      GatewayProcess.delete(data);
      GatewayProcess.delete(pipeline);
    }
  }

  /**
   * {@code run} on a terminal (the process given one by util-linux's {@code script}) draws a status line of the
   * running flows with their rows so far, erased before each line it prints; piped, it prints the lines only.
   */
  @Test
  void runShowsRunningFlowsOnATerminalOnly() throws Exception {
    Path data = Files.createTempDirectory("flowgate-progress");
    Path pipeline = Files.createTempDirectory("flowgate-progress-pipeline");
    // a million rows: long enough for the status line to be drawn (every 250 ms)
    Files.writeString(pipeline.resolve("big.sql"), "CREATE MATERIALIZED VIEW big AS"
        + " SELECT a.id * 1000 + b.id AS id FROM range(1000) a CROSS JOIN range(1000) b;");
    try {
      Path jar = Path.of("..", "gateway", "target", "flowgate-gateway.jar").toAbsolutePath().normalize();
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process = new ProcessBuilder("script", "-qec", String.join(" ", java, "-Xmx256m", "-jar",
          jar.toString(), "run", pipeline.toString(), "--data", data.toString()), "/dev/null")
          .redirectErrorStream(true).start();
      String terminal = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(terminal).isTrue();
      assertThat(process.exitValue()).as(terminal).isZero();
      assertThat(terminal).containsPattern("\\[ *<=> *\\] big -> main\\.default\\.big: [0-9,]+ rows written")
          .contains("\r\033[K").contains("update COMPLETED: 1 flows, 1000000 rows read, 1000000 written");

      Finished piped = runJar("run", pipeline.toString(), "--data", data.toString(), "--full-refresh");
      assertThat(piped.code()).as(piped.output()).isZero();
      assertThat(piped.output()).doesNotContain("<=>", "\033[K").contains("1000000 written");
    } finally {
      GatewayProcess.delete(data);
      GatewayProcess.delete(pipeline);
    }
  }

  /** SIGTERM lets a running statement finish and answer, and says that it waits for it. */
  @Test
  void sigtermDrainsARunningStatement() throws Exception {
    Path data = Files.createTempDirectory("flowgate-drain");
    try (GatewayProcess gateway = GatewayProcess.start(data)) {
      java.util.concurrent.CompletableFuture<Long> counted = new java.util.concurrent.CompletableFuture<>();
      Thread client = new Thread(() -> {
        try (Connection connection = gateway.connect(); Statement statement = connection.createStatement();
            java.sql.ResultSet result = statement.executeQuery("SELECT count(*) FROM range(3000) a"
                + " CROSS JOIN range(3000) b")) {
          result.next();
          counted.complete(result.getLong(1));
        } catch (SQLException e) {
          counted.completeExceptionally(e);
        }
      });
      client.start();
      try (Connection watcher = gateway.connect(); Statement statement = watcher.createStatement()) {
        boolean running = false;
        while (!running && !counted.isDone()) {
          try (java.sql.ResultSet statements = statement.executeQuery("SHOW STATEMENTS")) {
            while (statements.next()) {
              running |= statements.getString("statement_text").contains("CROSS JOIN");
            }
          }
        }
        assertThat(running).as("the count was seen running").isTrue();
      }
      gateway.process().destroy();
      assertThat(counted.get(60, TimeUnit.SECONDS)).isEqualTo(9_000_000L);
      assertThat(gateway.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(String.join("\n", gateway.output())).contains("stopping: waiting up to 30 s for 1 running"
          + " request(s)", "stopped");
    } finally {
      GatewayProcess.delete(data);
    }
  }

  @Test
  void startUpLinesAndTheLogSayWhatHappensButNotTheData() throws Exception {
    Path data = Files.createTempDirectory("flowgate-log");
    try (GatewayProcess gateway = GatewayProcess.start(data)) {
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE log_source (secret STRING)");
        statement.execute("INSERT INTO log_source VALUES ('hunter2')");
        statement.execute("CREATE OR REFRESH STREAMING TABLE log_copy AS SELECT * FROM STREAM(log_source)");
        try {
          statement.execute("SELECT secret FROM log_missing WHERE secret = 'hunter2'");
        } catch (SQLException expected) {
          assertThat(expected.getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        }
      }
      int code = gateway.stop();
      String output = String.join("\n", gateway.output());
      assertThat(code).isIn(0, 143);
      assertThat(output).contains("flowgate 0.", "data: " + data.toAbsolutePath().normalize(), "auth: trust, tls: off",
          "flowgate listening on 127.0.0.1:" + gateway.port() + " (http)");
      assertThat(output).containsPattern("connection [0-9a-f-]{8} opened by admin")
          .containsPattern("connection [0-9a-f-]{8} of admin closed")
          .contains("request of admin failed: TABLE_OR_VIEW_NOT_FOUND (SQLSTATE 42P01)")
          .containsPattern("update [0-9a-f-]{36} of main\\.default\\.log_copy started by admin: 1 flow\\(s\\)")
          .containsPattern("update [0-9a-f-]{36} of main\\.default\\.log_copy COMPLETED in \\d+ ms: 1 rows written")
          .contains("stopped")
          .doesNotContain("hunter2", "log_missing WHERE");
    } finally {
      GatewayProcess.delete(data);
    }
  }
}
