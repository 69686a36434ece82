package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.catalog.model.WriteMode;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.plan.DmlPlanner;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.DmlAnalyzer;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.SqlFormatter;
import io.flowgate.engine.storage.H2Storage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs INSERT, UPDATE, DELETE and MERGE; each change and its commit-log entry commit in one transaction. */
public final class DmlExecutor {
  private final ExecutionContext context;
  private GeneratedKeys generatedKeys = GeneratedKeys.NONE;

  public DmlExecutor(ExecutionContext context) {
    this.context = context;
  }

  /** The identity values the last statement run here generated, for JDBC's getGeneratedKeys. */
  public GeneratedKeys generatedKeys() {
    return generatedKeys;
  }

  /**
   * A write planned and checked, not run: its table, the translator that resolved it, and its H2 statement (the tree,
   * which the change feed's recording wraps, and its text, printed once).
   */
  public record Planned(TableInfo table, QueryTranslator translator, Sql sql, H2Statement statement,
      List<H2Statement> before, Optional<Replace> replace) {
    Planned(TableInfo table, QueryTranslator translator, Sql sql) {
      this(table, translator, sql, sql.statement(), List.of(), Optional.empty());
    }
  }

  /** An INSERT's REPLACE WHERE: its predicate as the dialect writes it, and its statements. */
  public record Replace(String predicate, DmlPlanner.Replacement statements) {}

