package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests Avatica cannot read, of unknown types, or with missing ids get a classified error that names no Java
 * class and is never INTERNAL_ERROR, and the gateway goes on serving.
 */
class MalformedRequestsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static String post(HttpClient http, byte[] body) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + "/"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void protobufWithNoOtherPropertyWorks() throws Exception {
    try (Connection connection = java.sql.DriverManager.getConnection(gateway.url() + "?serialization=protobuf");
        Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT 'over protobuf', current_user()"))
          .containsExactly("over protobuf | admin");
      assertThat(connection.getMetaData().getTables(null, null, "%", null)).isNotNull();
    }
  }

  @Test
  void badRequestsAreAnsweredByClass() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String[][] cases = {
        {"{not json", "INVALID_REQUEST"},
        // Avatica reads an unknown request type as its default request, which names no connection.
        {"{\"request\":\"noSuchRequest\"}", "CONNECTION_NOT_FOUND"},
        {"{\"request\":\"schemas\",\"connectionId\":\"c\",\"noSuchField\":1}", "INVALID_REQUEST"},
        {"{\"request\":\"prepareAndExecute\",\"statementId\":1,\"sql\":\"SELECT 1\",\"maxRowCount\":-1}",
            "CONNECTION_NOT_FOUND"},
        {"{\"request\":\"fetch\",\"connectionId\":\"nobody\",\"statementId\":1,\"offset\":0}", "CONNECTION_NOT_FOUND"},
        {"{\"request\":\"closeStatement\"}", "CONNECTION_NOT_FOUND"},
        {"{\"request\":\"commit\"}", "CONNECTION_NOT_FOUND"}};
    for (String[] bad : cases) {
      String answer = post(http, bad[0].getBytes(StandardCharsets.UTF_8));
      assertThat(answer).as(bad[0]).contains("[" + bad[1] + "]").doesNotContain("INTERNAL_ERROR")
          .doesNotContain("Exception").doesNotContain("java.").doesNotContain("com.fasterxml")
          .doesNotContain("org.apache");
    }
    String protobuf = post(http, new byte[] {0x0a, 0x05, 'j', 'u', 'n', 'k', 0x7f, 0x12, (byte) 0xff, 0x01});
    assertThat(protobuf).contains("INVALID_REQUEST").doesNotContain("Exception").doesNotContain("Protobuf");
    // An openConnection without properties is a connection with none.
    String opened = post(http, "{\"request\":\"openConnection\",\"connectionId\":\"bare-1\"}"
        .getBytes(StandardCharsets.UTF_8));
    assertThat(opened).contains("openConnection").doesNotContain("error");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
    }
  }
}
