package io.flowgate.engine.plan;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * What the analysis of a query found, before any H2 SQL is written: the query as an analyzed tree, the columns the
 * client sees, the files whose rows must be staged before it runs, the tables and views the statement names, and the
 * types its client parameters are expected to have. {@link #written()} hands it to the writers.
 */
public final class Analysis {
  private final AnalyzedQuery query;
  private final List<PlannedQuery.Column> columns;
  private final List<StreamSources.FileRead> fileReads;
  private final List<PlannedQuery.Read> reads;
  private final List<Optional<SqlType>> parameterTypes;

  Analysis(AnalyzedQuery query, List<PlannedQuery.Column> columns, List<StreamSources.FileRead> fileReads,
      List<PlannedQuery.Read> reads, List<Optional<SqlType>> parameterTypes) {
    this.query = query;
    this.columns = List.copyOf(columns);
    this.fileReads = List.copyOf(fileReads);
    this.reads = List.copyOf(reads);
    this.parameterTypes = List.copyOf(parameterTypes);
  }

  public List<PlannedQuery.Column> columns() {
    return columns;
  }

  public List<PlannedQuery.Read> reads() {
    return reads;
  }

  public List<StreamSources.FileRead> fileReads() {
    return fileReads;
  }

  /** The query written for H2. */
  public PlannedQuery written() {
    return PlannedQuery.of(QueryWriter.query(query), columns, fileReads, reads, parameterTypes);
  }
}
