package io.flowgate.tck;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.ScenarioRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every scenario file under {@code scenarios/}, each in a catalog of its own, through the driver over HTTP ({@code
 * -Dflowgate.scenario=part} runs those whose path contains it).
 */
class ScenarioTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @TestFactory
  Stream<DynamicTest> scenarios() throws IOException, URISyntaxException {
    Path root = Path.of(ScenarioTest.class.getResource("/scenarios").toURI());
    // -Dflowgate.scenario=part runs only the files whose path contains it.
    String only = System.getProperty("flowgate.scenario", "");
    Stream<Path> files = Files.walk(root).filter(path -> path.toString().endsWith(".sql"))
        .filter(path -> path.toString().contains(only)).sorted();
    return files.map(file -> DynamicTest.dynamicTest(root.relativize(file).toString(), file.toUri(), () -> {
      ScenarioRunner runner = new ScenarioRunner(user -> {
        try {
          return gateway.connect(user);
        } catch (SQLException e) {
          throw new UncheckedIOException(new IOException(e));
        }
      });
      runner.run(file);
    }));
  }
}
