package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/** The part of a query that produces rows: a SELECT block, a set operation, VALUES or a nested query. */
public sealed interface QueryBody extends Node {

  /**
   * A SELECT block. {@code groupingSets} is empty for a plain GROUP BY; for GROUPING SETS, ROLLUP or CUBE it lists
   * each set as positions into {@code groupBy}, which then holds every key once.
   */
  record Select(Span span, boolean distinct, List<SelectItem> items, Optional<Relation> from,
      Optional<Expression> where, List<Expression> groupBy, List<List<Integer>> groupingSets,
      Optional<Expression> having, Optional<Expression> qualify) implements QueryBody {
    public Select {
      items = List.copyOf(items);
      groupBy = List.copyOf(groupBy);
      groupingSets = groupingSets.stream().map(List::copyOf).toList();
    }

    /** A block that neither groups nor filters groups. */
    public static Select of(Span span, List<? extends SelectItem> items, Optional<Relation> from,
        Optional<Expression> where) {
      return new Select(span, false, List.copyOf(items), from, where, List.of(), List.of(), Optional.empty(),
          Optional.empty());
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
