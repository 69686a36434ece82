package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cost of a row filter and a column mask: a SELECT over {@code rows} rows of a table with both, run as a user
 * outside the privileged group, against the same SELECT over a copy without policies where the filter and the mask
 * are written inline by hand. Both go through the gateway and the driver; medians of interleaved rounds.
 *
 * <p>Run: {@code bench/run policy [rows]}.
 */
public final class PolicyBenchmark {
  private static final int ROUNDS = 5;

  private PolicyBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    Path data = Files.createTempDirectory("flowgate-policy-bench");
    GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.of(data)));
    List<Double> policy = new ArrayList<>();
    List<Double> inline = new ArrayList<>();
    String url = "jdbc:flowgate://127.0.0.1:" + gateway.port();
    try (Connection admin = DriverManager.getConnection(url + "?user=admin");
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE GROUP bench_hr");
      statement.execute("CREATE TABLE people (id BIGINT, region STRING, ssn STRING)");
      statement.execute("INSERT INTO people SELECT id, CASE WHEN id % 4 = 0 THEN 'EU' ELSE 'US' END,"
          + " concat('ssn-', id) FROM range(" + rows + ")");
      statement.execute("CREATE TABLE people_plain AS SELECT * FROM people");
      statement.execute("CREATE FUNCTION us_only(region STRING) RETURNS BOOLEAN"
          + " RETURN is_account_group_member('bench_hr') OR region = 'US'");
      statement.execute("CREATE FUNCTION mask_ssn(ssn STRING) RETURNS STRING"
          + " RETURN CASE WHEN is_account_group_member('bench_hr') THEN ssn ELSE '***' END");
      statement.execute("ALTER TABLE people SET ROW FILTER us_only ON (region)");
      statement.execute("ALTER TABLE people ALTER COLUMN ssn SET MASK mask_ssn");
      statement.execute("GRANT SELECT, EXECUTE ON SCHEMA main.default TO `account users`");
    }
    String withPolicies = "SELECT count(*), count(DISTINCT ssn), max(id) FROM people";
    String byHand = "SELECT count(*), count(DISTINCT CASE WHEN is_account_group_member('bench_hr') THEN ssn"
        + " ELSE '***' END), max(id) FROM people_plain WHERE is_account_group_member('bench_hr') OR region = 'US'";
    try (Connection user = DriverManager.getConnection(url + "?user=bench_reader");
        Statement statement = user.createStatement()) {
      String expected = answer(statement, byHand);
      if (!expected.equals(answer(statement, withPolicies))) {
        throw new IllegalStateException("the two queries disagree");
      }
      for (int round = 0; round < ROUNDS; round++) {
        policy.add(Rounds.seconds(() -> answer(statement, withPolicies)));
        inline.add(Rounds.seconds(() -> answer(statement, byHand)));
      }
    } finally {
      gateway.close();
    }
    double policySeconds = Rounds.median(policy);
    double inlineSeconds = Rounds.median(inline);
    System.out.println();
    System.out.println("| measure (median of " + ROUNDS + ") | with policies | inline by hand | ratio |");
    System.out.println("|---|---|---|---|");
    System.out.println(String.format(Locale.ROOT, "| SELECT count, count(DISTINCT masked), max over %,d rows,"
        + " filtered and masked | %.3f s | %.3f s | %.2f× |", rows, policySeconds, inlineSeconds,
        policySeconds / inlineSeconds));
  }

  private static String answer(Statement statement, String sql) throws SQLException {
    try (ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1) + "/" + result.getLong(2) + "/" + result.getLong(3);
    }
  }
}
