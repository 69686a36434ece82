package io.flowgate.tck.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Start and footprint (issue 18, target 6, and the bounded 10,000,000-row read of target 3), of the gateway's jar as
 * users run it, in a JVM of its own with a 256 MiB heap: launch to listening on a new embedded store, the heap it
 * holds idle, what each open connection adds, the jars' sizes, and a read of {@code scanRows} rows to the end.
 *
 * <pre>bench/run footprint [starts] [connections] [scanRows]</pre>
 */
public final class FootprintBenchmark {
  private static final String HEAP = "256m";

  private FootprintBenchmark() {}

  public static void main(String[] args) throws Exception {
    int starts = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int connections = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    long scanRows = args.length > 2 ? Long.parseLong(args[2]) : 10_000_000L;
    Path data = Files.createTempDirectory("flowgate-footprint");
    List<Double> startSeconds = new ArrayList<>();
    for (int i = 0; i < starts; i++) {
      try (ServerProcess gateway = ServerProcess.gateway(HEAP, data.resolve("start-" + i))) {
        startSeconds.add(gateway.startSeconds());
      }
    }
    double idle;
    double perConnectionKiB;
    double scanSeconds;
    double scanPeak;
    try (ServerProcess gateway = ServerProcess.gateway(HEAP, data.resolve("store"), "--max-connections-per-user",
        Integer.toString(connections + 1))) {
      String url = "jdbc:flowgate://127.0.0.1:" + gateway.port() + "?user=admin";
      try (Connection first = Rounds.connect(url)) {
        selectOne(first);
        idle = gateway.liveHeapMiB();
        List<Connection> open = new ArrayList<>();
        try {
          for (int i = 0; i < connections; i++) {
            open.add(Rounds.connect(url));
            selectOne(open.get(i));
          }
          perConnectionKiB = (gateway.liveHeapMiB() - idle) * 1024 / connections;
        } finally {
          for (Connection connection : open) {
            connection.close();
          }
        }
        try (ServerProcess.HeapPeak heap = gateway.samplePeak(500)) {
          scanSeconds = Rounds.seconds(() -> Benchmark.fetch(first, "SELECT id, concat('name-', id), CAST(id / 100.0"
              + " AS DECIMAL(12,2)), to_timestamp('2024-01-01 00:00:00') FROM range(1, " + (scanRows + 1) + ")",
              scanRows));
          scanPeak = heap.peakMiB();
        }
      }
    }
    System.out.printf(Locale.ROOT, "%nThe gateway's jar in its own JVM (-Xmx%s):%n", HEAP);
    System.out.printf(Locale.ROOT, "- launch to listening on a new embedded store: median %.2f s (%s)%n",
        Rounds.median(startSeconds), String.join(" / ", startSeconds.stream()
            .map(each -> String.format(Locale.ROOT, "%.2f", each)).toList()));
    System.out.printf(Locale.ROOT, "- heap held idle, one connection open, after a full collection: %.1f MiB%n", idle);
    System.out.printf(Locale.ROOT, "- each further open connection (%d, each after one query): %.1f KiB%n",
        connections, perConnectionKiB);
    System.out.printf(Locale.ROOT, "- a %,d-row x 4-column SELECT read to the end: %.1f s (%,.0f rows/s), heap peak"
        + " %.0f MiB of %s (sampled every 500 ms, garbage included)%n", scanRows, scanSeconds,
        scanRows / scanSeconds, scanPeak, HEAP);
    System.out.printf(Locale.ROOT, "- jars: driver %.2f MiB, gateway %.1f MiB%n",
        Files.size(io.flowgate.tck.harness.GatewayProcess.built("driver", "flowgate-jdbc.jar")) / 1048576.0,
        Files.size(io.flowgate.tck.harness.GatewayProcess.built("gateway", "flowgate-gateway.jar")) / 1048576.0);
  }

  private static void selectOne(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SELECT 1")) {
      rows.next();
    }
  }
}
