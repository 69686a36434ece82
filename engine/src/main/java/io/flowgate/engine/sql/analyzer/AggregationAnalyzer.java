package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.TreeEquality;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The aggregation structure of one SELECT block, checked before anything runs: no aggregate in WHERE or GROUP BY,
 * none nested in another, and, when the block aggregates, every column its select list and HAVING read outside an
 * aggregate is one it groups by. These are decided from the statement alone, so they hold whether the table is
 * empty or not. Subqueries are blocks of their own and are not looked into.
 */
public final class AggregationAnalyzer {
  /**
   * Resolves a column reference of the block to the column it names, as a value equal for the same column; empty
   * when it names no column of the block's FROM clause (an outer query's column, a field of a struct, a select alias,
   * or nothing, which resolution reports on its own).
   */
  public interface Columns {
    Optional<Object> resolve(ColumnRef reference);
  }

  private final Select select;
  private final Columns columns;
  private final FunctionTraits functions;
  private final TreeEquality same;

  private AggregationAnalyzer(Select select, Columns columns, FunctionTraits functions) {
    this.select = select;
    this.columns = columns;
    this.functions = functions;
    this.same = TreeEquality.resolving(columns::resolve);
  }

  /**
   * Checks {@code select}, whose output columns are {@code outputs} (a {@code *} expanded to one reference per
   * column), in that order.
   */
  public static void check(Select select, List<Expression> outputs, Columns columns, FunctionTraits functions) {
    new AggregationAnalyzer(select, columns, functions).check(outputs);
  }

  private void check(List<Expression> outputs) {
    select.where().ifPresent(where -> {
      List<FunctionCall> invalid = new ArrayList<>(aggregates(where));
      invalid.addAll(Calls.of(where, Calls.windows()));
      if (!invalid.isEmpty()) {
        throw EngineException.of(ErrorClass.INVALID_WHERE_CONDITION)
            .parameter("condition", quoted(where))
            .parameter("expressionList", invalid.stream().map(AggregationAnalyzer::quoted).toList().toString())
            .at(where.span()).build();
      }
    });
    for (Expression key : select.groupBy()) {
      aggregates(key).stream().findFirst().ifPresent(aggregate -> {
        throw EngineException.of(ErrorClass.GROUP_BY_AGGREGATE).parameter("sqlExpr", quoted(aggregate))
            .at(aggregate.span()).build();
      });
    }
    List<Expression> checked = new ArrayList<>(outputs);
    select.having().ifPresent(checked::add);
    select.qualify().ifPresent(checked::add);
    List<FunctionCall> aggregates = new ArrayList<>();
    for (Expression expression : checked) {
      aggregates.addAll(aggregates(expression));
    }
    for (FunctionCall aggregate : aggregates) {
      for (Node argument : TreeScanner.children(aggregate)) {
        aggregates(argument).stream().findFirst().ifPresent(nested -> {
          throw EngineException.of(ErrorClass.NESTED_AGGREGATE_FUNCTION).at(nested.span()).build();
        });
      }
    }
    if (select.groupBy().isEmpty() && aggregates.isEmpty()) {
      return;
    }
    List<Expression> keys = groupKeys(outputs);
    Set<Object> groupedColumns = new HashSet<>();
    for (Expression key : keys) {
      if (key instanceof ColumnRef reference) {
        columns.resolve(reference).ifPresent(groupedColumns::add);
      }
    }
    for (Expression expression : checked) {
      new Grouped(keys, groupedColumns).visit(expression, null);
    }
  }

  /**
   * The GROUP BY expressions, with positions (which must be in the select list) and select aliases replaced by the
   * select items they name.
   */
  private List<Expression> groupKeys(List<Expression> outputs) {
    List<Expression> keys = new ArrayList<>();
    for (Expression key : select.groupBy()) {
      if (key instanceof Literal literal && literal.kind() == LiteralKind.INTEGER) {
        int position = position(literal);
        if (position < 1 || position > outputs.size()) {
          throw EngineException.of(ErrorClass.GROUP_BY_POS_OUT_OF_RANGE).parameter("index", literal.text())
              .parameter("size", outputs.size()).at(literal.span()).build();
        }
        keys.add(outputs.get(position - 1));
      } else if (key instanceof ColumnRef reference && reference.parts().size() == 1
          && columns.resolve(reference).isEmpty()) {
        keys.add(aliased(reference.name()).orElse(key));
      } else {
        keys.add(key);
      }
    }
    return keys;
  }

  private Optional<Expression> aliased(String name) {
    for (SelectItem item : select.items()) {
      if (item instanceof SingleColumn single && single.alias().filter(name::equalsIgnoreCase).isPresent()) {
        return Optional.of(single.expression());
      }
    }
    return Optional.empty();
  }

  /** A select-list position as written (with any type suffix), or 0 when it is no INT at all. */
  public static int position(Literal literal) {
    try {
      return Integer.parseInt(literal.text().replaceAll("[LlSsYy]$", ""));
    } catch (NumberFormatException notAnInt) {
      return 0;
    }
  }

  private boolean isAggregate(FunctionCall call) {
    return Calls.aggregates(functions).test(call);
  }

  /** The outermost aggregate calls of this block in {@code node}, window functions' arguments included. */
  private List<FunctionCall> aggregates(Node node) {
    return Calls.of(node, this::isAggregate);
  }

  /** Fails on the first column read outside an aggregate that the block does not group by. */
  private final class Grouped extends TreeScanner<Void> {
    private final List<Expression> keys;
    private final Set<Object> groupedColumns;

    Grouped(List<Expression> keys, Set<Object> groupedColumns) {
      this.keys = keys;
      this.groupedColumns = groupedColumns;
    }

    @Override
    public Void visit(Node node, Void context) {
      if (node instanceof Expression expression && keys.stream().anyMatch(key -> same.test(key, expression))) {
        return null;
      }
      return super.visit(node, context);
    }

    @Override
    protected Void visitFunctionCall(FunctionCall call, Void context) {
      // grouping(k) names a key, which GroupingSets checks with its own error
      boolean grouping = call.name().equals("grouping") || call.name().equals("grouping_id");
      return isAggregate(call) || grouping ? null : super.visitFunctionCall(call, context);
    }

    @Override
    protected Void visitColumnRef(ColumnRef reference, Void context) {
      Optional<Object> column = columns.resolve(reference);
      if (column.isPresent() && !groupedColumns.contains(column.get())) {
        String name = String.join(".", reference.parts());
        throw EngineException.of(ErrorClass.MISSING_AGGREGATION).parameter("expression", "\"" + name + "\"")
            .parameter("expressionAnyValue", "\"any_value(" + name + ")\"").at(reference.span()).build();
      }
      return null;
    }

    @Override
    protected Void visitQuery(Query query, Void context) {
      return null;
    }
  }

  private static String quoted(Expression expression) {
    return "\"" + ExpressionNames.name(expression) + "\"";
  }
}
