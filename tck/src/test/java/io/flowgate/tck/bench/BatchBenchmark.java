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
 * PreparedStatement batches of INSERTs: Flowgate's executeBatch (one round trip, one transaction) against the same
 * rows sent one executeUpdate at a time (each its own commit, what a batch cost before it was one transaction), and
 * against H2's own TCP server running the same batch with {@code WRITE_DELAY=0} (as durable), in the same run, in
 * interleaved rounds. Prints rows per second and the ratios.
 *
 * <p>Run: {@code bench/run batch [rows] [rounds]}.
 */
public final class BatchBenchmark {
  private BatchBenchmark() {}

  private interface Load {
    void run(PreparedStatement insert, int rows, int round) throws SQLException;
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Servers servers = Servers.start("flowgate-batch");
    String h2Url = servers.h2Url("batch;WRITE_DELAY=0");
    String flowgateUrl = servers.flowgateUrl("bench");
    Load batch = (insert, count, round) -> {
      for (int i = 0; i < count; i++) {
        bind(insert, (long) round * count + i);
        insert.addBatch();
      }
      insert.executeBatch();
    };
    Load oneByOne = (insert, count, round) -> {
      for (int i = 0; i < count; i++) {
        bind(insert, (long) round * count + i);
        insert.executeUpdate();
      }
    };
    Map<String, String> urls = new LinkedHashMap<>();
    Map<String, Load> loads = new LinkedHashMap<>();
    urls.put("H2 TCP executeBatch (durable)", h2Url);
    loads.put("H2 TCP executeBatch (durable)", batch);
    urls.put("Flowgate executeBatch", flowgateUrl);
    loads.put("Flowgate executeBatch", batch);
    urls.put("Flowgate one executeUpdate a row", flowgateUrl);
    loads.put("Flowgate one executeUpdate a row", oneByOne);
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    try {
      for (String url : List.of(h2Url, flowgateUrl)) {
        try (Connection connection = Rounds.connect(url); Statement statement = connection.createStatement()) {
          statement.execute("CREATE TABLE batched (id BIGINT, v VARCHAR(20))");
        }
      }
      urls.keySet().forEach(name -> rates.put(name, new ArrayList<>()));
      int run = 0;
      for (int round = 0; round <= rounds; round++) {
        for (String name : urls.keySet()) {
          Rounds.settle();
          double rate = rowsPerSecond(urls.get(name), loads.get(name), rows, ++run);
          if (round > 0) {
            rates.get(name).add(rate);
          }
        }
      }
    } finally {
      servers.close();
    }
    double baseline = Rounds.median(rates.get("H2 TCP executeBatch (durable)"));
    double rowByRow = Rounds.median(rates.get("Flowgate one executeUpdate a row"));
    System.out.printf(Locale.ROOT, "%n%,d-row INSERT batches, median of %d rounds (after one warm-up)%n", rows,
        rounds);
    System.out.println("| target | rows/s | vs H2 batch | vs one at a time |");
    System.out.println("|---|---|---|---|");
    for (Map.Entry<String, List<Double>> entry : rates.entrySet()) {
      double median = Rounds.median(entry.getValue());
      System.out.printf(Locale.ROOT, "| %s | %,.0f | %.2f× | %.1f× |%n", entry.getKey(), median, median / baseline,
          median / rowByRow);
    }
  }

  private static void bind(PreparedStatement insert, long id) throws SQLException {
    insert.setLong(1, id);
    insert.setString(2, "row-" + id);
  }

  private static double rowsPerSecond(String url, Load load, int rows, int round) throws SQLException {
    try (Connection connection = Rounds.connect(url);
        PreparedStatement insert = connection.prepareStatement("INSERT INTO batched VALUES (?, ?)")) {
      double seconds = Rounds.seconds(() -> load.run(insert, rows, round));
      return rows / seconds;
    }
  }
}
