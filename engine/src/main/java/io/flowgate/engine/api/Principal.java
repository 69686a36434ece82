package io.flowgate.engine.api;

import static java.util.Objects.requireNonNull;

/** Who a session acts for; authenticated by the gateway before the session is opened. */
public record Principal(String name) {
  public Principal {
    requireNonNull(name, "name is null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a principal needs a name");
    }
  }
}
