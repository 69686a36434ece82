package io.flowgate.engine.plan;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * A query ready for H2: its SQL (as a tree, for statements built around it, and printed once), the columns the
 * client sees (as the translator typed them), the files whose rows must be staged before it runs, and the tables
 * and views the statement names (not what a view or a policy reads inside: those are their owners'), and the types
 * its client parameters are expected to have (empty where nothing around a parameter tells; the list may be
 * shorter than the statement's parameters).
 */
public record PlannedQuery(Sql sql, H2Statement statement, List<Column> columns,
    List<StreamSources.FileRead> fileReads, List<Read> reads, List<Optional<SqlType>> parameterTypes) {
  public PlannedQuery {
    columns = List.copyOf(columns);
    fileReads = List.copyOf(fileReads);
    reads = List.copyOf(reads);
    parameterTypes = List.copyOf(parameterTypes);
  }

  static PlannedQuery of(Sql sql, List<Column> columns, List<StreamSources.FileRead> fileReads, List<Read> reads,
      List<Optional<SqlType>> parameterTypes) {
    return new PlannedQuery(sql, sql.statement(), columns, fileReads, reads, parameterTypes);
  }

  /** A result column: its name, its type, and whether it can be NULL (true unless known otherwise). */
  public record Column(String name, SqlType type, boolean nullable) {}

  /** Whether the statement binds nothing but its own constants: no parameter markers (what a view may hold). */
  public boolean bindsOnlyConstants() {
    return statement.bindings().stream().allMatch(binding -> binding instanceof Binding.Constant);
  }

  /**
   * A table or view the statement names. {@code kind} is empty for an {@code information_schema} view; a read
   * through a row filter or column masks says so, without what they are.
   */
  public record Read(TableName table, Optional<TableKind> kind, boolean rowFilter, int maskedColumns,
      boolean streaming) {}
}
