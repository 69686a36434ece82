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
 * reads them: under password, as the user of a UI session ({@link UiSessions}, {@code POST /ui/login}) or of HTTP
 * Basic credentials, as JDBC is.
 */
final class HttpService implements AvaticaHttpHandler.RequestService {
  private static final String JSON = "application/json; charset=UTF-8";
  private static final com.fasterxml.jackson.databind.ObjectMapper READER =
      new com.fasterxml.jackson.databind.ObjectMapper();

  private final AvaticaService avatica;
  private final Engine engine;
  private final PipelineApi api;
  private final UiAssets ui;
  private final UiSessions sessions = new UiSessions();
  /** Whether the port serves HTTPS: the session cookie is then Secure. */
  private final boolean https;
  /** Empty under trust. */
  private final Optional<Authenticator> authenticator;
  private volatile boolean stopping;

  HttpService(AvaticaService avatica, Engine engine, Optional<Authenticator> authenticator, boolean https) {
    this.https = https;
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
    if (isAvatica(request)) {
      return avatica.client(request);
    }
    return request.authorization().flatMap(Authenticator::basicUser).map(user -> "user " + user)
        .orElse("address " + request.remoteAddress());
  }

  @Override
  public AvaticaHttpHandler.Reply apply(AvaticaHttpHandler.Request request) {
    if (isAvatica(request)) {
      return avatica.apply(request);
    }
    if (request.isGet("/ready")) {
      if (stopping) {
        return json(503, "{\"status\":\"STOPPING\"}");
      }
      return engine.storeAnswers() ? json(200, "{\"status\":\"READY\"}")
          : json(503, "{\"status\":\"STORE_UNAVAILABLE\"}");
    }
    Optional<UiAssets.Asset> asset = request.method().equals("GET") ? ui.get(request.path()) : Optional.empty();
    if (asset.isPresent()) {
      // The page and its script hold no data: they are served to anyone, and ask /api as the user.
      return new AvaticaHttpHandler.Reply(200, asset.get().body(), asset.get().contentType(), UiAssets.HEADERS);
    }
    if (request.method().equals("POST") && request.path().equals("/ui/login")) {
      return login(request);
    }
    if (request.method().equals("POST") && request.path().equals("/ui/logout")) {
      return logout(request);
    }
    if (!request.path().startsWith("/api/")) {
      return new AvaticaHttpHandler.Reply(404, "not found".getBytes(StandardCharsets.UTF_8), "text/plain");
    }
    Identified identified = identify(request);
    if (identified instanceof Identified.Refused refused) {
      return refused.reply();
    }
    Identified.Caller caller = (Identified.Caller) identified;
    if (request.method().equals("POST") && !allowedAction(request, caller)) {
      // A browser sends the cookie and Basic credentials with any request to this origin, a forged one too.
      return error(403, "CROSS_SITE_REQUEST", "an action needs this page's CSRF token (X-Flowgate-CSRF) when signed"
          + " in, else the header X-Flowgate-UI, and from a browser this origin");
    }
    if (request.isGet("/api/session")) {
      Map<String, Object> body = new java.util.LinkedHashMap<>();
      body.put("user", caller.user());
      body.put("authentication", authenticator.isPresent() ? "password" : "trust");
      body.put("csrf", caller.session().map(UiSessions.UiSession::csrf).orElse(null));
      return json(200, body);
    }
    Optional<PipelineApi.Answer> answered = request.method().equals("POST") ? api.post(request.path(), caller.user())
        : api.get(request.path(), request.query(), caller.user());
    return answered.map(answer -> new AvaticaHttpHandler.Reply(answer.status(), answer.body(), JSON))
        .orElseGet(() -> new AvaticaHttpHandler.Reply(404, "not found".getBytes(StandardCharsets.UTF_8),
            "text/plain"));
  }

  /** Who an /api request is for, or the answer that refuses it. */
  private sealed interface Identified {
    record Caller(String user, Optional<UiSessions.UiSession> session) implements Identified {}

    record Refused(AvaticaHttpHandler.Reply reply) implements Identified {}
  }

  /**
   * The caller of an /api request: a UI session its cookie names; under password the user its HTTP Basic
   * credentials prove (a script: without them a 401 challenge; the UI, which sends X-Flowgate-UI, gets a plain 401
   * and shows its sign-in form instead of the browser's); under trust the user they name, or the administrator, as a
   * JDBC connection without a user.
   */
  private Identified identify(AvaticaHttpHandler.Request request) {
    Optional<UiSessions.UiSession> session = sessions.find(request.header("cookie"));
    if (session.isPresent()) {
      return new Identified.Caller(session.get().user(), session);
    }
    if (authenticator.isEmpty()) {
      return new Identified.Caller(request.authorization().flatMap(Authenticator::basicUser).orElse(Engine.ADMIN),
          Optional.empty());
    }
    Authenticator.Outcome outcome = authenticator.get().check(request.authorization(), request.remoteAddress());
    if (outcome instanceof Authenticator.Outcome.User user) {
      return new Identified.Caller(user.name(), Optional.empty());
    }
    if (outcome instanceof Authenticator.Outcome.Refused refused) {
      return new Identified.Refused(error(401, refused.error()));
    }
    Map<String, String> challenge = request.header("x-flowgate-ui").isPresent() ? Map.of()
        : Map.of("WWW-Authenticate", "Basic realm=\"flowgate\", charset=\"UTF-8\"");
    return new Identified.Refused(new AvaticaHttpHandler.Reply(401, ("{\"error_class\":\"AUTHENTICATION_REQUIRED\","
        + "\"message\":\"sign in, or send HTTP Basic credentials\"}").getBytes(StandardCharsets.UTF_8), JSON,
        challenge));
  }

