package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The runnable jar as the quick start starts it: prints its listening line, streams a 10,000,000-row result with
 * a 256 MiB heap, and stops cleanly on SIGTERM.
 */
class GatewayProcessTest {
  private static final Pattern LISTENING = Pattern.compile("flowgate listening on ([^:]+):(\\d+)");

  @Test
  void streamsTenMillionRowsInASmallHeapAndStopsOnSigterm() throws Exception {
    Path jar = Path.of("..", "gateway", "target", "flowgate-gateway.jar").toAbsolutePath().normalize();
    assertThat(jar).exists();
    Path data = Files.createTempDirectory("flowgate-process");
    Process gateway = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-jar", jar.toString(), "--port", "0", "--data", data.toString())
        .redirectErrorStream(true).start();
    try {
      BufferedReader output = new BufferedReader(new InputStreamReader(gateway.getInputStream(),
          StandardCharsets.UTF_8));
      int port = -1;
      for (String line = output.readLine(); line != null; line = output.readLine()) {
        Matcher matcher = LISTENING.matcher(line);
        if (matcher.find()) {
          port = Integer.parseInt(matcher.group(2));
          break;
        }
      }
      assertThat(port).isPositive();
      // keep reading what the gateway prints so it never blocks on a full pipe
      Thread drain = new Thread(() -> output.lines().forEach(line -> { }), "gateway-output");
      drain.setDaemon(true);
      drain.start();
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
      try (var files = Files.walk(data)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
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
