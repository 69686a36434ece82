package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.SqlFormatter;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.sql.tree.TreeEquality;
import io.flowgate.tck.harness.ScenarioFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The formatter writes what the parser reads: {@code parse(format(parse(s)))} is {@code parse(s)} (spans aside) for
 * every query and DML statement of the scenario files and of SQLLogicTest files, which generate expressions far
 * stranger than people write.
 */
class FormatRoundTripTest {
  private static final List<String> CORPUS = List.of("select1", "select4", "random/expr/slt_good_0",
      "random/aggregates/slt_good_0", "random/select/slt_good_0", "random/groupby/slt_good_0");

  @Test
  void scenarioStatementsReadBackTheSame() throws IOException, URISyntaxException {
    Path root = Path.of(FormatRoundTripTest.class.getResource("/scenarios").toURI());
    List<String> statements = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".sql")).sorted().toList()) {
        ScenarioFile.read(file).forEach(step -> statements.add(step.sql()));
      }
    }
    assertThat(roundTrips(statements)).as("query and DML statements checked").isGreaterThan(400);
  }

  @Test
  void generatedQueriesReadBackTheSame() throws IOException {
    List<String> statements = new ArrayList<>();
    for (String name : CORPUS) {
      try (InputStream in = FormatRoundTripTest.class.getResourceAsStream("/test/" + name + ".test")) {
        assertThat(in).as(name).isNotNull();
        StringBuilder current = new StringBuilder();
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (line.startsWith("query") || line.startsWith("statement")) {
            current.setLength(0);
            current.append('\u0000');
          } else if (line.equals("----") || line.isBlank()) {
            if (current.length() > 1) {
              statements.add(current.substring(1));
            }
            current.setLength(0);
          } else if (current.length() > 0) {
            current.append(line).append('\n');
          }
        }
      }
    }
    assertThat(roundTrips(statements)).as("query and DML statements checked").isGreaterThan(40_000);
  }

  /** Checks every statement that parses to a query or DML; returns how many it checked. */
  private static int roundTrips(List<String> statements) {
    int checked = 0;
    for (String sql : statements) {
      Statement parsed;
      try {
        parsed = SqlParser.parseStatement(sql).statement();
      } catch (EngineException notDialect) {
        continue;
      }
      if (!(parsed instanceof Query) && !(parsed instanceof Dml)) {
        continue;
      }
      String formatted = SqlFormatter.format(parsed);
      Statement again;
      try {
        again = SqlParser.parseStatement(formatted).statement();
      } catch (EngineException unreadable) {
        throw new AssertionError(sql + "\nformatted as\n" + formatted + "\ndoes not parse: " + unreadable.getMessage());
      }
      assertThat(TreeEquality.equal(again, parsed)).as("%s%nformatted as%n%s", sql, formatted).isTrue();
      checked++;
    }
    return checked;
  }
}
