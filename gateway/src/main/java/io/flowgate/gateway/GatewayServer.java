package io.flowgate.gateway;

import io.flowgate.engine.Engine;
import io.flowgate.engine.EngineConfig;
import io.flowgate.gateway.meta.EngineMeta;
import io.flowgate.gateway.netty.HttpLimits;
import io.flowgate.gateway.netty.NettyServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;

/**
 * A running gateway: the engine, a bounded worker pool for engine calls, and the HTTP listener. Engine calls never
 * run on Netty's event loop. {@link #close()} stops listening, lets running requests finish and closes the store.
 */
public final class GatewayServer implements AutoCloseable {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GatewayServer.class);
  /** How long a stopping gateway waits for running requests before it cuts them off. */
  private static final long DRAIN_SECONDS = 30;
  /** Stack size of the threads that run engine calls (bytes). */
  private static final long WORKER_STACK = 16L << 20;
  /** Requests that may wait for a worker, in all; beyond, a request is answered 429. */
  private static final int MAX_WAITING = 4096;
  /** How often the scheduler looks for refreshes that are due. */
  private static final Duration SCHEDULE_LOOK = Duration.ofSeconds(1);

  private final Engine engine;
  private final EngineMeta meta;
  private final FairWorkers workers;
  private final HttpService http;
  private final NettyServer server;

  private GatewayServer(Engine engine, EngineMeta meta, FairWorkers workers, HttpService http, NettyServer server) {
    this.engine = engine;
    this.meta = meta;
    this.workers = workers;
    this.http = http;
    this.server = server;
  }

  public static GatewayServer start(GatewayConfig config) {
    if (config.authentication() == GatewayConfig.Authentication.TRUST && !isLoopback(config.bind())) {
      throw new IllegalArgumentException("--auth trust takes any user name a client gives, so it only listens on a"
          + " loopback address; " + config.bind() + " is not one. Use --auth password.");
    }
    config.data().ifPresent(dir -> {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the data folder " + dir, e);
      }
    });
    EngineConfig engineConfig = config.data().map(EngineConfig::inDirectory).orElseGet(EngineConfig::inMemory);
    if (!config.ingestRoots().isEmpty()) {
      engineConfig = engineConfig.withIngestRoots(config.ingestRoots());
    }
    engineConfig = engineConfig.withStatementTimeout(config.limits().statementTimeout())
        .withTransactionIdleTimeout(config.limits().transactionIdleTimeout());
    Engine engine = Engine.open(engineConfig);
    engine.startSchedules(config.scheduleFloor(), SCHEDULE_LOOK);
    Optional<Authenticator> authenticator = Optional.empty();
    if (config.authentication() == GatewayConfig.Authentication.PASSWORD) {
      config.adminPassword().ifPresent(engine::initializeAdminPassword);
      if (!engine.adminHasPassword()) {
        engine.close();
        throw new IllegalArgumentException("--auth password needs the administrator's first password: set"
            + " FLOWGATE_ADMIN_PASSWORD or pass --admin-password-file");
      }
      authenticator = Optional.of(new Authenticator(engine, config.loginFailureLimit()));
    }
    // A client (a user, or an address) runs on at most half the workers; what it sends beyond waits its turn.
    FairWorkers workers = new FairWorkers(config.workers(), Math.max(1, config.workers() / 2), MAX_WAITING,
        WORKER_STACK);
    try {
      GatewayConfig.Limits limits = config.limits();
      EngineMeta meta = new EngineMeta(engine, new EngineMeta.Limits(Duration.ofMinutes(30),
          limits.resultIdleTimeout(), limits.connectionsPerUser(), limits.statementsPerConnection()),
          engineConfig.maxStoreConnections());
      HttpService http = new HttpService(new AvaticaService(meta, config.bind() + ":" + config.port(),
          authenticator), engine, authenticator, config.tls().isPresent());
      NettyServer server = NettyServer.start(config.bind(), config.port(), http, workers,
          config.tls().map(tls -> new java.nio.file.Path[] {tls.certificate(), tls.key()}), new HttpLimits(
              limits.maxRequestBytes(), limits.maxBufferedRequestBytes(), limits.requestTimeout(),
              limits.idleTimeout()));
      return new GatewayServer(engine, meta, workers, http, server);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      workers.close();
      engine.close();
      throw new IllegalStateException("interrupted while binding", e);
    } catch (Exception e) {
      // Netty rethrows a failed bind's BindException unchecked; the engine's threads would keep the process alive.
      workers.close();
      engine.close();
      if (e instanceof java.net.BindException) {
        throw new IllegalArgumentException("cannot listen on " + config.bind() + ":" + config.port() + ": "
            + e.getMessage() + " (another program, perhaps another gateway, listens there; choose another --port)");
      }
      if (e instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      throw new IllegalStateException(e);
    }
  }

  private static boolean isLoopback(String bind) {
    try {
      return java.net.InetAddress.getByName(bind).isLoopbackAddress();
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  public int port() {
    return server.address().getPort();
  }

  public String host() {
    return server.address().getHostString();
  }

  /**
   * Stops: no new connections, {@code /ready} says no, running requests get up to {@value #DRAIN_SECONDS} s to
   * finish and answer, then the listener's loops and the store close.
   */
  @Override
  public void close() {
    http.stopping();
    server.stopListening();
    int busy = workers.busy();
    if (busy > 0) {
      log.info("stopping: waiting up to {} s for {} running request(s)", DRAIN_SECONDS, busy);
    }
    try {
      if (!workers.shutdown(DRAIN_SECONDS)) {
        log.warn("stopping: {} request(s) still running after {} s are cut off", workers.busy(), DRAIN_SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    server.awaitQueuedAnswers();
    server.close();
    meta.close();
    engine.close();
    log.info("stopped");
  }
}
