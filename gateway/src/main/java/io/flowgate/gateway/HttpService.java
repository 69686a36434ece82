package io.flowgate.gateway;

import io.flowgate.engine.Engine;
import io.flowgate.gateway.api.PipelineApi;
import io.flowgate.gateway.api.UiAssets;
import io.flowgate.gateway.netty.AvaticaHttpHandler;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * What the gateway's port serves: Avatica's protocol on POST; for supervisors and load balancers {@code GET
 * /health} (the process answers HTTP; on the event loop, no authentication) and {@code GET /ready} (the store is
 * open and answers, and the gateway is not stopping; on a worker, so it also says the workers serve); and the JSON
 * endpoints under {@code /api} ({@link PipelineApi}) and the pipeline UI under {@code /ui} ({@link UiAssets}) that
 * reads them, authenticated as JDBC is (HTTP Basic: a browser asks for it once and sends it with each request).
 */
final class HttpService implements AvaticaHttpHandler.RequestService {
  private static final String JSON = "application/json; charset=UTF-8";

  private final AvaticaService avatica;
  private final Engine engine;
  private final PipelineApi api;
  private final UiAssets ui;
  /** Empty under trust. */
  private final Optional<Authenticator> authenticator;
  private volatile boolean stopping;

  HttpService(AvaticaService avatica, Engine engine, Optional<Authenticator> authenticator) {
    this.avatica = avatica;
    this.engine = engine;
    this.api = new PipelineApi(engine);
    this.ui = new UiAssets();
    this.authenticator = authenticator;
  }

  /** From now on {@code /ready} says no, so a load balancer sends nothing new while running statements finish. */
  void stopping() {
    stopping = true;
  }

  @Override
  public Optional<AvaticaHttpHandler.Reply> immediate(AvaticaHttpHandler.Request request) {
    if (request.isGet("/health")) {
      return Optional.of(json(200, "{\"status\":\"UP\"}"));
    }
    return Optional.empty();
  }

  @Override
  public String client(AvaticaHttpHandler.Request request) {
    if (request.method().equals("POST")) {
      return avatica.client(request);
    }
    return request.authorization().flatMap(Authenticator::basicUser).map(user -> "user " + user)
        .orElse("address " + request.remoteAddress());
  }

  @Override
  public AvaticaHttpHandler.Reply apply(AvaticaHttpHandler.Request request) {
    if (request.method().equals("POST")) {
      return avatica.apply(request);
    }
    if (request.isGet("/ready")) {
      if (stopping) {
        return json(503, "{\"status\":\"STOPPING\"}");
      }
      return engine.storeAnswers() ? json(200, "{\"status\":\"READY\"}")
          : json(503, "{\"status\":\"STORE_UNAVAILABLE\"}");
    }
    boolean isApi = request.path().startsWith("/api/");
    Optional<UiAssets.Asset> asset = ui.get(request.path());
    if (!request.method().equals("GET") || !isApi && asset.isEmpty()) {
      return new AvaticaHttpHandler.Reply(404, "not found".getBytes(StandardCharsets.UTF_8), "text/plain");
    }
    String user;
    if (authenticator.isPresent()) {
      Authenticator.Outcome outcome = authenticator.get().check(request.authorization(), request.remoteAddress());
      if (outcome instanceof Authenticator.Outcome.Refused refused) {
        return json(401, "{\"error_class\":\"" + refused.error().qualifiedClass() + "\",\"sqlstate\":\""
            + refused.error().sqlState() + "\"}");
      }
      if (!(outcome instanceof Authenticator.Outcome.User authenticated)) {
        return new AvaticaHttpHandler.Reply(401, "authentication required".getBytes(StandardCharsets.UTF_8),
            "text/plain", Map.of("WWW-Authenticate", "Basic realm=\"flowgate\", charset=\"UTF-8\""));
      }
      user = authenticated.name();
    } else {
      user = request.authorization().flatMap(Authenticator::basicUser).orElse(Engine.ADMIN);
    }
    if (asset.isPresent()) {
      return new AvaticaHttpHandler.Reply(200, asset.get().body(), asset.get().contentType(), UiAssets.HEADERS);
    }
    return api.get(request.path(), request.query(), user)
        .map(answer -> new AvaticaHttpHandler.Reply(answer.status(), answer.body(), JSON))
        .orElseGet(() -> new AvaticaHttpHandler.Reply(404, "not found".getBytes(StandardCharsets.UTF_8),
            "text/plain"));
  }

  @Override
  public void abandoned(AvaticaHttpHandler.Request request) {
    avatica.abandoned(request);
  }

  private static AvaticaHttpHandler.Reply json(int status, String body) {
    return new AvaticaHttpHandler.Reply(status, body.getBytes(StandardCharsets.UTF_8), JSON);
  }
}
