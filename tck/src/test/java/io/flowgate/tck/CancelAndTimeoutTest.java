package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client's query timeout, the session's STATEMENT_TIMEOUT and Statement.cancel() from another thread reach the
 * gateway, which cancels the statement in the store (the error comes from the store's cancel, not from the client
 * giving up) and rolls back what it wrote; SHOW STATEMENTS lists what runs, CANCEL STATEMENT stops it.
 */
class CancelAndTimeoutTest {
  private static final String ENDLESS = "SELECT count(*) FROM range(3000000000)";

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void setQueryTimeoutCancelsTheStatementInTheGateway() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      assertThatThrownBy(() -> QueryRows.of(statement, ENDLESS)).isInstanceOf(SQLTimeoutException.class)
          .hasMessageContaining("[STATEMENT_TIMEOUT_EXCEEDED]").hasMessageContaining("1 s")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("HYT00"));
      assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
      assertThat(QueryRows.of(statement, "SET STATEMENT_TIMEOUT")).containsExactly("STATEMENT_TIMEOUT | 1");
      statement.setQueryTimeout(0);
      assertThat(QueryRows.of(statement, "SET STATEMENT_TIMEOUT")).containsExactly("STATEMENT_TIMEOUT | 172800");
    }
  }

  @Test
  void statementTimeoutIsASessionParameter() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE IF NOT EXISTS filled (id BIGINT)");
      statement.execute("SET STATEMENT_TIMEOUT = 1");
      assertThat(QueryRows.of(statement, "SET")).containsExactly("ANSI_MODE | true", "STATEMENT_TIMEOUT | 1",
          "TIMEZONE | UTC", "spark.databricks.delta.retentionDurationCheck.enabled | true");
      // A write that runs out of time leaves nothing behind.
      assertThatThrownBy(() -> statement.execute("INSERT INTO filled SELECT id FROM range(3000000000)"))
          .isInstanceOf(SQLTimeoutException.class).hasMessageContaining("[STATEMENT_TIMEOUT_EXCEEDED]");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM filled")).containsExactly("0");
      assertThatThrownBy(() -> statement.execute("SET STATEMENT_TIMEOUT = -1")).isInstanceOf(SQLException.class)
          .hasMessageContaining("[PARSE_SYNTAX_ERROR]");
      assertThatThrownBy(() -> statement.execute("SET STATEMENT_TIMEOUT = 172801"))
          .hasMessageContaining("[INVALID_PARAMETER_VALUE]");
      assertThatThrownBy(() -> statement.execute("SET spark.sql.shuffle.partitions = 4"))
          .hasMessageContaining("[CONFIG_NOT_AVAILABLE]");
      statement.execute("RESET STATEMENT_TIMEOUT");
      assertThat(QueryRows.of(statement, "SET STATEMENT_TIMEOUT")).containsExactly("STATEMENT_TIMEOUT | 172800");
    }
    try (Connection other = gateway.connect(); Statement statement = other.createStatement()) {
      // Each session has its own.
      assertThat(QueryRows.of(statement, "SET STATEMENT_TIMEOUT")).containsExactly("STATEMENT_TIMEOUT | 172800");
    }
  }

  @Test
  void cancelFromAnotherThreadStopsTheStatementInTheGateway() throws Exception {
    try (Connection connection = gateway.connect("carol"); Statement statement = connection.createStatement();
        Connection admin = gateway.connect(); Statement watch = admin.createStatement();
        Connection other = gateway.connect("dave"); Statement stranger = other.createStatement()) {
      CompletableFuture<List<String>> endless = runEndless(statement);
      String row = awaitRunning(watch, "carol");
      String id = row.substring(0, row.indexOf(" | "));
      assertThat(row).contains("RUNNING").contains(ENDLESS);
      // Another user neither sees it nor may cancel it.
      assertThat(QueryRows.of(stranger, "SHOW STATEMENTS")).noneMatch(line -> line.contains("carol"));
      assertThatThrownBy(() -> stranger.execute("CANCEL STATEMENT '" + id + "'"))
          .hasMessageContaining("[INVALID_STATEMENT_HANDLE]");
      statement.cancel();
      assertThatThrownBy(() -> endless.get(60, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
          .cause().isInstanceOf(SQLException.class).hasMessageContaining("[OPERATION_CANCELED]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("HY008"));
      assertThat(QueryRows.of(watch, "SHOW STATEMENTS")).noneMatch(line -> line.contains("carol"));
      assertThat(QueryRows.of(statement, "SELECT 'still usable'")).containsExactly("still usable");
      // The administrator may cancel anyone's.
      CompletableFuture<List<String>> again = runEndless(statement);
      String second = awaitRunning(watch, "carol");
      watch.execute("CANCEL STATEMENT '" + second.substring(0, second.indexOf(" | ")) + "'");
      assertThatThrownBy(() -> again.get(60, TimeUnit.SECONDS)).cause()
          .hasMessageContaining("[OPERATION_CANCELED]");
    }
  }

  /** An update is its table's owner's to see and cancel too, whoever started it; others neither see nor cancel it. */
  @Test
  void anUpdateIsCancelledByItsTablesOwnerToo() throws Exception {
    try (Connection owner = gateway.connect("olga"); Statement olga = owner.createStatement();
        Connection refresher = gateway.connect("ria"); Statement ria = refresher.createStatement();
        Connection other = gateway.connect("sam"); Statement sam = other.createStatement()) {
      try (Connection admin = gateway.connect(); Statement users = admin.createStatement()) {
        users.execute("CREATE USER ria PASSWORD 'r'");
      }
      olga.execute("CREATE TABLE olga_src (id INT)");
      olga.execute("CREATE OR REFRESH STREAMING TABLE olga_slow AS SELECT s.id, r.id AS k"
          + " FROM STREAM(olga_src) s CROSS JOIN range(50000000) r");
      olga.execute("INSERT INTO olga_src VALUES (1)");
      olga.execute("GRANT REFRESH ON TABLE olga_slow TO ria");
      String update;
      try (ResultSet started = ria.executeQuery("REFRESH STREAMING TABLE olga_slow ASYNC")) {
        started.next();
        update = started.getString(2);
      }
      for (int attempt = 0; attempt < 600
          && QueryRows.of(olga, "SHOW STATEMENTS").stream().noneMatch(line -> line.startsWith(update + " | ria | "));
          attempt++) {
        Thread.sleep(20);
      }
      assertThat(QueryRows.of(olga, "SHOW STATEMENTS")).anyMatch(line -> line.startsWith(update + " | ria | "));
      assertThat(QueryRows.of(sam, "SHOW STATEMENTS")).noneMatch(line -> line.contains(update));
      assertThatThrownBy(() -> sam.execute("CANCEL STATEMENT '" + update + "'"))
          .hasMessageContaining("[INVALID_STATEMENT_HANDLE]");
      olga.execute("CANCEL STATEMENT '" + update + "'");
      for (int attempt = 0; attempt < 3000
          && QueryRows.of(olga, "SHOW STATEMENTS").stream().anyMatch(line -> line.startsWith(update));
          attempt++) {
        Thread.sleep(20);
      }
      assertThat(QueryRows.of(olga, "SELECT details:update_progress:state FROM event_log(TABLE(olga_slow))"
          + " WHERE origin.update_id = '" + update + "' AND event_type = 'update_progress'"))
          .containsExactly("RUNNING", "CANCELED");
    }
  }

  @Test
  void aClientThatGoesAwayLeavesNothingRunning() throws Exception {
    try (Connection admin = gateway.connect(); Statement watch = admin.createStatement()) {
      String connection = "gone-" + System.nanoTime();
      post("{\"request\":\"openConnection\",\"connectionId\":\"" + connection
          + "\",\"info\":{\"user\":\"erin\"}}");
      String created = post("{\"request\":\"createStatement\",\"connectionId\":\"" + connection + "\"}");
      String id = created.replaceAll("(?s).*\"statementId\":(\\d+).*", "$1");
      try (java.net.Socket socket = new java.net.Socket("127.0.0.1", gateway.port())) {
        byte[] body = ("{\"request\":\"prepareAndExecute\",\"connectionId\":\"" + connection
            + "\",\"statementId\":" + id + ",\"sql\":\"" + ENDLESS + "\",\"maxRowCount\":-1}")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        socket.getOutputStream().write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: " + body.length + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        socket.getOutputStream().write(body);
        socket.getOutputStream().flush();
        awaitRunning(watch, "erin");
      }
      // The socket is closed with the statement running: the gateway cancels it.
      for (int attempt = 0; attempt < 600
          && QueryRows.of(watch, "SHOW STATEMENTS").stream().anyMatch(line -> line.contains(" | erin | "));
          attempt++) {
        Thread.sleep(20);
      }
      assertThat(QueryRows.of(watch, "SHOW STATEMENTS")).noneMatch(line -> line.contains(" | erin | "));
    }
  }

  private static String post(String json) throws Exception {
    java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + gateway.port() + "/"))
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(json)).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    return response.body();
  }

  private static CompletableFuture<List<String>> runEndless(Statement statement) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return QueryRows.of(statement, ENDLESS);
      } catch (SQLException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    });
  }

  /** The SHOW STATEMENTS row of {@code user}'s statement, once it runs (the listing is polled until it appears). */
  private static String awaitRunning(Statement watch, String user) throws Exception {
    for (int attempt = 0; attempt < 600; attempt++) {
      for (String line : QueryRows.of(watch, "SHOW STATEMENTS")) {
        if (line.contains(" | " + user + " | ") && line.contains(ENDLESS)) {
          return line;
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the statement of " + user + " never showed as running");
  }
}
