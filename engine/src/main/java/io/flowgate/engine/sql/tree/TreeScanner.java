package io.flowgate.engine.sql.tree;

import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.FieldAccess;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.InList;
import io.flowgate.engine.sql.tree.Expression.InSubquery;
import io.flowgate.engine.sql.tree.Expression.IsBoolean;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.JsonExtract;
import io.flowgate.engine.sql.tree.Expression.Like;
import io.flowgate.engine.sql.tree.Expression.ScalarSubquery;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Expression.Subscript;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression.WindowSpec;
import io.flowgate.engine.sql.tree.QueryBody.Nested;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SetOperation;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.QueryBody.Values;
import io.flowgate.engine.sql.tree.Relation.Derived;
import io.flowgate.engine.sql.tree.Relation.Join;
import io.flowgate.engine.sql.tree.Relation.LateralView;
import io.flowgate.engine.sql.tree.Relation.StreamFunction;
import io.flowgate.engine.sql.tree.Relation.TableFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A visitor that walks into every child of a node, in the order the statement text has them. Override a visit to
 * act on a node type; call {@code super} from it to go on into that node's children, or don't, to stop there.
 */
public abstract class TreeScanner<C> extends TreeVisitor<Void, C> {

  @Override
  protected Void visitNode(Node node, C context) {
    for (Node child : children(node)) {
      visit(child, context);
    }
    return null;
  }

  /** The column references under {@code node}, in text order, those inside its subqueries too. */
  public static List<Expression.ColumnRef> columnReferences(Node node) {
    return columnReferences(node, true);
  }

  /** The column references under {@code node}, in text order, but not those inside its subqueries. */
  public static List<Expression.ColumnRef> columnReferencesOutsideQueries(Node node) {
    return columnReferences(node, false);
  }

  private static List<Expression.ColumnRef> columnReferences(Node node, boolean intoQueries) {
    List<Expression.ColumnRef> found = new ArrayList<>();
    new TreeScanner<Void>() {
      @Override
      protected Void visitColumnRef(Expression.ColumnRef reference, Void context) {
        found.add(reference);
        return null;
      }

      @Override
      protected Void visitQuery(Query query, Void context) {
        return intoQueries ? super.visitQuery(query, context) : null;
      }
    }.visit(node, null);
    return found;
  }

  /** The nodes directly below {@code node}, in text order. */
  public static List<Node> children(Node node) {
    return new Children().visit(node, null);
  }

  private static final class Children extends TreeVisitor<List<Node>, Void> {
    @Override
    protected List<Node> visitNode(Node node, Void context) {
      return List.of();
    }

    @Override
    protected List<Node> visitQuery(Query node, Void context) {
      Nodes children = new Nodes().all(node.with()).add(node.body()).all(node.orderBy());
      return children.add(node.limit()).add(node.offset()).list;
    }

    @Override
    protected List<Node> visitWithQuery(Query.WithQuery node, Void context) {
      return List.of(node.query());
    }

    @Override
    protected List<Node> visitSelect(Select node, Void context) {
      return new Nodes().all(node.items()).add(node.from()).add(node.where()).all(node.groupBy())
          .add(node.having()).add(node.qualify()).list;
    }

    @Override
    protected List<Node> visitSetOperation(SetOperation node, Void context) {
      return List.of(node.left(), node.right());
    }

    @Override
    protected List<Node> visitValues(Values node, Void context) {
      Nodes children = new Nodes();
      node.rows().forEach(children::all);
      return children.list;
    }

    @Override
    protected List<Node> visitNested(Nested node, Void context) {
      return List.of(node.query());
    }

    @Override
    protected List<Node> visitSingleColumn(SingleColumn node, Void context) {
      return List.of(node.expression());
    }

    @Override
    protected List<Node> visitSortItem(SortItem node, Void context) {
      return List.of(node.key());
    }

    @Override
    protected List<Node> visitWhenClause(WhenClause node, Void context) {
      return List.of(node.condition(), node.result());
    }

    @Override
    protected List<Node> visitWindowSpec(WindowSpec node, Void context) {
      Nodes children = new Nodes().all(node.partitionBy()).all(node.orderBy());
      node.frame().ifPresent(frame -> children.add(frame.start().offset()).add(frame.end().offset()));
      return children.list;
    }

