package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import io.flowgate.tck.harness.GatewayExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A gateway with {@code --auth password}: every request carries HTTP Basic credentials that must match a user's
 * password; wrong ones are classified errors, guessing is rate-limited, and a connection belongs to its user.
 */
class AuthenticationTest {
  private static final String ADMIN_PASSWORD = "admin-secret";

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config
      .withAuthentication(GatewayConfig.Authentication.PASSWORD).withAdminPassword(ADMIN_PASSWORD)
      .withLoginFailureLimit(1_000)); // the limit itself: LoginRateLimitTest

  @BeforeAll
  static void users() throws SQLException {
    try (Connection admin = connect("admin", ADMIN_PASSWORD); Statement statement = admin.createStatement()) {
      statement.execute("CREATE USER auth_alice PASSWORD 'alice-secret'");
      statement.execute("CREATE USER auth_bob PASSWORD 'bob-secret'");
    }
  }

  private static Connection connect(String user, String password) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    return DriverManager.getConnection(gateway.url(), properties);
  }

  private static String currentUser(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT current_user()")) {
      rows.next();
      return rows.getString(1);
    }
  }

  @Test
  void theRightPasswordLogsInAsThatUser() throws SQLException {
    try (Connection alice = connect("auth_alice", "alice-secret")) {
      assertThat(currentUser(alice)).isEqualTo("auth_alice");
    }
    try (Connection admin = connect("ADMIN", ADMIN_PASSWORD)) {
      assertThat(currentUser(admin)).isEqualTo("admin");
    }
  }

  @Test
  void metadataListsOnlyWhatTheUserMaySee() throws SQLException {
    try (Connection admin = connect("admin", ADMIN_PASSWORD); Statement statement = admin.createStatement()) {
      statement.execute("CREATE TABLE admins_only (secret STRING)");
      statement.execute("CREATE TABLE shared_with_bob (a INT)");
      statement.execute("GRANT SELECT ON TABLE shared_with_bob TO auth_bob");
    }
    try (Connection bob = connect("auth_bob", "bob-secret")) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rows = bob.getMetaData().getTables(null, null, "%", null)) {
        while (rows.next()) {
          tables.add(rows.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).contains("shared_with_bob").doesNotContain("admins_only");
      try (ResultSet columns = bob.getMetaData().getColumns(null, null, "admins_only", null)) {
        assertThat(columns.next()).isFalse();
      }
      assertThatThrownBy(() -> bob.createStatement().executeQuery("SELECT * FROM admins_only"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
  }

  @Test
  void aWrongPasswordOrAnUnknownUserIsAClassifiedError() {
    for (String[] credentials : new String[][] {{"auth_bob", "wrong"}, {"nobody", "x"}}) {
      assertThatThrownBy(() -> connect(credentials[0], credentials[1]).close())
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[INVALID_CREDENTIALS]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28000"));
    }
  }

  @Test
  void aChangedPasswordTakesEffectAtOnce() throws SQLException {
    try (Connection admin = connect("admin", ADMIN_PASSWORD); Statement statement = admin.createStatement()) {
      statement.execute("CREATE USER auth_carol PASSWORD 'first'");
      Connection carol = connect("auth_carol", "first");
      assertThat(currentUser(carol)).isEqualTo("auth_carol");
      statement.execute("ALTER USER auth_carol PASSWORD 'second'");
      // The open connection's next request carries the old password.
      assertThatThrownBy(() -> currentUser(carol)).hasMessageContaining("[INVALID_CREDENTIALS]");
      assertThatThrownBy(carol::close).hasMessageContaining("[INVALID_CREDENTIALS]");
      try (Connection again = connect("auth_carol", "second")) {
        assertThat(currentUser(again)).isEqualTo("auth_carol");
      }
      statement.execute("DROP USER auth_carol");
      assertThatThrownBy(() -> connect("auth_carol", "second").close())
          .hasMessageContaining("[INVALID_CREDENTIALS]");
    }
  }

  @Test
  void anAccessTokenLogsInAsItsUserUntilRevoked() throws SQLException {
    String token;
    String id;
    try (Connection admin = connect("admin", ADMIN_PASSWORD); Statement statement = admin.createStatement();
        ResultSet created = statement.executeQuery("CREATE ACCESS TOKEN FOR USER auth_alice COMMENT 'bi tool'"
            + " LIFETIME 30 DAYS")) {
      assertThat(created.next()).isTrue();
      id = created.getString("token_id");
      token = created.getString("token");
      assertThat(created.getString("user")).isEqualTo("auth_alice");
      assertThat(created.getString("expires")).isNotNull();
    }
    try (Connection alice = connect("token", token); Statement statement = alice.createStatement()) {
      assertThat(currentUser(alice)).isEqualTo("auth_alice");
      try (ResultSet listed = statement.executeQuery("SHOW ACCESS TOKENS")) {
        assertThat(listed.next()).isTrue();
        assertThat(listed.getString("token_id")).isEqualTo(id);
        assertThat(listed.getString("comment")).isEqualTo("bi tool");
        for (int column = 1; column <= listed.getMetaData().getColumnCount(); column++) {
          assertThat(listed.getString(column)).as("the secret is never listed").isNotEqualTo(token);
        }
      }
    }
    try (Connection bob = connect("auth_bob", "bob-secret"); Statement statement = bob.createStatement()) {
      assertThatThrownBy(() -> statement.execute("REVOKE ACCESS TOKEN '" + id + "'"))
          .hasMessageStartingWith("[INVALID_PARAMETER_VALUE]");
      assertThatThrownBy(() -> statement.execute("CREATE ACCESS TOKEN FOR USER auth_alice"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
    try (Connection alice = connect("auth_alice", "alice-secret"); Statement statement = alice.createStatement()) {
      statement.execute("REVOKE ACCESS TOKEN '" + id + "'");
    }
    assertThatThrownBy(() -> connect("token", token).close()).hasMessageStartingWith("[INVALID_CREDENTIALS]");
  }

  @Test
  void anotherUsersConnectionIsNotThere() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String opened = post(http, "auth_alice", "alice-secret",
        "{\"request\":\"openConnection\",\"connectionId\":\"shared-1\",\"info\":{\"user\":\"admin\"}}");
    assertThat(opened).contains("openConnection");
    // The properties said admin, the credentials say alice: the connection is alice's.
    String statement = post(http, "auth_alice", "alice-secret",
        "{\"request\":\"createStatement\",\"connectionId\":\"shared-1\"}");
    int id = Integer.parseInt(statement.replaceAll(".*\"statementId\":(\\d+).*", "$1"));
    String rows = post(http, "auth_alice", "alice-secret", "{\"request\":\"prepareAndExecute\",\"connectionId\":"
        + "\"shared-1\",\"statementId\":" + id + ",\"sql\":\"SELECT current_user()\",\"maxRowCount\":-1}");
    assertThat(rows).contains("auth_alice");
    String stolen = post(http, "auth_bob", "bob-secret", "{\"request\":\"prepareAndExecute\",\"connectionId\":"
        + "\"shared-1\",\"statementId\":" + id + ",\"sql\":\"SELECT current_user()\",\"maxRowCount\":-1}");
    assertThat(stolen).contains("CONNECTION_NOT_FOUND").doesNotContain("auth_alice");
  }

  @Test
  void anotherUsersConnectionCanBeNeitherClosedNorTakenOver() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    post(http, "auth_alice", "alice-secret",
        "{\"request\":\"openConnection\",\"connectionId\":\"victim-1\",\"info\":{}}");
    String created = post(http, "auth_alice", "alice-secret",
        "{\"request\":\"createStatement\",\"connectionId\":\"victim-1\"}");
    int id = Integer.parseInt(created.replaceAll(".*\"statementId\":(\\d+).*", "$1"));
    String query = "{\"request\":\"prepareAndExecute\",\"connectionId\":\"victim-1\",\"statementId\":" + id
        + ",\"sql\":\"SELECT current_user()\",\"maxRowCount\":-1}";
    for (String attack : new String[] {
        "{\"request\":\"closeStatement\",\"connectionId\":\"victim-1\",\"statementId\":" + id + "}",
        "{\"request\":\"commit\",\"connectionId\":\"victim-1\"}",
        "{\"request\":\"rollback\",\"connectionId\":\"victim-1\"}",
        "{\"request\":\"databaseProperties\",\"connectionId\":\"victim-1\"}",
        "{\"request\":\"syncResults\",\"connectionId\":\"victim-1\",\"statementId\":" + id
            + ",\"state\":{\"type\":\"SQL\",\"sql\":\"SELECT 1\"},\"offset\":0}",
        "{\"request\":\"closeConnection\",\"connectionId\":\"victim-1\"}",
        "{\"request\":\"openConnection\",\"connectionId\":\"victim-1\",\"info\":{}}"}) {
      assertThat(post(http, "auth_bob", "bob-secret", attack)).as(attack).contains("CONNECTION_NOT_FOUND");
    }
    // Alice's connection and statement are untouched.
    assertThat(post(http, "auth_alice", "alice-secret", query)).contains("auth_alice");
    post(http, "auth_alice", "alice-secret", "{\"request\":\"closeConnection\",\"connectionId\":\"victim-1\"}");
    // Closed, the id is still alice's: bob cannot open it as his own.
    assertThat(post(http, "auth_bob", "bob-secret",
        "{\"request\":\"openConnection\",\"connectionId\":\"victim-1\",\"info\":{}}"))
        .contains("CONNECTION_NOT_FOUND");
  }

  @Test
  void aRequestWithoutCredentialsIsChallenged() throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + gateway.port() + "/")).POST(HttpRequest.BodyPublishers.ofString(
            "{\"request\":\"openConnection\",\"connectionId\":\"anon\",\"info\":{\"user\":\"admin\"}}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(value ->
        assertThat(value).startsWith("Basic"));
  }

  @Test
  void trustListensOnlyOnLoopbackAndPasswordNeedsAnAdministratorPassword() {
    assertThatThrownBy(() -> GatewayServer.start(GatewayConfig.defaults().withBind("0.0.0.0").withPort(0)
        .withData(Optional.empty()))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("loopback");
    assertThatThrownBy(() -> GatewayServer.start(GatewayConfig.defaults().withPort(0).withData(Optional.empty())
        .withAuthentication(GatewayConfig.Authentication.PASSWORD)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("FLOWGATE_ADMIN_PASSWORD");
  }

  static String post(HttpClient http, int port, String user, String password, String json) throws Exception {
    String basic = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
        .header("Authorization", "Basic " + basic).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  private static String post(HttpClient http, String user, String password, String json) throws Exception {
    return post(http, gateway.port(), user, password, json);
  }
}
