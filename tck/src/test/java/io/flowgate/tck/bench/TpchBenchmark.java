package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * TPC-H on Flowgate against H2's TCP server, the same data and the same 22 query texts on both: the load (batched
 * inserts of every table) and each query, the median of interleaved rounds, with Flowgate's answer checked against
 * H2's. Prints a markdown table and the geometric mean of the per-query ratios.
 *
 * <p>Run: {@code bench/run tpch [scaleFactor] [rounds]} (defaults 0.01 and 3). A query that takes longer than
 * {@value #TIMEOUT_SECONDS} s on either side is cancelled and reported as such.
 */
public final class TpchBenchmark {
  private static final int TIMEOUT_SECONDS = 300;

  private TpchBenchmark() {}

  /** One query's medians and whether Flowgate gave H2's answer. */
  private record Result(int query, double h2, double flowgate, String verdict) {}

  public static void main(String[] args) throws Exception {
    double scaleFactor = args.length > 0 ? Double.parseDouble(args[0]) : 0.01;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : Rounds.DEFAULT;
    List<Tpch.Table> tables = Tpch.generate(scaleFactor);
    long rows = tables.stream().mapToLong(table -> table.rows().size()).sum();
    List<Result> results = new ArrayList<>();
    double h2Load;
    double flowgateLoad;
    try (Servers servers = Servers.start("flowgate-tpch");
        Connection h2 = Rounds.connect(servers.h2Url("tpch"));
        Connection flowgate = Rounds.connect(servers.flowgateUrl("admin"))) {
      h2Load = load(h2, tables, "VARCHAR");
      flowgateLoad = load(flowgate, tables, "STRING");
      for (int query = 1; query <= Tpch.QUERIES; query++) {
        results.add(run(query, h2, flowgate, rounds));
        Result result = results.get(results.size() - 1);
        System.err.printf(Locale.ROOT, "Q%d: %.1f ms against %.1f ms, %s%n", query, result.flowgate * 1000,
            result.h2 * 1000, result.verdict);
      }
    }
    print(scaleFactor, rounds, rows, h2Load, flowgateLoad, results);
  }

  private static double load(Connection connection, List<Tpch.Table> tables, String stringType) throws Exception {
    for (Tpch.Table table : tables) {
      Tpch.create(connection, table, stringType);
    }
    Rounds.settle();
    return Rounds.seconds(() -> {
      for (Tpch.Table table : tables) {
        Tpch.load(connection, table);
      }
    });
  }

  private static Result run(int query, Connection h2, Connection flowgate, int rounds) throws SQLException {
    String text = Tpch.query(query);
    ResultRows expected = null;
    ResultRows actual = null;
    List<Double> h2Times = new ArrayList<>();
    List<Double> flowgateTimes = new ArrayList<>();
    String failure = null;
    for (int round = 0; round < rounds && failure == null; round++) {
      long started = System.nanoTime();
      expected = execute(h2, text);
      h2Times.add((System.nanoTime() - started) / 1e9);
      started = System.nanoTime();
      try {
        actual = execute(flowgate, text);
      } catch (SQLException e) {
        failure = "fails: " + e.getMessage();
      }
      flowgateTimes.add((System.nanoTime() - started) / 1e9);
    }
    String verdict = failure != null ? failure
        : actual.differenceFrom(expected).map(difference -> "wrong: " + difference).orElse("yes");
    return new Result(query, Rounds.median(h2Times), Rounds.median(flowgateTimes), verdict);
  }

  private static ResultRows execute(Connection connection, String query) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(TIMEOUT_SECONDS);
      return ResultRows.read(statement.executeQuery(query));
    }
  }

  private static void print(double scaleFactor, int rounds, long rows, double h2Load, double flowgateLoad,
      List<Result> results) {
    System.out.printf(Locale.ROOT, "TPC-H at scale factor %s (%,d rows), medians of %d rounds, against H2's TCP"
        + " server in the same run%n%n", scaleFactor, rows, rounds);
    System.out.printf(Locale.ROOT, "load: %.1f s against %.1f s (%.2fx of H2's speed)%n%n", flowgateLoad, h2Load,
        h2Load / flowgateLoad);
    System.out.println("| query | H2 ms | Flowgate ms | Flowgate / H2 | same answer |");
    System.out.println("|---|---:|---:|---:|---|");
    double logSum = 0;
    for (Result result : results) {
      double ratio = result.flowgate / result.h2;
      logSum += Math.log(ratio);
      System.out.printf(Locale.ROOT, "| Q%d | %.1f | %.1f | %.2f | %s |%n", result.query, result.h2 * 1000,
          result.flowgate * 1000, ratio, result.verdict);
    }
    long wrong = results.stream().filter(result -> !result.verdict.equals("yes")).count();
    System.out.printf(Locale.ROOT, "%ngeometric mean of Flowgate / H2: %.2f; %d of %d queries answered as H2 does%n",
        Math.exp(logSum / results.size()), results.size() - wrong, results.size());
  }
}
