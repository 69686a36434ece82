package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.tck.harness.GatewayExtension;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Five failed logins from one address within a minute shut that address out for the rest of the minute. */
class LoginRateLimitTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config
      .withAuthentication(GatewayConfig.Authentication.PASSWORD).withAdminPassword("admin-secret"));

  @Test
  void repeatedFailuresFromOneAddressAreRefusedForAWhile() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String body = "{\"request\":\"openConnection\",\"connectionId\":\"guess\",\"info\":{}}";
    for (int i = 0; i < 5; i++) {
      assertThat(AuthenticationTest.post(http, gateway.port(), "admin", "guess-" + i, body))
          .contains("INVALID_CREDENTIALS");
    }
    // Even the right password is refused now, without being checked.
    assertThat(AuthenticationTest.post(http, gateway.port(), "admin", "admin-secret", body))
        .contains("LOGIN_RATE_LIMITED");
  }
}
