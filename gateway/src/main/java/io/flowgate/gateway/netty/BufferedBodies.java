package io.flowgate.gateway.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps the request bodies the gateway holds at once within one budget. A request reserves the most its body can
 * take (its Content-Length, or the body limit when it is chunked) as its head arrives, before any of the body is
 * buffered, and gives it back when it has been answered or its connection closes: bodies being received, waiting for
 * a worker and being served all count. A request that does not fit is answered 429 and its connection closed, so
 * many large bodies at once cannot run the gateway out of memory. One per connection, before the aggregator.
 */
final class BufferedBodies extends ChannelInboundHandlerAdapter {
  /** The bytes reserved by every connection; shared. */
  static final class Budget {
    private final long limit;
    private final AtomicLong reserved = new AtomicLong();

    Budget(long limit) {
      this.limit = limit;
    }

    boolean reserve(long bytes) {
      long now;
      do {
        now = reserved.get();
        if (now + bytes > limit) {
          return false;
        }
      } while (!reserved.compareAndSet(now, now + bytes));
      return true;
    }

    void release(long bytes) {
      reserved.addAndGet(-bytes);
    }

    long reserved() {
      return reserved.get();
    }
  }

  private final Budget budget;
  private final int maxRequestBytes;
  /** This connection's reservations, oldest first (pipelined requests each have one). Event loop only. */
  private final ArrayDeque<Long> reservations = new ArrayDeque<>();
  private boolean refused;

  BufferedBodies(Budget budget, int maxRequestBytes) {
    this.budget = budget;
    this.maxRequestBytes = maxRequestBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
    if (refused) {
      ReferenceCountUtil.release(message);
      return;
    }
    if (message instanceof HttpRequest head) {
      long declared = HttpUtil.getContentLength(head, -1L);
      // A body over the limit is the aggregator's to refuse (413) without buffering it: nothing to reserve.
      if (declared <= maxRequestBytes) {
        long bytes = declared < 0 ? maxRequestBytes : declared;
        if (!budget.reserve(bytes)) {
          refuse(ctx, message);
          return;
        }
        reservations.add(bytes);
      }
    }
    super.channelRead(ctx, message);
  }

  /** The oldest request of this connection was answered. */
  void answered() {
    Long bytes = reservations.poll();
    if (bytes != null) {
      budget.release(bytes);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    for (Long bytes = reservations.poll(); bytes != null; bytes = reservations.poll()) {
      budget.release(bytes);
    }
    super.channelInactive(ctx);
  }

  private void refuse(ChannelHandlerContext ctx, Object message) {
    refused = true;
    ReferenceCountUtil.release(message);
    byte[] body = "the gateway is receiving too many request bodies at once; try again".getBytes(
        StandardCharsets.UTF_8);
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
        HttpResponseStatus.TOO_MANY_REQUESTS, Unpooled.wrappedBuffer(body));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain");
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
