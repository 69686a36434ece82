package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/** The part of a query that produces rows: a SELECT block, a set operation, VALUES or a nested query. */
public sealed interface QueryBody extends Node {

  record Select(Span span, boolean distinct, List<SelectItem> items, Optional<Relation> from,
      Optional<Expression> where, List<Expression> groupBy, Optional<Expression> having,
      Optional<Expression> qualify) implements QueryBody {
    public Select {
      items = List.copyOf(items);
      groupBy = List.copyOf(groupBy);
    }
  }

  enum SetOperator { UNION, INTERSECT, EXCEPT }

  record SetOperation(Span span, SetOperator operator, boolean all, QueryBody left, QueryBody right)
      implements QueryBody {}

  record Values(Span span, List<List<Expression>> rows) implements QueryBody {
    public Values {
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  record Nested(Span span, Query query) implements QueryBody {}

  sealed interface SelectItem extends Node {}

  /**
   * {@code *} or {@code t.*}, optionally {@code * EXCEPT (c, ...)}; the qualifier names a relation of the FROM clause,
   * {@code except} the columns left out.
   */
  record AllColumns(Span span, List<String> qualifier, List<String> except) implements SelectItem {
    public AllColumns {
      qualifier = List.copyOf(qualifier);
      except = List.copyOf(except);
    }

    public AllColumns(Span span, List<String> qualifier) {
      this(span, qualifier, List.of());
    }
  }

  record SingleColumn(Span span, Expression expression, Optional<String> alias) implements SelectItem {}
}
