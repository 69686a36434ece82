package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayProcess;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Caches are bounded by what they hold, not by how many entries: in a 128 MiB heap, many distinct huge statements
 * and a long run of DDL over a wide schema leave the gateway answering (bounded by count, the parsed statements, plans
 * and catalog generations they pin exhausted it).
 */
class BoundedCachesTest {
  @Test
  void hugeStatementsAndManyCatalogGenerationsDoNotPinTheHeap() throws Exception {
    Path data = Files.createTempDirectory("flowgate-caches");
    try (GatewayProcess gateway = GatewayProcess.start(data, List.of("-Xmx128m"));
        Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      for (int i = 0; i < 25; i++) {
        // About 450,000 characters and a list of 60,000 values each, every one distinct.
        StringBuilder list = new StringBuilder().append(i);
        for (int v = 1; v < 60_000; v++) {
          list.append(", ").append(v + 1_000_000);
        }
        assertThat(QueryRows.of(statement, "SELECT " + i + " IN (" + list + ")")).containsExactly("true");
      }
      statement.execute("CREATE SCHEMA wide");
      for (int t = 0; t < 150; t++) {
        statement.execute("CREATE TABLE wide.t" + t + " (a INT, b STRING, c DOUBLE, d DATE, e BIGINT, f STRING,"
            + " g STRING, h INT, i INT, j STRING)");
      }
      for (int d = 0; d < 300; d++) {
        statement.execute("ALTER TABLE wide.t0 SET TBLPROPERTIES ('round' = '" + d + "')");
        assertThat(QueryRows.of(statement, "SELECT count(*) FROM wide.t" + (d % 150))).containsExactly("0");
      }
      assertThat(QueryRows.of(statement, "SHOW TBLPROPERTIES wide.t0")).containsExactly("round | 299");
      assertThat(gateway.process().isAlive()).isTrue();
    } finally {
      GatewayProcess.delete(data);
    }
  }
}
