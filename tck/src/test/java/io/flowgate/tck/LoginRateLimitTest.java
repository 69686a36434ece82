package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.tck.harness.GatewayExtension;
import java.net.http.HttpClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Five failed logins for one user from one address shut that pair out: its attempts are refused unchecked, the
 * right password included, while other users at the address and a session of that user already signed in go on.
 */
class LoginRateLimitTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config
      .withAuthentication(GatewayConfig.Authentication.PASSWORD).withAdminPassword("admin-secret"));

  private static final String OPEN = "{\"request\":\"openConnection\",\"connectionId\":\"%s\",\"info\":{}}";

  @BeforeAll
  static void users() throws Exception {
    try (Connection admin = DriverManager.getConnection(gateway.url() + "?user=admin&password=admin-secret");
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE USER rl_carol PASSWORD 'carol-secret'");
      statement.execute("CREATE USER rl_dan PASSWORD 'dan-secret'");
    }
  }

  private static String login(HttpClient http, String user, String password, String id) throws Exception {
    return AuthenticationTest.post(http, gateway.port(), user, password, String.format(OPEN, id));
  }

  @Test
  void failuresShutOutOneUserAtOneAddressOnly() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    for (int i = 0; i < 5; i++) {
      assertThat(login(http, "rl_carol", "guess-" + i, "carol-" + i)).contains("INVALID_CREDENTIALS");
    }
    // Even the right password is refused now, without being checked.
    assertThat(login(http, "rl_carol", "carol-secret", "carol-right")).contains("LOGIN_RATE_LIMITED");
    // Another user at the same address is not held up.
    assertThat(login(http, "rl_dan", "dan-secret", "dan-1")).doesNotContain("LOGIN_RATE_LIMITED")
        .doesNotContain("INVALID_CREDENTIALS");
  }

  @Test
  void aSessionAlreadySignedInGoesOn() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    assertThat(login(http, "admin", "admin-secret", "admin-1")).doesNotContain("INVALID_CREDENTIALS");
    for (int i = 0; i < 5; i++) {
      assertThat(login(http, "admin", "guess-" + i, "admin-guess-" + i)).contains("INVALID_CREDENTIALS");
    }
    // A wrong guess is refused unchecked; the credentials that signed in a moment ago still work.
    assertThat(login(http, "admin", "guess-5", "admin-guess-5")).contains("LOGIN_RATE_LIMITED");
    assertThat(AuthenticationTest.post(http, gateway.port(), "admin", "admin-secret",
        "{\"request\":\"createStatement\",\"connectionId\":\"admin-1\"}")).contains("statementId");
  }
}
