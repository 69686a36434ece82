package io.flowgate.catalog.model;

import java.time.Instant;
import java.util.Optional;

/** A user or a group. Only users have a password, kept as a salted slow hash, never as given. */
public record PrincipalInfo(String name, Kind kind, Optional<String> passwordHash, Instant created) {
  public enum Kind { USER, GROUP }
}
