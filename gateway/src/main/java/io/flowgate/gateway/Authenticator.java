package io.flowgate.gateway;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.engine.Engine;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Checks the HTTP Basic credentials of each request against the users' passwords. A source address with {@code
 * failureLimit} failures within {@link #WINDOW} is refused without checking until the window passes, so passwords
 * cannot be guessed at the speed of the network.
 */
final class Authenticator {
  static final Duration WINDOW = Duration.ofMinutes(1);
  /** The user name that says the password is an access token. */
  static final String TOKEN_USER = "token";

  /** What a request's credentials came to: a user, a request to send credentials, or a refusal. */
  sealed interface Outcome {
    record User(String name) implements Outcome {}

    record Challenge() implements Outcome {}

    record Refused(EngineException error) implements Outcome {}
  }

  private final Engine engine;
  private final int failureLimit;
  private final Cache<String, AtomicInteger> failures = Caffeine.newBuilder().maximumSize(100_000)
      .expireAfterWrite(WINDOW).build();

  Authenticator(Engine engine, int failureLimit) {
    this.engine = engine;
    this.failureLimit = failureLimit;
  }

  Outcome check(Optional<String> authorization, String remoteAddress) {
    if (authorization.isEmpty() || !authorization.get().regionMatches(true, 0, "Basic ", 0, 6)) {
      return new Outcome.Challenge();
    }
    AtomicInteger failed = failures.getIfPresent(remoteAddress);
    if (failed != null && failed.get() >= failureLimit) {
      return new Outcome.Refused(EngineException.of(ErrorClass.LOGIN_RATE_LIMITED)
          .parameter("seconds", WINDOW.toSeconds()).build());
    }
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(authorization.get().substring(6).strip()),
          StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      decoded = "";
    }
    int colon = decoded.indexOf(':');
    String user = colon < 0 ? "" : decoded.substring(0, colon).toLowerCase(Locale.ROOT);
    String password = colon < 0 ? "" : decoded.substring(colon + 1);
    if (user.equals(TOKEN_USER)) {
      // As the vendor's drivers send a personal access token: user "token", the token as the password.
      Optional<String> owner = engine.authenticateToken(password);
      if (owner.isPresent()) {
        return new Outcome.User(owner.get());
      }
    } else if (!user.isEmpty() && engine.authenticate(user, password)) {
      return new Outcome.User(user);
    }
    failures.get(remoteAddress, address -> new AtomicInteger()).incrementAndGet();
    return new Outcome.Refused(EngineException.of(ErrorClass.INVALID_CREDENTIALS).build());
  }
}
