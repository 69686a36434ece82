package io.flowgate.engine.sql.tree;

import io.flowgate.engine.sql.tree.Expression.SortItem;
import java.util.List;
import java.util.Optional;

/** A query with its CTEs, ordering and row limits; a statement on its own or nested in others. */
public record Query(Span span, List<WithQuery> with, QueryBody body, List<SortItem> orderBy,
    Optional<Expression> limit, Optional<Expression> offset) implements Statement {
  public Query {
    with = List.copyOf(with);
    orderBy = List.copyOf(orderBy);
  }

  public static Query of(QueryBody body) {
    return new Query(body.span(), List.of(), body, List.of(), Optional.empty(), Optional.empty());
  }

  /**
   * A CTE. {@code recursive} when it stands in a WITH RECURSIVE, where its query may read it: {@code anchor UNION ALL
   * step}, at most {@code maxRecursionLevel} steps deep (the dialect's default when empty).
   */
  public record WithQuery(Span span, String name, List<String> columns, Query query, boolean recursive,
      Optional<Integer> maxRecursionLevel) implements Node {
    public WithQuery {
      columns = List.copyOf(columns);
    }
  }
}
