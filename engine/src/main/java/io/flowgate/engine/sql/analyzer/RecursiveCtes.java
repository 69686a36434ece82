package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query.WithQuery;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SetOperation;
import io.flowgate.engine.sql.tree.QueryBody.SetOperator;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation.Join;
import io.flowgate.engine.sql.tree.Relation.LateralView;
import io.flowgate.engine.sql.tree.Relation.TableRef;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeScanner;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks and the rewriting of a recursive CTE, {@code name AS (anchor UNION ALL step)}, which H2 runs as its own
 * recursive CTE. H2 knows no recursion depth, so the planner adds one: the anchor's rows are level 0, and the step
 * computes each row's level from the row of the CTE it read, through a function that fails once a row would reach
 * the limit (RECURSION_LEVEL_LIMIT_EXCEEDED, as the dialect counts: at most {@code limit - 1} steps give rows).
 */
final class RecursiveCtes {
  /** The dialect's default MAX RECURSION LEVEL. */
  static final int DEFAULT_MAX_LEVEL = 100;

  /** The hidden column of the CTE's self-reference that holds the level of the rows the step makes from it. */
  static final String NEXT_LEVEL = "\0next level";

  private RecursiveCtes() {}

  /** The parts of a recursive CTE: the rows it starts from and the step that reads the rows before. */
  record Parts(QueryBody anchor, Select step, List<String> self) {}

  /** Whether {@code with} is a recursive CTE that reads itself; a RECURSIVE one that does not is a plain CTE. */
  static boolean readsItself(WithQuery with) {
    return with.recursive() && !selfReferences(with.query(), with.name()).isEmpty();
  }

  /** {@code with}'s anchor and step, checked as the dialect requires. */
  static Parts parts(WithQuery with) {
    if (!(with.query().body() instanceof SetOperation union) || union.operator() != SetOperator.UNION
        || !union.all() || !with.query().with().isEmpty() || !with.query().orderBy().isEmpty()
        || with.query().limit().isPresent() || with.query().offset().isPresent()
        || !selfReferences(union.left(), with.name()).isEmpty()) {
      throw invalidCte(with.span());
    }
    if (!(union.right() instanceof Select step)) {
      throw invalidCte(union.right().span());
    }
    List<TableRef> references = selfReferences(step, with.name());
    if (references.size() > 1) {
      throw invalidReference("NUMBER", "Multiple self-references to one recursive CTE are not allowed.",
          references.get(1).span());
    }
    TableRef self = references.get(0);
    boolean inFrom = step.from().map(from -> readsInFrom(from, self, true)).orElse(false);
    if (!inFrom || !step.groupBy().isEmpty() || step.having().isPresent()
        || step.items().stream().anyMatch(item -> item instanceof SingleColumn single
            && !Calls.of(single.expression(), Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty())) {
      throw invalidReference("PLACE", "Recursive reference cannot be used on the right side of left outer/semi/anti"
          + " joins, on the left side of right outer joins, in full outer joins, in aggregates, and in subquery"
          + " expressions.", self.span());
    }
    return new Parts(union.left(), step, List.of(self.alias().orElse(self.name().get(0))));
  }

  /**
   * Whether {@code self} is read directly in {@code relation}, where a step may read it: joined (not on the side an
   * outer, semi or anti join keeps), or under a LATERAL VIEW. Fails when it is read in a place it may not be.
   */
  private static boolean readsInFrom(Relation relation, TableRef self, boolean allowed) {
    if (relation == self) {
      return allowed;
    }
    if (relation instanceof Join join) {
      boolean left = switch (join.type()) {
        case INNER, CROSS, LEFT, LEFT_SEMI, LEFT_ANTI -> allowed;
        case RIGHT, FULL -> false;
      };
      boolean right = switch (join.type()) {
        case INNER, CROSS, RIGHT -> allowed;
        case LEFT, FULL, LEFT_SEMI, LEFT_ANTI -> false;
      };
      return readsInFrom(join.left(), self, left) || readsInFrom(join.right(), self, right);
    }
    if (relation instanceof LateralView view) {
      return readsInFrom(view.source(), self, allowed);
    }
    return false;
  }

  /**
   * The step as the planner runs it: each value cast to the type of the anchor's column (a CTE's columns have the
   * anchor's types), then the level of the row.
   */
  static Select step(Parts parts, List<Optional<SqlType>> anchorTypes) {
    Select step = parts.step();
    List<SelectItem> items = new ArrayList<>();
    boolean castable = step.items().size() == anchorTypes.size()
        && step.items().stream().allMatch(item -> item instanceof SingleColumn);
    for (int i = 0; i < step.items().size(); i++) {
      SelectItem item = step.items().get(i);
      Optional<SqlType> type = castable ? anchorTypes.get(i).filter(t -> t.kind() != TypeKind.VOID) : Optional.empty();
      if (item instanceof SingleColumn single && type.isPresent()) {
        items.add(new SingleColumn(single.span(), new Cast(single.span(), single.expression(), type.get(), false),
            single.alias()));
      } else {
        items.add(item);
      }
    }
    List<String> level = new ArrayList<>(parts.self());
    level.add(NEXT_LEVEL);
    items.add(new SingleColumn(step.span(), new ColumnRef(step.span(), level), Optional.of(NEXT_LEVEL)));
    return new Select(step.span(), step.distinct(), items, step.from(), step.where(), step.groupBy(),
        step.groupingSets(), step.having(), step.qualify());
  }

  /** The one-part table references to {@code name} in {@code node}, at any depth. */
  private static List<TableRef> selfReferences(Node node, String name) {
    List<TableRef> found = new ArrayList<>();
    new TreeScanner<Void>() {
      @Override
      protected Void visitTableRef(TableRef table, Void context) {
        if (table.name().size() == 1 && table.name().get(0).equalsIgnoreCase(name)) {
          found.add(table);
        }
        return null;
      }
    }.visit(node, null);
    return found;
  }

  private static EngineException invalidCte(Span span) {
    return EngineException.of(ErrorClass.INVALID_RECURSIVE_CTE).at(span).build();
  }

  private static EngineException invalidReference(String subClass, String message, Span span) {
    return EngineException.of(ErrorClass.INVALID_RECURSIVE_REFERENCE).subClass(subClass, message).at(span).build();
  }
}
