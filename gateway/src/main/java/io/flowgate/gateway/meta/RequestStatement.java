package io.flowgate.gateway.meta;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The client statement one HTTP request runs, if it runs one: set by {@link EngineMeta} on the worker thread serving
 * the request, read by the HTTP side when the request's connection closes before the answer, to cancel it (a client
 * that disappears mid-query does not leave its statement running).
 */
public final class RequestStatement {
  private static final ThreadLocal<RequestStatement> CURRENT = new ThreadLocal<>();

  private volatile String statementId;
  /** The user of the connection the request names, once it is known (for the log). */
  private volatile String user;

  /** Serves a request with {@code this} as the place its statement is recorded. */
  public <T> T serving(Supplier<T> work) {
    CURRENT.set(this);
    try {
      return work.get();
    } finally {
      CURRENT.remove();
    }
  }

  static void running(String statementId) {
    RequestStatement current = CURRENT.get();
    if (current != null) {
      current.statementId = statementId;
    }
  }

  static void user(String name) {
    RequestStatement current = CURRENT.get();
    if (current != null) {
      current.user = name;
    }
  }

  /** The user the request on this thread is for, once its connection is known; else the authenticated one. */
  static Optional<String> user() {
    RequestStatement current = CURRENT.get();
    return Optional.ofNullable(current == null ? null : current.user).or(RequestUser::current);
  }

  public Optional<String> statementId() {
    return Optional.ofNullable(statementId);
  }
}
