package io.flowgate.catalog.model;

import java.time.Instant;
import java.util.Optional;

/**
 * A personal access token: its public id, its user, and a SHA-256 hash of its secret (the secret itself is shown
 * once, when it is made, and never kept).
 */
public record AccessTokenInfo(String id, String user, String secretHash, Optional<String> comment, Instant created,
    Optional<Instant> expires) {
  public boolean expiredAt(Instant now) {
    return expires.filter(now::isAfter).isPresent();
  }
}
