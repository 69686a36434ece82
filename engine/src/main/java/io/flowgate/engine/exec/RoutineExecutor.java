package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FunctionInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Show;
import io.flowgate.engine.type.SqlType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** CREATE FUNCTION, DROP FUNCTION and DESCRIBE FUNCTION for SQL scalar functions. */
public final class RoutineExecutor {
  private final ExecutionContext context;
  private final CatalogService catalog;

  public RoutineExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  /**
   * Creates a function after planning its body where it will run: unknown names fail now, and the return type is
   * the declared one or the body's.
   */
  public void create(Ddl.CreateFunction create) {
    QueryTranslator translator = context.translator();
    TableName name = translator.qualify(create.name(), create.span());
    if (catalog.schema(name.catalog(), name.schema()).isEmpty()) {
      throw Errors.schemaNotFound(List.of(name.catalog(), name.schema()), create.span());
    }
    Optional<FunctionInfo> existing = catalog.function(name);
    if (existing.isPresent() && create.ifNotExists()) {
      return;
    }
    if (existing.isPresent() && !create.orReplace()) {
      throw EngineException.of(ErrorClass.ROUTINE_ALREADY_EXISTS).parameter("routineName",
          Errors.quote(name.parts())).at(create.span()).build();
    }
    AccessControl privileges = context.access();
    if (existing.isPresent()) {
      privileges.requireOwner(context.session().user(), GrantInfo.Securable.FUNCTION, name.parts(), create.span());
    } else {
      privileges.require(context.session().user(), GrantInfo.Securable.SCHEMA, List.of(name.catalog(),
          name.schema()), "CREATE FUNCTION", create.span());
    }
    List<FunctionInfo.Parameter> parameters = new ArrayList<>();
    for (Ddl.FunctionParameter parameter : create.parameters()) {
      if (parameters.stream().anyMatch(seen -> seen.name().equalsIgnoreCase(parameter.name()))) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", parameter.name())
            .parameter("functionName", "CREATE FUNCTION").parameter("message", "a parameter name is used twice")
            .at(parameter.span()).build();
      }
      parameters.add(new FunctionInfo.Parameter(parameter.name(), parameter.type().sql()));
    }
    Optional<SqlType> body = translator.functionBodyType(name, parameters, create.bodyText(), create.span());
    // Empty: the body's own type, which only H2 knows (DESCRIBE FUNCTION shows it as such).
    String returns = create.returns().or(() -> body).map(SqlType::sql).orElse("");
    FunctionInfo function = new FunctionInfo(name, parameters, returns, create.bodyText(), create.comment(),
        existing.map(FunctionInfo::owner).orElse(context.session().user()), Instant.now());
    context.changeMetadata(connection -> {
      if (existing.isPresent()) {
        catalog.replaceFunction(connection, function);
      } else {
        catalog.createFunction(connection, function);
      }
    });
  }

  public void drop(Ddl.DropFunction drop) {
    TableName name = context.translator().qualify(drop.name(), drop.span());
    if (catalog.function(name).isEmpty()) {
      if (drop.ifExists()) {
        return;
      }
      throw EngineException.of(ErrorClass.ROUTINE_NOT_FOUND).parameter("routineName", Errors.quote(name.parts()))
          .at(drop.span()).build();
    }
    context.access().requireOwner(context.session().user(),
        GrantInfo.Securable.FUNCTION, name.parts(), drop.span());
    context.changeMetadata(connection -> catalog.dropFunction(connection, name));
  }

  public StatementResult describe(Show.DescribeFunction describe) {
    TableName name = context.translator().qualify(describe.name(), describe.span());
    String simple = describe.name().get(describe.name().size() - 1).toLowerCase(java.util.Locale.ROOT);
    if (describe.name().size() == 1 && catalog.function(name).isEmpty()
        && io.flowgate.engine.sql.analyzer.FunctionRegistry.names().containsKey(simple)) {
      return builtin(simple);
    }
    FunctionInfo function = catalog.function(name).orElseThrow(() -> EngineException.of(ErrorClass.ROUTINE_NOT_FOUND)
        .parameter("routineName", Errors.quote(name.parts())).at(describe.span()).build());
    // Describing needs what calling needs; the body (a policy's logic, say) is its owner's to see.
    String user = context.session().user();
    context.access().require(user, GrantInfo.Securable.FUNCTION, name.parts(), "EXECUTE", describe.span());
    boolean owner = context.access().owns(user, GrantInfo.Securable.FUNCTION, name.parts());
    List<String> parameters = function.parameters().stream().map(p -> p.name() + " " + p.type()).toList();
    List<List<Object>> rows = new ArrayList<>();
    rows.add(List.of("Function: " + String.join(".", name.parts())));
    rows.add(List.of("Type:     SCALAR"));
    rows.add(List.of("Input:    " + String.join(", ", parameters)));
    rows.add(List.of("Returns:  " + (function.returnType().isEmpty() ? "(the body's type)"
        : function.returnType())));
    if (describe.extended()) {
      function.comment().ifPresent(comment -> rows.add(List.of("Comment:  " + comment)));
      rows.add(List.of("Owner:    " + function.owner()));
      if (owner) {
        rows.add(List.of("Body:     " + function.body()));
      }
    }
    return new StatementResult.Rows(List.of(new ResultColumn("function_desc", SqlType.STRING, false)),
        new ListCursor(rows));
  }

  /** DESCRIBE FUNCTION of a built-in: its name, kind and how many arguments it takes. */
  private static StatementResult builtin(String name) {
    String kind = io.flowgate.engine.sql.analyzer.FunctionRegistry.names().get(name);
    String usage = io.flowgate.engine.sql.analyzer.FunctionRegistry.usage(name).orElse(name + "(...)");
    List<List<Object>> rows = List.of(List.of("Function: " + name), List.of("Class:    system.builtin"),
        List.of("Type:     " + kind), List.of("Usage:    " + usage
            + "; the rules are the dialect's, as engine/docs/sql-surface.md lists them"));
    return new StatementResult.Rows(List.of(new ResultColumn("function_desc", SqlType.STRING, false)),
        new ListCursor(rows));
  }
}
