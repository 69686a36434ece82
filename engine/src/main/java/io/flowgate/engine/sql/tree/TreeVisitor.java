package io.flowgate.engine.sql.tree;

import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.FieldAccess;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.InList;
import io.flowgate.engine.sql.tree.Expression.InSubquery;
import io.flowgate.engine.sql.tree.Expression.IsBoolean;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.JsonExtract;
import io.flowgate.engine.sql.tree.Expression.Like;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.Parameter;
import io.flowgate.engine.sql.tree.Expression.ScalarSubquery;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Expression.Subscript;
import io.flowgate.engine.sql.tree.Expression.TableArgument;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression.WindowSpec;
import io.flowgate.engine.sql.tree.QueryBody.AllColumns;
import io.flowgate.engine.sql.tree.QueryBody.Nested;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SetOperation;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.QueryBody.Values;
import io.flowgate.engine.sql.tree.Relation.Derived;
import io.flowgate.engine.sql.tree.Relation.Join;
import io.flowgate.engine.sql.tree.Relation.LateralView;
import io.flowgate.engine.sql.tree.Relation.Stream;
import io.flowgate.engine.sql.tree.Relation.StreamFunction;
import io.flowgate.engine.sql.tree.Relation.TableFunction;
import io.flowgate.engine.sql.tree.Relation.TableRef;

/**
 * A walk over queries and expressions, with one method per node type and fallbacks by family: each
 * {@code visitX} defaults to {@code visitExpression}, {@code visitRelation}, {@code visitQueryBody} or
 * {@code visitNode}, so a visitor overrides only what it cares about. This is the one place that tells node
 * types apart; {@link TreeScanner} adds the walk into children.
 *
 * @param <R> what a visit returns
 * @param <C> what a visit is given (Void when nothing)
 */
public abstract class TreeVisitor<R, C> {

  public R visit(Node node, C context) {
    if (node instanceof Expression expression) {
      return visitAnyExpression(expression, context);
    }
    if (node instanceof Relation relation) {
      return visitAnyRelation(relation, context);
    }
    if (node instanceof QueryBody body) {
      return visitAnyBody(body, context);
    }
    if (node instanceof Query query) {
      return visitQuery(query, context);
    }
    if (node instanceof Query.WithQuery with) {
      return visitWithQuery(with, context);
    }
    if (node instanceof SingleColumn column) {
      return visitSingleColumn(column, context);
    }
    if (node instanceof AllColumns all) {
      return visitAllColumns(all, context);
    }
    if (node instanceof SortItem item) {
      return visitSortItem(item, context);
    }
    if (node instanceof WhenClause when) {
      return visitWhenClause(when, context);
    }
    if (node instanceof WindowSpec window) {
      return visitWindowSpec(window, context);
    }
    return visitNode(node, context);
  }

  private R visitAnyExpression(Expression node, C context) {
    if (node instanceof Literal literal) {
      return visitLiteral(literal, context);
    }
    if (node instanceof Expression.IntervalLiteral interval) {
      return visitIntervalLiteral(interval, context);
    }
    if (node instanceof ColumnRef reference) {
      return visitColumnRef(reference, context);
    }
    if (node instanceof Parameter parameter) {
      return visitParameter(parameter, context);
    }
    if (node instanceof Expression.Default value) {
      return visitDefault(value, context);
    }
    if (node instanceof Binary binary) {
      return visitBinary(binary, context);
    }
    if (node instanceof Unary unary) {
      return visitUnary(unary, context);
    }
    if (node instanceof IsNull isNull) {
      return visitIsNull(isNull, context);
    }
    if (node instanceof IsBoolean test) {
      return visitIsBoolean(test, context);
    }
    if (node instanceof Between between) {
      return visitBetween(between, context);
    }
    if (node instanceof InList in) {
      return visitInList(in, context);
    }
    if (node instanceof InSubquery in) {
      return visitInSubquery(in, context);
    }
    if (node instanceof Exists exists) {
      return visitExists(exists, context);
    }
    if (node instanceof ScalarSubquery subquery) {
      return visitScalarSubquery(subquery, context);
    }
    if (node instanceof Like like) {
      return visitLike(like, context);
    }
    if (node instanceof Case caseExpression) {
      return visitCase(caseExpression, context);
    }
    if (node instanceof Cast cast) {
      return visitCast(cast, context);
    }
    if (node instanceof FunctionCall call) {
      return visitFunctionCall(call, context);
    }
    if (node instanceof JsonExtract extract) {
      return visitJsonExtract(extract, context);
    }
    if (node instanceof TableArgument argument) {
      return visitTableArgument(argument, context);
    }
    if (node instanceof FieldAccess access) {
      return visitFieldAccess(access, context);
    }
    if (node instanceof Expression.Lambda lambda) {
      return visitLambda(lambda, context);
    }
    return visitSubscript((Subscript) node, context);
  }

  private R visitAnyRelation(Relation node, C context) {
    if (node instanceof TableRef table) {
      return visitTableRef(table, context);
    }
    if (node instanceof Stream stream) {
      return visitStream(stream, context);
    }
    if (node instanceof StreamFunction function) {
      return visitStreamFunction(function, context);
    }
    if (node instanceof Derived derived) {
      return visitDerived(derived, context);
    }
    if (node instanceof TableFunction function) {
      return visitTableFunction(function, context);
    }
    if (node instanceof LateralView view) {
      return visitLateralView(view, context);
    }
    if (node instanceof Relation.Pivot pivot) {
      return visitPivot(pivot, context);
    }
    if (node instanceof Relation.Sample sample) {
      return visitSample(sample, context);
    }
    if (node instanceof Relation.Unpivot unpivot) {
      return visitUnpivot(unpivot, context);
    }
    return visitJoin((Join) node, context);
  }

