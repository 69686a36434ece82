package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * What the analysis of a query found, before any H2 SQL is written: the query as an analyzed tree, the columns the
 * client sees (as the analysis typed them), the files whose rows must be staged before it runs, the tables and views
 * the statement names (not what a view or a policy reads inside: those are their owners'), and the types its client
 * parameters are expected to have (empty where nothing around a parameter tells; the list may be shorter than the
 * statement's parameters). {@code plan.PlannedQuery} is it written for H2.
 */
public final class Analysis {
  private final AnalyzedQuery query;
  private final List<Column> columns;
  private final List<StreamSources.FileRead> fileReads;
  private final List<Read> reads;
  private final List<Optional<SqlType>> parameterTypes;

  Analysis(AnalyzedQuery query, List<Column> columns, List<StreamSources.FileRead> fileReads, List<Read> reads,
      List<Optional<SqlType>> parameterTypes) {
    this.query = query;
    this.columns = List.copyOf(columns);
    this.fileReads = List.copyOf(fileReads);
    this.reads = List.copyOf(reads);
    this.parameterTypes = List.copyOf(parameterTypes);
  }

  /** A result column: its name, its type, and whether it can be NULL (true unless known otherwise). */
  public record Column(String name, SqlType type, boolean nullable) {}

  /**
   * A table or view the statement names. {@code kind} is empty for an {@code information_schema} view; a read
   * through a row filter or column masks says so, without what they are.
   */
  public record Read(TableName table, Optional<TableKind> kind, boolean rowFilter, int maskedColumns,
      boolean streaming) {}

  public AnalyzedQuery query() {
    return query;
  }

  public List<Column> columns() {
    return columns;
  }

  public List<Read> reads() {
    return reads;
  }

  public List<StreamSources.FileRead> fileReads() {
    return fileReads;
  }

  public List<Optional<SqlType>> parameterTypes() {
    return parameterTypes;
  }
}
