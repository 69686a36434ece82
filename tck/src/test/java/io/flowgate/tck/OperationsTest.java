package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What operators and scripts see of a running gateway: the health and readiness endpoints, the update an
 * asynchronous REFRESH starts, and the rows a synchronous one writes.
 */
class OperationsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static HttpResponse<String> get(String path) throws Exception {
    return get(path, null);
  }

  /** GET as {@code user} (HTTP Basic, which trust takes as given), or without credentials. */
  private static HttpResponse<String> get(String path, String user) throws Exception {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path))
        .timeout(Duration.ofSeconds(30)).GET();
    if (user != null) {
      request.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":x")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
        assertThat(type).startsWith("application/json"));
    return JSON.readTree(response.body());
  }

  private static JsonNode pipelineNamed(JsonNode pipelines, String name) {
    for (JsonNode pipeline : pipelines.get("pipelines")) {
      if (pipeline.get("name").asText().equals(name)) {
        return pipeline;
      }
    }
    return null;
  }

  @Test
  void theApiListsPipelinesTheirUpdatesAndEventsAsTheUserMaySee() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE USER api_bob PASSWORD 'b'");
      statement.execute("CREATE TABLE api_source (id INT, ok BOOLEAN)");
      statement.execute("INSERT INTO api_source VALUES (1, true), (2, false), (3, true)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE api_clean (CONSTRAINT good EXPECT (ok) ON VIOLATION"
          + " DROP ROW) AS SELECT * FROM STREAM(api_source)");
      statement.execute("INSERT INTO api_source VALUES (4, true)");
      statement.execute("REFRESH STREAMING TABLE api_clean");
      statement.execute("CREATE MATERIALIZED VIEW api_count AS SELECT count(*) AS n FROM api_source");
    }
    JsonNode session = json(get("/api/session", "api_bob"), 200);
    assertThat(session.get("user").asText()).isEqualTo("api_bob");
    assertThat(session.get("authentication").asText()).isEqualTo("trust");
    assertThat(session.get("csrf").isNull()).isTrue();
    JsonNode all = json(get("/api/pipelines"), 200);
    JsonNode clean = pipelineNamed(all, "main.default.api_clean");
    assertThat(clean).isNotNull();
    assertThat(clean.get("type").asText()).isEqualTo("STREAMING_TABLE");
    assertThat(pipelineNamed(all, "main.default.api_count").get("type").asText()).isEqualTo("MATERIALIZED_VIEW");
    String id = clean.get("pipeline_id").asText();
    JsonNode latest = clean.get("latest_update");
    assertThat(latest.get("state").asText()).isEqualTo("COMPLETED");
    assertThat(latest.get("rows_written").asLong()).isEqualTo(1);

    JsonNode updates = json(get("/api/pipelines/" + id + "/updates"), 200).get("updates");
    assertThat(updates).hasSize(2);
    JsonNode first = updates.get(1);
    assertThat(first.get("state").asText()).isEqualTo("COMPLETED");
    assertThat(first.get("started_by").asText()).isEqualTo("admin");
    assertThat(first.get("duration_ms").asLong()).isNotNegative();
    assertThat(first.get("rows_written").asLong()).isEqualTo(2);
    assertThat(first.get("rows_dropped").asLong()).isEqualTo(1);
    assertThat(first.get("flows").get(0).get("flow_name").asText()).isEqualTo("api_clean");
    assertThat(first.get("flows").get(0).get("status").asText()).isEqualTo("COMPLETED");
    assertThat(first.get("flows").get(0).get("rows_read").asLong()).isEqualTo(3);

    JsonNode events = json(get("/api/pipelines/" + id + "/events?type=flow_progress"), 200).get("events");
    assertThat(events).hasSize(2);
    for (JsonNode event : events) {
      assertThat(event.get("event_type").asText()).isEqualTo("flow_progress");
      assertThat(event.get("details").get("flow_progress").get("status").asText()).isEqualTo("COMPLETED");
    }
    assertThat(json(get("/api/pipelines/" + id + "/events?limit=1"), 200).get("events")).hasSize(1);
    assertThat(json(get("/api/pipelines/" + id + "/events?limit=lots"), 400).get("error_class").asText())
        .isEqualTo("INVALID_PARAMETER_VALUE");
    assertThat(json(get("/api/pipelines/00000000-0000-0000-0000-000000000000/updates"), 404)
        .get("error_class").asText()).isEqualTo("INVALID_PARAMETER_VALUE");

    JsonNode graph = json(get("/api/graph"), 200);
    List<String> edges = new java.util.ArrayList<>();
    graph.get("edges").forEach(edge -> edges.add(edge.get("from").asText() + " -> " + edge.get("to").asText()
        + " (" + edge.get("flow_name").asText() + ")"));
    assertThat(edges).contains("main.default.api_source -> main.default.api_clean (api_clean)",
        "main.default.api_source -> main.default.api_count (api_count)");
    List<String> nodes = new java.util.ArrayList<>();
    graph.get("nodes").forEach(node -> nodes.add(node.get("name").asText() + " " + node.get("type").asText() + " "
        + node.get("state").asText()));
    assertThat(nodes).contains("main.default.api_source SOURCE null",
        "main.default.api_clean STREAMING_TABLE COMPLETED", "main.default.api_count MATERIALIZED_VIEW COMPLETED");

    // Another user sees no dataset without a grant, and never an event log that is not theirs.
    assertThat(pipelineNamed(json(get("/api/pipelines", "api_bob"), 200), "main.default.api_clean")).isNull();
    assertThat(json(get("/api/pipelines/" + id + "/updates", "api_bob"), 403).get("error_class").asText())
        .isEqualTo("INSUFFICIENT_PERMISSIONS");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("GRANT SELECT ON TABLE api_clean TO api_bob");
    }
    JsonNode granted = pipelineNamed(json(get("/api/pipelines", "api_bob"), 200), "main.default.api_clean");
    assertThat(granted.get("pipeline_id").asText()).isEqualTo(id);
    assertThat(granted.get("latest_update").isNull()).isTrue();
  }

  @Test
  void healthAndReadinessAnswerWithoutCredentials() throws Exception {
    HttpResponse<String> health = get("/health");
    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
    assertThat(health.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
        assertThat(type).startsWith("application/json"));
    HttpResponse<String> ready = get("/ready");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.body()).isEqualTo("{\"status\":\"READY\"}");
    assertThat(get("/nothing-here").statusCode()).isEqualTo(404);
    // JDBC on the same port still works after the GETs
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT 1 + 1")).containsExactly("2");
    }
  }

  @Test
  void aSynchronousRefreshAnswersTheRowsItWrote() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ops_source (id INT, v STRING)");
      statement.execute("INSERT INTO ops_source VALUES (1, 'a'), (2, 'b'), (3, 'c')");
      assertThat(statement.executeUpdate("CREATE OR REFRESH STREAMING TABLE ops_copy AS SELECT * FROM"
          + " STREAM(ops_source)")).isEqualTo(3);
      statement.execute("INSERT INTO ops_source VALUES (4, 'd'), (5, 'e')");
      assertThat(statement.executeUpdate("REFRESH STREAMING TABLE ops_copy")).isEqualTo(2);
      assertThat(statement.executeUpdate("REFRESH STREAMING TABLE ops_copy")).isZero();
      assertThat(statement.executeUpdate("REFRESH STREAMING TABLE ops_copy FULL")).isEqualTo(5);
      statement.execute("INSERT INTO ops_source VALUES (6, 'f')");
      assertThat(statement.executeUpdate("CREATE FLOW ops_more AS INSERT INTO ops_copy BY NAME"
          + " SELECT id, v FROM STREAM(ops_source) WHERE id > 100")).isZero();
    }
  }

  @Test
  void anAsynchronousRefreshNamesTheUpdateItStarted() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ops_events (id INT)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE ops_async AS SELECT * FROM STREAM(ops_events)");
      statement.execute("INSERT INTO ops_events VALUES (1), (2)");
      String pipeline;
      String update;
      try (ResultSet started = statement.executeQuery("REFRESH STREAMING TABLE ops_async ASYNC")) {
        assertThat(started.getMetaData().getColumnCount()).isEqualTo(2);
        assertThat(started.getMetaData().getColumnLabel(1)).isEqualTo("pipeline_id");
        assertThat(started.getMetaData().getColumnLabel(2)).isEqualTo("update_id");
        assertThat(started.next()).isTrue();
        pipeline = started.getString(1);
        update = started.getString(2);
        assertThat(started.next()).isFalse();
      }
      assertThat(update).matches("[0-9a-f-]{36}");
      // The update runs in the background; its end is in the event log under the id the statement answered.
      String state = "SELECT details:update_progress:state FROM event_log(TABLE(ops_async))"
          + " WHERE event_type = 'update_progress' AND origin.update_id = '" + update + "'"
          + " AND origin.pipeline_id = '" + pipeline + "' AND details:update_progress:state = 'COMPLETED'";
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (QueryRows.of(statement, state).isEmpty() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(QueryRows.of(statement, state)).containsExactly("COMPLETED");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM ops_async")).containsExactly("2");
    }
  }

  /**
   * A running batch's progress is in the table's event log while it runs: a RUNNING flow_progress row whose
   * num_output_rows grows, gone once the batch ends (here cancelled), when the stored events say how it went.
   */
  @Test
  void theEventLogShowsRowsWrittenSoFarWhileABatchRuns() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ops_slow_source (id INT)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE ops_slow AS SELECT s.id, r.id AS k"
          + " FROM STREAM(ops_slow_source) s CROSS JOIN range(50000000) r");
      statement.execute("INSERT INTO ops_slow_source VALUES (1)");
      String update;
      try (ResultSet started = statement.executeQuery("REFRESH STREAMING TABLE ops_slow ASYNC")) {
        started.next();
        update = started.getString(2);
      }
      String running = "SELECT details:flow_progress:metrics:num_output_rows FROM event_log(TABLE(ops_slow))"
          + " WHERE event_type = 'flow_progress' AND details:flow_progress:status = 'RUNNING'"
          + " AND origin.update_id = '" + update + "' AND origin.flow_name = 'ops_slow'";
      long first = rowsSoFar(statement, running, 0);
      long later = rowsSoFar(statement, running, first);
      assertThat(later).isGreaterThan(first);
      // the batch's input is the one new row of its stream, known before it writes
      assertThat(QueryRows.of(statement, running.replace("num_output_rows", "num_input_rows"))).containsExactly("1");

      statement.execute("CANCEL STATEMENT '" + update + "'");
      String state = "SELECT details:update_progress:state FROM event_log(TABLE(ops_slow))"
          + " WHERE event_type = 'update_progress' AND origin.update_id = '" + update + "'"
          + " AND details:update_progress:state = 'CANCELED'";
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (QueryRows.of(statement, state).isEmpty() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(QueryRows.of(statement, state)).containsExactly("CANCELED");
      assertThat(QueryRows.of(statement, running)).isEmpty();
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM ops_slow")).containsExactly("0");
    }
  }

  /** The rows written so far that the RUNNING row shows, once it shows more than {@code above}. */
  private static long rowsSoFar(Statement statement, String running, long above) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      List<String> rows = QueryRows.of(statement, running);
      if (!rows.isEmpty() && Long.parseLong(rows.get(0)) > above) {
        return Long.parseLong(rows.get(0));
      }
    }
    throw new AssertionError("no RUNNING flow_progress above " + above + " rows: " + QueryRows.of(statement, running));
  }
}
