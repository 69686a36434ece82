package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * TPC-H on Flowgate against H2's TCP server, the same data and the same 22 query texts on both: the load (batched
 * inserts of every table) and each query, the median of interleaved rounds after one warm-up round, with Flowgate's
 * answer checked against H2's. Prints a markdown table and the geometric mean of the per-query ratios.
 *
 * <p>Run: {@code bench/run tpch [scaleFactor] [rounds] [queries]} (defaults 0.01, 3 and all 22; queries as {@code
 * 13,22}). A query that takes longer than
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
    List<Integer> queries = args.length > 2 ? java.util.Arrays.stream(args[2].split(",")).map(Integer::valueOf)
        .toList() : java.util.stream.IntStream.rangeClosed(1, Tpch.QUERIES).boxed().toList();
    List<Tpch.Table> tables = Tpch.generate(scaleFactor);
    long rows = tables.stream().mapToLong(table -> table.rows().size()).sum();
    List<Result> results = new ArrayList<>();
    double h2Load;
    double flowgateLoad;
    try (Servers servers = Servers.start("flowgate-tpch");
        Connection h2 = Rounds.connect(servers.h2Url("tpch"));
        Connection flowgate = Rounds.connect(servers.flowgateUrl("admin"))) {
      h2Load = load(h2, tables, "VARCHAR", false);
      flowgateLoad = load(flowgate, tables, "STRING", true);
      for (int query : queries) {
        results.add(run(query, h2, flowgate, rounds));
        Result result = results.get(results.size() - 1);
        System.err.printf(Locale.ROOT, "Q%d: %.1f ms against %.1f ms, %s%n", query, result.flowgate * 1000,
            result.h2 * 1000, result.verdict);
      }
    }
    print(scaleFactor, rounds, rows, h2Load, flowgateLoad, results);
  }

  private static double load(Connection connection, List<Tpch.Table> tables, String stringType, boolean flowgate)
      throws Exception {
    for (Tpch.Table table : tables) {
      Tpch.create(connection, table, stringType);
    }
    Tpch.addForeignKeys(connection, flowgate);
    Rounds.settle();
    return Rounds.seconds(() -> {
      for (Tpch.Table table : tables) {
        Tpch.load(connection, table);
      }
    });
  }

  private static Result run(int query, Connection h2, Connection flowgate, int rounds) {
    String text = Tpch.query(query);
    List<Double> h2Times = new ArrayList<>();
    List<Double> flowgateTimes = new ArrayList<>();
    try {
      // One round first that is not counted: the gateway shares the JVM with the benchmark, and its planner's code
      // is not yet compiled for a query shape it has not seen.
      try {
        execute("H2", h2, text);
      } catch (SQLException h2Fails) {
        // No baseline to compare with, but whether and how fast Flowgate answers alone is still worth knowing.
        long started = System.nanoTime();
        execute("Flowgate", flowgate, text);
        return new Result(query, Double.NaN, (System.nanoTime() - started) / 1e9, h2Fails.getMessage()
            .lines().findFirst().orElse("") + " (Flowgate answered once, unchecked)");
      }
      execute("Flowgate", flowgate, text);
      Optional<String> difference = Optional.empty();
      for (int round = 0; round < rounds; round++) {
        long started = System.nanoTime();
        ResultRows expected = execute("H2", h2, text);
        h2Times.add((System.nanoTime() - started) / 1e9);
        started = System.nanoTime();
        ResultRows actual = execute("Flowgate", flowgate, text);
        flowgateTimes.add((System.nanoTime() - started) / 1e9);
        difference = difference.or(() -> actual.differenceFrom(expected));
      }
      return new Result(query, Rounds.median(h2Times), Rounds.median(flowgateTimes),
          difference.map(wrong -> "wrong: " + wrong).orElse("yes"));
    } catch (SQLException e) {
      return new Result(query, Double.NaN, Double.NaN, e.getMessage().lines().findFirst().orElse(""));
    }
  }

  /** The query's rows; a failure names the engine that failed. */
  private static ResultRows execute(String engine, Connection connection, String query) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(TIMEOUT_SECONDS);
      return ResultRows.read(statement.executeQuery(query));
    } catch (SQLException e) {
      throw new SQLException(engine + " fails: " + e.getMessage(), e.getSQLState(), e);
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
    int timed = 0;
    for (Result result : results) {
      double ratio = result.flowgate / result.h2;
      if (!Double.isNaN(ratio)) {
        logSum += Math.log(ratio);
        timed++;
      }
      System.out.printf(Locale.ROOT, "| Q%d | %.1f | %.1f | %.2f | %s |%n", result.query, result.h2 * 1000,
          result.flowgate * 1000, ratio, result.verdict);
    }
    long wrong = results.stream().filter(result -> !result.verdict.equals("yes")).count();
    System.out.printf(Locale.ROOT, "%ngeometric mean of Flowgate / H2 over the %d queries timed: %.2f; %d of %d"
        + " queries answered as H2 does%n", timed, Math.exp(logSum / timed), results.size() - wrong, results.size());
  }
}
