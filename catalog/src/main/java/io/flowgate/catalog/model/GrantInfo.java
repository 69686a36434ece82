package io.flowgate.catalog.model;

import java.util.List;

/**
 * One privilege on one securable held by one principal. {@code securable} is the object's name parts: [catalog],
 * [catalog, schema], or [catalog, schema, name] for a table, view, function or volume.
 */
public record GrantInfo(Securable kind, List<String> securable, String principal, String privilege) {
  public GrantInfo {
    securable = List.copyOf(securable);
  }

  /** What a grant is on; ANY_FILE (no name) is reading files with {@code read_files}, as the vendor's legacy ACLs have it. */
  public enum Securable { CATALOG, SCHEMA, TABLE, FUNCTION, VOLUME, ANY_FILE }
}
