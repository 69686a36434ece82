package io.flowgate.gateway;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's settings; {@code data} empty means an in-memory store. {@code ingestRoots} are the folders
 * read_files may read; empty means the data folder's {@code ingest/}.
 */
public record GatewayConfig(String bind, int port, Optional<Path> data, int workers, int maxBodyBytes,
    List<Path> ingestRoots) {
  public GatewayConfig {
    ingestRoots = List.copyOf(ingestRoots);
  }

  public static final int DEFAULT_PORT = 8765;

  public static GatewayConfig defaults() {
    return new GatewayConfig("127.0.0.1", DEFAULT_PORT, Optional.of(Path.of("flowgate-data")),
        Math.max(8, Runtime.getRuntime().availableProcessors() * 4), 64 * 1024 * 1024, List.of());
  }

  public GatewayConfig withPort(int newPort) {
    return new GatewayConfig(bind, newPort, data, workers, maxBodyBytes, ingestRoots);
  }

  public GatewayConfig withBind(String newBind) {
    return new GatewayConfig(newBind, port, data, workers, maxBodyBytes, ingestRoots);
  }

  public GatewayConfig withData(Optional<Path> newData) {
    return new GatewayConfig(bind, port, newData, workers, maxBodyBytes, ingestRoots);
  }

  public GatewayConfig withIngestRoot(Path root) {
    List<Path> roots = new java.util.ArrayList<>(ingestRoots);
    roots.add(root);
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, roots);
  }
}
