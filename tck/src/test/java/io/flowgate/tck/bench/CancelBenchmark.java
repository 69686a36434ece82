package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How fast a runaway query stops: {@code Statement.cancel()} from another thread and {@code setQueryTimeout(1)},
 * on Flowgate and on H2's own TCP server running the same cross join, in the same run. For Flowgate it also
 * measures when the gateway no longer lists the statement (SHOW STATEMENTS), that is when the store stopped working
 * on it. Prints medians in milliseconds and the ratios.
 *
 * <p>Run: {@code bench/run cancel [rounds]}.
 */
public final class CancelBenchmark {
  private static final String FLOWGATE_QUERY =
      "SELECT sum(a.id * b.id) FROM range(100000) a CROSS JOIN range(100000) b";
  private static final String H2_QUERY =
      "SELECT SUM(A.X * B.X) FROM SYSTEM_RANGE(1, 100000) A CROSS JOIN SYSTEM_RANGE(1, 100000) B";

  private CancelBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    Servers servers = Servers.start("flowgate-cancel");
    String h2Url = servers.h2Url("cancel");
    String flowgateUrl = servers.flowgateUrl("admin");
    List<Double> h2Cancel = new ArrayList<>();
    List<Double> flowgateCancel = new ArrayList<>();
    List<Double> flowgateStopped = new ArrayList<>();
    List<Double> h2Timeout = new ArrayList<>();
    List<Double> flowgateTimeout = new ArrayList<>();
    try (Connection h2Connection = Rounds.connect(h2Url); Connection flowgateConnection = Rounds.connect(flowgateUrl);
        Connection observer = Rounds.connect(flowgateUrl)) {
      for (int round = 0; round < rounds; round++) {
        h2Cancel.add(cancel(h2Connection, H2_QUERY, null)[0]);
        double[] measured = cancel(flowgateConnection, FLOWGATE_QUERY, observer);
        flowgateCancel.add(measured[0]);
        flowgateStopped.add(measured[1]);
        h2Timeout.add(timeoutOvershoot(h2Connection, H2_QUERY));
        flowgateTimeout.add(timeoutOvershoot(flowgateConnection, FLOWGATE_QUERY));
      }
    } finally {
      servers.close();
    }
    double h2Median = Rounds.median(h2Cancel);
    System.out.printf(Locale.ROOT, "cancel() to the execute's return, median of %d: H2 TCP %.1f ms, Flowgate %.1f ms"
        + " (%.2fx); Flowgate's store stopped %.1f ms after cancel()%n", rounds, h2Median, Rounds.median(flowgateCancel),
        Rounds.median(flowgateCancel) / h2Median, Rounds.median(flowgateStopped));
    System.out.printf(Locale.ROOT, "setQueryTimeout(1) past its second: H2 TCP %.1f ms, Flowgate %.1f ms%n",
        Rounds.median(h2Timeout), Rounds.median(flowgateTimeout));
  }

  /** Milliseconds from cancel() to the execute's failure, and (with an observer) to its leaving SHOW STATEMENTS. */
  private static double[] cancel(Connection connection, String query, Connection observer) throws Exception {
    Statement statement = connection.createStatement();
    CompletableFuture<Long> failed = CompletableFuture.supplyAsync(() -> {
      try {
        statement.executeQuery(query).next();
        throw new IllegalStateException("the query finished before it was cancelled");
      } catch (SQLException expected) {
        return System.nanoTime();
      }
    });
    Thread.sleep(500);
    long cancelled = System.nanoTime();
    statement.cancel();
    long returned = failed.get(60, TimeUnit.SECONDS);
    long stopped = returned;
    if (observer != null) {
      while (running(observer)) {
        Thread.sleep(1);
      }
      stopped = System.nanoTime();
    }
    statement.close();
    return new double[] {(returned - cancelled) / 1e6, (stopped - cancelled) / 1e6};
  }

  private static boolean running(Connection observer) throws SQLException {
    try (Statement show = observer.createStatement(); ResultSet rows = show.executeQuery("SHOW STATEMENTS")) {
      while (rows.next()) {
        if (rows.getString("statement_text").contains("CROSS JOIN")) {
          return true;
        }
      }
      return false;
    }
  }

  private static double timeoutOvershoot(Connection connection, String query) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      long start = System.nanoTime();
      try {
        statement.executeQuery(query).next();
        throw new IllegalStateException("the query finished within its timeout");
      } catch (SQLException expected) {
        return (System.nanoTime() - start) / 1e6 - 1_000;
      }
    }
  }
}
