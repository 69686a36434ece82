package io.flowgate.catalog.model;

import static java.util.Objects.requireNonNull;

import io.flowgate.catalog.TableName;
import java.util.Optional;

/**
 * A table whose catalog rows could not be read, with what was wrong. It is kept so that statements naming it can
 * say why it cannot be used, and so that it can still be dropped (by {@code id}, and its {@code storageName}).
 */
public record UnreadableTable(long id, TableName name, Optional<String> storageName, String reason) {
  public UnreadableTable {
    requireNonNull(name, "name is null");
    requireNonNull(reason, "reason is null");
  }
}
