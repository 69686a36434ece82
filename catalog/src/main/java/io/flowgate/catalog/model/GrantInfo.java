package io.flowgate.catalog.model;

import java.util.List;

/**
 * One privilege on one securable held by one principal. {@code securable} is the object's name parts: [catalog],
 * [catalog, schema], or [catalog, schema, name] for a table, view or function.
 */
public record GrantInfo(Securable kind, List<String> securable, String principal, String privilege) {
  public GrantInfo {
    securable = List.copyOf(securable);
  }

  public enum Securable { CATALOG, SCHEMA, TABLE, FUNCTION }
}
