package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.h2.tools.Server;

/**
 * Point-lookup latency and bulk fetch rate through Flowgate, against H2's own TCP server and Avatica's stock Jetty
 * server (JdbcMeta over H2) measured in the same run over the same data. Prints a table and the ratios.
 *
 * <p>Run: {@code bench/run} (see BENCHMARKS.md). Arguments: {@code [fetchRows] [lookups]}.
 */
public final class Benchmark {
  static final int LOOKUP_TABLE_ROWS = 100_000;
  /** The point query every lookup benchmark runs, on a reused PreparedStatement. */
  static final String LOOKUP = "SELECT id, name, amount, ts FROM lookup WHERE id = ?";

  private Benchmark() {}

  record Result(String target, double p50Micros, double p99Micros, double rowsPerSecond) {}

  public static void main(String[] args) throws Exception {
    int fetchRows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int lookups = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
    Path data = Files.createTempDirectory("flowgate-bench");
    List<Result> results = new ArrayList<>();

    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", data.toString()).start();
    String h2Url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/bench;LAZY_QUERY_EXECUTION=1";
    try (Connection connection = DriverManager.getConnection(h2Url, "sa", "")) {
      h2Data(connection, fetchRows);
    }
    HttpServer jetty = new HttpServer.Builder<>().withPort(0)
        .withHandler(new LocalService(new JdbcMeta(h2Url, "sa", "")), Serialization.PROTOBUF).build();
    jetty.start();
    GatewayServer flowgate = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.of(data.resolve("flowgate"))));
    try {
      String flowgateUrl = "jdbc:flowgate://127.0.0.1:" + flowgate.port() + "?user=bench";
      try (Connection connection = DriverManager.getConnection(flowgateUrl)) {
        flowgateData(connection, fetchRows);
      }
      Map<String, String> targets = new LinkedHashMap<>();
      targets.put("H2 TCP server", h2Url);
      targets.put("Avatica Jetty (protobuf)", "jdbc:avatica:remote:url=http://127.0.0.1:" + jetty.getPort()
          + ";serialization=protobuf");
      targets.put("Flowgate (json)", flowgateUrl + "&serialization=json");
      targets.put("Flowgate (protobuf)", flowgateUrl + "&serialization=protobuf");
      for (Map.Entry<String, String> target : targets.entrySet()) {
        results.add(measure(target.getKey(), target.getValue(), fetchRows, lookups));
        System.out.println(format(results.get(results.size() - 1)));
      }
    } finally {
      flowgate.close();
      jetty.stop();
      h2.stop();
    }
    report(results, fetchRows);
  }

  static void h2Data(Connection connection, int rows) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLE IF EXISTS lookup");
      statement.execute("DROP TABLE IF EXISTS big");
      statement.execute("CREATE TABLE lookup (id BIGINT PRIMARY KEY, name VARCHAR, amount DECIMAL(12,2),"
          + " ts TIMESTAMP)");
      statement.execute("INSERT INTO lookup SELECT X, 'name-' || X, X / 100.0, TIMESTAMP '2024-01-01 00:00:00'"
          + " + X * INTERVAL '1' SECOND FROM SYSTEM_RANGE(1, " + LOOKUP_TABLE_ROWS + ")");
      statement.execute("CREATE TABLE big (id BIGINT, name VARCHAR, amount DECIMAL(12,2), ts TIMESTAMP)");
      statement.execute("INSERT INTO big SELECT X, 'name-' || X, X / 100.0, TIMESTAMP '2024-01-01 00:00:00'"
          + " + X * INTERVAL '1' SECOND FROM SYSTEM_RANGE(1, " + rows + ")");
    }
  }

  static void flowgateData(Connection connection, int rows) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE lookup (id BIGINT, name STRING, amount DECIMAL(12,2), ts TIMESTAMP,"
          + " CONSTRAINT lookup_pk PRIMARY KEY (id))");
      statement.execute("INSERT INTO lookup SELECT id, concat('name-', id), CAST(id / 100.0 AS DECIMAL(12,2)),"
          + " to_timestamp('2024-01-01 00:00:00') FROM range(1, " + (LOOKUP_TABLE_ROWS + 1) + ")");
      statement.execute("CREATE TABLE big (id BIGINT, name STRING, amount DECIMAL(12,2), ts TIMESTAMP)");
      statement.execute("INSERT INTO big SELECT id, concat('name-', id), CAST(id / 100.0 AS DECIMAL(12,2)),"
          + " to_timestamp('2024-01-01 00:00:00') FROM range(1, " + (rows + 1) + ")");
    }
  }

  private static Result measure(String name, String url, int fetchRows, int lookups) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      long[] nanos = lookups(connection, lookups);
      double rate = 0;
      for (int round = 0; round < 3; round++) {
        rate = Math.max(rate, fetch(connection, fetchRows));
      }
      return new Result(name, percentile(nanos, 0.50) / 1000.0, percentile(nanos, 0.99) / 1000.0, rate);
    }
  }

  private static long[] lookups(Connection connection, int count) throws SQLException {
    long[] nanos = new long[count];
    try (PreparedStatement statement = connection.prepareStatement(LOOKUP)) {
      java.util.Random random = new java.util.Random(42);
      for (int i = -count / 5; i < count; i++) {
        long started = System.nanoTime();
        lookUp(statement, random);
        if (i >= 0) {
          nanos[i] = System.nanoTime() - started;
        }
      }
    }
    return nanos;
  }

  /** One point query on {@link #LOOKUP} by a random key, which must find its row. */
  static void lookUp(PreparedStatement lookup, java.util.Random random) throws SQLException {
    lookup.setLong(1, 1 + random.nextInt(LOOKUP_TABLE_ROWS));
    try (ResultSet rows = lookup.executeQuery()) {
      if (!rows.next() || rows.getString(2) == null) {
        throw new IllegalStateException("a lookup found nothing");
      }
    }
  }

  private static double fetch(Connection connection, int expected) throws SQLException {
    return fetch(connection, "SELECT id, name, amount, ts FROM big", expected);
  }

  /** Reads {@code query}'s rows of a BIGINT, a string, a DECIMAL and a TIMESTAMP to the end; rows per second. */
  static double fetch(Connection connection, String query, long expected) throws SQLException {
    long started = System.nanoTime();
    long count = 0;
    try (Statement statement = connection.createStatement()) {
      statement.setFetchSize(5_000);
      try (ResultSet rows = statement.executeQuery(query)) {
        while (rows.next()) {
          rows.getLong(1);
          rows.getString(2);
          rows.getBigDecimal(3);
          rows.getTimestamp(4);
          count++;
        }
      }
    }
    if (count != expected) {
      throw new IllegalStateException("fetched " + count + " rows, expected " + expected);
    }
    return count / ((System.nanoTime() - started) / 1e9);
  }

  static long percentile(long[] values, double fraction) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[Math.min(sorted.length - 1, (int) Math.floor(fraction * sorted.length))];
  }

  private static String format(Result result) {
    return String.format(Locale.ROOT, "%-26s p50 %8.1f µs   p99 %8.1f µs   fetch %,12.0f rows/s", result.target(),
        result.p50Micros(), result.p99Micros(), result.rowsPerSecond());
  }

  private static void report(List<Result> results, int fetchRows) {
    Result h2 = results.get(0);
    Result jetty = results.get(1);
    System.out.println();
    System.out.println("| target | p50 µs | p99 µs | fetch rows/s (" + fetchRows + " × 4) | p50 vs H2 TCP | fetch vs H2 TCP"
        + " | p50 vs Avatica-Jetty |");
    System.out.println("|---|---|---|---|---|---|---|");
    for (Result result : results) {
      System.out.println(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %,.0f | %.2f× | %.2f× | %.2f× |",
          result.target(), result.p50Micros(), result.p99Micros(), result.rowsPerSecond(),
          result.p50Micros() / h2.p50Micros(), result.rowsPerSecond() / h2.rowsPerSecond(),
          result.p50Micros() / jetty.p50Micros()));
    }
  }
}
