package io.flowgate.gateway;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * The UI's sign-ins under {@code --auth password}: a session is a random token the browser keeps in an HttpOnly,
 * SameSite=Strict cookie (no script reads it), with a second random token, its CSRF token, that the page sends in a
 * header with each action; a forged request from another site carries the cookie but cannot know the header. A
 * session idle for {@link #IDLE} ends; so do all of them when the gateway stops. Thread-safe.
 */
final class UiSessions {
  static final String COOKIE = "flowgate_session";
  static final Duration IDLE = Duration.ofHours(8);

  /** One sign-in: who, and the token its actions must carry. */
  record UiSession(String token, String user, String csrf) {}

  private final SecureRandom random = new SecureRandom();
  private final Cache<String, UiSession> sessions = Caffeine.newBuilder().maximumSize(100_000)
      .expireAfterAccess(IDLE).build();

  UiSession start(String user) {
    UiSession session = new UiSession(token(), user, token());
    sessions.put(session.token(), session);
    return session;
  }

  /** The session a Cookie header names, if it is one that has not ended. */
  Optional<UiSession> find(Optional<String> cookies) {
    return cookies.flatMap(UiSessions::token).map(sessions::getIfPresent);
  }

  void end(UiSession session) {
    sessions.invalidate(session.token());
  }

  /** The Set-Cookie value that keeps {@code session} in the browser, or (null) forgets it. */
  static String cookie(UiSession session, boolean https) {
    String value = session == null ? "" : session.token();
    return COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict" + (https ? "; Secure" : "")
        + (session == null ? "; Max-Age=0" : "");
  }

  private static Optional<String> token(String cookies) {
    for (String part : cookies.split(";")) {
      String pair = part.strip();
      if (pair.startsWith(COOKIE + "=")) {
        String value = pair.substring(COOKIE.length() + 1);
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
      }
    }
    return Optional.empty();
  }

  private String token() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
