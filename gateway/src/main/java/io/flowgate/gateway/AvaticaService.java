package io.flowgate.gateway;

import io.flowgate.gateway.meta.EngineMeta;
import io.flowgate.gateway.meta.RequestStatement;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.gateway.meta.RequestUser;
import io.flowgate.gateway.netty.AvaticaHttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.Handler.HandlerResponse;
import org.apache.calcite.avatica.remote.JsonHandler;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.ProtobufHandler;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's protocol over our Meta, in both serializations: a body that starts with '{' is JSON, anything else
 * protobuf. Error responses are re-encoded without the server stack traces Avatica would otherwise send.
 */
final class AvaticaService implements AvaticaHttpHandler.RequestService {
  private final ProtobufTranslation translation = new ProtobufTranslationImpl();
  private final ProtobufHandler protobuf;
  private final JsonHandler json;
  private final Service.RpcMetadataResponse rpcMetadata;

  private static final java.util.regex.Pattern CONNECTION_ID =
      java.util.regex.Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  /** How every error the engine raises starts: {@code [ERROR_CLASS] }. */
  private static final java.util.regex.Pattern CLASSIFIED =
      java.util.regex.Pattern.compile("\\[[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*\\] ");

  private final EngineMeta meta;
  /** The requests being served, each with the statement it runs (by identity: a request is one object). */
  private final java.util.Map<AvaticaHttpHandler.Request, RequestStatement> serving =
      java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
  /** Empty under trust. */
  private final Optional<Authenticator> authenticator;

  AvaticaService(EngineMeta meta, String serverAddress, Optional<Authenticator> authenticator) {
    this.authenticator = authenticator;
    this.meta = meta;
    LocalService service = new LocalService(meta);
    this.protobuf = new ProtobufHandler(service, translation, NoopMetricsSystem.getInstance());
    this.json = new JsonHandler(service, NoopMetricsSystem.getInstance());
    this.rpcMetadata = new Service.RpcMetadataResponse(serverAddress);
    protobuf.setRpcMetadata(rpcMetadata);
    json.setRpcMetadata(rpcMetadata);
  }

  /**
   * The user a request is for: the one its HTTP Basic credentials name, else the one who opened the connection its
   * body names (connection ids are UUIDs, found the same way in JSON and protobuf bodies), else its address.
   */
  @Override
  public String client(AvaticaHttpHandler.Request request) {
    Optional<String> basic = request.authorization().flatMap(Authenticator::basicUser);
    if (basic.isPresent()) {
      return "user " + basic.get();
    }
    String head = new String(request.body(), 0, Math.min(request.body().length, 4096),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    java.util.regex.Matcher id = CONNECTION_ID.matcher(head);
    if (id.find()) {
      Optional<String> user = meta.userOf(id.group());
      if (user.isPresent()) {
        return "user " + user.get();
      }
    }
    return "address " + request.remoteAddress();
  }

  /**
   * Serves a request as its authenticated user. Without credentials the answer is a 401 challenge, to which HTTP
   * clients reply with them; wrong credentials get an Avatica error (status 500, which Avatica's client reads) that
   * carries {@code [INVALID_CREDENTIALS]}.
   */
  @Override
  public AvaticaHttpHandler.Reply apply(AvaticaHttpHandler.Request request) {
    RequestStatement statement = new RequestStatement();
    serving.put(request, statement);
    try {
      return statement.serving(() -> authenticatedApply(request));
    } finally {
      serving.remove(request);
    }
  }

  /** The client of {@code request} went away before its answer: the statement it runs, if any, is cancelled. */
  @Override
  public void abandoned(AvaticaHttpHandler.Request request) {
    RequestStatement statement = serving.get(request);
    if (statement != null) {
      statement.statementId().ifPresent(meta::cancelRunning);
    }
  }

  private AvaticaHttpHandler.Reply authenticatedApply(AvaticaHttpHandler.Request request) {
    if (authenticator.isEmpty()) {
      return serve(request.body());
    }
    Authenticator.Outcome outcome = authenticator.get().check(request.authorization(), request.remoteAddress());
    if (outcome instanceof Authenticator.Outcome.User user) {
      return RequestUser.as(user.name(), () -> serve(request.body()));
    }
    if (outcome instanceof Authenticator.Outcome.Refused refused) {
      return refusal(request.body(), refused.error());
    }
    return new AvaticaHttpHandler.Reply(401, "authentication required".getBytes(StandardCharsets.UTF_8),
        "text/plain", Map.of("WWW-Authenticate", "Basic realm=\"flowgate\", charset=\"UTF-8\""));
  }

  private AvaticaHttpHandler.Reply refusal(byte[] body, EngineException error) {
    Service.ErrorResponse response = new Service.ErrorResponse(List.of(error.getMessage()), error.getMessage(), -1,
        error.sqlState(), AvaticaSeverity.ERROR, rpcMetadata);
    try {
      if (body.length > 0 && body[0] == '{') {
        return new AvaticaHttpHandler.Reply(500, JsonService.MAPPER.writeValueAsBytes(response),
            "application/json; charset=UTF-8");
      }
      byte[] bytes = translation.serializeResponse(response);
      return new AvaticaHttpHandler.Reply(500, WireNames.incoming(body).relocated() ? WireNames.outgoing(bytes)
          : bytes, "application/octet-stream");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private AvaticaHttpHandler.Reply serve(byte[] body) {
    if (body.length > 0 && body[0] == '{') {
      HandlerResponse<String> response = json.apply(new String(body, StandardCharsets.UTF_8));
      String text = response.getResponse();
      if (response.getStatusCode() != 200) {
        text = withoutTraces(text);
      }
      return new AvaticaHttpHandler.Reply(response.getStatusCode(), text.getBytes(StandardCharsets.UTF_8),
          "application/json; charset=UTF-8");
    }
    WireNames.Incoming incoming = WireNames.incoming(body);
    HandlerResponse<byte[]> response = protobuf.apply(incoming.body());
    byte[] bytes = response.getResponse();
    if (response.getStatusCode() != 200) {
      bytes = withoutTraces(bytes);
    }
    if (incoming.relocated()) {
      bytes = WireNames.outgoing(bytes);
    }
    return new AvaticaHttpHandler.Reply(response.getStatusCode(), bytes, "application/octet-stream");
  }

  private byte[] withoutTraces(byte[] bytes) {
    try {
      Service.Response response = translation.parseResponse(bytes);
      if (response instanceof Service.ErrorResponse error) {
        return translation.serializeResponse(strip(error));
      }
      return bytes;
    } catch (IOException e) {
      return bytes;
    }
  }

  private String withoutTraces(String text) {
    try {
      Service.Response response = JsonService.MAPPER.readValue(text, Service.Response.class);
      if (response instanceof Service.ErrorResponse error) {
        return JsonService.MAPPER.writeValueAsString(strip(error));
      }
      return text;
    } catch (IOException e) {
      return text;
    }
  }

  /**
   * The error without server stack traces. The list Avatica keeps them in carries the error text instead: some
   * client paths (prepareStatement) drop the message and keep only that list.
   */
  private Service.ErrorResponse strip(Service.ErrorResponse error) {
    if (error.errorMessage == null || !CLASSIFIED.matcher(error.errorMessage).lookingAt()) {
      // Not one of ours: Avatica failed to read the request (its text names parser classes). Say only that.
      EngineException invalid = EngineException.of(ErrorClass.INVALID_REQUEST)
          .parameter("reason", "it is not a well-formed Avatica request of a known type").build();
      return new Service.ErrorResponse(List.of(invalid.getMessage()), invalid.getMessage(), -1, invalid.sqlState(),
          AvaticaSeverity.ERROR, rpcMetadata);
    }
    List<String> text = List.of(error.errorMessage);
    return new Service.ErrorResponse(text, error.errorMessage, error.errorCode, error.sqlState, error.severity,
        rpcMetadata);
  }
}
