package io.flowgate.engine.plan;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/** A query ready for H2: the statement and the columns the client sees (type empty where H2 decides it). */
public record PlannedQuery(H2Statement statement, List<Column> columns) {
  public PlannedQuery {
    columns = List.copyOf(columns);
  }

  public record Column(String name, Optional<SqlType> type) {}
}
