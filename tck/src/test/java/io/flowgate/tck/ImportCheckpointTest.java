package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import io.flowgate.tck.harness.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * FLOW IMPORT CHECKPOINT over the Structured Streaming checkpoints shipped in {@code src/test/resources/checkpoints}:
 * a file stream that committed batches 0 and 1 (a.csv, b.csv; batch 2 with c.csv was never committed) and a Delta
 * table stream whose committed offset is the start of version 3.
 */
class ImportCheckpointTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static Path copyCheckpoint(String name) throws Exception {
    return TestFiles.copyFolder("/checkpoints/" + name,
        gateway.data().resolve("ingest").resolve("checkpoints").resolve(name));
  }

  private static List<String> contents(Path folder) throws Exception {
    List<String> contents = new ArrayList<>();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        contents.add(folder.relativize(file) + "=" + Files.readString(file));
      }
    }
    return contents;
  }

  @Test
  void aFileStreamGoesOnFromItsLastCommittedBatch() throws Exception {
    Path checkpoint = copyCheckpoint("orders-stream");
    List<String> before = contents(checkpoint);
    Path orders = Files.createDirectories(gateway.data().resolve("ingest").resolve("orders"));
    for (String name : List.of("a", "b", "c", "d")) {
      Files.writeString(orders.resolve(name + ".csv"), "id,file\n1," + name + "\n");
    }
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE orders_migrated FLOW IMPORT CHECKPOINT 'checkpoints/orders-stream'"
          + " INSERT BY NAME SELECT file FROM STREAM read_files('orders/', format => 'csv')");
      // a and b were committed by the old query; c was in a batch it never committed
      assertThat(QueryRows.of(statement, "SELECT file FROM orders_migrated ORDER BY file")).containsExactly("c", "d");

      Files.writeString(orders.resolve("e.csv"), "id,file\n1,e\n");
      statement.execute("REFRESH TABLE orders_migrated");
      assertThat(QueryRows.of(statement, "SELECT file FROM orders_migrated ORDER BY file"))
          .containsExactly("c", "d", "e");
      statement.execute("REFRESH TABLE orders_migrated FULL");
      assertThat(QueryRows.of(statement, "SELECT file FROM orders_migrated ORDER BY file"))
          .containsExactly("a", "b", "c", "d", "e");
    }
    assertThat(contents(checkpoint)).isEqualTo(before);
  }

  @Test
  void aTableStreamStartsAfterTheVersionItConsumed() throws Exception {
    copyCheckpoint("delta-stream");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE events (id INT)");
      for (int version = 1; version <= 3; version++) {
        statement.execute("INSERT INTO events VALUES (" + version + ")");
      }
      statement.execute("CREATE STREAMING TABLE events_migrated FLOW IMPORT CHECKPOINT 'checkpoints/delta-stream'"
          + " INSERT BY NAME SELECT id FROM STREAM(events)");
      assertThat(QueryRows.of(statement, "SELECT id FROM events_migrated")).containsExactly("3");

      // The page's migration: CREATE TABLE adopts the table the old stream wrote, and goes on after what it read.
      statement.execute("CREATE TABLE events_written (id INT)");
      statement.execute("INSERT INTO events_written VALUES (1), (2)");
      String adopt = "CREATE TABLE events_written FLOW IMPORT CHECKPOINT 'checkpoints/delta-stream'"
          + " INSERT BY NAME SELECT id FROM STREAM(events)";
      statement.execute(adopt);
      assertThat(QueryRows.of(statement, "SELECT id FROM events_written ORDER BY id")).containsExactly("1", "2", "3");
      // the checkpoint is imported by the flow's first definition only
      statement.execute("INSERT INTO events VALUES (4)");
      statement.execute(adopt);
      assertThat(QueryRows.of(statement, "SELECT id FROM events_written ORDER BY id"))
          .containsExactly("1", "2", "3", "4");

      assertThatThrownBy(() -> statement.execute("CREATE TABLE escape FLOW IMPORT CHECKPOINT '/etc'"
          + " INSERT BY NAME SELECT id FROM STREAM(events)")).hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      assertThatThrownBy(() -> statement.execute("CREATE TABLE nothing FLOW IMPORT CHECKPOINT 'orders'"
          + " INSERT BY NAME SELECT id FROM STREAM(events)")).hasMessageStartingWith("[INVALID_PARAMETER_VALUE]");
      assertThatThrownBy(() -> statement.execute("CREATE TABLE once_import FLOW IMPORT CHECKPOINT"
          + " 'checkpoints/delta-stream' INSERT ONCE BY NAME SELECT id FROM events"))
          .hasMessageStartingWith("[PARSE_SYNTAX_ERROR]");
    }
  }
}
