package io.flowgate.gateway.netty;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import java.util.Optional;

/**
 * The HTTP pipeline: TLS when configured, deadlines, codec (64 KiB headers), the shared budget of buffered bodies
 * (429 beyond), aggregation up to the body limit (413 beyond), then Avatica.
 */
public final class GatewayInitializer extends ChannelInitializer<SocketChannel> {
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final AvaticaHttpHandler.RequestService service;
  private final AvaticaHttpHandler.Dispatcher workers;
  private final Optional<SslContext> tls;
  private final HttpLimits limits;
  private final ConnectionTimeouts.Limits timeouts;
  private final BufferedBodies.Budget budget;

  public GatewayInitializer(AvaticaHttpHandler.RequestService service, AvaticaHttpHandler.Dispatcher workers,
      Optional<SslContext> tls, HttpLimits limits) {
    this.tls = tls;
    this.limits = limits;
    this.timeouts = new ConnectionTimeouts.Limits(limits.requestTimeout(), limits.idleTimeout());
    this.budget = new BufferedBodies.Budget(limits.maxBufferedRequestBytes());
    this.service = service;
    this.workers = workers;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    tls.ifPresent(context -> channel.pipeline().addLast(context.newHandler(channel.alloc())));
    ConnectionTimeouts deadlines = new ConnectionTimeouts(timeouts);
    BufferedBodies bodies = new BufferedBodies(budget, limits.maxRequestBytes());
    channel.pipeline()
        .addLast(deadlines)
        .addLast(new HttpServerCodec(4096, MAX_HEADER_BYTES, 8192))
        .addLast(bodies)
        .addLast(new HttpServerExpectContinueHandler())
        .addLast(new HttpObjectAggregator(limits.maxRequestBytes()))
        .addLast(new AvaticaHttpHandler(service, workers, deadlines, bodies));
  }
}
