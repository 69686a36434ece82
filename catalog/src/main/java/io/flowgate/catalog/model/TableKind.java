package io.flowgate.catalog.model;

/** What a table is; JDBC clients see MANAGED and the pipeline kinds as TABLE, and VIEW as VIEW. */
public enum TableKind {
  MANAGED("TABLE"),
  VIEW("VIEW"),
  STREAMING_TABLE("TABLE"),
  MATERIALIZED_VIEW("VIEW");

  private final String jdbcType;

  TableKind(String jdbcType) {
    this.jdbcType = jdbcType;
  }

  public String jdbcType() {
    return jdbcType;
  }
}
