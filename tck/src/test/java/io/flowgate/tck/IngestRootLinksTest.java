package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Symbolic links inside an ingest root do not lead read_files out of it: a linked folder, a linked file found by a
 * folder read or a glob, and a link in the middle of a path are all refused, while links that stay inside work.
 */
class IngestRootLinksTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void linksLeavingTheRootAreRefused() throws Exception {
    Path root = Files.createDirectories(gateway.data().resolve("ingest"));
    Path outside = Files.createTempDirectory("flowgate-outside");
    Files.writeString(outside.resolve("secret.csv"), "password\nhunter2\n");
    Path plain = Files.createDirectories(root.resolve("plain"));
    Files.writeString(plain.resolve("ok.csv"), "id\n1\n");
    Files.createSymbolicLink(root.resolve("away"), outside);
    Path mixed = Files.createDirectories(root.resolve("mixed"));
    Files.writeString(mixed.resolve("ok.csv"), "id\n2\n");
    Files.createSymbolicLink(mixed.resolve("secret.csv"), outside.resolve("secret.csv"));
    Files.createSymbolicLink(root.resolve("alias"), plain);

    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      for (String path : new String[] {"away/", "away/secret.csv", "away/*.csv", "mixed/", "mixed/*.csv",
          "mixed/secret.csv", "alias/../away/secret.csv"}) {
        assertThatThrownBy(() -> QueryRows.of(statement, "SELECT * FROM read_files('" + path
            + "', format => 'csv')")).as(path).isInstanceOf(SQLException.class)
            .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]").hasMessageNotContaining("hunter2")
            .hasMessageNotContaining(outside.toString());
      }
      // A link that stays inside the root reads as its target does.
      assertThat(QueryRows.of(statement, "SELECT id FROM read_files('alias/', format => 'csv')"))
          .containsExactly("1");
      assertThat(QueryRows.of(statement, "SELECT id FROM read_files('plain/*.csv', format => 'csv')"))
          .containsExactly("1");
    }
  }
}
