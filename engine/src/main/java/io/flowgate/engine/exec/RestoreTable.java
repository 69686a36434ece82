package io.flowgate.engine.exec;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.TimeTravel;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Map;

/**
 * RESTORE TABLE t TO VERSION AS OF n | TIMESTAMP AS OF ts: one new version whose rows are those version {@code n} had
 * (time travel's rows): the rows written after it go, into the history like any removed row, and the rows it had
 * that later writes took away come back from the history, stamped with the new version. A stream reading the table
 * sees rows rewritten (RESTORE is not an append). Answers one row: {@code num_removed_rows}, {@code
 * num_restored_rows} (the vendor counts files, which this store does not have).
 */
public final class RestoreTable {
  private final ExecutionContext context;

  public RestoreTable(ExecutionContext context) {
    this.context = context;
  }

  public StatementResult restore(Ddl.RestoreTable restore) {
    TableInfo table = context.translator().resolveTable(restore.table(), restore.span());
    if (table.kind().writtenByFlows()) {
      throw Errors.unsupportedOnStreamingTable(table.name().parts(), "RESTORE", restore.span());
    }
    if (table.kind() != TableKind.MANAGED) {
      throw Errors.notSupported("RESTORE of a view", restore.span());
    }
    context.access().require(context.session().user(), GrantInfo.Securable.TABLE, table.name().parts(), "MODIFY",
        restore.span());
    if (ChangeDataFeed.enabled(table)) {
      throw Errors.notSupported("RESTORE of a table with the change data feed", restore.span());
    }
    long target = TimeTravel.version(context.translator(), table, restore.asOf(), restore.span());
    Sql at = Sql.of("CAST({} AS BIGINT)", Sql.constant(target));
    Sql stamped = Sql.name(StoreNames.VERSION_COLUMN);
    Sql columns = Sql.list(table.columns().stream().map(ColumnInfo::name).map(Sql::name).toList());
    long[] counts = context.storage().inTransaction(connection -> VersionedWrite.commit(context.catalog(), connection,
        table.id(), context.session().user(), version -> {
          long removed = H2Storage.update(connection, Sql.of("DELETE FROM {} WHERE {} > {}",
              Sql.table(table.storageName()), stamped, at).statement(), List.of(), Map.of());
          long restored = H2Storage.update(connection, Sql.of("INSERT INTO {} ({}, {}) SELECT {}, CAST({} AS BIGINT)"
              + " FROM {} WHERE {} <= {} AND {} > {}", Sql.table(table.storageName()), columns, stamped, columns,
              Sql.constant(version), Sql.table(StoreNames.historyOf(table.storageName())), stamped, at,
              Sql.name(StoreNames.REMOVED_VERSION_COLUMN), at).statement(), List.of(), Map.of());
          return new VersionedWrite.Written<>(new long[] {removed, restored}, CommitOperation.RESTORE,
              Map.of("version", Long.toString(target)), Map.of("numRemovedRows", removed, "numRestoredRows",
                  restored));
        }));
    return new StatementResult.Rows(List.of(new ResultColumn("num_removed_rows", SqlType.BIGINT, false),
        new ResultColumn("num_restored_rows", SqlType.BIGINT, false)),
        new ListCursor(List.of(List.of(counts[0], counts[1]))));
  }
}
