package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.tck.harness.Browser;
import io.flowgate.tck.harness.GatewayExtension;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The UI under {@code --auth password} in headless Chromium: its own sign-in form (not the browser's prompt), a
 * session kept in an HttpOnly cookie, actions that need the session's CSRF token, signing out, and a user who sees
 * only what they may.
 */
class UiSignInTest {
  private static final String ADMIN_PASSWORD = "admin-secret";

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config
      .withAuthentication(GatewayConfig.Authentication.PASSWORD).withAdminPassword(ADMIN_PASSWORD)
      .withLoginFailureLimit(1_000));

  private static void signIn(Browser browser, String user, String password) throws Exception {
    browser.waitUntil("!document.getElementById('login').hidden", 30);
    browser.evaluate("(() => { document.getElementById('login-user').value = '" + user + "';"
        + " document.getElementById('login-password').value = '" + password + "';"
        + " document.getElementById('login-submit').click(); })()");
  }

  @Test
  void signInKeepsASessionAndActionsNeedItsToken() throws Exception {
    java.util.Properties admin = new java.util.Properties();
    admin.setProperty("user", "admin");
    admin.setProperty("password", ADMIN_PASSWORD);
    try (Connection connection = DriverManager.getConnection(gateway.url(), admin);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE USER uis_bob PASSWORD 'bob-secret'");
      statement.execute("CREATE TABLE uis_source (id INT)");
      statement.execute("INSERT INTO uis_source VALUES (1), (2)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE uis_copy AS SELECT * FROM STREAM(uis_source)");
    }
    String ui = "http://127.0.0.1:" + gateway.port() + "/ui";
    try (Browser browser = Browser.start()) {
      browser.open(ui);
      signIn(browser, "admin", "wrong");
      browser.waitUntil("document.getElementById('login-problem').textContent.startsWith('[INVALID_CREDENTIALS]')",
          30);
      browser.screenshot(Path.of("target", "screenshots", "sign-in.png"));

      signIn(browser, "admin", ADMIN_PASSWORD);
      browser.waitUntil("[...document.querySelectorAll('#pipelines tbody tr')]"
          + ".some(r => r.cells[0].textContent === 'main.default.uis_copy')", 30);
      assertThat(browser.evaluate("document.getElementById('who').textContent").asText())
          .startsWith("signed in as admin");
      // The session is not the script's to read.
      assertThat(browser.evaluate("document.cookie").asText()).doesNotContain("flowgate_session");
      // An action without the session's token is refused; with it, it is taken (and finds no such update).
      String cancel = "'/api/updates/00000000-0000-0000-0000-000000000000/cancel'";
      assertThat(browser.evaluate("fetch(" + cancel + ", { method: 'POST', headers: { 'X-Flowgate-UI': '1' } })"
          + ".then(r => r.status)").asInt()).isEqualTo(403);
      assertThat(browser.evaluate("fetch(" + cancel + ", { method: 'POST', headers: headers() })"
          + ".then(r => r.status)").asInt()).isEqualTo(404);

      browser.evaluate("document.getElementById('logout').click()");
      browser.waitUntil("!document.getElementById('login').hidden", 30);
      assertThat(browser.evaluate("fetch('/api/session', { headers: { 'X-Flowgate-UI': '1' } })"
          + ".then(r => r.status)").asInt()).isEqualTo(401);

      signIn(browser, "uis_bob", "bob-secret");
      browser.waitUntil("document.getElementById('who').textContent.startsWith('signed in as uis_bob')", 30);
      browser.waitUntil("document.getElementById('graph').textContent.includes('No pipelines you can see yet')",
          30);
      assertThat(browser.evaluate("document.body.innerText").asText()).doesNotContain("uis_copy");
    }
  }
}
