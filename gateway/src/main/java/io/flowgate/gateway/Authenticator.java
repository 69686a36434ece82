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

/**
 * Checks the HTTP Basic credentials of each request against the users' passwords. Failed logins are counted per
 * source address and user name: after {@code failureLimit} of them that pair is shut out, for one {@link #WINDOW}
 * and then twice as long after each further failure (at most {@link #MAX_LOCK}), and its attempts are refused
 * without being checked, so passwords cannot be guessed at the speed of the network. Other users at the address,
 * and sessions whose credentials passed lately, go on. The count is forgotten {@link #MAX_LOCK} after the last
 * failure.
 */
final class Authenticator {
  static final Duration WINDOW = Duration.ofMinutes(1);
  static final Duration MAX_LOCK = Duration.ofMinutes(15);
  /** The user name that says the password is an access token. */
  static final String TOKEN_USER = "token";

  /** What a request's credentials came to: a user, a request to send credentials, or a refusal. */
  sealed interface Outcome {
    record User(String name) implements Outcome {}

    record Challenge() implements Outcome {}

    record Refused(EngineException error) implements Outcome {}
  }

  /** Failed logins of one address and user name, and until when they are shut out. */
  private static final class Failures {
    int count;
    long lockedUntilNanos;
  }

  private final Engine engine;
  private final int failureLimit;
  private final Cache<String, Failures> failures = Caffeine.newBuilder().maximumSize(100_000)
      .expireAfterWrite(MAX_LOCK).build();

  Authenticator(Engine engine, int failureLimit) {
    this.engine = engine;
    this.failureLimit = failureLimit;
  }

  /** The user name HTTP Basic credentials give, unchecked (for fair shares of the workers, and under trust). */
  static Optional<String> basicUser(String authorization) {
    if (!authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return Optional.empty();
    }
    try {
      String credentials = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
          StandardCharsets.UTF_8);
      int colon = credentials.indexOf(':');
      return colon > 0 ? Optional.of(credentials.substring(0, colon).toLowerCase(Locale.ROOT)) : Optional.empty();
    } catch (IllegalArgumentException malformed) {
      return Optional.empty();
    }
  }

  Outcome check(Optional<String> authorization, String remoteAddress) {
    if (authorization.isEmpty() || !authorization.get().regionMatches(true, 0, "Basic ", 0, 6)) {
      return new Outcome.Challenge();
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
    String key = remoteAddress + "\n" + user;
    Failures failed = failures.getIfPresent(key);
    long now = System.nanoTime();
    if (failed != null) {
      synchronized (failed) {
        long remaining = failed.lockedUntilNanos - now;
        // Checking a token or a remembered success is cheap; only these pass while the pair is shut out.
        boolean known = user.equals(TOKEN_USER) ? engine.authenticateToken(password).isPresent()
            : engine.recentlyAuthenticated(user, password);
        if (remaining > 0 && !known) {
          return new Outcome.Refused(EngineException.of(ErrorClass.LOGIN_RATE_LIMITED)
              .parameter("seconds", Math.max(1, Duration.ofNanos(remaining).toSeconds())).build());
        }
      }
    }
    if (user.equals(TOKEN_USER)) {
      // As the vendor's drivers send a personal access token: user "token", the token as the password.
      Optional<String> owner = engine.authenticateToken(password);
      if (owner.isPresent()) {
        return new Outcome.User(owner.get());
      }
    } else if (!user.isEmpty() && engine.authenticate(user, password)) {
      return new Outcome.User(user);
    }
    Failures counted = failures.get(key, any -> new Failures());
    synchronized (counted) {
      counted.count++;
      if (counted.count >= failureLimit) {
        long lock = WINDOW.toNanos() << Math.min(10, counted.count - failureLimit);
        counted.lockedUntilNanos = now + Math.min(lock, MAX_LOCK.toNanos());
      }
    }
    failures.put(key, counted);
    return new Outcome.Refused(EngineException.of(ErrorClass.INVALID_CREDENTIALS).build());
  }
}
