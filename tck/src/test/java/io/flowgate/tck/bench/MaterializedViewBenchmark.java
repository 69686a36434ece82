package io.flowgate.tck.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A grouped materialized view over a large fact table: {@code SELECT k, count(*), sum(v), min(v), max(v) FROM facts
 * GROUP BY k}. Two ratios, each the median of interleaved rounds: its first build against H2's own {@code CREATE
 * TABLE AS SELECT} of the same query on H2's TCP server (the baseline), and a refresh after a thousand appended rows
 * (GROUP_AGGREGATE: only the new rows are read) against a full recompute of the same view in the same run.
 *
 * <p>Run: {@code bench/run mv [rows] [rounds]} (defaults 5,000,000 and 3).
 */
public final class MaterializedViewBenchmark {
  private static final String QUERY = "SELECT k, count(*) AS n, sum(v) AS s, min(v) AS lo, max(v) AS hi FROM facts"
      + " GROUP BY k";

  private MaterializedViewBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 5_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : Rounds.DEFAULT;
    Servers servers = Servers.start("flowgate-mv");
    List<Double> h2Build = new ArrayList<>();
    List<Double> flowgateBuild = new ArrayList<>();
    List<Double> incremental = new ArrayList<>();
    List<Double> recompute = new ArrayList<>();
    try (Connection raw = Rounds.connect(servers.h2Url("mv")); Statement h2 = raw.createStatement();
        Connection connection = Rounds.connect(servers.flowgateUrl("admin"));
        Statement statement = connection.createStatement()) {
      h2.execute("CREATE TABLE facts (k BIGINT, v BIGINT)");
      h2.execute("INSERT INTO facts SELECT MOD(X, 1000), X FROM SYSTEM_RANGE(0, " + (rows - 1) + ")");
      statement.execute("CREATE TABLE facts (k BIGINT, v BIGINT)");
      statement.execute("INSERT INTO facts SELECT id % 1000, id FROM range(" + rows + ")");
      long next = rows;
      for (int round = 0; round < rounds; round++) {
        Rounds.settle();
        h2Build.add(Rounds.seconds(() -> h2.execute("CREATE TABLE mv AS " + QUERY)));
        h2.execute("DROP TABLE mv");
        Rounds.settle();
        flowgateBuild.add(Rounds.seconds(() -> statement.execute("CREATE MATERIALIZED VIEW mv AS " + QUERY)));

        statement.execute("INSERT INTO facts SELECT id % 1000, id FROM range(" + next + ", " + (next + 1000) + ")");
        next += 1000;
        Rounds.settle();
        incremental.add(Rounds.seconds(() -> statement.execute("REFRESH MATERIALIZED VIEW mv")));
        requireTechnique(statement, "MAINTENANCE_TYPE_GROUP_AGGREGATE");
        requireEqualToQuery(statement);
        Rounds.settle();
        recompute.add(Rounds.seconds(() -> statement.execute("REFRESH MATERIALIZED VIEW mv FULL")));
        statement.execute("DROP MATERIALIZED VIEW mv");
      }
    } finally {
      servers.close();
    }
    double h2 = Rounds.median(h2Build);
    double build = Rounds.median(flowgateBuild);
    double follow = Rounds.median(incremental);
    double full = Rounds.median(recompute);
    System.out.printf(Locale.ROOT, "MV over %,d rows, medians of %d rounds: first build %.2f s against H2 TCP CREATE"
        + " TABLE AS SELECT %.2f s (%.2fx of H2's speed); refresh after 1,000 appended rows %.1f ms against a full"
        + " recompute %.1f ms (%.2f%%)%n", rows, rounds, build, h2, h2 / build, follow * 1000, full * 1000,
        100 * follow / full);
  }

  private static void requireTechnique(Statement statement, String expected) throws Exception {
    try (ResultSet technique = statement.executeQuery("SELECT details:planning_information:technique_information[0]"
        + ":maintenance_type FROM event_log(TABLE(mv)) WHERE event_type = 'planning_information'"
        + " ORDER BY timestamp DESC LIMIT 1")) {
      technique.next();
      if (!expected.equals(technique.getString(1))) {
        throw new IllegalStateException("the refresh was " + technique.getString(1));
      }
    }
  }

  private static void requireEqualToQuery(Statement statement) throws Exception {
    try (ResultSet differing = statement.executeQuery("SELECT count(*) FROM ((SELECT * FROM mv EXCEPT " + QUERY
        + ") UNION ALL (" + QUERY + " EXCEPT SELECT * FROM mv))")) {
      differing.next();
      if (differing.getLong(1) != 0) {
        throw new IllegalStateException(differing.getLong(1) + " rows of the view differ from its query");
      }
    }
  }
}
