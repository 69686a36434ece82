package io.flowgate.catalog.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A column. {@code type} is the dialect's spelling of the type; {@code defaultSql} and {@code generatedSql} are
 * expression text in the dialect, parsed by the engine when used.
 */
public record ColumnInfo(String name, String type, boolean nullable, Optional<String> defaultSql,
    Optional<String> generatedSql, Optional<IdentityInfo> identity, Optional<String> comment) {
  public ColumnInfo {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
  }

  public ColumnInfo withComment(Optional<String> newComment) {
    return new ColumnInfo(name, type, nullable, defaultSql, generatedSql, identity, newComment);
  }
}
