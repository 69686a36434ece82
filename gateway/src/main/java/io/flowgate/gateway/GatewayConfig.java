package io.flowgate.gateway;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's settings; {@code data} empty means an in-memory store. {@code ingestRoots} are the folders
 * read_files may read; empty means the data folder's {@code ingest/}. {@code adminPassword} becomes the
 * administrator's password on a store whose administrator has none; after {@code loginFailureLimit} failed logins
 * one user name at one address is shut out for a while, longer after each further failure. {@code limits} bound what one client may hold;
 * {@code scheduleFloor} is the least time between two scheduled refreshes of one table.
 */
public record GatewayConfig(String bind, int port, Optional<Path> data, int workers, List<Path> ingestRoots,
    Authentication authentication, Optional<String> adminPassword, int loginFailureLimit, Optional<Tls> tls,
    Limits limits, Duration scheduleFloor) {
  public GatewayConfig {
    ingestRoots = List.copyOf(ingestRoots);
  }

  /**
   * How requests are authenticated. TRUST takes the user name a client gives, as PostgreSQL's trust does, and is
   * allowed only on a loopback address; PASSWORD checks HTTP Basic credentials on every request.
   */
  public enum Authentication { TRUST, PASSWORD }

  /** HTTPS: a PEM certificate chain and its private key (PKCS#8 PEM). */
  public record Tls(Path certificate, Path key) {}

  /**
   * What one client may hold. A request body is at most {@code maxRequestBytes} (413 beyond), and the bodies being
   * received at once at most {@code maxBufferedRequestBytes} in all (429 beyond); a user has at most {@code
   * connectionsPerUser} open connections and a connection at most {@code statementsPerConnection} open statements.
   * A result nobody fetches from for {@code resultIdleTimeout} is closed; a request must arrive whole within {@code
   * requestTimeout} of its first byte, and a connection with nothing asked or answered for {@code idleTimeout} is
   * closed; a statement that runs in the store longer than {@code statementTimeout} is canceled, and a transaction
   * with no statement for {@code transactionIdleTimeout} is aborted.
   */
  public record Limits(int maxRequestBytes, long maxBufferedRequestBytes, int connectionsPerUser,
      int statementsPerConnection, Duration resultIdleTimeout, Duration requestTimeout, Duration idleTimeout,
      Duration statementTimeout, Duration transactionIdleTimeout) {
    public static Limits defaults() {
      int maxRequest = 16 * 1024 * 1024;
      return new Limits(maxRequest, Math.max(maxRequest, Runtime.getRuntime().maxMemory() / 4), 64, 1_000,
          Duration.ofMinutes(2), Duration.ofSeconds(60), Duration.ofMinutes(5), Duration.ofDays(2),
          io.flowgate.engine.EngineConfig.DEFAULT_TRANSACTION_IDLE_TIMEOUT);
    }

    public Limits withMaxRequestBytes(int bytes, long buffered) {
      return new Limits(bytes, buffered, connectionsPerUser, statementsPerConnection, resultIdleTimeout,
          requestTimeout, idleTimeout, statementTimeout, transactionIdleTimeout);
    }

    public Limits withSessions(int connections, int statements) {
      return new Limits(maxRequestBytes, maxBufferedRequestBytes, connections, statements, resultIdleTimeout,
          requestTimeout, idleTimeout, statementTimeout, transactionIdleTimeout);
    }

    public Limits withResultIdleTimeout(Duration timeout) {
      return new Limits(maxRequestBytes, maxBufferedRequestBytes, connectionsPerUser, statementsPerConnection,
          timeout, requestTimeout, idleTimeout, statementTimeout, transactionIdleTimeout);
    }

    public Limits withConnectionTimeouts(Duration request, Duration idle) {
      return new Limits(maxRequestBytes, maxBufferedRequestBytes, connectionsPerUser, statementsPerConnection,
          resultIdleTimeout, request, idle, statementTimeout, transactionIdleTimeout);
    }

    public Limits withTransactionIdleTimeout(Duration idle) {
      return new Limits(maxRequestBytes, maxBufferedRequestBytes, connectionsPerUser, statementsPerConnection,
          resultIdleTimeout, requestTimeout, idleTimeout, statementTimeout, idle);
    }

    public Limits withStatementTimeout(Duration timeout) {
      return new Limits(maxRequestBytes, maxBufferedRequestBytes, connectionsPerUser, statementsPerConnection,
          resultIdleTimeout, requestTimeout, idleTimeout, timeout, transactionIdleTimeout);
    }
  }

  public static final int DEFAULT_PORT = 8765;

  public static GatewayConfig defaults() {
    return new GatewayConfig("127.0.0.1", DEFAULT_PORT, Optional.of(Path.of("flowgate-data")),
        Math.max(8, Runtime.getRuntime().availableProcessors() * 4), List.of(), Authentication.TRUST,
        Optional.empty(), 5, Optional.empty(), Limits.defaults(),
        io.flowgate.engine.Engine.DEFAULT_SCHEDULE_FLOOR);
  }

  public GatewayConfig withPort(int newPort) {
    return new GatewayConfig(bind, newPort, data, workers, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withBind(String newBind) {
    return new GatewayConfig(newBind, port, data, workers, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withData(Optional<Path> newData) {
    return new GatewayConfig(bind, port, newData, workers, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withIngestRoot(Path root) {
    List<Path> roots = new java.util.ArrayList<>(ingestRoots);
    roots.add(root);
    return new GatewayConfig(bind, port, data, workers, roots, authentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withAuthentication(Authentication newAuthentication) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, newAuthentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withAdminPassword(String password) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, authentication,
        Optional.of(password), loginFailureLimit, tls, limits, scheduleFloor);
  }

  /** How many failed logins of one user name from one address shut them out (see {@link Authenticator}). */
  public GatewayConfig withLoginFailureLimit(int limit) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, authentication, adminPassword,
        limit, tls, limits, scheduleFloor);
  }

  public GatewayConfig withTls(Path certificate, Path key) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, authentication, adminPassword,
        loginFailureLimit, Optional.of(new Tls(certificate, key)), limits, scheduleFloor);
  }

  /** How many threads run engine calls; one client uses at most half of them at once. */
  public GatewayConfig withWorkers(int count) {
    return new GatewayConfig(bind, port, data, count, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, limits, scheduleFloor);
  }

  /**
   * The least time between two scheduled refreshes of one table; below the vendor's minute only for tests, where
   * TRIGGER ON UPDATE and second-by-second CRON schedules then fire within a second or two.
   */
  public GatewayConfig withScheduleFloor(Duration floor) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, authentication, adminPassword, loginFailureLimit,
        tls, limits, floor);
  }

  public GatewayConfig withLimits(Limits newLimits) {
    return new GatewayConfig(bind, port, data, workers, ingestRoots, authentication, adminPassword, loginFailureLimit,
        tls, newLimits, scheduleFloor);
  }
}
