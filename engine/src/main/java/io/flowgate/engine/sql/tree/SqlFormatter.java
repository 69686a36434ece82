package io.flowgate.engine.sql.tree;

import io.flowgate.engine.type.IntervalText;
import io.flowgate.engine.sql.tree.Dml.Assignment;
import io.flowgate.engine.sql.tree.Dml.MergeClause;
import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.FieldAccess;
import io.flowgate.engine.sql.tree.Expression.FrameBound;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes queries, expressions and DML back as dialect SQL that parses to the same tree: every identifier
 * back-quoted, every compound expression in parentheses, so the text needs no precedence rules to read back. It is
 * for people and for EXPLAIN, never for the store (the store's SQL comes from the planner alone).
 */
public final class SqlFormatter extends TreeVisitor<String, Void> {
  private static final SqlFormatter FORMATTER = new SqlFormatter();

  private SqlFormatter() {}

  public static String format(Node node) {
    return FORMATTER.visit(node, null);
  }

  /** A statement: a query, DML or REFRESH (other statements have no formatting yet, and fail). */
  public static String format(Statement statement) {
    if (statement instanceof Dml dml) {
      return dml(dml);
    }
    if (statement instanceof Pipeline.Refresh refresh) {
      return "REFRESH STREAMING TABLE " + name(refresh.name()) + (refresh.full() ? " FULL" : "")
          + (refresh.async() ? " ASYNC" : "");
    }
    if (statement instanceof Query query) {
      return format((Node) query);
    }
    throw new IllegalArgumentException("no formatting for " + statement.getClass().getSimpleName());
  }

  @Override
  protected String visitNode(Node node, Void context) {
    throw new IllegalArgumentException("no formatting for " + node.getClass().getSimpleName());
  }

  // ---- queries

  @Override
  protected String visitQuery(Query query, Void context) {
    StringBuilder sql = new StringBuilder();
    if (!query.with().isEmpty()) {
      sql.append(query.with().get(0).recursive() ? "WITH RECURSIVE " : "WITH ").append(query.with().stream().map(SqlFormatter::format).collect(Collectors.joining(", ")))
          .append(' ');
    }
    sql.append(format(query.body()));
    if (!query.orderBy().isEmpty()) {
      sql.append(" ORDER BY ").append(list(query.orderBy()));
    }
    query.limit().ifPresent(limit -> sql.append(" LIMIT ").append(format(limit)));
    query.offset().ifPresent(offset -> sql.append(" OFFSET ").append(format(offset)));
    return sql.toString();
  }

  @Override
  protected String visitWithQuery(Query.WithQuery with, Void context) {
    return identifier(with.name()) + (with.columns().isEmpty() ? "" : " " + identifiers(with.columns()))
        + with.maxRecursionLevel().map(level -> " MAX RECURSION LEVEL " + level).orElse("")
        + " AS (" + format(with.query()) + ")";
  }

  @Override
  protected String visitSelect(Select select, Void context) {
    StringBuilder sql = new StringBuilder("SELECT ");
    if (select.distinct()) {
      sql.append("DISTINCT ");
    }
    sql.append(list(select.items()));
    select.from().ifPresent(from -> sql.append(" FROM ").append(format(from)));
    select.where().ifPresent(where -> sql.append(" WHERE ").append(format(where)));
    if (!select.groupingSets().isEmpty()) {
      sql.append(" GROUP BY GROUPING SETS (").append(select.groupingSets().stream()
          .map(set -> "(" + list(set.stream().map(select.groupBy()::get).toList()) + ")")
          .collect(java.util.stream.Collectors.joining(", "))).append(")");
    } else if (!select.groupBy().isEmpty()) {
      sql.append(" GROUP BY ").append(list(select.groupBy()));
    }
    select.having().ifPresent(having -> sql.append(" HAVING ").append(format(having)));
    select.qualify().ifPresent(qualify -> sql.append(" QUALIFY ").append(format(qualify)));
    return sql.toString();
  }

  @Override
  protected String visitSetOperation(SetOperation operation, Void context) {
    // The parser builds these left-deep with INTERSECT binding tighter, so written flat they read back the same.
    return format(operation.left()) + " " + operation.operator().name() + (operation.all() ? " ALL " : " ")
        + format(operation.right());
  }

  @Override
  protected String visitValues(Values values, Void context) {
    return "VALUES " + values.rows().stream().map(row -> "(" + list(row) + ")").collect(Collectors.joining(", "));
  }

  @Override
  protected String visitNested(Nested nested, Void context) {
    return "(" + format(nested.query()) + ")";
  }

  @Override
  protected String visitSingleColumn(SingleColumn column, Void context) {
    return format(column.expression()) + column.alias().map(alias -> " AS " + identifier(alias)).orElse("");
  }

  @Override
  protected String visitAllColumns(AllColumns all, Void context) {
    String star = all.qualifier().isEmpty() ? "*" : name(all.qualifier()) + ".*";
    return all.except().isEmpty() ? star : star + " EXCEPT " + identifiers(all.except());
  }

  @Override
  protected String visitSortItem(SortItem item, Void context) {
    return format(item.key()) + (item.descending() ? " DESC" : " ASC")
        + item.nullsFirst().map(first -> first ? " NULLS FIRST" : " NULLS LAST").orElse("");
  }

  // ---- relations

  @Override
  protected String visitTableRef(TableRef table, Void context) {
    return name(table.name()) + table.asOf().map(asOf -> (asOf.version() ? " VERSION" : " TIMESTAMP") + " AS OF "
        + format(asOf.value())).orElse("") + alias(table.alias());
  }

  @Override
  protected String visitStream(Stream stream, Void context) {
    return "STREAM(" + name(stream.name()) + ")" + (stream.options().isEmpty() ? ""
        : " WITH (" + properties(stream.options()) + ")") + alias(stream.alias());
  }

  @Override
  protected String visitStreamFunction(StreamFunction function, Void context) {
    return "STREAM " + format(function.function());
  }

  @Override
  protected String visitDerived(Derived derived, Void context) {
    return "(" + format(derived.query()) + ")" + alias(derived.alias())
        + (derived.columnAliases().isEmpty() ? "" : identifiers(derived.columnAliases()));
  }

  @Override
  protected String visitTableFunction(TableFunction function, Void context) {
    return function.name() + "(" + list(function.arguments()) + ")" + alias(function.alias())
        + (function.columnAliases().isEmpty() ? "" : identifiers(function.columnAliases()));
  }

  @Override
  protected String visitLateralView(LateralView view, Void context) {
    return format(view.source()) + " LATERAL VIEW " + (view.outer() ? "OUTER " : "") + view.function() + "("
        + list(view.arguments()) + ")" + view.alias().map(alias -> " " + identifier(alias)).orElse("")
        + (view.columns().isEmpty() ? "" : " AS " + view.columns().stream().map(SqlFormatter::identifier)
            .collect(java.util.stream.Collectors.joining(", ")));
  }

  @Override
  protected String visitSample(Relation.Sample sample, Void context) {
    String clause = " TABLESAMPLE (" + switch (sample.method()) {
      case PERCENT -> format(sample.values().get(0)) + " PERCENT";
      case ROWS -> format(sample.values().get(0)) + " ROWS";
      case BUCKET -> "BUCKET " + format(sample.values().get(0)) + " OUT OF " + format(sample.values().get(1));
    } + ")";
    // the alias follows the sample, as the grammar has it
    if (sample.source() instanceof TableRef table) {
      return name(table.name()) + clause + alias(table.alias());
    }
    Derived derived = (Derived) sample.source();
    return "(" + format(derived.query()) + ")" + clause + alias(derived.alias())
        + (derived.columnAliases().isEmpty() ? "" : identifiers(derived.columnAliases()));
  }

  @Override
  protected String visitPivot(Relation.Pivot pivot, Void context) {
    List<String> values = new ArrayList<>();
    for (Relation.PivotValue value : pivot.values()) {
      values.add(tuple(value.values()) + alias(value.alias()));
    }
    return format(pivot.source()) + " PIVOT (" + list(pivot.aggregates()) + " FOR " + tuple(pivot.columns()) + " IN ("
        + String.join(", ", values) + "))" + alias(pivot.alias());
  }

  @Override
  protected String visitUnpivot(Relation.Unpivot unpivot, Void context) {
    List<String> groups = new ArrayList<>();
    for (Relation.UnpivotGroup group : unpivot.groups()) {
      groups.add(tuple(group.columns()) + alias(group.alias()));
    }
    String values = unpivot.valueColumns().size() == 1 ? identifier(unpivot.valueColumns().get(0))
        : identifiers(unpivot.valueColumns());
    return format(unpivot.source()) + " UNPIVOT " + (unpivot.includeNulls() ? "INCLUDE" : "EXCLUDE") + " NULLS ("
        + values + " FOR " + identifier(unpivot.nameColumn()) + " IN (" + String.join(", ", groups) + "))"
        + alias(unpivot.alias());
  }

  @Override
  protected String visitJoin(Join join, Void context) {
    String right = join.right() instanceof Join ? "(" + format(join.right()) + ")" : format(join.right());
    String type = switch (join.type()) {
      case INNER -> "JOIN";
      case LEFT -> "LEFT JOIN";
      case RIGHT -> "RIGHT JOIN";
      case FULL -> "FULL JOIN";
      case CROSS -> "CROSS JOIN";
      case LEFT_SEMI -> "LEFT SEMI JOIN";
      case LEFT_ANTI -> "LEFT ANTI JOIN";
    };
    return format(join.left()) + (join.natural() ? " NATURAL " : " ") + type + " " + right
        + join.on().map(on -> " ON " + format(on)).orElse("")
        + (join.using().isEmpty() ? "" : " USING " + identifiers(join.using()));
  }

  // ---- expressions

  @Override
  protected String visitIntervalLiteral(Expression.IntervalLiteral interval, Void context) {
    return IntervalText.format(interval.type(), interval.value());
  }

  @Override
  protected String visitLiteral(Literal literal, Void context) {
    return switch (literal.kind()) {
      case NULL -> "NULL";
      case BOOLEAN -> literal.text().toUpperCase(java.util.Locale.ROOT);
      case INTEGER, DECIMAL -> literal.text();
      case STRING -> string(literal.text());
      case DATE -> "DATE " + string(literal.text());
      case TIMESTAMP -> "TIMESTAMP " + string(literal.text());
      case TIMESTAMP_NTZ -> "TIMESTAMP_NTZ " + string(literal.text());
      case BINARY -> "X" + string(literal.text());
    };
  }

  @Override
  protected String visitColumnRef(ColumnRef reference, Void context) {
    return name(reference.parts());
  }

  @Override
  protected String visitParameter(Parameter parameter, Void context) {
    return "?";
  }

  @Override
  protected String visitDefault(Expression.Default value, Void context) {
    return "DEFAULT";
  }

  @Override
  protected String visitBinary(Binary binary, Void context) {
    return "(" + format(binary.left()) + " " + binary.operator().symbol() + " " + format(binary.right()) + ")";
  }

  @Override
  protected String visitUnary(Unary unary, Void context) {
    String operator = switch (unary.operator()) {
      case NOT -> "NOT";
      case MINUS -> "-";
      case PLUS -> "+";
      case BITWISE_NOT -> "~";
    };
    // the space keeps "- -1" from reading as a comment
    return "(" + operator + " " + format(unary.operand()) + ")";
  }

  @Override
  protected String visitIsNull(IsNull isNull, Void context) {
    return "(" + format(isNull.value()) + (isNull.negated() ? " IS NOT NULL)" : " IS NULL)");
  }

  @Override
  protected String visitIsBoolean(IsBoolean test, Void context) {
    return "(" + format(test.value()) + " IS " + (test.negated() ? "NOT " : "") + (test.expected() ? "TRUE" : "FALSE")
        + ")";
  }

  @Override
  protected String visitBetween(Between between, Void context) {
    return "(" + format(between.value()) + (between.negated() ? " NOT" : "") + " BETWEEN " + format(between.low())
        + " AND " + format(between.high()) + ")";
  }

  @Override
  protected String visitInList(InList in, Void context) {
    return "(" + format(in.value()) + (in.negated() ? " NOT IN (" : " IN (") + list(in.list()) + "))";
  }

  @Override
  protected String visitInSubquery(InSubquery in, Void context) {
    return "(" + format(in.value()) + (in.negated() ? " NOT IN (" : " IN (") + format(in.query()) + "))";
  }

  @Override
  protected String visitExists(Exists exists, Void context) {
    return "EXISTS (" + format(exists.query()) + ")";
  }

  @Override
  protected String visitScalarSubquery(ScalarSubquery subquery, Void context) {
    return "(" + format(subquery.query()) + ")";
  }

  @Override
  protected String visitLike(Like like, Void context) {
    return "(" + format(like.value()) + (like.negated() ? " NOT " : " ") + like.kind().name() + " "
        + format(like.pattern()) + like.escape().map(escape -> " ESCAPE " + format(escape)).orElse("") + ")";
  }

  @Override
  protected String visitCase(Case caseExpression, Void context) {
    StringBuilder sql = new StringBuilder("CASE");
    caseExpression.operand().ifPresent(operand -> sql.append(' ').append(format(operand)));
    for (WhenClause when : caseExpression.whens()) {
      sql.append(' ').append(format(when));
    }
    caseExpression.otherwise().ifPresent(otherwise -> sql.append(" ELSE ").append(format(otherwise)));
    return sql.append(" END").toString();
  }

  @Override
  protected String visitWhenClause(WhenClause when, Void context) {
    return "WHEN " + format(when.condition()) + " THEN " + format(when.result());
  }

  @Override
  protected String visitCast(Cast cast, Void context) {
    return (cast.tryCast() ? "TRY_CAST(" : "CAST(") + format(cast.value()) + " AS " + cast.type().sql() + ")";
  }

  @Override
  protected String visitFunctionCall(FunctionCall call, Void context) {
    if (call.name().equals("=>")) {
      return ((Literal) call.arguments().get(0)).text() + " => " + format(call.arguments().get(1));
    }
    if (call.name().equals("extract") && call.arguments().size() == 2
        && call.arguments().get(0) instanceof Literal field) {
      return "EXTRACT(" + identifier(field.text()) + " FROM " + format(call.arguments().get(1)) + ")";
    }
    if (call.name().endsWith("$within_asc") || call.name().endsWith("$within_desc")) {
      List<Expression> arguments = call.arguments();
      return call.name().substring(0, call.name().indexOf('$')) + "(" + (call.distinct() ? "DISTINCT " : "")
          + list(arguments.subList(0, arguments.size() - 1)) + ") WITHIN GROUP (ORDER BY "
          + format(arguments.get(arguments.size() - 1)) + (call.name().endsWith("$within_desc") ? " DESC" : " ASC")
          + ")" + call.filter().map(filter -> " FILTER (WHERE " + format(filter) + ")").orElse("");
    }
    boolean ignoreNulls = call.name().endsWith("$ignore_nulls");
    String name = ignoreNulls ? call.name().substring(0, call.name().length() - "$ignore_nulls".length())
        : call.name();
    StringBuilder sql = new StringBuilder(name).append('(');
    if (call.star()) {
      sql.append('*');
    } else {
      sql.append(call.distinct() ? "DISTINCT " : "").append(list(call.arguments()));
    }
    sql.append(')');
    if (ignoreNulls) {
      sql.append(" IGNORE NULLS");
    }
    call.filter().ifPresent(filter -> sql.append(" FILTER (WHERE ").append(format(filter)).append(')'));
    call.window().ifPresent(window -> sql.append(" OVER ").append(format(window)));
    return sql.toString();
  }

  @Override
  protected String visitWindowSpec(WindowSpec window, Void context) {
    StringBuilder sql = new StringBuilder("(");
    if (!window.partitionBy().isEmpty()) {
      sql.append("PARTITION BY ").append(list(window.partitionBy()));
    }
    if (!window.orderBy().isEmpty()) {
      sql.append(sql.length() > 1 ? " " : "").append("ORDER BY ").append(list(window.orderBy()));
    }
    window.frame().ifPresent(frame -> sql.append(sql.length() > 1 ? " " : "").append(frame.unit().name())
        .append(" BETWEEN ").append(bound(frame.start())).append(" AND ").append(bound(frame.end())));
    return sql.append(')').toString();
  }

  private static String bound(FrameBound bound) {
    return switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
      case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
      case CURRENT_ROW -> "CURRENT ROW";
      case PRECEDING -> format(bound.offset().orElseThrow()) + " PRECEDING";
      case FOLLOWING -> format(bound.offset().orElseThrow()) + " FOLLOWING";
    };
  }

  @Override
  protected String visitJsonExtract(JsonExtract extract, Void context) {
    StringBuilder sql = new StringBuilder(postfixBase(extract.json()));
    for (int i = 0; i < extract.path().size(); i++) {
      String step = extract.path().get(i);
      if (step.matches("\\[[0-9]+]")) {
        sql.append(step);
      } else {
        sql.append(i == 0 ? ":" : ".").append(identifier(step));
      }
    }
    return sql.toString();
  }

  @Override
  protected String visitTableArgument(TableArgument argument, Void context) {
    return "TABLE(" + name(argument.name()) + ")";
  }

  @Override
  protected String visitFieldAccess(FieldAccess access, Void context) {
    return postfixBase(access.base()) + "." + identifier(access.field());
  }

  @Override
  protected String visitSubscript(Subscript subscript, Void context) {
    return postfixBase(subscript.base()) + "[" + format(subscript.index()) + "]";
  }

  @Override
  protected String visitLambda(Expression.Lambda lambda, Void context) {
    String parameters = lambda.parameters().size() == 1 ? identifier(lambda.parameters().get(0))
        : identifiers(lambda.parameters());
    return parameters + " -> " + format(lambda.body());
  }

  /** The base of {@code .field}, {@code [i]} or {@code :path}: parenthesized, so a column name is not extended. */
  private static String postfixBase(Expression base) {
    return "(" + format(base) + ")";
  }

  // ---- DML

  private static String dml(Dml dml) {
    if (dml instanceof Dml.Insert insert) {
      return "INSERT " + (insert.overwrite() ? "OVERWRITE " : "INTO ") + name(insert.target())
          + insert.replaceWhere().map(predicate -> " REPLACE WHERE " + format(predicate)).orElse("")
          + (insert.byName() ? " BY NAME" : "") + (insert.columns().isEmpty() ? "" : " "
          + identifiers(insert.columns())) + " " + format(insert.source());
    }
    if (dml instanceof Dml.Update update) {
      return "UPDATE " + name(update.target()) + alias(update.alias()) + " SET " + assignments(update.assignments())
          + update.where().map(where -> " WHERE " + format(where)).orElse("");
    }
    if (dml instanceof Dml.Delete delete) {
      return "DELETE FROM " + name(delete.target()) + alias(delete.alias())
          + delete.where().map(where -> " WHERE " + format(where)).orElse("");
    }
    Dml.Merge merge = (Dml.Merge) dml;
    StringBuilder sql = new StringBuilder(merge.schemaEvolution() ? "MERGE WITH SCHEMA EVOLUTION INTO " : "MERGE INTO ")
        .append(name(merge.target())).append(alias(merge.alias()))
        .append(" USING ").append(format(merge.source())).append(" ON ").append(format(merge.on()));
    for (MergeClause clause : merge.clauses()) {
      sql.append(" WHEN ").append(clause.matched() ? "MATCHED" : "NOT MATCHED")
          .append(clause.bySource() ? " BY SOURCE" : "")
          .append(clause.condition().map(condition -> " AND " + format(condition)).orElse("")).append(" THEN ");
      sql.append(switch (clause.action()) {
        case DELETE -> "DELETE";
        case UPDATE -> clause.star() ? "UPDATE SET *" : "UPDATE SET " + assignments(clause.assignments());
        case INSERT -> clause.star() ? "INSERT *" : "INSERT " + identifiers(clause.columns()) + " VALUES ("
            + list(clause.values()) + ")";
      });
    }
    return sql.toString();
  }

  private static String assignments(List<Assignment> assignments) {
    return assignments.stream().map(assignment -> identifier(assignment.column()) + " = " + format(assignment.value()))
        .collect(Collectors.joining(", "));
  }

  // ---- pieces

  private static String list(List<? extends Node> nodes) {
    return nodes.stream().map(SqlFormatter::format).collect(Collectors.joining(", "));
  }

  /** One node as it is, several in parentheses. */
  private static String tuple(List<? extends Node> nodes) {
    return nodes.size() == 1 ? format(nodes.get(0)) : "(" + list(nodes) + ")";
  }

  private static String alias(Optional<String> alias) {
    return alias.map(name -> " AS " + identifier(name)).orElse("");
  }

  private static String properties(Map<String, String> properties) {
    return properties.entrySet().stream().map(entry -> string(entry.getKey()) + " = " + string(entry.getValue()))
        .collect(Collectors.joining(", "));
  }

  private static String name(List<String> parts) {
    return parts.stream().map(SqlFormatter::identifier).collect(Collectors.joining("."));
  }

  private static String identifiers(List<String> names) {
    return "(" + names.stream().map(SqlFormatter::identifier).collect(Collectors.joining(", ")) + ")";
  }

  public static String identifier(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** A string literal the lexer reads back to {@code value}: quotes doubled, backslashes and controls escaped. */
  public static String string(String value) {
    StringBuilder sql = new StringBuilder("'");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '\'' -> sql.append("''");
        case '\\' -> sql.append("\\\\");
        case '\n' -> sql.append("\\n");
        case '\t' -> sql.append("\\t");
        case '\r' -> sql.append("\\r");
        case '\0' -> sql.append("\\0");
        default -> sql.append(c);
      }
    }
    return sql.append('\'').toString();
  }
}
