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
 * pipeline: only flows read it; it is not published to listings or queries.
 */
public record TableInfo(long id, TableName name, TableKind kind, String storageName, List<ColumnInfo> columns,
    Optional<String> comment, Map<String, String> properties, List<String> partitionBy, List<String> clusterBy,
    Optional<String> location, Optional<String> viewSql, List<KeyInfo> keys, String owner, Instant created,
    boolean pipelinePrivate) {
  public TableInfo {
    requireNonNull(name, "name is null");
    requireNonNull(kind, "kind is null");
    columns = List.copyOf(columns);
    properties = Map.copyOf(properties);
    partitionBy = List.copyOf(partitionBy);
    clusterBy = List.copyOf(clusterBy);
    keys = List.copyOf(keys);
  }

  public Optional<ColumnInfo> column(String name) {
    return columns.stream().filter(column -> column.name().equalsIgnoreCase(name)).findFirst();
  }
}
