package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Dml.Assignment;
import io.flowgate.engine.sql.tree.Dml.Delete;
import io.flowgate.engine.sql.tree.Dml.Insert;
import io.flowgate.engine.sql.tree.Dml.Merge;
import io.flowgate.engine.sql.tree.Dml.MergeAction;
import io.flowgate.engine.sql.tree.Dml.MergeClause;
import io.flowgate.engine.sql.tree.Dml.Update;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Values;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Analyzes INSERT, UPDATE, DELETE and MERGE into a resolved table: what each writes, into which columns, and the
 * checks its rows must pass. {@code plan.DmlPlanner} writes the statements.
 */
public final class DmlAnalyzer {
  private final QueryTranslator queries;

  public DmlAnalyzer(QueryTranslator queries) {
    this.queries = queries;
  }

  public AnalyzedInsert insert(Insert insert, TableInfo table) {
    Query source = insert.source();
    boolean namesGenerated = insert.columns().stream().map(table::column).flatMap(Optional::stream)
        .anyMatch(column -> column.generatedSql().isPresent());
    if (!insert.byName() && !namesGenerated && source.body() instanceof Values values && source.with().isEmpty()
        && source.orderBy().isEmpty() && source.limit().isEmpty() && source.offset().isEmpty()) {
      return insertValues(insert, table, values);
    }
    TranslatedQuery translated = queries.translate(source, Optional.empty());
    List<ColumnInfo> targets = insertTargets(insert, table, translated.columns(), true);
    String relation = queries.newAlias();
    // Each source column as the target column takes it (a wall clock of the session's zone becomes its instant).
    List<Analyzed> written = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      Typed column = new Typed(new Analyzed.ColumnValue(relation, TranslatedQuery.positional(i)),
          translated.columns().get(i).type());
      written.add(queries.expressions().towardTimestamp(column, SqlParser.parseType(targets.get(i).type()).kind()
          == TypeKind.TIMESTAMP));
    }
    // H2 computes generated columns itself: a value given for one is checked against its expression, not written.
    List<String> stored = new ArrayList<>();
    List<Analyzed> values = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      if (targets.get(i).generatedSql().isEmpty()) {
        stored.add(targets.get(i).name());
        values.add(written.get(i));
      }
    }
    return new AnalyzedInsert(table.storageName(), stored, new AnalyzedInsert.Query(translated.query(), relation,
        values), generatedChecks(table, targets, written), false);
  }

  /**
   * For each generated column the insert gives a value, the check that the value is what the column's expression
   * gives for the row, where the expression reads the row's other values ({@code written}, by target) and, for
   * columns the insert leaves out, their defaults.
   */
  private List<Analyzed> generatedChecks(TableInfo table, List<ColumnInfo> targets, List<Analyzed> written) {
    List<Analyzed> checks = new ArrayList<>();
    if (targets.stream().allMatch(column -> column.generatedSql().isEmpty())) {
      return checks;
    }
    // The column's expressions are the table's definitions, which H2 computes as it defines them (in UTC, whatever
    // the session's time zone): they are translated as definitions here too.
    ExpressionTranslator definitions = new ExpressionTranslator(queries, new ParameterTypes(), queries.session(),
        true);
    List<Scope.Column> row = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      SqlType type = SqlParser.parseType(column.type());
      int given = targets.indexOf(column);
      Analyzed value = given >= 0 ? written.get(given) : column.defaultSql().map(text -> definitions.translate(
          SqlParser.parseExpression(text), Scope.empty(Optional.empty())).value()).orElse(new Analyzed.NullValue());
      row.add(Scope.Column.bound(column.name(), new Analyzed.Cast(value, type), type));
    }
    Scope scope = new Scope(row, Optional.empty());
    for (ColumnInfo column : targets) {
      if (column.generatedSql().isEmpty()) {
        continue;
      }
      String expression = column.generatedSql().get();
      SqlType type = SqlParser.parseType(column.type());
      Analyzed computed = definitions.translate(SqlParser.parseExpression(expression), scope).value();
      Analyzed given = scope.resolve(new ColumnRef(Span.NONE, List.of(column.name()))).column().value();
      checks.add(new Analyzed.GeneratedCheck(given, new Analyzed.Cast(computed, type), column.name(), expression));
    }
    return checks;
  }

  /** A condition a flow checks on every row it writes. */
  public record Check(String name, Expression condition, boolean dropsRow, boolean failsUpdate) {}

  /**
   * A flow's append with its expectations: the insert keeps only rows that pass every dropping check;
   * {@code metrics} counts, over the same rows, all rows, the rows passing each check and the rows passing every
   * dropping check; {@code firstFailure} finds one row that fails a failing check, with its columns first and then
   * one 0/1 flag per failing check. A condition passes only when it is TRUE.
   */
  public record FlowWrite(AnalyzedInsert insert, Optional<AnalyzedQuery> metrics,
      Optional<AnalyzedQuery> firstFailure, List<String> columnNames) {}

  public FlowWrite flowInsert(Insert insert, TableInfo table, List<Check> checks) {
    TranslatedQuery translated = queries.translate(insert.source(), Optional.empty());
    List<ColumnInfo> targets = insertTargets(insert, table, translated.columns(), false);
    String relation = queries.newAlias();
    Scope scope = QueryTranslator.scopeOf(translated, relation, List.of(), Optional.empty());
    List<Analyzed> columns = scope.columns().stream().map(Scope.Column::value).toList();
    List<Analyzed> passes = new ArrayList<>();
    List<Analyzed> drops = new ArrayList<>();
    List<Analyzed> fails = new ArrayList<>();
    for (Check check : checks) {
      Analyzed passed = new Analyzed.TruthTest(queries.expressions().translate(check.condition(), scope).value(), true,
          false);
      passes.add(passed);
      if (check.dropsRow()) {
        drops.add(passed);
      }
      if (check.failsUpdate()) {
        fails.add(passed);
      }
    }
    AnalyzedRelation rows = new AnalyzedRelation.Aliased(new AnalyzedRelation.Derived(translated.query()), relation);
    AnalyzedInsert write = new AnalyzedInsert(table.storageName(), targets.stream().map(ColumnInfo::name).toList(),
        new AnalyzedInsert.Query(translated.query(), relation, columns), drops, true);
    Optional<AnalyzedQuery> metrics = Optional.empty();
    if (!checks.isEmpty()) {
      List<Analyzed> counts = new ArrayList<>(List.of(count(Optional.empty())));
      passes.forEach(passed -> counts.add(count(Optional.of(passed))));
      counts.add(count(Optional.of(Analyzed.allOf(drops))));
      metrics = Optional.of(block(counts, rows, List.of()));
    }
    Optional<AnalyzedQuery> firstFailure = Optional.empty();
    if (!fails.isEmpty()) {
      List<Analyzed> values = new ArrayList<>(columns);
      fails.forEach(passed -> values.add(new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(passed,
          Analyzed.number(0))), Optional.of(Analyzed.number(1)))));
      AnalyzedQuery failing = new AnalyzedQuery.Full(List.of(), block(values, rows, List.of(new Analyzed.Not(
          Analyzed.allOf(fails)))), List.of(), Optional.of(Analyzed.number(1)), Optional.empty());
      firstFailure = Optional.of(failing);
    }
    return new FlowWrite(write, metrics, firstFailure,
        translated.columns().stream().map(TranslatedQuery.OutputColumn::name).toList());
  }

  /** The rows counted, of those where {@code condition} holds if there is one. */
  private static Analyzed count(Optional<Analyzed> condition) {
    return new Analyzed.Aggregate(FunctionRegistry.lookup("count").orElseThrow(), false, true, List.of(), condition,
        Optional.empty(), SqlType.BIGINT);
  }

  private static AnalyzedSelect block(List<Analyzed> outputs, AnalyzedRelation from, List<Analyzed> where) {
    return new AnalyzedSelect(false, outputs, from, where, List.of(), Optional.empty(), Optional.empty());
  }


  /**
   * {@code INSERT ... VALUES} goes to H2 as such, so H2 types each parameter from its target column (a parameter in
   * a nested VALUES list would be typed as text, which mangles binary values) and skips a needless subquery.
   */
  private AnalyzedInsert insertValues(Insert insert, TableInfo table, Values values) {
    QueryTranslator.ValuesRows rows = queries.valuesRows(values, Scope.empty(Optional.empty()), true);
    List<TranslatedQuery.OutputColumn> shape = new ArrayList<>();
    for (int i = 0; i < rows.types().size(); i++) {
      shape.add(new TranslatedQuery.OutputColumn("col" + (i + 1), rows.types().get(i)));
    }
    List<ColumnInfo> targets = insertTargets(insert, table, shape, false);
    List<List<Analyzed>> stamped = new ArrayList<>();
    for (List<Typed> row : rows.cells()) {
      List<Analyzed> cells = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        cells.add(assigned(row.get(i), targets.get(i)));
      }
      stamped.add(cells);
    }
    return new AnalyzedInsert(table.storageName(), targets.stream().map(ColumnInfo::name).toList(),
        new AnalyzedInsert.Rows(stamped), List.of(), false);
  }

  /** A value {@code column} is set to: an expression, or the keyword DEFAULT for the column's default. */
  private Analyzed value(Expression value, Scope scope, ColumnInfo column) {
    return value instanceof Expression.Default ? new Analyzed.DefaultValue()
        : assigned(queries.expressions().translate(value, scope), column);
  }

  /**
   * {@code value} as {@code column} takes it: a parameter of the column's type, and a wall clock of the session's
   * zone written into a TIMESTAMP as the instant it is.
   */
  private Analyzed assigned(Typed value, ColumnInfo column) {
    SqlType type = SqlParser.parseType(column.type());
    Typed typed = queries.expressions().expect(value, Optional.of(type));
    return queries.expressions().towardTimestamp(typed, type.kind() == TypeKind.TIMESTAMP);
  }

  /**
   * The table columns the source's columns go to, in source order (for BY NAME, in target order); a generated one
   * only where the caller checks the values given for it ({@code generatedChecked}).
   */
  private static List<ColumnInfo> insertTargets(Insert insert, TableInfo table,
      List<TranslatedQuery.OutputColumn> source, boolean generatedChecked) {
    List<ColumnInfo> targets = new ArrayList<>();
    if (insert.byName()) {
      for (TranslatedQuery.OutputColumn output : source) {
        targets.add(table.column(output.name()).orElseThrow(() -> Errors.unresolvedColumn(List.of(output.name()),
            table.columns().stream().map(ColumnInfo::name).toList(), insert.span())));
      }
    } else if (!insert.columns().isEmpty()) {
      for (String name : insert.columns()) {
        ColumnInfo column = table.column(name).orElseThrow(() -> Errors.unresolvedColumn(List.of(name),
            table.columns().stream().map(ColumnInfo::name).toList(), insert.span()));
        if (targets.contains(column)) {
          throw EngineException.of(ErrorClass.COLUMN_ALREADY_EXISTS).parameter("columnName", Errors.quote(name))
              .at(insert.span()).build();
        }
        targets.add(column);
      }
    } else {
      // Positional: every column the user can write, in table order.
      for (ColumnInfo column : table.columns()) {
        if (column.generatedSql().isEmpty() && column.identity().map(identity -> !identity.always()).orElse(true)) {
          targets.add(column);
        }
      }
    }
    for (ColumnInfo column : targets) {
      if (column.identity().map(identity -> identity.always()).orElse(false)) {
        throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED)
            .parameter("colName", column.name()).at(insert.span()).build();
      }
      if (column.generatedSql().isPresent() && !generatedChecked) {
        throw Errors.notSupported("writing values into the generated column " + Errors.quote(column.name()),
            insert.span());
      }
    }
    if (targets.size() != source.size()) {
      String reason = targets.size() > source.size() ? "not enough data columns" : "too many data columns";
      throw EngineException.of(ErrorClass.INSERT_COLUMN_ARITY_MISMATCH)
          .parameter("tableName", Errors.quote(table.name().parts())).parameter("reason", reason)
          .parameter("tableColumns", targets.stream().map(c -> Errors.quote(c.name())).toList())
          .parameter("dataColumns", source.stream().map(c -> Errors.quote(c.name())).toList())
          .at(insert.span()).build();
    }
    return targets;
  }

  public AnalyzedChange update(Update update, TableInfo table) {
    String alias = queries.newAlias();
    Scope scope = QueryTranslator.tableScope(table, alias, qualifier(update.alias(), table));
    return new AnalyzedChange(table.storageName(), alias, assignments(update.assignments(), table, scope),
        condition(update.where(), scope));
  }

  private Optional<Analyzed> condition(Optional<Expression> where, Scope scope) {
    return where.map(condition -> queries.expressions().filter(condition, scope).value());
  }

  private List<AnalyzedChange.Assignment> assignments(List<Assignment> assignments, TableInfo table, Scope scope) {
    List<AnalyzedChange.Assignment> sets = new ArrayList<>();
    Set<String> assigned = new HashSet<>();
    for (Assignment assignment : assignments) {
      ColumnInfo column = writableColumn(table, assignment.column(), assignment.span());
      if (!assigned.add(column.name().toLowerCase(Locale.ROOT))) {
        throw EngineException.of(ErrorClass.DUPLICATE_ASSIGNMENTS).parameter("nameList", Errors.quote(
            List.of(column.name()))).at(assignment.span()).build();
      }
      sets.add(new AnalyzedChange.Assignment(column.name(), value(assignment.value(), scope, column)));
    }
    return sets;
  }

  private static ColumnInfo writableColumn(TableInfo table, String name, Span span) {
    ColumnInfo column = table.column(name).orElseThrow(() -> Errors.unresolvedColumn(List.of(name),
        table.columns().stream().map(ColumnInfo::name).toList(), span));
    if (column.identity().isPresent()) {
      throw EngineException.of(ErrorClass.DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED)
          .parameter("colName", column.name()).at(span).build();
    }
    if (column.generatedSql().isPresent()) {
      throw Errors.notSupported("writing values into the generated column " + Errors.quote(column.name()), span);
    }
    return column;
  }

  public AnalyzedChange delete(Delete delete, TableInfo table) {
    String alias = queries.newAlias();
    Scope scope = QueryTranslator.tableScope(table, alias, qualifier(delete.alias(), table));
    return new AnalyzedChange(table.storageName(), alias, List.of(), condition(delete.where(), scope));
  }

  public AnalyzedMerge merge(Merge merge, TableInfo table) {
    String alias = queries.newAlias();
    Scope target = QueryTranslator.tableScope(table, alias, qualifier(merge.alias(), table));
    QueryTranslator.From source = queries.from(merge.source(), Optional.empty());
    if (!source.filters().isEmpty()) {
      throw Errors.notSupported("semi or anti joins in a MERGE source", merge.span());
    }
    Scope both = target.join(source.scope());
    Analyzed on = queries.expressions().joinCondition(merge.on(), both).value();
    List<AnalyzedMerge.When> clauses = new ArrayList<>();
    for (MergeClause clause : merge.clauses()) {
      if (clause.bySource()) {
        continue;
      }
      Optional<Analyzed> condition = clause.condition().map(test -> queries.expressions().filter(test,
          clause.matched() ? both : source.scope()).value());
      AnalyzedMerge.Action action;
      if (clause.action() == MergeAction.DELETE) {
        action = new AnalyzedMerge.Delete();
      } else if (clause.action() == MergeAction.UPDATE) {
        List<Assignment> assignments = clause.star()
            ? starAssignments(table, source.scope(), merge.schemaEvolution(), clause.span()) : clause.assignments();
        // SET * reads each value from the source alone, where the column names are not ambiguous.
        action = new AnalyzedMerge.Update(assignments(assignments, table, clause.star() ? source.scope() : both));
      } else {
        List<AnalyzedChange.Assignment> values = new ArrayList<>();
        List<Assignment> inserts = clause.star()
            ? starAssignments(table, source.scope(), merge.schemaEvolution(), clause.span())
            : zip(clause.columns(), clause.values(), clause.span());
        for (Assignment insert : inserts) {
          ColumnInfo column = table.column(insert.column()).orElseThrow(() -> Errors.unresolvedColumn(
              List.of(insert.column()), table.columns().stream().map(ColumnInfo::name).toList(), insert.span()));
          values.add(new AnalyzedChange.Assignment(column.name(), value(insert.value(), source.scope(), column)));
        }
        action = new AnalyzedMerge.Insert(values);
      }
      clauses.add(new AnalyzedMerge.When(clause.matched(), condition, action));
    }
    return new AnalyzedMerge(table.storageName(), alias, source.relation(), on, clauses);
  }

  /**
   * A MERGE's {@code WHEN NOT MATCHED BY SOURCE} clauses, which H2's MERGE has not: a DELETE of the target rows no
   * source row matches for which a DELETE clause is the first whose condition holds, then an UPDATE of those for which
   * an UPDATE clause is (each column a CASE over the clauses that set it). They run before the MERGE, on the target as
   * it was, and change nothing the MERGE reads: a row they keep still matches no source row, since an UPDATE here may
   * not set a column the ON condition reads. The conditions and values read the target's columns only.
   */
  public BySource bySource(Merge merge, TableInfo table) {
    List<MergeClause> clauses = merge.clauses().stream().filter(MergeClause::bySource).toList();
    if (clauses.isEmpty()) {
      return new BySource(Optional.empty(), Optional.empty());
    }
    String alias = queries.newAlias();
    Scope target = QueryTranslator.tableScope(table, alias, qualifier(merge.alias(), table));
    QueryTranslator.From source = queries.from(merge.source(), Optional.empty());
    Analyzed unmatched = new Analyzed.Not(new Analyzed.RowsExist(source.relation(), Optional.of(
        queries.expressions().joinCondition(merge.on(), target.join(source.scope())).value())));
    Set<String> onColumns = new HashSet<>();
    for (ColumnRef reference : io.flowgate.engine.sql.tree.TreeScanner.columnReferences(merge.on())) {
      onColumns.add(reference.parts().get(reference.parts().size() - 1).toLowerCase(Locale.ROOT));
    }
    List<Analyzed> earlier = new ArrayList<>();
    List<Analyzed> deleted = new ArrayList<>();
    List<Analyzed> updated = new ArrayList<>();
    Map<String, List<Analyzed.When>> cases = new LinkedHashMap<>();
    for (MergeClause clause : clauses) {
      Analyzed holds = clause.condition().<Analyzed>map(condition -> new Analyzed.TruthTest(
          queries.expressions().filter(condition, target).value(), true, false))
          .orElse(new Analyzed.BooleanValue(true));
      Analyzed chosen = earlier.isEmpty() ? holds : Analyzed.binary(Expression.BinaryOperator.AND, holds,
          new Analyzed.Not(Analyzed.anyOf(earlier)));
      earlier.add(holds);
      if (clause.action() == MergeAction.DELETE) {
        deleted.add(chosen);
        continue;
      }
      updated.add(chosen);
      Set<String> assigned = new HashSet<>();
      for (Assignment assignment : clause.assignments()) {
        ColumnInfo column = writableColumn(table, assignment.column(), assignment.span());
        if (!assigned.add(column.name().toLowerCase(Locale.ROOT))) {
          throw EngineException.of(ErrorClass.DUPLICATE_ASSIGNMENTS).parameter("nameList", Errors.quote(
              List.of(column.name()))).at(assignment.span()).build();
        }
        if (onColumns.contains(column.name().toLowerCase(Locale.ROOT))) {
          throw Errors.notSupported("WHEN NOT MATCHED BY SOURCE ... UPDATE of " + Errors.quote(column.name())
              + ", which the ON condition reads", assignment.span());
        }
        cases.computeIfAbsent(column.name(), name -> new ArrayList<>()).add(new Analyzed.When(chosen,
            value(assignment.value(), target, column)));
      }
    }
    Optional<AnalyzedChange> delete = Optional.empty();
    if (!deleted.isEmpty()) {
      delete = Optional.of(new AnalyzedChange(table.storageName(), alias, List.of(), Optional.of(Analyzed.binary(
          Expression.BinaryOperator.AND, unmatched, Analyzed.anyOf(deleted)))));
    }
    Optional<AnalyzedChange> update = Optional.empty();
    if (!updated.isEmpty()) {
      List<AnalyzedChange.Assignment> sets = new ArrayList<>();
      cases.forEach((column, whens) -> sets.add(new AnalyzedChange.Assignment(column, new Analyzed.Case(
          Optional.empty(), whens, Optional.of(new Analyzed.ColumnValue(alias, column))))));
      update = Optional.of(new AnalyzedChange(table.storageName(), alias, sets, Optional.of(Analyzed.binary(
          Expression.BinaryOperator.AND, unmatched, Analyzed.anyOf(updated)))));
    }
    return new BySource(delete, update);
  }

  /** The DELETE and the UPDATE that a MERGE's WHEN NOT MATCHED BY SOURCE clauses make, where they make one. */
  public record BySource(Optional<AnalyzedChange> delete, Optional<AnalyzedChange> update) {}

  /**
   * REPLACE WHERE's statements, for an INSERT and a flow alike: {@code outside} counts the query's rows where the
   * predicate is not TRUE, which must be none (empty for a literal TRUE, which every row satisfies, so the query need
   * not run twice), and {@code delete} removes the table's rows where it is TRUE.
   */
  public record Replacement(Optional<Analysis> outside, AnalyzedChange delete) {}

  /**
   * {@code columns} name the query's columns as the table's (an INSERT by position); empty, the query's own names
   * are the table's (BY NAME).
   */
  public Replacement replaceWhere(Expression predicate, Query query, List<String> columns, TableInfo table,
      Span span) {
    AnalyzedChange delete = delete(new Delete(span, table.name().parts(), Optional.empty(), Optional.of(predicate)),
        table);
    if (predicate instanceof Expression.Literal literal && literal.kind() == Expression.LiteralKind.BOOLEAN
        && literal.text().equalsIgnoreCase("TRUE")) {
      return new Replacement(Optional.empty(), delete);
    }
    // the query's rows where the predicate is not TRUE, evaluated over the query's own columns, by name
    Expression outsidePredicate = new Expression.Unary(span, Expression.UnaryOperator.NOT,
        new Expression.FunctionCall(span, "coalesce", false, List.of(predicate,
            new Expression.Literal(span, Expression.LiteralKind.BOOLEAN, "false")), false, Optional.empty(),
            Optional.empty()));
    Query outside = new Query(span, List.of(), QueryBody.Select.of(span, List.of(new QueryBody.SingleColumn(
        span, new Expression.FunctionCall(span, "count", false, List.of(), true, Optional.empty(), Optional.empty()),
        Optional.empty())), Optional.of(new Relation.Derived(span, query, Optional.of("q"), columns)),
        Optional.of(outsidePredicate)), List.of(), Optional.empty(), Optional.empty());
    return new Replacement(Optional.of(queries.analyze(outside)), delete);
  }

  /**
   * {@code UPDATE SET *} and {@code INSERT *}: each of the target's columns from the source's column of its name.
   * Under schema evolution a target column the source lacks is left out (an update keeps it, an insert writes NULL
   * or its default), as in Delta; otherwise it is UNRESOLVED_COLUMN.
   */
  private static List<Assignment> starAssignments(TableInfo table, Scope source, boolean evolving, Span span) {
    Set<String> offered = evolving ? names(source) : Set.of();
    List<Assignment> assignments = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      if (column.generatedSql().isPresent() || column.identity().isPresent()
          || evolving && !offered.contains(column.name().toLowerCase(Locale.ROOT))) {
        continue;
      }
      assignments.add(new Assignment(span, column.name(), new ColumnRef(span, List.of(column.name()))));
    }
    for (Assignment assignment : assignments) {
      source.resolve((ColumnRef) assignment.value());
    }
    return assignments;
  }

  /** The names of a scope's visible columns, in lower case. */
  private static Set<String> names(Scope scope) {
    Set<String> names = new HashSet<>();
    scope.columns().stream().filter(column -> !column.hidden())
        .forEach(column -> names.add(column.name().toLowerCase(Locale.ROOT)));
    return names;
  }

  /**
   * The columns MERGE WITH SCHEMA EVOLUTION adds to {@code table} before it runs: the source's columns that the
   * target lacks (case aside), where a {@code *} clause writes the source's columns, in the source's order and with
   * its types. A column of no type (a bare NULL) is FEATURE_NOT_SUPPORTED: it would need a cast to say what it is.
   */
  public List<ColumnDefinition> evolvedColumns(Merge merge, TableInfo table) {
    if (!merge.schemaEvolution() || merge.clauses().stream().noneMatch(MergeClause::star)) {
      return List.of();
    }
    return missingColumns(merge.source(), table, "MERGE WITH SCHEMA EVOLUTION");
  }

  /**
   * The columns of {@code source} that {@code table} lacks (names compared without case), as columns to add; a
   * column of no type (an untyped NULL) is refused, naming {@code what} adds it.
   */
  public List<ColumnDefinition> missingColumns(Relation source, TableInfo table, String what) {
    Set<String> known = new HashSet<>();
    table.columns().forEach(column -> known.add(column.name().toLowerCase(Locale.ROOT)));
    List<ColumnDefinition> added = new ArrayList<>();
    for (Scope.Column column : queries.from(source, Optional.empty()).scope().columns()) {
      if (column.hidden() || !known.add(column.name().toLowerCase(Locale.ROOT))) {
        continue;
      }
      SqlType type = column.type().filter(t -> t.kind() != TypeKind.VOID).orElseThrow(() -> Errors.notSupported(
          what + " adding the source column " + Errors.quote(List.of(column.name())) + ", which has no type (cast"
              + " it)", source.span()));
      added.add(new ColumnDefinition(source.span(), column.name(), type, false, Optional.empty(),
          Optional.empty(), Optional.empty(), Optional.empty()));
    }
    return added;
  }

  private static List<Assignment> zip(List<String> columns, List<Expression> values, Span span) {
    if (columns.size() != values.size()) {
      throw EngineException.of(ErrorClass.ASSIGNMENT_ARITY_MISMATCH).parameter("numTarget", columns.size())
          .parameter("numExpr", values.size()).at(span).build();
    }
    List<Assignment> assignments = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      assignments.add(new Assignment(span, columns.get(i), values.get(i)));
    }
    return assignments;
  }

  private static List<String> qualifier(Optional<String> alias, TableInfo table) {
    return alias.map(List::of).orElse(table.name().parts());
  }
}