    @Override
    protected List<Node> visitDerived(Derived node, Void context) {
      return List.of(node.query());
    }

    @Override
    protected List<Node> visitTableFunction(TableFunction node, Void context) {
      return List.copyOf(node.arguments());
    }

    @Override
    protected List<Node> visitStreamFunction(StreamFunction node, Void context) {
      return List.of(node.function());
    }

    @Override
    protected List<Node> visitLateralView(LateralView node, Void context) {
      return new Nodes().add(node.source()).all(node.arguments()).list;
    }

    @Override
    protected List<Node> visitSample(Relation.Sample node, Void context) {
      return new Nodes().add(node.source()).all(node.values()).list;
    }

    @Override
    protected List<Node> visitPivot(Relation.Pivot node, Void context) {
      Nodes children = new Nodes().add(node.source()).all(node.aggregates()).all(node.columns());
      node.values().forEach(value -> children.all(value.values()));
      return children.list;
    }

    @Override
    protected List<Node> visitUnpivot(Relation.Unpivot node, Void context) {
      Nodes children = new Nodes().add(node.source());
      node.groups().forEach(group -> children.all(group.columns()));
      return children.list;
    }

    @Override
    protected List<Node> visitJoin(Join node, Void context) {
      return new Nodes().add(node.left()).add(node.right()).add(node.on()).list;
    }

    @Override
    protected List<Node> visitBinary(Binary node, Void context) {
      return List.of(node.left(), node.right());
    }

    @Override
    protected List<Node> visitUnary(Unary node, Void context) {
      return List.of(node.operand());
    }

    @Override
    protected List<Node> visitIsNull(IsNull node, Void context) {
      return List.of(node.value());
    }

    @Override
    protected List<Node> visitIsBoolean(IsBoolean node, Void context) {
      return List.of(node.value());
    }

    @Override
    protected List<Node> visitBetween(Between node, Void context) {
      return List.of(node.value(), node.low(), node.high());
    }

    @Override
    protected List<Node> visitInList(InList node, Void context) {
      return new Nodes().add(node.value()).all(node.list()).list;
    }

    @Override
    protected List<Node> visitInSubquery(InSubquery node, Void context) {
      return List.of(node.value(), node.query());
    }

    @Override
    protected List<Node> visitExists(Exists node, Void context) {
      return List.of(node.query());
    }

    @Override
    protected List<Node> visitScalarSubquery(ScalarSubquery node, Void context) {
      return List.of(node.query());
    }

    @Override
    protected List<Node> visitLike(Like node, Void context) {
      return new Nodes().add(node.value()).add(node.pattern()).add(node.escape()).list;
    }

    @Override
    protected List<Node> visitCase(Case node, Void context) {
      return new Nodes().add(node.operand()).all(node.whens()).add(node.otherwise()).list;
    }

    @Override
    protected List<Node> visitCast(Cast node, Void context) {
      return List.of(node.value());
    }

    @Override
    protected List<Node> visitFunctionCall(FunctionCall node, Void context) {
      return new Nodes().all(node.arguments()).add(node.filter()).add(node.window()).list;
    }

    @Override
    protected List<Node> visitJsonExtract(JsonExtract node, Void context) {
      return List.of(node.json());
    }

    @Override
    protected List<Node> visitFieldAccess(FieldAccess node, Void context) {
      return List.of(node.base());
    }

    @Override
    protected List<Node> visitSubscript(Subscript node, Void context) {
      return List.of(node.base(), node.index());
    }

    @Override
    protected List<Node> visitLambda(Expression.Lambda node, Void context) {
      return List.of(node.body());
    }
  }

  /** A list of children being put together; absent optional children are left out. */
  private static final class Nodes {
    private final List<Node> list = new ArrayList<>();

    Nodes add(Node node) {
      list.add(node);
      return this;
    }

    Nodes add(Optional<? extends Node> node) {
      node.ifPresent(list::add);
      return this;
    }

    Nodes all(List<? extends Node> nodes) {
      list.addAll(nodes);
      return this;
    }
  }
}
