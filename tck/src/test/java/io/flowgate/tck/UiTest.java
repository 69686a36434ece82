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
      browser.waitUntil("document.querySelectorAll('[data-node]').length === 4", 30);
      assertThat(texts(browser.evaluate("[...document.querySelectorAll('[data-edge]')].map(e => e.dataset.edge)")))
          .containsExactlyInAnyOrder("main.default.ui_raw -> main.default.ui_bronze",
              "main.default.ui_bronze -> main.default.ui_silver", "main.default.ui_silver -> main.default.ui_gold");
      assertThat(texts(browser.evaluate("[...document.querySelectorAll('[data-node]')]"
          + ".map(n => n.dataset.node + ' ' + n.dataset.state)")))
          .containsExactlyInAnyOrder("main.default.ui_raw ", "main.default.ui_bronze COMPLETED",
              "main.default.ui_silver COMPLETED", "main.default.ui_gold COMPLETED");
      browser.screenshot(SHOTS.resolve("pipelines.png"));

      // A dataset's page: its updates with rows per flow, and its event log filtered by type.
      browser.evaluate("[...document.querySelectorAll('#pipelines tbody tr')]"
          + ".find(r => r.cells[0].textContent === 'main.default.ui_silver').click()");
      browser.waitUntil("document.querySelectorAll('#updates tbody tr').length === 1", 30);
      assertThat(browser.evaluate("document.querySelector('#updates [data-flow]').textContent").asText())
          .isEqualTo("ui_silver: COMPLETED, 2 written, 1 dropped");
      browser.evaluate("(() => { const type = document.getElementById('event-type'); type.value = 'flow_progress';"
          + " type.dispatchEvent(new Event('change')); })()");
      browser.waitUntil("document.querySelectorAll('#events tbody tr').length === 1"
          + " && document.querySelector('#events tbody tr').dataset.event === 'flow_progress'", 30);
      browser.screenshot(SHOTS.resolve("dataset.png"));

      // An update started while the page is open appears, and ends, without a reload.
      browser.evaluate("document.getElementById('event-type').value = ''");
      browser.evaluate("[...document.querySelectorAll('#pipelines tbody tr')]"
          + ".find(r => r.cells[0].textContent === 'main.default.ui_bronze').click()");
      browser.waitUntil("document.querySelectorAll('#updates tbody tr').length === 1", 30);
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        statement.execute("INSERT INTO ui_raw SELECT id, 1.0, true FROM range(200000)");
        statement.execute("REFRESH STREAMING TABLE ui_bronze ASYNC");
      }
      browser.waitUntil("document.querySelectorAll('#updates tbody tr').length === 2"
          + " && document.querySelector('#updates tbody tr').dataset.state === 'COMPLETED'", 60);
      assertThat(browser.evaluate("document.querySelector('#updates tbody tr [data-flow]').textContent").asText())
          .isEqualTo("ui_bronze: COMPLETED, 200000 written, 0 dropped");

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
}
