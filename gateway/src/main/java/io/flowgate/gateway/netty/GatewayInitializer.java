package io.flowgate.gateway.netty;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import java.util.Optional;

/**
 * The HTTP pipeline: TLS when configured, codec (64 KiB headers), aggregation up to the body limit (413 beyond),
 * then Avatica.
 */
public final class GatewayInitializer extends ChannelInitializer<SocketChannel> {
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final AvaticaHttpHandler.RequestService service;
  private final AvaticaHttpHandler.Dispatcher workers;
  private final int maxBodyBytes;
  private final Optional<SslContext> tls;
  private final ConnectionTimeouts.Limits timeouts;

  public GatewayInitializer(AvaticaHttpHandler.RequestService service, AvaticaHttpHandler.Dispatcher workers,
      int maxBodyBytes, Optional<SslContext> tls, java.time.Duration requestTimeout, java.time.Duration idleTimeout) {
    this.tls = tls;
    this.timeouts = new ConnectionTimeouts.Limits(requestTimeout, idleTimeout);
    this.service = service;
    this.workers = workers;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    tls.ifPresent(context -> channel.pipeline().addLast(context.newHandler(channel.alloc())));
    ConnectionTimeouts deadlines = new ConnectionTimeouts(timeouts);
    channel.pipeline()
        .addLast(deadlines)
        .addLast(new HttpServerCodec(4096, MAX_HEADER_BYTES, 8192))
        .addLast(new HttpServerExpectContinueHandler())
        .addLast(new HttpObjectAggregator(maxBodyBytes))
        .addLast(new AvaticaHttpHandler(service, workers, deadlines));
  }
}
