package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.plan.Binding;
import io.flowgate.engine.plan.DmlPlanner;
import io.flowgate.engine.plan.H2Statement;
import io.flowgate.engine.plan.QueryTranslator;
import io.flowgate.engine.plan.SessionContext;
import io.flowgate.engine.plan.StreamSources;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one flow batch: reads what the flow's sources gained since its checkpoint, writes it into the target, and
 * advances the checkpoint. The rows, the target's commit-log entry and the checkpoint commit in one H2
 * transaction, so a crash anywhere loses nothing and writes nothing twice.
 */
public final class FlowRunner {
  /** Source commits a streaming read cannot follow: they rewrite or remove rows. */
  private static final Set<String> CHANGE_OPERATIONS = Set.of("UPDATE", "MERGE", "DELETE",
      "CREATE OR REPLACE TABLE");

  private final CatalogService catalog;
  private final H2Storage storage;
  private final String user;

  public FlowRunner(CatalogService catalog, H2Storage storage, String user) {
    this.catalog = catalog;
    this.storage = storage;
    this.user = user;
  }

  /** A flow's query planned as an append into its target, with the streams it reads. */
  record PlannedFlow(H2Statement insert, List<StreamSources.Source> sources) {}

  /** Plans a flow's query into its target; checks the flow kind against its sources. */
  PlannedFlow plan(FlowInfo flow, TableInfo target, Span span) {
    Query query = (Query) SqlParser.parseStatement(flow.querySql()).statement();
    StreamSources streams = new StreamSources();
    QueryTranslator translator = QueryTranslator.forFlow(catalog, new SessionContext(user, flow.catalog(),
        flow.schema()), streams);
    H2Statement insert = new DmlPlanner(translator).insert(new Dml.Insert(span, target.name().parts(), false,
        List.of(), true, query), target);
    List<StreamSources.Source> sources = streams.sources();
    boolean once = flow.kind() == FlowInfo.FlowKind.ONCE;
    if (!once && sources.isEmpty()) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("BATCH_RELATION_FOR_STREAMING_TABLE",
          "Streaming tables may only be defined by streaming relations. Please use the STREAM keyword, or an"
              + " INSERT ONCE flow for a batch query.").parameter("flowIdentifier", Errors.quote(flow.name()))
          .at(span).build();
    }
    if (once && !sources.isEmpty()) {
      throw EngineException.of(ErrorClass.INVALID_FLOW_QUERY_TYPE).subClass("STREAMING_RELATION_FOR_ONCE_FLOW",
          "INSERT ONCE flows may only read batch relations; remove the STREAM keyword.")
          .parameter("flowIdentifier", Errors.quote(flow.name())).at(span).build();
    }
    return new PlannedFlow(insert, sources);
  }

  /**
   * Runs one batch of the flow and returns the number of rows it wrote (0 when there was nothing new).
   * {@code full} only labels the batch in the commit log: the caller has already reset the flow.
   */
  public long run(FlowInfo flow, TableInfo target, boolean full, Span span, EventLog events) {
    PlannedFlow planned = plan(flow, target, span);
    return storage.inTransaction(connection -> {
      // Two updates of one flow must not read the same checkpoint: the second waits for the first to commit.
      catalog.lockFlow(connection, flow.id());
      List<FlowCheckpoint> checkpoints = catalog.checkpoints(connection, flow.id());
      if (flow.kind() == FlowInfo.FlowKind.ONCE
          && checkpoints.stream().anyMatch(c -> c.sourceTableId() == FlowCheckpoint.ONCE_DONE)) {
        events.flowProgress(connection, flow.name(), "SKIPPED", Map.of(), java.util.Optional.empty());
        return 0L;
      }
      Map<String, Object> runtime = new HashMap<>();
      List<FlowCheckpoint> next = new ArrayList<>();
      boolean anythingNew = flow.kind() == FlowInfo.FlowKind.ONCE;
      for (StreamSources.Source source : planned.sources()) {
        long sourceId = source.table().id();
        Long checkpoint = checkpoints.stream().filter(c -> c.sourceTableId() == sourceId)
            .map(FlowCheckpoint::version).findFirst().orElse(null);
        long latest = catalog.latestVersion(connection, sourceId);
        long from = checkpoint != null ? checkpoint
            : source.startingVersion() >= 0 ? source.startingVersion() - 1 : -1;
        // A fresh stream starts from a snapshot, which already shows earlier updates; only commits after its start
        // point have to be appends.
        List<Long> skip = checkpoint != null || source.startingVersion() >= 0
            ? changeCommits(connection, source, from, latest) : List.of();
        runtime.put(source.keys().from().key(), from + 1);
        runtime.put(source.keys().to().key(), latest);
        runtime.put(source.keys().skip().key(), skip.toArray(new Long[0]));
        anythingNew |= latest > from;
        next.add(new FlowCheckpoint(flow.id(), sourceId, latest));
      }
      if (!anythingNew) {
        events.flowProgress(connection, flow.name(), "COMPLETED", Map.of("num_output_rows", 0L),
            java.util.Optional.empty());
        return 0L;
      }
      long version = catalog.nextVersion(connection, target.id());
      runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
      long rows = H2Storage.update(connection, planned.insert(), List.of(), runtime);
      catalog.recordCommit(connection, new CommitInfo(target.id(), version, Instant.now(), "STREAMING UPDATE",
          user, Map.of("flowName", flow.name(), "outputMode", "Append", "refreshType", full ? "FULL" : "INCREMENTAL"),
          Map.of("numOutputRows", rows)));
      for (FlowCheckpoint checkpoint : next) {
        catalog.saveCheckpoint(connection, checkpoint);
      }
      if (flow.kind() == FlowInfo.FlowKind.ONCE) {
        catalog.saveCheckpoint(connection, new FlowCheckpoint(flow.id(), FlowCheckpoint.ONCE_DONE, version));
      }
      events.flowProgress(connection, flow.name(), "COMPLETED", Map.of("num_output_rows", rows),
          java.util.Optional.empty());
      return rows;
    });
  }

  /**
   * The commit versions in {@code (from, to]} that rewrote or removed rows: skipped when the read allows it, an
   * error otherwise, as Delta streaming reads do.
   */
  private List<Long> changeCommits(Connection connection, StreamSources.Source source, long from, long to)
      throws SQLException {
    List<Long> skipped = new ArrayList<>();
    for (CommitInfo commit : catalog.commitsBetween(connection, source.table().id(), from, to)) {
      boolean overwrite = "Overwrite".equals(commit.parameters().get("mode"));
      boolean delete = commit.operation().equals("DELETE");
      if (!overwrite && !CHANGE_OPERATIONS.contains(commit.operation())) {
        continue;
      }
      if (source.skipChangeCommits() || (delete && source.ignoreDeletes())) {
        skipped.add(commit.version());
        continue;
      }
      String path = String.join(".", source.table().name().parts());
      if (delete) {
        throw EngineException.of(ErrorClass.DELTA_SOURCE_IGNORE_DELETE).parameter("removedFile", "a deleted row")
            .parameter("version", commit.version()).parameter("dataPath", path).build();
      }
      throw EngineException.of(ErrorClass.DELTA_SOURCE_TABLE_IGNORE_CHANGES)
          .parameter("file", commit.operation() + " of rows").parameter("version", commit.version())
          .parameter("dataPath", path).build();
    }
    return skipped;
  }
}
