package io.flowgate.gateway.netty;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Hands each Avatica request to a worker thread and writes the answer back. The body is copied before the hand-off;
 * requests pipelined behind a running one wait their turn, so responses leave in request order. Never answers 503 (Avatica's client
 * would retry forever) and always sets Content-Length.
 */
public final class AvaticaHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /**
   * Where requests run: off the event loop, each on behalf of a client key. Returns false when the request cannot
   * be taken (too many wait), and it is answered 429.
   */
  public interface Dispatcher {
    boolean submit(String client, Runnable task);
  }

  /** Serves one request; returns the HTTP status and the response body. */
  public interface RequestService extends Function<Request, Reply> {
    /** Whose request this is, for fair shares of the workers; must be cheap (it runs on the event loop). */
    String client(Request request);

    /** The connection of {@code request} closed while it was served; must be cheap (it runs on the event loop). */
    default void abandoned(Request request) {
    }

    /**
     * The answer to a request that needs no worker (no engine call, nothing that blocks), given on the event loop
     * at once; empty for every other request.
     */
    default Optional<Reply> immediate(Request request) {
      return Optional.empty();
    }
  }

  /**
   * A request: its method, path, query and body, what authentication needs (the Authorization header, if any, and
   * the peer's address) and the headers a browser's action is checked by ({@link #CHECKED_HEADERS}, lower case).
   */
  public record Request(String method, String path, Map<String, List<String>> query, byte[] body,
      Optional<String> authorization, String remoteAddress, Map<String, String> headers) {
    public boolean isGet(String wanted) {
      return method.equals("GET") && path.equals(wanted);
    }

    public Optional<String> header(String lowerCaseName) {
      return Optional.ofNullable(headers.get(lowerCaseName));
    }
  }

  /** The headers a {@link Request} keeps besides Authorization. */
  public static final List<String> CHECKED_HEADERS = List.of("host", "origin", "cookie", "x-flowgate-ui",
      "x-flowgate-csrf");

  /** A response; {@code headers} are extra headers, such as an authentication challenge. */
  public record Reply(int status, byte[] body, String contentType, Map<String, String> headers) {
    public Reply(int status, byte[] body, String contentType) {
      this(status, body, contentType, Map.of());
    }
  }

  private final RequestService service;
  private final Dispatcher workers;
  private final ConnectionTimeouts timeouts;
  private final BufferedBodies bodies;
  /** Event-loop state of this connection: a request is being served, and those pipelined behind it. */
  private boolean running;
  /** The request being served, while {@code running}. */
  private Request current;
  private final java.util.ArrayDeque<FullHttpRequest> waiting = new java.util.ArrayDeque<>();
  /**
   * Reading goes on while a request is served, so a client that closes its connection is noticed (and its statement
   * cancelled); it pauses once this many requests wait behind the one being served.
   */
  private static final int MAX_PIPELINED = 16;

  AvaticaHttpHandler(RequestService service, Dispatcher workers, ConnectionTimeouts timeouts, BufferedBodies bodies) {
    this.service = service;
    this.workers = workers;
    this.timeouts = timeouts;
    this.bodies = bodies;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    // Pipelined requests are answered one at a time, in the order they came: the next waits for this one's answer.
    if (running) {
      waiting.add(request.retain());
      if (waiting.size() >= MAX_PIPELINED) {
        ctx.channel().config().setAutoRead(false);
      }
      return;
    }
    start(ctx, request);
  }

  private void start(ChannelHandlerContext ctx, FullHttpRequest request) {
    running = true;
    timeouts.requestReceived();
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (!request.decoderResult().isSuccess()
        || request.method() != HttpMethod.POST && request.method() != HttpMethod.GET) {
      finish(ctx, new Reply(HttpResponseStatus.BAD_REQUEST.code(), "bad request".getBytes(), "text/plain"), false);
      return;
    }
    byte[] body = ByteBufUtil.getBytes(request.content());
    Optional<String> authorization = Optional.ofNullable(request.headers().get(HttpHeaderNames.AUTHORIZATION));
    String remoteAddress = ctx.channel().remoteAddress() instanceof InetSocketAddress address
        ? address.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
    QueryStringDecoder uri = new QueryStringDecoder(request.uri());
    Map<String, String> checked = new java.util.HashMap<>();
    for (String name : CHECKED_HEADERS) {
      String value = request.headers().get(name);
      if (value != null) {
        checked.put(name, value);
      }
    }
    Request work = new Request(request.method().name(), uri.path(), uri.parameters(), body, authorization,
        remoteAddress, Map.copyOf(checked));
    Optional<Reply> immediate = service.immediate(work);
    if (immediate.isPresent()) {
      finish(ctx, immediate.get(), keepAlive);
      return;
    }
    current = work;
    boolean taken = workers.submit(service.client(work), () -> {
      Reply reply;
      Error fatal = null;
      try {
        reply = service.apply(work);
      } catch (RuntimeException | Error e) {
        // Every request is answered, and its connection reads again: a lost answer would hang the client. A class
        // that fails to load is answered as any failure; the JVM's own troubles (out of memory) go on up after it.
        reply = new Reply(500, "internal error".getBytes(), "text/plain");
        if (e instanceof VirtualMachineError vm && !(e instanceof StackOverflowError)) {
          fatal = vm;
        }
      }
      Reply answer = reply;
      ctx.executor().execute(() -> finish(ctx, answer, keepAlive));
      if (fatal != null) {
        throw fatal;
      }
    });
    if (!taken) {
      finish(ctx, new Reply(HttpResponseStatus.TOO_MANY_REQUESTS.code(), "too many requests are waiting; try again"
          .getBytes(), "text/plain"), false);
    }
  }

  /** Answers the running request (on the event loop), then starts the next waiting one or reads again. */
  private void finish(ChannelHandlerContext ctx, Reply reply, boolean keepAlive) {
    respond(ctx, reply, keepAlive);
    bodies.answered();
    running = false;
    current = null;
    timeouts.responded();
    FullHttpRequest next = waiting.poll();
    if (waiting.size() < MAX_PIPELINED) {
      ctx.channel().config().setAutoRead(true);
    }
    if (next == null) {
      return;
    }
    try {
      start(ctx, next);
    } finally {
      next.release();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (running && current != null) {
      // Nobody will read the answer: stop the statement rather than let it run for a client that is gone.
      service.abandoned(current);
    }
    for (FullHttpRequest left = waiting.poll(); left != null; left = waiting.poll()) {
      left.release();
    }
    super.channelInactive(ctx);
  }

  private static void respond(ChannelHandlerContext ctx, Reply reply, boolean keepAlive) {
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
        HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, reply.contentType());
    reply.headers().forEach((name, value) -> response.headers().set(name, value));
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
    if (keepAlive) {
      HttpUtil.setKeepAlive(response, true);
      ctx.writeAndFlush(response);
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
