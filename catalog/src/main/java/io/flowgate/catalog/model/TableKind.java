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

  /** Whether only its flows write it (a streaming table, a materialized view): no DML, TRUNCATE or ALTER. */
  public boolean writtenByFlows() {
    return this == STREAMING_TABLE || this == MATERIALIZED_VIEW;
  }
}