  private R visitAnyBody(QueryBody node, C context) {
    if (node instanceof Select select) {
      return visitSelect(select, context);
    }
    if (node instanceof SetOperation operation) {
      return visitSetOperation(operation, context);
    }
    if (node instanceof Values values) {
      return visitValues(values, context);
    }
    return visitNested((Nested) node, context);
  }

  /** The last fallback: what every visit that is not overridden returns. */
  protected R visitNode(Node node, C context) {
    return null;
  }

  protected R visitExpression(Expression node, C context) {
    return visitNode(node, context);
  }

  protected R visitRelation(Relation node, C context) {
    return visitNode(node, context);
  }

  protected R visitQueryBody(QueryBody node, C context) {
    return visitNode(node, context);
  }

  protected R visitQuery(Query node, C context) {
    return visitNode(node, context);
  }

  protected R visitWithQuery(Query.WithQuery node, C context) {
    return visitNode(node, context);
  }

  protected R visitSingleColumn(SingleColumn node, C context) {
    return visitNode(node, context);
  }

  protected R visitAllColumns(AllColumns node, C context) {
    return visitNode(node, context);
  }

  protected R visitSortItem(SortItem node, C context) {
    return visitNode(node, context);
  }

  protected R visitWhenClause(WhenClause node, C context) {
    return visitNode(node, context);
  }

  protected R visitWindowSpec(WindowSpec node, C context) {
    return visitNode(node, context);
  }

  protected R visitLiteral(Literal node, C context) {
    return visitExpression(node, context);
  }

  protected R visitIntervalLiteral(Expression.IntervalLiteral node, C context) {
    return visitExpression(node, context);
  }

  protected R visitColumnRef(ColumnRef node, C context) {
    return visitExpression(node, context);
  }

  protected R visitParameter(Parameter node, C context) {
    return visitExpression(node, context);
  }

  protected R visitDefault(Expression.Default node, C context) {
    return visitExpression(node, context);
  }

  protected R visitBinary(Binary node, C context) {
    return visitExpression(node, context);
  }

  protected R visitUnary(Unary node, C context) {
    return visitExpression(node, context);
  }

  protected R visitIsNull(IsNull node, C context) {
    return visitExpression(node, context);
  }

  protected R visitIsBoolean(IsBoolean node, C context) {
    return visitExpression(node, context);
  }

  protected R visitBetween(Between node, C context) {
    return visitExpression(node, context);
  }

  protected R visitInList(InList node, C context) {
    return visitExpression(node, context);
  }

  /** The three subquery expressions fall back here, then to {@code visitExpression}. */
  protected R visitSubqueryExpression(Expression node, C context) {
    return visitExpression(node, context);
  }

  protected R visitInSubquery(InSubquery node, C context) {
    return visitSubqueryExpression(node, context);
  }

  protected R visitExists(Exists node, C context) {
    return visitSubqueryExpression(node, context);
  }

  protected R visitScalarSubquery(ScalarSubquery node, C context) {
    return visitSubqueryExpression(node, context);
  }

  protected R visitLike(Like node, C context) {
    return visitExpression(node, context);
  }

  protected R visitCase(Case node, C context) {
    return visitExpression(node, context);
  }

  protected R visitCast(Cast node, C context) {
    return visitExpression(node, context);
  }

  protected R visitFunctionCall(FunctionCall node, C context) {
    return visitExpression(node, context);
  }

  protected R visitJsonExtract(JsonExtract node, C context) {
    return visitExpression(node, context);
  }

  protected R visitTableArgument(TableArgument node, C context) {
    return visitExpression(node, context);
  }

  protected R visitFieldAccess(FieldAccess node, C context) {
    return visitExpression(node, context);
  }

  protected R visitSubscript(Subscript node, C context) {
    return visitExpression(node, context);
  }

  protected R visitLambda(Expression.Lambda node, C context) {
    return visitExpression(node, context);
  }

  protected R visitTableRef(TableRef node, C context) {
    return visitRelation(node, context);
  }

  protected R visitStream(Stream node, C context) {
    return visitRelation(node, context);
  }

  protected R visitStreamFunction(StreamFunction node, C context) {
    return visitRelation(node, context);
  }

  protected R visitDerived(Derived node, C context) {
    return visitRelation(node, context);
  }

  protected R visitTableFunction(TableFunction node, C context) {
    return visitRelation(node, context);
  }

  protected R visitLateralView(LateralView node, C context) {
    return visitRelation(node, context);
  }

  protected R visitSample(Relation.Sample node, C context) {
    return visitRelation(node, context);
  }

  protected R visitPivot(Relation.Pivot node, C context) {
    return visitRelation(node, context);
  }

  protected R visitUnpivot(Relation.Unpivot node, C context) {
    return visitRelation(node, context);
  }

  protected R visitJoin(Join node, C context) {
    return visitRelation(node, context);
  }

  protected R visitSelect(Select node, C context) {
    return visitQueryBody(node, context);
  }

  protected R visitSetOperation(SetOperation node, C context) {
    return visitQueryBody(node, context);
  }

  protected R visitValues(Values node, C context) {
    return visitQueryBody(node, context);
  }

  protected R visitNested(Nested node, C context) {
    return visitQueryBody(node, context);
  }
}
