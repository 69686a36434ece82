package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.storage.H2Storage;
import java.util.ArrayList;
import java.util.List;

/**
 * After a crash, removes what an unfinished flow batch appended. A streaming table whose flows only append (no AUTO
 * CDC flow, which rewrites rows in place) gains rows only from flow batches, each stamping its rows with the version
 * it commits; so a row stamped above the table's last committed version belongs to a batch the crash cut short. H2
 * should have rolled those rows back and once did not (CrashRecoveryTest: three rows of a killed batch beside the
 * retry's), so the store does not count on it where it can tell. Rows rewritten in place carry no such mark and are
 * left to H2.
 */
public final class UnfinishedAppends {
  private UnfinishedAppends() {}

  /** Removes the rows and returns one sentence per table it changed, for the log. */
  public static List<String> remove(CatalogService catalog, H2Storage storage) {
    List<String> removed = new ArrayList<>();
    for (CatalogInfo each : catalog.catalogs()) {
      for (SchemaInfo schema : catalog.schemas(each.name())) {
        for (TableInfo table : catalog.tables(each.name(), schema.name())) {
          if (table.kind() != TableKind.STREAMING_TABLE) {
            continue;
          }
          long count = storage.inTransaction(connection -> {
            List<FlowInfo> flows = catalog.flows(connection, table.id());
            if (flows.stream().anyMatch(FlowInfo::autoCdc)) {
              return 0L;
            }
            return H2Storage.deleteAbove(connection, table.storageName(), catalog.latestVersion(connection,
                table.id()));
          });
          if (count > 0) {
            removed.add(count + " rows of an unfinished flow batch removed from " + table.name());
          }
        }
      }
    }
    return removed;
  }
}