  /**
   * Whether an action (a POST under /api) is the page's own. Signed in, it carries the session's CSRF token, which
   * only the page was told; otherwise it carries {@code X-Flowgate-UI}, which a page of another site cannot send
   * without a preflight this server never allows. Either way an Origin, when the browser gives one, is this host.
   */
  private static boolean allowedAction(AvaticaHttpHandler.Request request, Identified.Caller caller) {
    boolean marked = caller.session().isPresent()
        ? request.header("x-flowgate-csrf").filter(caller.session().get().csrf()::equals).isPresent()
        : request.header("x-flowgate-ui").isPresent();
    return marked && sameOrigin(request);
  }

  private static boolean sameOrigin(AvaticaHttpHandler.Request request) {
    Optional<String> origin = request.header("origin");
    Optional<String> host = request.header("host");
    return origin.isEmpty() || host.isPresent() && (origin.get().equals("http://" + host.get())
        || origin.get().equals("https://" + host.get()));
  }

  /**
   * {@code POST /ui/login} with {@code {"user": ..., "password": ...}} under password: checked as JDBC's credentials
   * are (the same failure limits), it starts a session: its cookie, and its CSRF token in the answer.
   */
  private AvaticaHttpHandler.Reply login(AvaticaHttpHandler.Request request) {
    if (authenticator.isEmpty()) {
      return error(404, "NOT_SIGNED_IN_UNDER_TRUST", "under --auth trust there is nothing to sign in to");
    }
    if (request.header("x-flowgate-ui").isEmpty() || !sameOrigin(request)) {
      return error(403, "CROSS_SITE_REQUEST", "a sign-in comes from this origin's page");
    }
    String user;
    String password;
    try {
      com.fasterxml.jackson.databind.JsonNode form = READER.readTree(request.body());
      user = form.path("user").asText("");
      password = form.path("password").asText("");
    } catch (java.io.IOException e) {
      return error(400, "INVALID_REQUEST", "a sign-in is JSON: {\"user\": ..., \"password\": ...}");
    }
    String basic = "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password)
        .getBytes(StandardCharsets.UTF_8));
    Authenticator.Outcome outcome = authenticator.get().check(Optional.of(basic), request.remoteAddress());
    if (!(outcome instanceof Authenticator.Outcome.User signedIn)) {
      return outcome instanceof Authenticator.Outcome.Refused refused ? error(401, refused.error())
          : error(401, "INVALID_CREDENTIALS", "a user name and a password are needed");
    }
    UiSessions.UiSession session = sessions.start(signedIn.name());
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("user", session.user());
    body.put("csrf", session.csrf());
    return new AvaticaHttpHandler.Reply(200, bytes(body), JSON, Map.of("Set-Cookie", UiSessions.cookie(session, https)));
  }

  /** {@code POST /ui/logout}: the session ends and the browser forgets its cookie. */
  private AvaticaHttpHandler.Reply logout(AvaticaHttpHandler.Request request) {
    Optional<UiSessions.UiSession> session = sessions.find(request.header("cookie"));
    if (session.isPresent()) {
      if (!request.header("x-flowgate-csrf").filter(session.get().csrf()::equals).isPresent() || !sameOrigin(request)) {
        return error(403, "CROSS_SITE_REQUEST", "a sign-out carries this page's CSRF token");
      }
      sessions.end(session.get());
    }
    return new AvaticaHttpHandler.Reply(200, "{}".getBytes(StandardCharsets.UTF_8), JSON,
        Map.of("Set-Cookie", UiSessions.cookie(null, https)));
  }

  /** Avatica's protocol: a POST to any path but the API's and the UI's (its clients post to the URL they were given). */
  private static boolean isAvatica(AvaticaHttpHandler.Request request) {
    return request.method().equals("POST") && !request.path().startsWith("/api/")
        && !request.path().startsWith("/ui/");
  }

  private static AvaticaHttpHandler.Reply error(int status, io.flowgate.engine.error.EngineException error) {
    return error(status, error.qualifiedClass(), error.getMessage());
  }

  private static AvaticaHttpHandler.Reply error(int status, String errorClass, String message) {
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("error_class", errorClass);
    body.put("message", message);
    return json(status, body);
  }

  private static AvaticaHttpHandler.Reply json(int status, Map<String, Object> body) {
    return new AvaticaHttpHandler.Reply(status, bytes(body), JSON);
  }

  private static byte[] bytes(Map<String, Object> body) {
    try {
      return READER.writeValueAsBytes(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  @Override
  public void abandoned(AvaticaHttpHandler.Request request) {
    avatica.abandoned(request);
  }

  private static AvaticaHttpHandler.Reply json(int status, String body) {
    return new AvaticaHttpHandler.Reply(status, body.getBytes(StandardCharsets.UTF_8), JSON);
  }
}
