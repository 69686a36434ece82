package io.flowgate.tck.slt;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The public SQLLogicTest corpus (sqlite.org's sqllogictest, shipped by net.hydromatic:sql-logic-test) through the
 * real gateway and driver: every record answers as the corpus expects, or differs from SQLite in a way the dialect
 * documents ({@code sqllogictest/differences.txt}, each with its reason), and none ends in INTERNAL_ERROR.
 */
class SqlLogicTestCorpusTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static SltDifferences differences;
  private static final AtomicInteger SCHEMAS = new AtomicInteger();

  @BeforeAll
  static void differences() throws IOException {
    try (InputStream in = SqlLogicTestCorpusTest.class.getResourceAsStream("/sqllogictest/differences.txt")) {
      differences = SltDifferences.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"select1", "select2", "select3", "select4", "select5", "random/groupby/slt_good_0",
      "evidence/in2", "evidence/slt_lang_aggfunc", "evidence/slt_lang_createview", "evidence/slt_lang_dropindex",
      "evidence/slt_lang_droptable", "evidence/slt_lang_dropview", "evidence/slt_lang_reindex",
      "evidence/slt_lang_update"})
  void theFileAnswersAsExpected(String name) throws IOException, SQLException {
    List<SltRecord> records;
    try (InputStream in = SqlLogicTestCorpusTest.class.getResourceAsStream("/test/" + name + ".test")) {
      assertThat(in).as("test/" + name + ".test on the class path").isNotNull();
      records = SltFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
    }
    String schema = "slt_" + SCHEMAS.incrementAndGet();
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
      statement.execute("USE " + schema);
      SltRunner.Report report = SltRunner.run(connection, name, records, differences);
      System.out.printf("sqllogictest %s: %d statements, %d queries, %d skipped, %d differ as documented,"
          + " errors %s%n", name, report.statements(), report.queries(), report.skipped(), report.differing(),
          report.errorClasses());
      assertThat(report.failures()).as(name).isEmpty();
      assertThat(report.queries() + report.statements()).isPositive();
      statement.execute("USE default");
      statement.execute("DROP SCHEMA " + schema + " CASCADE");
    }
  }
}
