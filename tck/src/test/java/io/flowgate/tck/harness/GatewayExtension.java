package io.flowgate.tck.harness;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts a real gateway on a free port over a fresh file store in a temporary folder, once per test class, and
 * stops it afterwards. Tests reach it only through the Flowgate JDBC driver over HTTP.
 */
public final class GatewayExtension implements BeforeAllCallback, AfterAllCallback {
  private final java.util.function.UnaryOperator<GatewayConfig> settings;
  private Path data;
  private GatewayServer server;

  public GatewayExtension() {
    this(config -> config);
  }

  /** A gateway with {@code settings} applied to the defaults (port and data folder are the extension's). */
  public GatewayExtension(java.util.function.UnaryOperator<GatewayConfig> settings) {
    this.settings = settings;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    data = Files.createTempDirectory("flowgate-tck");
    start();
  }

  /** Starts (or restarts) the gateway over the same data folder. */
  public void start() {
    server = GatewayServer.start(settings.apply(GatewayConfig.defaults()).withPort(0).withData(Optional.of(data)));
  }

  /** Stops the gateway and starts it again over the same data folder, on the same port (clients keep their URL). */
  public void restart() {
    int port = server.port();
    stop();
    server = GatewayServer.start(settings.apply(GatewayConfig.defaults()).withPort(port).withData(Optional.of(data)));
  }

  public void stop() {
    server.close();
    server = null;
  }

  public String url() {
    return "jdbc:flowgate://127.0.0.1:" + server.port();
  }

  /** The gateway's data folder; read_files reads its {@code ingest/} folder. */
  public Path data() {
    return data;
  }

  public int port() {
    return server.port();
  }

  public Connection connect(String user) throws SQLException {
    return DriverManager.getConnection(url() + "?user=" + user);
  }

  public Connection connect() throws SQLException {
    return connect("admin");
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (server != null) {
      stop();
    }
    try (Stream<Path> files = Files.walk(data)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }
}
