package io.flowgate.gateway;

import io.flowgate.engine.Engine;
import io.flowgate.engine.EngineConfig;
import io.flowgate.gateway.meta.EngineMeta;
import io.flowgate.gateway.netty.NettyServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A running gateway: the engine, a bounded worker pool for engine calls, and the HTTP listener. Engine calls never
 * run on Netty's event loop. {@link #close()} stops listening, lets running requests finish and closes the store.
 */
public final class GatewayServer implements AutoCloseable {
  private final Engine engine;
  private final ThreadPoolExecutor workers;
  private final NettyServer server;

  private GatewayServer(Engine engine, ThreadPoolExecutor workers, NettyServer server) {
    this.engine = engine;
    this.workers = workers;
    this.server = server;
  }

  public static GatewayServer start(GatewayConfig config) {
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
    Engine engine = Engine.open(engineConfig);
    AtomicInteger threads = new AtomicInteger();
    // A full queue makes the submitting event loop wait rather than answer 503, which Avatica's client retries forever.
    ThreadPoolExecutor workers = new ThreadPoolExecutor(config.workers(), config.workers(), 60, TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(1024), runnable -> {
          Thread thread = new Thread(runnable, "flowgate-worker-" + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        }, new ThreadPoolExecutor.CallerRunsPolicy());
    try {
      EngineMeta meta = new EngineMeta(engine, Duration.ofMinutes(30));
      AvaticaService service = new AvaticaService(meta, config.bind() + ":" + config.port());
      NettyServer server = NettyServer.start(config.bind(), config.port(), service, workers, config.maxBodyBytes());
      return new GatewayServer(engine, workers, server);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      workers.shutdownNow();
      engine.close();
      throw new IllegalStateException("interrupted while binding", e);
    } catch (RuntimeException e) {
      workers.shutdownNow();
      engine.close();
      throw e;
    }
  }

  public int port() {
    return server.address().getPort();
  }

  public String host() {
    return server.address().getHostString();
  }

  @Override
  public void close() {
    server.close();
    workers.shutdown();
    try {
      workers.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    engine.close();
  }
}
