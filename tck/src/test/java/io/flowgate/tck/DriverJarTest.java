package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shipped driver jar alone, in a JVM of its own, as a tool loads it: it connects, queries, and prints nothing
 * of its own (SLF4J's "no providers" warnings included).
 */
class DriverJarTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void theJarAloneConnectsAndPrintsNothing() throws Exception {
    Path jar = Path.of("..", "driver", "target", "flowgate-jdbc.jar").toAbsolutePath().normalize();
    assertThat(jar).exists();
    Path probe = Files.createTempDirectory("flowgate-probe").resolve("Probe.java");
    Files.writeString(probe, """
        public class Probe {
          public static void main(String[] args) throws Exception {
            try (var connection = java.sql.DriverManager.getConnection(args[0]);
                var rows = connection.createStatement().executeQuery("SELECT 6 * 7")) {
              rows.next();
              System.out.print(rows.getInt(1));
            }
          }
        }
        """);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-cp", jar.toString(), probe.toString(), gateway.url())
        .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(err).isEmpty();
    assertThat(out).isEqualTo("42");
    assertThat(process.exitValue()).isZero();
  }
}
