package io.flowgate.engine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How to open an engine: a data folder for the H2 file store (or none for a private in-memory store), the folders
 * {@code read_files} may read (by default the data folder's {@code ingest/}), and how long one statement may run in
 * the store before it is canceled (the vendor's STATEMENT_TIMEOUT, two days by default), and how long a client
 * transaction may sit between statements before it is aborted (it may hold the store's one write turn).
 */
public record EngineConfig(Optional<Path> dataDirectory, int maxStoreConnections, List<Path> ingestRoots,
    Duration statementTimeout, Duration transactionIdleTimeout) {
  public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofDays(2);
  public static final Duration DEFAULT_TRANSACTION_IDLE_TIMEOUT = Duration.ofMinutes(2);
  /**
   * Enough store connections that one user's {@code --max-connections-per-user} (64) clients can each read a result
   * at once: an open result holds one, and the gateway lets a user hold half of those it leaves to results. An idle
   * H2 session costs a few KiB, and the pool opens them only when asked.
   */
  public static final int DEFAULT_STORE_CONNECTIONS = 256;

  public EngineConfig {
    ingestRoots = List.copyOf(ingestRoots);
  }

  public static EngineConfig inMemory() {
    return new EngineConfig(Optional.empty(), DEFAULT_STORE_CONNECTIONS, List.of(), DEFAULT_STATEMENT_TIMEOUT,
        DEFAULT_TRANSACTION_IDLE_TIMEOUT);
  }

  public static EngineConfig inDirectory(Path directory) {
    return new EngineConfig(Optional.of(directory), DEFAULT_STORE_CONNECTIONS, List.of(directory.resolve("ingest")),
        DEFAULT_STATEMENT_TIMEOUT, DEFAULT_TRANSACTION_IDLE_TIMEOUT);
  }

  public EngineConfig withIngestRoots(List<Path> roots) {
    return new EngineConfig(dataDirectory, maxStoreConnections, roots, statementTimeout, transactionIdleTimeout);
  }

  public EngineConfig withStatementTimeout(Duration timeout) {
    return new EngineConfig(dataDirectory, maxStoreConnections, ingestRoots, timeout, transactionIdleTimeout);
  }

  public EngineConfig withTransactionIdleTimeout(Duration idle) {
    return new EngineConfig(dataDirectory, maxStoreConnections, ingestRoots, statementTimeout, idle);
  }
}
