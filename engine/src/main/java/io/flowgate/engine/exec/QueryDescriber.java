package io.flowgate.engine.exec;

import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.plan.PlannedQuery;
import java.util.List;

/**
 * The result columns of a planned query as clients see them: the translator's names, types and nullability. H2 is
 * not asked: what it would say of a column is what the dialect's rules make it, by the casts the translator writes.
 */
public final class QueryDescriber {
  private QueryDescriber() {}

  public static List<ResultColumn> columns(PlannedQuery query) {
    return query.columns().stream()
        .map(column -> new ResultColumn(column.name(), column.type(), column.nullable())).toList();
  }
}
