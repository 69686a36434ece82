package io.flowgate.gateway.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.EventExecutor;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Binds the HTTP listener; only this package touches Netty. */
public final class NettyServer implements AutoCloseable {
  private final EventLoopGroup boss;
  private final EventLoopGroup io;
  private final Channel channel;

  private NettyServer(EventLoopGroup boss, EventLoopGroup io, Channel channel) {
    this.boss = boss;
    this.io = io;
    this.channel = channel;
  }

  /**
   * Binds and serves; with {@code tls} (a PEM certificate chain and its PKCS#8 PEM key) over HTTPS only.
   */
  public static NettyServer start(String host, int port, AvaticaHttpHandler.RequestService service,
      AvaticaHttpHandler.Dispatcher workers, Optional<java.nio.file.Path[]> tls, HttpLimits limits)
      throws InterruptedException {
    Optional<SslContext> context;
    try {
      context = tls.isEmpty() ? Optional.empty() : Optional.of(SslContextBuilder
          .forServer(tls.get()[0].toFile(), tls.get()[1].toFile()).build());
    } catch (javax.net.ssl.SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot read the TLS certificate or key: " + e.getMessage(), e);
    }
    EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    EventLoopGroup io = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    try {
      Channel channel = new ServerBootstrap().group(boss, io).channel(NioServerSocketChannel.class)
          .childHandler(new GatewayInitializer(service, workers, context, limits))
          .bind(host, port).sync().channel();
      return new NettyServer(boss, io, channel);
    } catch (InterruptedException | RuntimeException e) {
      boss.shutdownGracefully();
      io.shutdownGracefully();
      throw e;
    }
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** Accepts no new connections; those open are still served (a drain before {@link #close}). */
  public void stopListening() {
    channel.close().syncUninterruptibly();
  }

  /**
   * Waits until the event loops have run every task queued so far: the answers of requests whose work has finished.
   * A worker hands its answer to the event loop as a task, and a loop that shuts down closes its connections before
   * it runs the tasks left in its queue, so without this a drained request's answer could be lost.
   */
  public void awaitQueuedAnswers() {
    for (EventExecutor loop : io) {
      loop.submit(() -> { }).syncUninterruptibly();
    }
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    // The listener is already closed, so no quiet period is needed before the loops stop.
    boss.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    io.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
