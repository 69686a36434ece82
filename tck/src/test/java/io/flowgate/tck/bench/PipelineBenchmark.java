package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Streaming-table ingest through Flowgate against raw H2 in the same run: the rate of a REFRESH that copies a whole
 * table source against H2's own {@code INSERT INTO ... SELECT} of the same rows, and the cost of an incremental
 * refresh that finds 1,000 new rows on a large source against the full refresh of that source.
 *
 * <p>Run: {@code bench/run pipeline [ingestRows] [incrementalSourceRows]}.
 */
public final class PipelineBenchmark {
  private PipelineBenchmark() {}

  public static void main(String[] args) throws Exception {
    long ingestRows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    long sourceRows = args.length > 1 ? Long.parseLong(args[1]) : 5_000_000;
    Path data = Files.createTempDirectory("flowgate-pipeline-bench");
    Path csvFolder = Files.createDirectories(data.resolve("flowgate").resolve("ingest").resolve("csv"));
    Path csv = csvFolder.resolve("rows.csv");
    try (var writer = Files.newBufferedWriter(csv)) {
      writer.write("id,name,amount\n");
      for (long i = 0; i < ingestRows; i++) {
        writer.write(i + ",name-" + i + "," + (i / 100.0) + "\n");
      }
    }

    List<Double> h2Table = new ArrayList<>();
    List<Double> h2Csv = new ArrayList<>();
    List<Double> flowgateTable = new ArrayList<>();
    List<Double> flowgateCsv = new ArrayList<>();
    double fullSeconds;
    double incrementalSeconds;
    GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.of(data.resolve("flowgate"))));
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("raw") + ";TIME ZONE=UTC",
        "sa", ""); Statement raw = h2.createStatement();
        Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port()
            + "?user=bench"); Statement statement = connection.createStatement()) {
      try (Connection admin = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port());
          Statement grants = admin.createStatement()) {
        grants.execute("CREATE USER bench PASSWORD 'bench'");
        grants.execute("GRANT SELECT ON ANY FILE TO bench");
      }
      raw.execute("CREATE TABLE src (id BIGINT, name VARCHAR, amount DECIMAL(12,2))");
      raw.execute("INSERT INTO src SELECT X, 'name-' || X, X / 100.0 FROM SYSTEM_RANGE(0, " + (ingestRows - 1) + ")");
      statement.execute("CREATE TABLE src (id BIGINT, name STRING, amount DECIMAL(12,2))");
      statement.execute("INSERT INTO src SELECT id, concat('name-', id), CAST(id / 100.0 AS DECIMAL(12,2))"
          + " FROM range(" + ingestRows + ")");
      for (int round = 0; round < Rounds.DEFAULT; round++) {
        raw.execute("DROP TABLE IF EXISTS dst");
        raw.execute("CREATE TABLE dst (id BIGINT, name VARCHAR, amount DECIMAL(12,2))");
        h2Table.add(Rounds.seconds(() -> raw.execute("INSERT INTO dst SELECT * FROM src")));

        // every source row is new to the flow: the first update is pure ingest
        statement.execute("CREATE STREAMING TABLE st" + round + " (id BIGINT, name STRING, amount DECIMAL(12,2))");
        String flow = "CREATE FLOW f" + round + " AS INSERT INTO st" + round + " BY NAME SELECT * FROM STREAM(src)";
        flowgateTable.add(Rounds.seconds(() -> statement.execute(flow)));
        requireCount(statement, "st" + round, ingestRows);

        raw.execute("DROP TABLE IF EXISTS dst_csv");
        raw.execute("CREATE TABLE dst_csv (id BIGINT, name VARCHAR, amount DOUBLE PRECISION)");
        h2Csv.add(Rounds.seconds(() -> raw.execute("INSERT INTO dst_csv SELECT CAST(ID AS BIGINT), NAME,"
            + " CAST(AMOUNT AS DOUBLE PRECISION) FROM CSVREAD('" + csv + "')")));

        String fromCsv = "CREATE STREAMING TABLE from_csv" + round + " AS SELECT id, name, amount"
            + " FROM STREAM read_files('csv/', format => 'csv')";
        flowgateCsv.add(Rounds.seconds(() -> statement.execute(fromCsv)));
        requireCount(statement, "from_csv" + round, ingestRows);
        statement.execute("DROP TABLE st" + round);
        statement.execute("DROP TABLE from_csv" + round);
      }

      statement.execute("CREATE TABLE big (id BIGINT, name STRING)");
      statement.execute("INSERT INTO big SELECT id, concat('name-', id) FROM range(" + sourceRows + ")");
      statement.execute("CREATE STREAMING TABLE big_st AS SELECT * FROM STREAM(big)");
      fullSeconds = Rounds.seconds(() -> statement.execute("REFRESH STREAMING TABLE big_st FULL"));
      statement.execute("INSERT INTO big SELECT id, concat('name-', id) FROM range(" + sourceRows + ", "
          + (sourceRows + 1000) + ")");
      incrementalSeconds = Rounds.seconds(() -> statement.execute("REFRESH STREAMING TABLE big_st"));
      requireCount(statement, "big_st", sourceRows + 1000);
    } finally {
      gateway.close();
    }
    double h2Seconds = Rounds.median(h2Table);
    double flowgateSeconds = Rounds.median(flowgateTable);
    double h2CsvSeconds = Rounds.median(h2Csv);
    double csvSeconds = Rounds.median(flowgateCsv);

    System.out.println();
    System.out.println("| measure (median of " + Rounds.DEFAULT + ") | Flowgate | baseline | ratio |");
    System.out.println("|---|---|---|---|");
    System.out.println(String.format(Locale.ROOT, "| first update of a flow from a table, %,d rows | %,.0f rows/s |"
        + " H2 INSERT INTO ... SELECT: %,.0f rows/s | %.2f× |", ingestRows, ingestRows / flowgateSeconds,
        ingestRows / h2Seconds, h2Seconds / flowgateSeconds));
    System.out.println(String.format(Locale.ROOT, "| CREATE STREAMING TABLE ... STREAM read_files, one CSV of %,d"
        + " rows | %,.0f rows/s | H2 INSERT INTO ... SELECT FROM CSVREAD: %,.0f rows/s | %.2f× |", ingestRows,
        ingestRows / csvSeconds, ingestRows / h2CsvSeconds, h2CsvSeconds / csvSeconds));
    System.out.println(String.format(Locale.ROOT, "| incremental REFRESH, 1,000 new rows on %,d | %.3f s |"
        + " full REFRESH: %.3f s | %.2f%% |", sourceRows, incrementalSeconds, fullSeconds,
        100 * incrementalSeconds / fullSeconds));
  }

  private static void requireCount(Statement statement, String table, long expected) throws SQLException {
    long count = count(statement, table);
    if (count != expected) {
      throw new IllegalStateException(table + " has " + count + " rows, not " + expected);
    }
  }

  private static long count(Statement statement, String table) throws SQLException {
    try (var rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
