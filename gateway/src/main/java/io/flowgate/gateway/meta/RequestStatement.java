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

  public Optional<String> statementId() {
    return Optional.ofNullable(statementId);
  }
}
