package io.flowgate.tck.bench;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import org.h2.tools.Server;

/**
 * What a benchmark compares: H2's own TCP server and a Flowgate gateway, each on a file store in one new temporary
 * folder, both on free ports.
 */
final class Servers implements AutoCloseable {
  private final Server h2;
  private final GatewayServer flowgate;

  private Servers(Server h2, GatewayServer flowgate) {
    this.h2 = h2;
    this.flowgate = flowgate;
  }

  static Servers start(String name) throws IOException, SQLException {
    Path data = Files.createTempDirectory(name);
    Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", data.toString()).start();
    try {
      return new Servers(h2, GatewayServer.start(GatewayConfig.defaults().withPort(0)
          .withData(Optional.of(data.resolve("flowgate")))));
    } catch (RuntimeException e) {
      h2.stop();
      throw e;
    }
  }

  /** A database of H2's server, with any settings after it ({@code "name;WRITE_DELAY=0"}). */
  String h2Url(String database) {
    return "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/" + database;
  }

  String flowgateUrl(String user) {
    return "jdbc:flowgate://127.0.0.1:" + flowgate.port() + "?user=" + user;
  }

  @Override
  public void close() {
    flowgate.close();
    h2.stop();
  }
}
