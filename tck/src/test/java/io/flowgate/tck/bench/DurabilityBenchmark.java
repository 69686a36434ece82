package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What durability costs: single-row INSERTs, each its own commit, through Flowgate (every acknowledged commit is on
 * disk before it returns) against H2's own TCP server with its default delayed writes (a commit may be lost on a
 * crash) and with {@code WRITE_DELAY=0} (as durable as Flowgate), in the same run, in interleaved rounds. Prints
 * commits per second and the ratios.
 *
 * <p>Run: {@code bench/run durability [inserts] [rounds]}.
 */
public final class DurabilityBenchmark {
  private DurabilityBenchmark() {}

  public static void main(String[] args) throws Exception {
    int inserts = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Servers servers = Servers.start("flowgate-durability");
    Map<String, String> targets = new LinkedHashMap<>();
    targets.put("H2 TCP, default write delay (not durable)", servers.h2Url("delayed"));
    targets.put("H2 TCP, WRITE_DELAY=0 (durable)", servers.h2Url("durable;WRITE_DELAY=0"));
    targets.put("Flowgate (durable)", servers.flowgateUrl("bench"));
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, String> target : targets.entrySet()) {
        try (Connection connection = Rounds.connect(target.getValue());
            Statement statement = connection.createStatement()) {
          statement.execute("CREATE TABLE writes (id BIGINT, v VARCHAR(20))");
        }
        rates.put(target.getKey(), new ArrayList<>());
      }
      for (int round = 0; round <= rounds; round++) {
        for (Map.Entry<String, String> target : targets.entrySet()) {
          Rounds.settle();
          double rate = insertsPerSecond(target.getValue(), inserts, round);
          if (round > 0) {
            rates.get(target.getKey()).add(rate);
          }
        }
      }
    } finally {
      servers.close();
    }
    double delayed = Rounds.median(rates.get("H2 TCP, default write delay (not durable)"));
    double durable = Rounds.median(rates.get("H2 TCP, WRITE_DELAY=0 (durable)"));
    System.out.printf(Locale.ROOT, "%n%d single-row INSERTs a round, median of %d rounds (after one warm-up)%n",
        inserts, rounds);
    System.out.println("| target | commits/s | vs H2 delayed | vs H2 durable |");
    System.out.println("|---|---|---|---|");
    for (Map.Entry<String, List<Double>> entry : rates.entrySet()) {
      double median = Rounds.median(entry.getValue());
      System.out.printf(Locale.ROOT, "| %s | %,.0f | %.2f× | %.2f× |%n", entry.getKey(), median, median / delayed,
          median / durable);
    }
  }

  private static double insertsPerSecond(String url, int inserts, int round) throws SQLException {
    try (Connection connection = Rounds.connect(url);
        PreparedStatement insert = connection.prepareStatement("INSERT INTO writes VALUES (?, ?)")) {
      double seconds = Rounds.seconds(() -> {
        for (int i = 0; i < inserts; i++) {
          insert.setLong(1, (long) round * inserts + i);
          insert.setString(2, "row-" + i);
          insert.executeUpdate();
        }
      });
      return inserts / seconds;
    }
  }
}
