package io.flowgate.catalog.model;

import static java.util.Objects.requireNonNull;

/**
 * A flow: a query that writes into a target table on every update. {@code querySql} is the dialect text of the
 * query, resolved in {@code catalog}.{@code schema} (where the flow was defined) when it runs, and among the private
 * datasets of {@code pipeline} when a pipeline project defined it.
 */
public record FlowInfo(long id, long targetId, String name, FlowKind kind, String querySql, String catalog,
    String schema, java.util.Optional<String> pipeline) {
  public FlowInfo {
    requireNonNull(name, "name is null");
    requireNonNull(kind, "kind is null");
    requireNonNull(querySql, "querySql is null");
    requireNonNull(pipeline, "pipeline is null");
  }

  /**
   * APPEND reads its streaming sources incrementally; ONCE runs its batch query once (again after FULL); AUTO_CDC
   * applies change events ({@code querySql} is then its AUTO CDC spec, from {@code FROM}), AUTO_CDC_ONCE those of a
   * batch query, once; REPLACE_WHERE replaces
   * the target rows its predicate matches with its batch query's rows on every update ({@code querySql} is then
   * {@code REPLACE WHERE predicate BY NAME query}).
   */
  public enum FlowKind { APPEND, ONCE, AUTO_CDC, AUTO_CDC_ONCE, REPLACE_WHERE }

  /** Whether the flow applies change events (AUTO CDC, streaming or ONCE). */
  public boolean autoCdc() {
    return kind == FlowKind.AUTO_CDC || kind == FlowKind.AUTO_CDC_ONCE;
  }

  /** Whether the flow reads a batch query once, and again only after a FULL refresh. */
  public boolean once() {
    return kind == FlowKind.ONCE || kind == FlowKind.AUTO_CDC_ONCE;
  }
}
