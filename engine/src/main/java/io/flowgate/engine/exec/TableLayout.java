package io.flowgate.engine.exec;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Ddl.TableClauses;
import io.flowgate.engine.sql.tree.Span;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The clauses of a table definition that say how its data is laid out: the format, PARTITIONED BY and CLUSTER BY.
 * Flowgate keeps every table the same way, so these are metadata; they are checked as the dialect checks them, so
 * that a definition Flowgate accepts is one the vendor would accept too.
 */
public final class TableLayout {
  private TableLayout() {}

  /**
   * Checks the layout clauses against the table's columns (not checked while a table has none yet: a streaming
   * table whose flows come later). A table that flows write ({@code flowTable}) is a Delta table.
   */
  public static void check(TableClauses clauses, List<ColumnInfo> columns, TableName name, boolean flowTable,
      Span span) {
    Optional<String> using = clauses.using();
    if (flowTable && using.isPresent() && !using.get().equalsIgnoreCase("DELTA")) {
      throw Errors.notSupported("USING " + using.get().toUpperCase(Locale.ROOT) + " on a table that flows write (its"
          + " format is DELTA, the only one the dialect allows there)", span);
    }
    if (!clauses.partitionBy().isEmpty() && (!clauses.clusterBy().isEmpty() || clauses.clusterAuto())) {
      throw EngineException.of(ErrorClass.SPECIFY_CLUSTER_BY_WITH_PARTITIONED_BY_IS_NOT_ALLOWED).at(span).build();
    }
    if (columns.isEmpty()) {
      return;
    }
    for (String partition : clauses.partitionBy()) {
      ColumnInfo column = defined(partition, "Partition", columns, name, span);
      if (column.identity().isPresent()) {
        throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_PARTITION_NOT_SUPPORTED)
            .parameter("colName", Errors.quote(column.name())).at(span).build();
      }
    }
    for (String cluster : clauses.clusterBy()) {
      defined(cluster, "Clustering", columns, name, span);
    }
  }

  private static ColumnInfo defined(String wanted, String role, List<ColumnInfo> columns, TableName table,
      Span span) {
    return columns.stream().filter(column -> column.name().equalsIgnoreCase(wanted)).findFirst()
        .orElseThrow(() -> EngineException.of(ErrorClass.COLUMN_NOT_DEFINED_IN_TABLE).parameter("colType", role)
            .parameter("colName", Errors.quote(wanted)).parameter("tableName", Errors.quote(table.parts()))
            .parameter("tableCols", columns.stream().map(column -> Errors.quote(column.name()))
                .collect(Collectors.joining(", ")))
            .at(span).build());
  }
}
