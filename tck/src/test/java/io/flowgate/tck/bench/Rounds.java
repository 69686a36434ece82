package io.flowgate.tck.bench;

import java.sql.SQLException;
import java.util.List;

/**
 * Timing for benchmarks that run each measure several times, Flowgate and its H2 baseline in turns, and compare
 * medians: on a small machine one run of either can be off by a factor of two (JIT, GC, the store's background
 * writer).
 */
final class Rounds {
  static final int DEFAULT = 3;

  private Rounds() {}

  interface Work {
    void run() throws SQLException;
  }

  static double seconds(Work work) throws SQLException {
    long started = System.nanoTime();
    work.run();
    return (System.nanoTime() - started) / 1e9;
  }

  /**
   * Lets the previous step's garbage and the stores' background writers finish before a measured step, so that one
   * side does not pay for the other's set-up.
   */
  static void settle() throws InterruptedException {
    System.gc();
    Thread.sleep(2_000);
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  /** A connection to a Flowgate URL, or to an H2 one as H2's default user. */
  static java.sql.Connection connect(String url) throws SQLException {
    return url.startsWith("jdbc:h2") ? java.sql.DriverManager.getConnection(url, "sa", "")
        : java.sql.DriverManager.getConnection(url);
  }
}
