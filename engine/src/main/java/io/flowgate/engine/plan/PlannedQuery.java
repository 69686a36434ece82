package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * A query ready for H2: its {@link Analysis} written as SQL (as a tree, for statements built around it, and printed
 * once), with what the analysis found: the columns the client sees, the files whose rows must be staged before it
 * runs, the tables and views the statement names, and the types its client parameters are expected to have.
 */
public record PlannedQuery(Sql sql, H2Statement statement, List<Analysis.Column> columns,
    List<StreamSources.FileRead> fileReads, List<Analysis.Read> reads, List<Optional<SqlType>> parameterTypes) {
  public PlannedQuery {
    columns = List.copyOf(columns);
    fileReads = List.copyOf(fileReads);
    reads = List.copyOf(reads);
    parameterTypes = List.copyOf(parameterTypes);
  }

  /** The analyzed query written for H2. */
  public static PlannedQuery of(Analysis analysis) {
    Sql sql = QueryWriter.query(analysis.query());
    return new PlannedQuery(sql, sql.statement(), analysis.columns(), analysis.fileReads(), analysis.reads(),
        analysis.parameterTypes());
  }

  /** Whether the statement binds nothing but its own constants: no parameter markers (what a view may hold). */
  public boolean bindsOnlyConstants() {
    return statement.bindings().stream().allMatch(binding -> binding instanceof Binding.Constant);
  }
}
