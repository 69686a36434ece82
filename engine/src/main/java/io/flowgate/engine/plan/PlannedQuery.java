package io.flowgate.engine.plan;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * A query ready for H2: the statement, the columns the client sees (type empty where H2 decides it), and the files
 * whose rows must be staged before it runs.
 */
public record PlannedQuery(H2Statement statement, List<Column> columns, List<StreamSources.FileRead> fileReads) {
  public PlannedQuery {
    columns = List.copyOf(columns);
    fileReads = List.copyOf(fileReads);
  }

  public record Column(String name, Optional<SqlType> type) {}
}
