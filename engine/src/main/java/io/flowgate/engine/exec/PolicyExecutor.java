package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FunctionInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Sets and drops row filters and column masks (ALTER [STREAMING] TABLE ... SET / DROP ROW FILTER, ALTER COLUMN ...
 * SET / DROP MASK). Only the table's owner or the administrator may; the checks of SPEC §4.6 fail with
 * ROW_COLUMN_ACCESS, and the new policies are planned once before they are stored.
 */
public final class PolicyExecutor {
  private final ExecutionContext context;
  private final CatalogService catalog;

  public PolicyExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  public void set(Ddl.SetPolicy set) {
    QueryTranslator translator = context.translator();
    TableInfo table = translator.resolveTable(set.table(), set.span());
    if (table.kind() == TableKind.VIEW) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", "ALTER TABLE ... ROW FILTER"
          + " / MASK").parameter("viewName", Errors.quote(table.name().parts())).at(set.span()).build();
    }
    context.access().requireOwner(context.session().user(),
        io.flowgate.catalog.model.GrantInfo.Securable.TABLE, table.name().parts(), set.span());
    Optional<String> column = set.column().map(name -> table.column(name).orElseThrow(() -> Errors.unresolvedColumn(
        List.of(name), table.columns().stream().map(c -> c.name()).toList(), set.span())).name());
    List<PolicyInfo> policies = new ArrayList<>(table.policies().stream()
        .filter(policy -> !policy.column().equals(column)).toList());
    if (set.call().isPresent()) {
      policies.add(policy(table, column, set.call().get(), translator));
    }
    translator.checkPolicies(with(table, policies), set.span());
    context.changeMetadata(connection -> catalog.setPolicies(connection, table.id(), policies));
  }

  /**
   * {@code table} (being created, without policies) with the row filter and masks its CREATE declares, checked as
   * ALTER checks them.
   */
  public TableInfo withPolicies(TableInfo table, List<Ddl.PolicyClause> clauses) {
    if (clauses.isEmpty()) {
      return table;
    }
    QueryTranslator translator = context.translator();
    List<PolicyInfo> policies = new ArrayList<>();
    for (Ddl.PolicyClause clause : clauses) {
      Optional<String> column = clause.column().map(name -> table.column(name).orElseThrow(() ->
          Errors.unresolvedColumn(List.of(name), table.columns().stream().map(c -> c.name()).toList(),
              clause.call().span())).name());
      policies.add(policy(table, column, clause.call(), translator));
    }
    TableInfo protectedTable = with(table, policies);
    translator.checkPolicies(protectedTable, clauses.get(0).call().span());
    return protectedTable;
  }

  private static TableInfo with(TableInfo table, List<PolicyInfo> policies) {
    return new TableInfo(table.id(), table.name(), table.kind(), table.storageName(), table.columns(),
        table.comment(), table.properties(), table.partitionBy(), table.clusterBy(), table.clusterAuto(),
        table.location(),
        table.viewSql(), table.keys(), table.owner(), table.created(), table.pipelinePrivate(), policies);
  }

  private PolicyInfo policy(TableInfo table, Optional<String> column, Ddl.PolicyCall call,
      QueryTranslator translator) {
    boolean filter = column.isEmpty();
    String kind = filter ? "ROW_FILTER" : "COLUMN_MASK";
    TableName name = translator.qualify(call.function(), call.span());
    FunctionInfo function = catalog.function(name).orElseThrow(() -> access("ASSIGNED_" + kind + "_FUNCTION_NOT_FOUND",
        "the function " + Errors.quote(name.parts()) + " does not exist.", call.span()));
    int expected = function.parameters().size() - (filter ? 0 : 1);
    if (call.arguments().size() != expected) {
      throw access("ASSIGNED_" + kind + "_WRONG_NUMBER_OF_COLUMNS", "the function " + Errors.quote(name.parts())
          + " takes " + function.parameters().size() + " argument(s), but " + (filter ? "" : "the masked column and ")
          + call.arguments().size() + " column(s) or constant(s) are given.", call.span());
    }
    Set<String> seen = new HashSet<>();
    for (Expression argument : call.arguments()) {
      if (argument instanceof Expression.ColumnRef reference) {
        if (reference.parts().size() > 1) {
          throw access("ASSIGNED_" + kind + "_MULTI_PART_COLUMN_NAME", "the column " + Errors.quote(reference.parts())
              + " must be named by its name alone.", reference.span());
        }
        String named = reference.parts().get(0).toLowerCase(Locale.ROOT);
        if (table.column(named).isEmpty()) {
          throw Errors.unresolvedColumn(reference.parts(), table.columns().stream().map(c -> c.name()).toList(),
              reference.span());
        }
        if (!filter && named.equalsIgnoreCase(column.get())) {
          throw access("ASSIGNED_COLUMN_MASK_USING_COLUMN_NAME_SAME_AS_TARGET_COLUMN", "the masked column "
              + Errors.quote(List.of(column.get())) + " is its mask's first argument already.", reference.span());
        }
        if (filter && !seen.add(named)) {
          throw access("ASSIGNED_ROW_FILTER_DUPLICATE_COLUMN_NAME", "the column " + Errors.quote(reference.parts())
              + " is listed twice.", reference.span());
        }
      } else if (!(argument instanceof Expression.Literal)) {
        throw access("ASSIGNED_" + kind + "_INVALID_ARGUMENT", "arguments must be columns of the table or constants.",
            argument.span());
      }
    }
    return new PolicyInfo(column, name, call.argumentTexts());
  }

  private static EngineException access(String subClass, String message, Span span) {
    return EngineException.of(ErrorClass.ROW_COLUMN_ACCESS).subClass(subClass, message).at(span).build();
  }
}
