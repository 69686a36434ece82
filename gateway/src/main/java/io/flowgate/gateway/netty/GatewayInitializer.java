package io.flowgate.gateway.netty;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import java.util.concurrent.ExecutorService;

/** The HTTP pipeline: codec (64 KiB headers), aggregation up to the body limit (413 beyond), then Avatica. */
public final class GatewayInitializer extends ChannelInitializer<SocketChannel> {
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final AvaticaHttpHandler.RequestService service;
  private final ExecutorService workers;
  private final int maxBodyBytes;

  public GatewayInitializer(AvaticaHttpHandler.RequestService service, ExecutorService workers, int maxBodyBytes) {
    this.service = service;
    this.workers = workers;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    channel.pipeline()
        .addLast(new HttpServerCodec(4096, MAX_HEADER_BYTES, 8192))
        .addLast(new HttpServerExpectContinueHandler())
        .addLast(new HttpObjectAggregator(maxBodyBytes))
        .addLast(new AvaticaHttpHandler(service, workers));
  }
}
