package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The latency of a small incremental REFRESH: a streaming table over a source that gained one row since the last
 * refresh. The baseline, on H2's own TCP server in the same run, is that work written by hand: in one transaction,
 * copy the source rows above the checkpoint into the target and move the checkpoint. What Flowgate adds is the
 * flow's planning, its event log and commit log, and the round trip through the gateway.
 *
 * <p>Run: {@code bench/run refresh [refreshes]}.
 */
public final class RefreshBenchmark {
  private RefreshBenchmark() {}

  public static void main(String[] args) throws Exception {
    int refreshes = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    Servers servers = Servers.start("flowgate-refresh");
    String h2Url = servers.h2Url("refresh");
    String flowgateUrl = servers.flowgateUrl("admin");
    List<Double> h2Times = new ArrayList<>();
    List<Double> flowgateTimes = new ArrayList<>();
    try (Connection raw = Rounds.connect(h2Url); Statement h2Statement = raw.createStatement();
        Connection connection = Rounds.connect(flowgateUrl); Statement statement = connection.createStatement()) {
      h2Statement.execute("CREATE TABLE src (id BIGINT, payload VARCHAR, v BIGINT)");
      h2Statement.execute("CREATE INDEX src_v ON src (v)");
      h2Statement.execute("CREATE TABLE st (id BIGINT, payload VARCHAR, v BIGINT)");
      h2Statement.execute("CREATE TABLE checkpoint (v BIGINT)");
      h2Statement.execute("INSERT INTO checkpoint VALUES (0)");
      statement.execute("CREATE TABLE src (id BIGINT, payload STRING)");
      statement.execute("CREATE STREAMING TABLE st AS SELECT id, upper(payload) AS payload FROM STREAM(src)"
          + " WHERE id >= 0");
      try (PreparedStatement h2Insert = raw.prepareStatement("INSERT INTO src VALUES (?, ?, ?)");
          PreparedStatement h2Copy = raw.prepareStatement("INSERT INTO st SELECT id, UPPER(payload), v FROM src"
              + " WHERE v > (SELECT v FROM checkpoint) AND id >= 0");
          PreparedStatement h2Advance = raw.prepareStatement("UPDATE checkpoint SET v = ?");
          PreparedStatement insert = connection.prepareStatement("INSERT INTO src VALUES (?, ?)")) {
        for (int i = 0; i < refreshes + 20; i++) {
          h2Insert.setLong(1, i);
          h2Insert.setString(2, "row-" + i);
          h2Insert.setLong(3, i + 1);
          h2Insert.executeUpdate();
          long v = i + 1;
          double h2Seconds = Rounds.seconds(() -> {
            raw.setAutoCommit(false);
            h2Copy.executeUpdate();
            h2Advance.setLong(1, v);
            h2Advance.executeUpdate();
            raw.commit();
            raw.setAutoCommit(true);
          });
          insert.setLong(1, i);
          insert.setString(2, "row-" + i);
          insert.executeUpdate();
          double flowgateSeconds = Rounds.seconds(() -> statement.execute("REFRESH STREAMING TABLE st"));
          if (i >= 20) {
            // the first refreshes warm both up
            h2Times.add(h2Seconds * 1000);
            flowgateTimes.add(flowgateSeconds * 1000);
          }
        }
      }
      try (var rows = statement.executeQuery("SELECT count(*) FROM st")) {
        rows.next();
        if (rows.getLong(1) != refreshes + 20) {
          throw new IllegalStateException("the streaming table has " + rows.getLong(1) + " rows");
        }
      }
    } finally {
      servers.close();
    }
    double h2Median = Rounds.median(h2Times);
    double flowgateMedian = Rounds.median(flowgateTimes);
    System.out.printf(Locale.ROOT, "REFRESH of a flow with one new row, median of %d: H2 TCP by hand %.2f ms,"
        + " Flowgate %.2f ms (%.1fx)%n", refreshes, h2Median, flowgateMedian, flowgateMedian / h2Median);
  }
}
