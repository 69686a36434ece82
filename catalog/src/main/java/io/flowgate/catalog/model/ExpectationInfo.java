package io.flowgate.catalog.model;

/**
 * A data-quality expectation on a streaming table: a row-level condition (dialect text) and what a violating row
 * does: stays and is counted (WARN), is dropped (DROP_ROW), or fails the update (FAIL_UPDATE).
 */
public record ExpectationInfo(String name, String expressionSql, Action action) {
  public enum Action { WARN, DROP_ROW, FAIL_UPDATE }
}
