package io.flowgate.gateway;

import java.nio.file.Path;
import java.util.Optional;

/** The gateway's settings; {@code data} empty means an in-memory store. */
public record GatewayConfig(String bind, int port, Optional<Path> data, int workers, int maxBodyBytes) {
  public static final int DEFAULT_PORT = 8765;

  public static GatewayConfig defaults() {
    return new GatewayConfig("127.0.0.1", DEFAULT_PORT, Optional.of(Path.of("flowgate-data")),
        Math.max(8, Runtime.getRuntime().availableProcessors() * 4), 64 * 1024 * 1024);
  }

  public GatewayConfig withPort(int newPort) {
    return new GatewayConfig(bind, newPort, data, workers, maxBodyBytes);
  }

  public GatewayConfig withBind(String newBind) {
    return new GatewayConfig(newBind, port, data, workers, maxBodyBytes);
  }

  public GatewayConfig withData(Optional<Path> newData) {
    return new GatewayConfig(bind, port, newData, workers, maxBodyBytes);
  }
}