  /** Resolves, checks (privileges, what the table allows) and plans {@code dml} without running it. */
  public Planned plan(Dml dml) {
    QueryTranslator translator = context.translator();
    TableInfo table = translator.resolveTable(dml.target(), dml.span());
    if (table.kind().writtenByFlows()) {
      // Only its flows write a streaming table.
      throw Errors.unsupportedOnStreamingTable(table.name().parts(), logged(dml).operation().text(), dml.span());
    }
    context.access().require(context.session().user(),
        GrantInfo.Securable.TABLE, table.name().parts(), "MODIFY", dml.span());
    if (!table.policies().isEmpty() && !(dml instanceof Dml.Insert insert && !insert.overwrite())) {
      // UPDATE, DELETE and MERGE would have to see the table as the filter and masks show it; until they do, they
      // are refused rather than changing rows the user cannot see. INSERT only adds rows.
      throw Errors.notSupported(logged(dml).operation().text() + " on a table with a row filter or column mask (drop the"
          + " policy first, or INSERT)", dml.span());
    }
    if (table.kind() != TableKind.MANAGED) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", logged(dml).operation().text())
          .parameter("viewName", Errors.quote(table.name().parts())).at(dml.span()).build();
    }
    DmlPlanner planner = new DmlPlanner(translator);
    Sql statement;
    if (dml instanceof Dml.Insert insert && insert.replaceWhere().isPresent()) {
      statement = planner.insert(insert, table);
      // by position, the query's columns are the table's it fills, named so for the predicate
      List<String> columns = insert.byName() ? List.of() : !insert.columns().isEmpty() ? insert.columns()
          : table.columns().stream().filter(column -> column.identity().isEmpty() && column.generatedSql().isEmpty())
              .map(ColumnInfo::name).toList();
      Replace replace = new Replace(SqlFormatter.format(insert.replaceWhere().get()), planner.replaceWhere(
          insert.replaceWhere().get(), insert.source(), columns, table, dml.span()));
      return new Planned(table, translator, statement, statement.statement(), List.of(), Optional.of(replace));
    } else if (dml instanceof Dml.Insert insert) {
      statement = planner.insert(insert, table);
    } else if (dml instanceof Dml.Update update) {
      statement = planner.update(update, table);
    } else if (dml instanceof Dml.Delete delete) {
      statement = planner.delete(delete, table);
    } else {
      Dml.Merge merge = (Dml.Merge) dml;
      List<H2Statement> bySource = planner.bySource(merge, table).stream().map(Sql::statement).toList();
      if (!bySource.isEmpty() && ChangeDataFeed.enabled(table)) {
        throw Errors.notSupported("MERGE ... WHEN NOT MATCHED BY SOURCE into a table with the change data feed",
            dml.span());
      }
      statement = planner.merge(merge, table);
      return new Planned(table, translator, statement, statement.statement(), bySource, Optional.empty());
    }
    return new Planned(table, translator, statement);
  }

  /** MERGE WITH SCHEMA EVOLUTION: adds the source's columns the target lacks, before the MERGE is planned again. */
  private boolean evolveSchema(Dml.Merge merge, TableInfo table) {
    return new DdlExecutor(context).evolve(table, new DmlAnalyzer(context.translator()).evolvedColumns(merge, table),
        "MERGE WITH SCHEMA EVOLUTION", merge.span());
  }

  /**
   * Runs the statement once per parameter set (a JDBC batch): planned once, in one transaction that writes one table
   * version, so the batch commits whole or not at all. Returns each set's row count.
   */
  public long[] executeBatch(Dml dml, List<List<Object>> parameterSets) {
    Planned first = plan(dml);
    Planned planned = dml instanceof Dml.Merge merge && evolveSchema(merge, first.table()) ? plan(dml) : first;
    QueryTranslator translator = planned.translator();
    TableInfo table = planned.table();
    boolean changeFeed = ChangeDataFeed.enabled(table);
    Optional<ClientTransaction> transaction = context.transaction();
    if (changeFeed) {
      prepareChangeFeed(table, transaction, dml);
    }
    CatalogService catalog = context.catalog();
    // Only the commit log changes besides the data, and it is not cached, so the catalog generation stays.
    try (OpenFiles files = OpenFiles.all(translator.fileReads())) {
      List<ColumnInfo> keyColumns = keyColumns(dml, table);
      List<List<Object>> keys = new ArrayList<>();
      ClientTransaction.TableWrite write = (connection, version) -> {
        keys.clear();
        return write(connection, version, dml, table, planned, parameterSets, files.runtime(),
            keyColumns.stream().map(ColumnInfo::name).toList(), keys);
      };
      generatedKeys = GeneratedKeys.NONE;
      long[] counts = transaction.isPresent() ? transaction.get().write(catalog, table.id(), write)
          : context.storage().inTransaction(connection -> VersionedWrite.commit(catalog, connection, table.id(),
              context.session().user(), version -> {
                ClientTransaction.Written written = write.run(connection, version);
                return new VersionedWrite.Written<>(written.counts(), written.operation(), written.parameters(),
                    written.metrics());
              }));
      if (!keyColumns.isEmpty()) {
        generatedKeys = new GeneratedKeys(keyColumns.stream().map(column -> new ResultColumn(
            column.name(), SqlParser.parseType(column.type()), column.nullable()))
            .toList(), List.copyOf(keys));
      }
      return counts;
    }
  }

  /** The identity columns whose values an INSERT ... VALUES gives back; none for other statements. */
  private static List<ColumnInfo> keyColumns(Dml dml, TableInfo table) {
    if (!(dml instanceof Dml.Insert insert) || insert.overwrite()
        || !(insert.source().body() instanceof QueryBody.Values)) {
      return List.of();
    }
    return table.columns().stream().filter(column -> column.identity().isPresent()).toList();
  }

  /**
   * Makes sure the change table of {@code table} is there before a write records into it. Inside a transaction that
   * already holds the write turn no DDL can run (H2 commits DDL, which would write the transaction's uncommitted rows),
   * and a table's change rows are found by the version its write stamped, which a second write in one transaction
   * would share: both are refused by name.
   */
  private void prepareChangeFeed(TableInfo table, Optional<ClientTransaction> transaction, Dml dml) {
    List<Sql> ddl = ChangeFeed.ddl(table);
    if (transaction.isPresent() && transaction.get().wrote(table.id())) {
      throw EngineException.of(ErrorClass.TRANSACTION_NOT_SUPPORTED).subClass("CHANGE_DATA_FEED",
          "A second write of " + Errors.quote(table.name().parts()) + " in one transaction: the table records its"
              + " change data feed by commit version, which the writes of one transaction share. Commit first.")
          .at(dml.span()).build();
    }
    if (transaction.isPresent() && transaction.get().writing()
        && !ddl.stream().allMatch(context.storage()::executedOnce)) {
      throw EngineException.of(ErrorClass.TRANSACTION_NOT_SUPPORTED).subClass("CHANGE_DATA_FEED",
          "The first write of " + Errors.quote(table.name().parts()) + " since the gateway started prepares its"
              + " change table, which cannot happen after other writes of a transaction. Write it first.")
          .at(dml.span()).build();
    }
    ddl.forEach(context.storage()::executeOnce);
  }

  /** The statement's write at {@code version}, with its change rows, and what the commit log says of it. */
  private static ClientTransaction.Written write(java.sql.Connection connection, long version, Dml dml,
      TableInfo table, Planned statement, List<List<Object>> parameterSets, Map<String, Object> fileRuntime,
      List<String> keyColumns, List<List<Object>> keys) throws java.sql.SQLException {
    boolean overwrite = dml instanceof Dml.Insert insert && insert.overwrite();
    boolean changeFeed = ChangeDataFeed.enabled(table);
    long removed = 0;
    if (overwrite) {
      if (changeFeed) {
        H2Storage.update(connection, ChangeFeed.recordAll(table, "delete", version), List.of(), Map.of());
      }
      removed = H2Storage.deleteAll(connection, table.storageName());
    }
    Map<String, Object> runtime = new HashMap<>(fileRuntime);
    runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
    if (statement.replace().isPresent()) {
      removed = replaceRows(connection, table, statement.replace().get(), parameterSets, runtime, version);
    }
    long[] counts = new long[parameterSets.size()];
    // a MERGE's WHEN NOT MATCHED BY SOURCE statements, first, on the target as it was
    for (H2Statement first : statement.before()) {
      long[] changed = H2Storage.updateEach(connection, first, parameterSets, runtime, List.of(), new ArrayList<>());
      for (int i = 0; i < counts.length; i++) {
        counts[i] += changed[i];
      }
    }
    long[] written = changeFeed ? writeRecorded(connection, dml, table, statement, parameterSets, runtime, version,
        keyColumns, keys) : H2Storage.updateEach(connection, statement.statement(), parameterSets, runtime, keyColumns,
        keys);
    for (int i = 0; i < counts.length; i++) {
      counts[i] += written[i];
    }
    long rows = java.util.Arrays.stream(counts).sum();
    Logged logged = logged(dml);
    boolean replacing = overwrite || statement.replace().isPresent();
    Map<String, Long> metrics = replacing ? Map.of("numOutputRows", rows, "numRemovedRows", removed)
        : Map.of(logged.metric(), rows);
    Map<String, String> operationParameters = dml instanceof Dml.Insert
        ? Map.of(WriteMode.PARAMETER, (replacing ? WriteMode.OVERWRITE : WriteMode.APPEND).text()) : Map.of();
    if (statement.replace().isPresent()) {
      operationParameters = Map.of(WriteMode.PARAMETER, WriteMode.OVERWRITE.text(), "predicate",
          statement.replace().get().predicate());
    }
    return new ClientTransaction.Written(counts, logged.operation(), metrics, operationParameters);
  }

  /**
   * REPLACE WHERE before its insert: every row the query gives must satisfy the predicate
   * (DELTA_REPLACE_WHERE_MISMATCH otherwise); then the table's rows that do are removed, their images recorded when
   * the table has the change data feed. Returns how many were removed.
   */
  static long replaceRows(java.sql.Connection connection, TableInfo table, Replace replace,
      List<List<Object>> parameterSets, Map<String, Object> runtime, long version) throws java.sql.SQLException {
    long removed = 0;
    for (List<Object> parameters : parameterSets) {
      if (replace.statements().outside().isPresent()) {
        long outside = ((Number) H2Storage.firstRow(connection, replace.statements().outside().get(), parameters,
            runtime)[0]).longValue();
        if (outside > 0) {
          throw EngineException.of(ErrorClass.DELTA_REPLACE_WHERE_MISMATCH).parameter("replaceWhere",
              replace.predicate()).parameter("message", outside + " row(s) of the query do not satisfy it.").build();
        }
      }
      H2Statement delete = ChangeDataFeed.enabled(table) ? ChangeFeed.recordOld(table, "delete", version,
          replace.statements().delete()) : replace.statements().delete().statement();
      removed += H2Storage.update(connection, delete, parameters, runtime);
    }
    return removed;
  }

  /**
   * Runs a planned INSERT into {@code table} inside the caller's transaction, recording its row images when the table
   * has the change data feed; returns the rows written.
   */
  static long insertRecorded(java.sql.Connection connection, TableInfo table, H2Statement statement,
      Map<String, Object> runtime, long version) throws java.sql.SQLException {
    long rows = H2Storage.update(connection, statement, List.of(), runtime);
    if (ChangeDataFeed.enabled(table)) {
      H2Storage.update(connection, ChangeFeed.recordWritten(table, "insert", version), List.of(), Map.of());
    }
    return rows;
  }

  /**
   * A write into a table with the change data feed, recording its row images with it: removed and pre-update rows
   * from the statement's OLD TABLE, inserted and post-update rows by the version the write stamped (a MERGE, which
   * does both, pairs them by row id).
   */
  private static long[] writeRecorded(java.sql.Connection connection, Dml dml, TableInfo table,
      Planned statement, List<List<Object>> parameterSets, Map<String, Object> runtime, long version,
      List<String> keyColumns, List<List<Object>> keys) throws java.sql.SQLException {
    if (dml instanceof Dml.Insert) {
      long[] counts = H2Storage.updateEach(connection, statement.statement(), parameterSets, runtime, keyColumns,
          keys);
      H2Storage.update(connection, ChangeFeed.recordWritten(table, "insert", version), List.of(), Map.of());
      return counts;
    }
    long[] counts = new long[parameterSets.size()];
    if (dml instanceof Dml.Merge) {
      for (int i = 0; i < counts.length; i++) {
        counts[i] = ChangeFeed.recordMerge(connection, table, statement.sql(), parameterSets.get(i), runtime,
            version);
      }
      return counts;
    }
    boolean update = dml instanceof Dml.Update;
    H2Statement recording = ChangeFeed.recordOld(table, update ? "update_preimage" : "delete", version,
        statement.sql());
    for (int i = 0; i < counts.length; i++) {
      counts[i] = H2Storage.update(connection, recording, parameterSets.get(i), runtime);
    }
    if (update) {
      H2Storage.update(connection, ChangeFeed.recordWritten(table, "update_postimage", version), List.of(), Map.of());
    }
    return counts;
  }

  /** The commit-log operation of a statement and the metric its row count is recorded under. */
  private record Logged(CommitOperation operation, String metric) {}

  private static Logged logged(Dml dml) {
    if (dml instanceof Dml.Insert) {
      return new Logged(CommitOperation.WRITE, "numOutputRows");
    }
    if (dml instanceof Dml.Update) {
      return new Logged(CommitOperation.UPDATE, "numUpdatedRows");
    }
    if (dml instanceof Dml.Delete) {
      return new Logged(CommitOperation.DELETE, "numDeletedRows");
    }
    return new Logged(CommitOperation.MERGE, "numTargetRowsAffected");
  }
}
