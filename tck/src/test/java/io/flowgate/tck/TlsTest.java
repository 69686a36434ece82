package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --tls-cert/--tls-key}: the gateway serves HTTPS only, and the driver connects with {@code ssl=true} and a
 * trust store. The certificate is made for the test with the JDK's keytool.
 */
class TlsTest {
  private static final char[] STORE_PASSWORD = "changeit".toCharArray();

  @TempDir
  Path folder;

  @Test
  void theDriverTalksHttpsToAGatewayWithACertificate() throws Exception {
    Path keystore = folder.resolve("server.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "gateway", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
        "-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
        .redirectErrorStream(true).start();
    keytool.getInputStream().readAllBytes();
    assertThat(keytool.waitFor()).isZero();

    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      store.load(in, STORE_PASSWORD);
    }
    Certificate certificate = store.getCertificate("gateway");
    Path cert = folder.resolve("server.crt");
    Path key = folder.resolve("server.key");
    Files.writeString(cert, pem("CERTIFICATE", certificate.getEncoded()));
    Files.writeString(key, pem("PRIVATE KEY", store.getKey("gateway", STORE_PASSWORD).getEncoded()));
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("gateway", certificate);
    Path truststore = folder.resolve("trust.p12");
    try (OutputStream out = Files.newOutputStream(truststore)) {
      trust.store(out, STORE_PASSWORD);
    }

    try (GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0)
        .withData(Optional.empty()).withTls(cert, key)
        .withAuthentication(GatewayConfig.Authentication.PASSWORD).withAdminPassword("tls-secret"))) {
      Properties properties = new Properties();
      properties.setProperty("user", "admin");
      properties.setProperty("password", "tls-secret");
      properties.setProperty("ssl", "true");
      properties.setProperty("truststore", truststore.toString());
      properties.setProperty("truststore_password", "changeit");
      try (Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port(),
          properties); Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT current_user()")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("admin");
      }
    }
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der) + "\n-----END " + type + "-----\n";
  }
}
