package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
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

    double h2Seconds;
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("raw") + ";TIME ZONE=UTC",
        "sa", ""); Statement statement = h2.createStatement()) {
      statement.execute("CREATE TABLE src (id BIGINT, name VARCHAR, amount DECIMAL(12,2))");
      statement.execute("INSERT INTO src SELECT X, 'name-' || X, X / 100.0 FROM SYSTEM_RANGE(0, " + (ingestRows - 1)
          + ")");
      statement.execute("CREATE TABLE dst (id BIGINT, name VARCHAR, amount DECIMAL(12,2))");
      long started = System.nanoTime();
      statement.execute("INSERT INTO dst SELECT * FROM src");
      h2Seconds = (System.nanoTime() - started) / 1e9;
    }
    double h2CsvSeconds;
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("rawcsv") + ";TIME ZONE=UTC",
        "sa", ""); Statement statement = h2.createStatement()) {
      statement.execute("CREATE TABLE dst (id BIGINT, name VARCHAR, amount DOUBLE PRECISION)");
      long started = System.nanoTime();
      statement.execute("INSERT INTO dst SELECT CAST(ID AS BIGINT), NAME, CAST(AMOUNT AS DOUBLE PRECISION)"
          + " FROM CSVREAD('" + csv + "')");
      h2CsvSeconds = (System.nanoTime() - started) / 1e9;
    }

    GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.of(data.resolve("flowgate"))));
    try (Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port()
        + "?user=bench"); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE src (id BIGINT, name STRING, amount DECIMAL(12,2))");
      statement.execute("CREATE STREAMING TABLE st (id BIGINT, name STRING, amount DECIMAL(12,2))"
          + " FLOW INSERT BY NAME SELECT * FROM STREAM(src)");
      statement.execute("INSERT INTO src SELECT id, concat('name-', id), CAST(id / 100.0 AS DECIMAL(12,2))"
          + " FROM range(" + ingestRows + ")");
      // every source row is new to the flow: the refresh is pure ingest
      long started = System.nanoTime();
      statement.execute("REFRESH STREAMING TABLE st");
      double flowgateSeconds = (System.nanoTime() - started) / 1e9;

      started = System.nanoTime();
      statement.execute("CREATE STREAMING TABLE from_csv AS SELECT id, name, amount FROM STREAM read_files('csv/',"
          + " format => 'csv')");
      double csvSeconds = (System.nanoTime() - started) / 1e9;
      if (count(statement, "from_csv") != ingestRows) {
        throw new IllegalStateException("from_csv has the wrong number of rows");
      }

      statement.execute("CREATE TABLE big (id BIGINT, name STRING)");
      statement.execute("INSERT INTO big SELECT id, concat('name-', id) FROM range(" + sourceRows + ")");
      statement.execute("CREATE STREAMING TABLE big_st AS SELECT * FROM STREAM(big)");
      started = System.nanoTime();
      statement.execute("REFRESH STREAMING TABLE big_st FULL");
      double fullSeconds = (System.nanoTime() - started) / 1e9;
      statement.execute("INSERT INTO big SELECT id, concat('name-', id) FROM range(" + sourceRows + ", "
          + (sourceRows + 1000) + ")");
      started = System.nanoTime();
      statement.execute("REFRESH STREAMING TABLE big_st");
      double incrementalSeconds = (System.nanoTime() - started) / 1e9;
      long count = count(statement, "big_st");
      if (count != sourceRows + 1000) {
        throw new IllegalStateException("big_st has " + count + " rows");
      }

      System.out.println();
      System.out.println("| measure | Flowgate | baseline | ratio |");
      System.out.println("|---|---|---|---|");
      System.out.println(String.format(Locale.ROOT, "| REFRESH ingest from a table, %,d rows | %,.0f rows/s |"
          + " H2 INSERT INTO ... SELECT: %,.0f rows/s | %.2f× |", ingestRows, ingestRows / flowgateSeconds,
          ingestRows / h2Seconds, h2Seconds / flowgateSeconds));
      System.out.println(String.format(Locale.ROOT, "| CREATE STREAMING TABLE ... STREAM read_files, one CSV of %,d"
          + " rows | %,.0f rows/s | H2 INSERT INTO ... SELECT FROM CSVREAD: %,.0f rows/s | %.2f× |", ingestRows,
          ingestRows / csvSeconds, ingestRows / h2CsvSeconds, h2CsvSeconds / csvSeconds));
      System.out.println(String.format(Locale.ROOT, "| incremental REFRESH, 1,000 new rows on %,d | %.3f s |"
          + " full REFRESH: %.3f s | %.2f%% |", sourceRows, incrementalSeconds, fullSeconds,
          100 * incrementalSeconds / fullSeconds));
    } finally {
      gateway.close();
    }
  }

  private static long count(Statement statement, String table) throws SQLException {
    try (var rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
