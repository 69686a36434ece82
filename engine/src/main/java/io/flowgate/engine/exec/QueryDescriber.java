package io.flowgate.engine.exec;

import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.List;

/**
 * The result columns of an analyzed query as clients see them: the analysis's names, types and nullability. H2 is
 * not asked: what it would say of a column is what the dialect's rules make it, by the casts the analysis makes.
 */
public final class QueryDescriber {
  private QueryDescriber() {}

  public static List<ResultColumn> columns(List<Analysis.Column> columns) {
    return columns.stream()
        .map(column -> new ResultColumn(column.name(), column.type(), column.nullable())).toList();
  }

  /**
   * The type a table column made from a query column has: an untyped NULL makes a STRING column. An interval is a
   * value of queries only: no table keeps one (Flowgate's choice; cast it to a string or a number of units first).
   */
  public static SqlType storedType(ResultColumn column, Span span) {
    SqlType type = column.type();
    if (type.isInterval()) {
      throw Errors.notSupported("a table column of type " + type.sql() + " (" + column.name() + ")", span);
    }
    return type.kind() == TypeKind.VOID ? SqlType.STRING : type;
  }
}
