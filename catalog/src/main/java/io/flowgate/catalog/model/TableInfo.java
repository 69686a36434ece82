package io.flowgate.catalog.model;

import static java.util.Objects.requireNonNull;

import io.flowgate.catalog.TableName;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table or view. {@code storageName} is the H2 table the catalog generated for it (never user text);
 * {@code viewSql} is a view's query text in the dialect. A {@code pipelinePrivate} table is a PRIVATE dataset of a
 * pipeline: only flows read it; it is not published to listings or queries. {@code policies} are its row filter
 * and column masks, which every read of it applies.
 */
public record TableInfo(long id, TableName name, TableKind kind, String storageName, List<ColumnInfo> columns,
    Optional<String> comment, Map<String, String> properties, List<String> partitionBy, List<String> clusterBy,
    boolean clusterAuto, Optional<String> location, Optional<String> viewSql, List<KeyInfo> keys, String owner, Instant created,
    boolean pipelinePrivate, List<PolicyInfo> policies) {
  public TableInfo {
    requireNonNull(name, "name is null");
    requireNonNull(kind, "kind is null");
    columns = List.copyOf(columns);
    properties = Map.copyOf(properties);
    partitionBy = List.copyOf(partitionBy);
    clusterBy = List.copyOf(clusterBy);
    keys = List.copyOf(keys);
    policies = List.copyOf(policies);
  }

  /** This table with another comment and columns (COMMENT ON). */
  public TableInfo described(Optional<String> newComment, List<ColumnInfo> newColumns) {
    return new TableInfo(id, name, kind, storageName, newColumns, newComment, properties, partitionBy, clusterBy,
        clusterAuto, location, viewSql, keys, owner, created, pipelinePrivate, policies);
  }

  /** This table with other columns and policies (a column dropped or renamed). */
  public TableInfo withColumns(List<ColumnInfo> newColumns, List<PolicyInfo> newPolicies) {
    return new TableInfo(id, name, kind, storageName, newColumns, comment, properties, partitionBy, clusterBy,
        clusterAuto, location, viewSql, keys, owner, created, pipelinePrivate, newPolicies);
  }

  /** This table with other informational keys (ALTER TABLE ... ADD | DROP a key). */
  public TableInfo withKeys(List<KeyInfo> newKeys) {
    return new TableInfo(id, name, kind, storageName, columns, comment, properties, partitionBy, clusterBy,
        clusterAuto, location, viewSql, newKeys, owner, created, pipelinePrivate, policies);
  }

  public Optional<PolicyInfo> rowFilter() {
    return policies.stream().filter(PolicyInfo::rowFilter).findFirst();
  }

  /** The mask of a column, if it has one. */
  public Optional<PolicyInfo> mask(String column) {
    return policies.stream().filter(policy -> policy.column().filter(column::equalsIgnoreCase).isPresent())
        .findFirst();
  }

  public Optional<ColumnInfo> column(String name) {
    return columns.stream().filter(column -> column.name().equalsIgnoreCase(name)).findFirst();
  }
}
