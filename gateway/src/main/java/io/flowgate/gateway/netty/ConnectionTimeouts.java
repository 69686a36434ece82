package io.flowgate.gateway.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection that holds the gateway without using it: one whose request has not fully arrived
 * {@code request} after its first byte (headers or body sent slowly, or never finished), or one idle, with nothing
 * asked and nothing being answered, for {@code idle}. A connection waiting for the answer to a long statement is
 * never closed. One per connection, first in the pipeline after TLS; everything runs on its event loop.
 */
final class ConnectionTimeouts extends ChannelInboundHandlerAdapter {
  /** The two bounds. */
  record Limits(Duration request, Duration idle) {}

  private final Limits limits;
  private ChannelHandlerContext context;
  private ScheduledFuture<?> deadline;
  private boolean serving;
  private boolean receiving;

  ConnectionTimeouts(Limits limits) {
    this.limits = limits;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    context = ctx;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    arm(limits.idle());
    super.channelActive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
    if (!serving && !receiving) {
      receiving = true;
      arm(limits.request());
    }
    super.channelRead(ctx, message);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancel();
    super.channelInactive(ctx);
  }

  /** A whole request arrived and is being served: no deadline runs until it is answered. */
  void requestReceived() {
    receiving = false;
    serving = true;
    cancel();
  }

  /** The request was answered: the connection may now sit idle for a while. */
  void responded() {
    serving = false;
    arm(limits.idle());
  }

  private void arm(Duration after) {
    cancel();
    if (context != null) {
      deadline = context.executor().schedule(() -> {
        if (!serving) {
          context.close();
        }
      }, after.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  private void cancel() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }
}
