package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.plan.Binding;
import io.flowgate.engine.plan.DmlPlanner;
import io.flowgate.engine.plan.H2Statement;
import io.flowgate.engine.plan.QueryTranslator;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.storage.H2Storage;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs INSERT, UPDATE, DELETE and MERGE; each change and its commit-log entry commit in one transaction. */
public final class DmlExecutor {
  private final ExecutionContext context;

  public DmlExecutor(ExecutionContext context) {
    this.context = context;
  }

  public long execute(Dml dml, List<Object> parameters) {
    QueryTranslator translator = context.translator();
    TableInfo table = translator.resolveTable(dml.target(), dml.span());
    if (table.kind() == TableKind.STREAMING_TABLE) {
      // Only its flows write a streaming table.
      throw Errors.unsupportedOnStreamingTable(table.name().parts(), logged(dml).operation(), dml.span());
    }
    if (table.kind() != TableKind.MANAGED) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", logged(dml).operation())
          .parameter("viewName", Errors.quote(table.name().parts())).at(dml.span()).build();
    }
    DmlPlanner planner = new DmlPlanner(translator);
    H2Statement statement;
    if (dml instanceof Dml.Insert insert) {
      statement = planner.insert(insert, table);
    } else if (dml instanceof Dml.Update update) {
      statement = planner.update(update, table);
    } else if (dml instanceof Dml.Delete delete) {
      statement = planner.delete(delete, table);
    } else {
      statement = planner.merge((Dml.Merge) dml, table);
    }
    boolean overwrite = dml instanceof Dml.Insert insert && insert.overwrite();
    CatalogService catalog = context.catalog();
    // Only the commit log changes besides the data, and it is not cached, so the catalog generation stays.
    try (OpenFiles files = OpenFiles.all(translator.fileReads())) {
      return context.storage().inTransaction(connection -> {
        long version = catalog.nextVersion(connection, table.id());
        long removed = 0;
        if (overwrite) {
          removed = H2Storage.deleteAll(connection, table.storageName());
        }
        Map<String, Object> runtime = new HashMap<>(files.runtime());
        runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
        long rows = H2Storage.update(connection, statement, parameters, runtime);
        Logged logged = logged(dml);
        Map<String, Long> metrics = overwrite ? Map.of("numOutputRows", rows, "numRemovedRows", removed)
            : Map.of(logged.metric(), rows);
        Map<String, String> operationParameters = dml instanceof Dml.Insert
            ? Map.of("mode", overwrite ? "Overwrite" : "Append") : Map.of();
        catalog.recordCommit(connection, new CommitInfo(table.id(), version, Instant.now(), logged.operation(),
            context.session().user(), operationParameters, metrics));
        return rows;
      });
    }
  }

  /** The commit-log operation of a statement and the metric its row count is recorded under. */
  private record Logged(String operation, String metric) {}

  private static Logged logged(Dml dml) {
    if (dml instanceof Dml.Insert) {
      return new Logged("WRITE", "numOutputRows");
    }
    if (dml instanceof Dml.Update) {
      return new Logged("UPDATE", "numUpdatedRows");
    }
    if (dml instanceof Dml.Delete) {
      return new Logged("DELETE", "numDeletedRows");
    }
    return new Logged("MERGE", "numTargetRowsAffected");
  }
}
