package io.flowgate.gateway.meta;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The user an authenticated request runs as, for the worker thread serving it. Empty under trust, where the user
 * comes from the connection's properties. {@link EngineMeta} binds a connection to the user who opened it and
 * serves it to no one else.
 */
public final class RequestUser {
  private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  private RequestUser() {}

  public static <T> T as(String user, Supplier<T> work) {
    CURRENT.set(user);
    try {
      return work.get();
    } finally {
      CURRENT.remove();
    }
  }

  static Optional<String> current() {
    return Optional.ofNullable(CURRENT.get());
  }
}
