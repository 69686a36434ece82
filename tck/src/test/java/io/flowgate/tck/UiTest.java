package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.flowgate.tck.harness.Browser;
import io.flowgate.tck.harness.GatewayExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pipeline UI in a real browser (headless Chromium): the dataflow graph of a bronze → silver → gold pipeline
 * with its states, a dataset's updates and filtered event log, an update that runs while the page is open showing
 * up without a reload, and a user without rights seeing nothing. Screenshots go to {@code target/screenshots}.
 */
class UiTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static final Path SHOTS = Path.of("target", "screenshots");

  /** Clicks a dataset's row and waits for its page to show {@code updates} updates. */
  private static void openDataset(Browser browser, String name, int updates) throws Exception {
    browser.evaluate("[...document.querySelectorAll('#pipelines tbody tr')]"
        + ".find(r => r.cells[0].textContent === '" + name + "').click()");
    browser.waitUntil("document.querySelectorAll('#updates tbody tr').length === " + updates, 30);
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  @Test
  void thePipelinePagesShowTheGraphUpdatesAndEventsAsTheUserMaySee() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE USER ui_bob PASSWORD 'b'");
      statement.execute("CREATE TABLE ui_raw (id INT, amount DOUBLE, ok BOOLEAN)");
      statement.execute("INSERT INTO ui_raw VALUES (1, 10, true), (2, 5, false), (3, 7, true)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE ui_bronze AS SELECT * FROM STREAM(ui_raw)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE ui_silver (CONSTRAINT good EXPECT (ok) ON VIOLATION"
          + " DROP ROW) AS SELECT * FROM STREAM(ui_bronze)");
      statement.execute("CREATE MATERIALIZED VIEW ui_gold AS SELECT count(*) AS n, sum(amount) AS total"
          + " FROM ui_silver");
    }
    String ui = "http://127.0.0.1:" + gateway.port() + "/ui";
    try (Browser browser = Browser.start()) {
      browser.open(ui);
      // the class's other tests share the gateway: only this pipeline's datasets are counted
      String mine = "['main.default.ui_raw', 'main.default.ui_bronze', 'main.default.ui_silver', 'main.default.ui_gold']";
      browser.waitUntil("[...document.querySelectorAll('[data-node]')].filter(n => " + mine
          + ".includes(n.dataset.node)).length === 4", 30);
      assertThat(texts(browser.evaluate("[...document.querySelectorAll('[data-edge]')].map(e => e.dataset.edge)"
          + ".filter(e => " + mine + ".includes(e.split(' -> ')[1]))")))
          .containsExactlyInAnyOrder("main.default.ui_raw -> main.default.ui_bronze",
              "main.default.ui_bronze -> main.default.ui_silver", "main.default.ui_silver -> main.default.ui_gold");
      assertThat(texts(browser.evaluate("[...document.querySelectorAll('[data-node]')]"
          + ".filter(n => " + mine + ".includes(n.dataset.node)).map(n => n.dataset.node + ' ' + n.dataset.state)")))
          .containsExactlyInAnyOrder("main.default.ui_raw ", "main.default.ui_bronze COMPLETED",
              "main.default.ui_silver COMPLETED", "main.default.ui_gold COMPLETED");
      browser.screenshot(SHOTS.resolve("pipelines.png"));

      // A dataset's page: its updates with rows per flow, and its event log filtered by type.
      openDataset(browser, "main.default.ui_silver", 1);
      assertThat(browser.evaluate("document.querySelector('#updates [data-flow]').textContent").asText())
          .isEqualTo("ui_silver: COMPLETED, 3 read, 2 written, 1 dropped");
      browser.evaluate("(() => { const type = document.getElementById('event-type'); type.value = 'flow_progress';"
          + " type.dispatchEvent(new Event('change')); })()");
      browser.waitUntil("document.querySelectorAll('#events tbody tr').length === 1"
          + " && document.querySelector('#events tbody tr').dataset.event === 'flow_progress'", 30);
      browser.screenshot(SHOTS.resolve("dataset.png"));

      // An update started while the page is open appears, and ends, without a reload.
      browser.evaluate("document.getElementById('event-type').value = ''");
      openDataset(browser, "main.default.ui_bronze", 1);
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        statement.execute("INSERT INTO ui_raw SELECT id, 1.0, true FROM range(200000)");
        statement.execute("REFRESH STREAMING TABLE ui_bronze ASYNC");
      }
      browser.waitUntil("document.querySelectorAll('#updates tbody tr').length === 2"
          + " && document.querySelector('#updates tbody tr').dataset.state === 'COMPLETED'", 60);
      assertThat(browser.evaluate("document.querySelector('#updates tbody tr [data-flow]').textContent").asText())
          .isEqualTo("ui_bronze: COMPLETED, 200000 read, 200000 written, 0 dropped");

      // A user without rights sees no dataset, no graph and no update.
      browser.headers(Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString("ui_bob:b"
          .getBytes(StandardCharsets.UTF_8))));
      browser.open(ui);
      browser.waitUntil("document.getElementById('graph').textContent.includes('No pipelines you can see yet')",
          30);
      assertThat(browser.evaluate("document.querySelectorAll('#pipelines tbody tr').length").asInt()).isZero();
      assertThat(browser.evaluate("document.body.innerText").asText()).doesNotContain("ui_bronze", "ui_silver");
      browser.screenshot(SHOTS.resolve("no-rights.png"));
    }
  }

  /**
   * A long update is cancelled from its page: the button posts the cancel, the update ends CANCELED, and its flow's
   * transaction wrote nothing. While it runs the administrator sees it among the running statements.
   */
  @Test
  void aRunningUpdateIsCancelledFromItsPage() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ui_slow_source (id INT)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE ui_slow AS SELECT s.id, r.id AS k"
          + " FROM STREAM(ui_slow_source) s CROSS JOIN range(50000000) r");
    }
    try (Browser browser = Browser.start()) {
      browser.open("http://127.0.0.1:" + gateway.port() + "/ui");
      browser.waitUntil("[...document.querySelectorAll('#pipelines tbody tr')]"
          + ".some(r => r.cells[0].textContent === 'main.default.ui_slow')", 30);
      openDataset(browser, "main.default.ui_slow", 1);
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        statement.execute("INSERT INTO ui_slow_source VALUES (1)");
        statement.execute("REFRESH STREAMING TABLE ui_slow ASYNC");
      }
      browser.waitUntil("document.querySelector('#updates tbody tr [data-cancel]') !== null", 60);
      browser.waitUntil("[...document.querySelectorAll('#statements tbody tr')]"
          + ".some(r => r.cells[5].textContent.includes('of main.default.ui_slow'))", 30);
      // the running flow's rows so far (the one new source row read), growing without a reload
      String written = "(() => { const flow = document.querySelector('#updates tbody tr [data-flow=\"ui_slow\"]');"
          + " const m = flow && flow.textContent.match(/RUNNING, 1 read, (\\d+) written/); return m ? Number(m[1])"
          + " : 0; })()";
      browser.waitUntil(written + " > 0", 60);
      long first = browser.evaluate(written).asLong();
      browser.waitUntil(written + " > " + first, 60);
      browser.screenshot(SHOTS.resolve("running.png"));
      browser.evaluate("document.querySelector('#updates tbody tr [data-cancel]').click()");
      browser.waitUntil("document.querySelector('#updates tbody tr').dataset.state === 'CANCELED'", 60);
      assertThat(browser.evaluate("document.querySelector('#updates tbody tr .error').textContent").asText())
          .startsWith("[OPERATION_CANCELED]");
    }
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(io.flowgate.tck.harness.QueryRows.of(statement, "SELECT count(*) FROM ui_slow"))
          .containsExactly("0");
    }
  }

  /** An action from another site (no X-Flowgate-UI header, a foreign Origin) is refused before it is read. */
  @Test
  void anActionFromAnotherSiteIsRefused() throws Exception {
    java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
    String cancel = "http://127.0.0.1:" + gateway.port() + "/api/updates/00000000-0000-0000-0000-000000000000/cancel";
    java.net.http.HttpResponse<String> forged = client.send(java.net.http.HttpRequest.newBuilder(
        java.net.URI.create(cancel)).POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(forged.statusCode()).isEqualTo(403);
    assertThat(forged.body()).contains("CROSS_SITE_REQUEST");
    java.net.http.HttpResponse<String> foreign = client.send(java.net.http.HttpRequest.newBuilder(
        java.net.URI.create(cancel)).header("X-Flowgate-UI", "1").header("Origin", "http://evil.example")
        .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(foreign.statusCode()).isEqualTo(403);
    java.net.http.HttpResponse<String> unknown = client.send(java.net.http.HttpRequest.newBuilder(
        java.net.URI.create(cancel)).header("X-Flowgate-UI", "1")
        .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.body()).contains("INVALID_STATEMENT_HANDLE");
  }
}
