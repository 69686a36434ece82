package io.flowgate.gateway;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's settings; {@code data} empty means an in-memory store. {@code ingestRoots} are the folders
 * read_files may read; empty means the data folder's {@code ingest/}. {@code adminPassword} becomes the
 * administrator's password on a store whose administrator has none; {@code loginFailureLimit} failed logins from
 * one address within a minute shut it out for the rest of that minute. A result nobody fetches from for {@code
 * resultIdleTimeout} is closed.
 */
public record GatewayConfig(String bind, int port, Optional<Path> data, int workers, int maxBodyBytes,
    List<Path> ingestRoots, Authentication authentication, Optional<String> adminPassword, int loginFailureLimit,
    Optional<Tls> tls, Duration resultIdleTimeout, Duration requestTimeout, Duration idleTimeout) {
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

  public static final int DEFAULT_PORT = 8765;

  public static GatewayConfig defaults() {
    return new GatewayConfig("127.0.0.1", DEFAULT_PORT, Optional.of(Path.of("flowgate-data")),
        Math.max(8, Runtime.getRuntime().availableProcessors() * 4), 64 * 1024 * 1024, List.of(),
        Authentication.TRUST, Optional.empty(), 5, Optional.empty(), Duration.ofMinutes(2), Duration.ofSeconds(60),
        Duration.ofMinutes(5));
  }

  public GatewayConfig withPort(int newPort) {
    return new GatewayConfig(bind, newPort, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withBind(String newBind) {
    return new GatewayConfig(newBind, port, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withData(Optional<Path> newData) {
    return new GatewayConfig(bind, port, newData, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withIngestRoot(Path root) {
    List<Path> roots = new java.util.ArrayList<>(ingestRoots);
    roots.add(root);
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, roots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withAuthentication(Authentication newAuthentication) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, newAuthentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withAdminPassword(String password) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, authentication,
        Optional.of(password), loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  /** How many failed logins from one address within a minute shut it out for the rest of that minute. */
  public GatewayConfig withLoginFailureLimit(int limit) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        limit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  public GatewayConfig withTls(Path certificate, Path key) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, Optional.of(new Tls(certificate, key)), resultIdleTimeout,
        requestTimeout, idleTimeout);
  }

  /** How long a result may go unfetched before it is closed (and its store connection freed). */
  public GatewayConfig withResultIdleTimeout(Duration timeout) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, timeout, requestTimeout, idleTimeout);
  }

  /** How many threads run engine calls; one client uses at most half of them at once. */
  public GatewayConfig withWorkers(int count) {
    return new GatewayConfig(bind, port, data, count, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, requestTimeout, idleTimeout);
  }

  /**
   * How long a request may take to arrive after its first byte, and how long a connection may sit with nothing asked
   * and nothing being answered, before the gateway closes it.
   */
  public GatewayConfig withConnectionTimeouts(Duration request, Duration idle) {
    return new GatewayConfig(bind, port, data, workers, maxBodyBytes, ingestRoots, authentication, adminPassword,
        loginFailureLimit, tls, resultIdleTimeout, request, idle);
  }
}
