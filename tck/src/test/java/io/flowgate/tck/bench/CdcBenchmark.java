package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * AUTO CDC apply cost through Flowgate against raw H2 in the same run: one REFRESH that applies {@code changes}
 * updates (half to existing keys, half new keys) to a {@code targetRows}-row SCD TYPE 1 target, against H2's own
 * {@code MERGE INTO target USING changes} that does the same upsert by key and sequence. Medians of {@code rounds}
 * rounds (five: one round of either side swings by half on a two-core machine), the two in turns.
 *
 * <p>Run: {@code bench/run cdc [targetRows] [changes] [rounds]}.
 */
public final class CdcBenchmark {
  private CdcBenchmark() {}

  public static void main(String[] args) throws Exception {
    long targetRows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    long changes = args.length > 1 ? Long.parseLong(args[1]) : 100_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    Path data = Files.createTempDirectory("flowgate-cdc-bench");
    // Changes: every other existing key gets a newer version, and as many new keys arrive.
    String changeRows = "SELECT CASE WHEN X % 2 = 0 THEN X ELSE " + targetRows + " + X END, 'changed-' || X, 2"
        + " FROM SYSTEM_RANGE(0, " + (changes - 1) + ")";

    List<Double> h2 = new ArrayList<>();
    List<Double> flowgate = new ArrayList<>();
    GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.of(data.resolve("flowgate"))));
    try (Connection rawConnection = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("raw")
        + ";TIME ZONE=UTC", "sa", ""); Statement raw = rawConnection.createStatement();
        Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port()
            + "?user=bench"); Statement statement = connection.createStatement()) {
      for (int round = 0; round < rounds; round++) {
        raw.execute("DROP TABLE IF EXISTS target, changes");
        raw.execute("CREATE TABLE target (id BIGINT PRIMARY KEY, name VARCHAR, seq INT)");
        raw.execute("INSERT INTO target SELECT X, 'name-' || X, 1 FROM SYSTEM_RANGE(0, " + (targetRows - 1) + ")");
        raw.execute("CREATE TABLE changes (id BIGINT, name VARCHAR, seq INT)");
        raw.execute("INSERT INTO changes " + changeRows);
        Rounds.settle();
        h2.add(Rounds.seconds(() -> raw.execute("MERGE INTO target t USING changes c ON t.id = c.id"
            + " WHEN MATCHED AND c.seq > t.seq THEN UPDATE SET name = c.name, seq = c.seq"
            + " WHEN NOT MATCHED THEN INSERT VALUES (c.id, c.name, c.seq)")));

        String source = "cdc" + round;
        String target = "target" + round;
        statement.execute("CREATE TABLE " + source + " (id BIGINT, name STRING, seq INT)");
        statement.execute("INSERT INTO " + source + " SELECT id, concat('name-', id), 1 FROM range(" + targetRows
            + ")");
        statement.execute("CREATE STREAMING TABLE " + target + " FLOW AUTO CDC FROM STREAM(" + source
            + ") KEYS (id) SEQUENCE BY seq");
        statement.execute("INSERT INTO " + source + " SELECT CASE WHEN id % 2 = 0 THEN id ELSE " + targetRows
            + " + id END, concat('changed-', id), 2 FROM range(" + changes + ")");
        Rounds.settle();
        flowgate.add(Rounds.seconds(() -> statement.execute("REFRESH STREAMING TABLE " + target)));
        try (var rows = statement.executeQuery("SELECT count(*), count_if(seq = 2) FROM " + target)) {
          rows.next();
          if (rows.getLong(1) != targetRows + changes / 2 || rows.getLong(2) != changes) {
            throw new IllegalStateException(target + " has " + rows.getLong(1) + " rows, " + rows.getLong(2)
                + " changed");
          }
        }
        statement.execute("DROP TABLE " + target);
        statement.execute("DROP TABLE " + source);
      }
    } finally {
      gateway.close();
    }
    double flowgateSeconds = Rounds.median(flowgate);
    double h2Seconds = Rounds.median(h2);
    System.out.println();
    System.out.println("| measure (median of " + rounds + ") | Flowgate | baseline | ratio |");
    System.out.println("|---|---|---|---|");
    System.out.println(String.format(Locale.ROOT, "| AUTO CDC SCD 1: one REFRESH applying %,d changes to %,d rows |"
        + " %,.0f changes/s | H2 MERGE INTO ... USING: %,.0f changes/s | %.2f× |", changes, targetRows,
        changes / flowgateSeconds, changes / h2Seconds, h2Seconds / flowgateSeconds));
  }
}
