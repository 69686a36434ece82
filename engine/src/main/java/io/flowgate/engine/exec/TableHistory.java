package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.History;

/**
 * Gives a managed table its history (storage.History) and records in the catalog from which version time travel can
 * read it: a new table from its creation, a table of a store made before history was kept from when the store was
 * first opened with it. Streaming tables and materialized views keep none (their flows rewrite them).
 */
public final class TableHistory {
  private TableHistory() {}

  public static void ensure(CatalogService catalog, H2Storage storage, TableInfo table) {
    if (table.kind() != TableKind.MANAGED
        || storage.read(connection -> catalog.historySince(connection, table.id())).isPresent()) {
      return;
    }
    // the trigger first: writes that begin after it are recorded, so the version read after it is one from which
    // every replaced row is kept
    History.ddl(table.storageName()).forEach(storage::execute);
    storage.inTransaction(connection -> {
      catalog.recordHistory(connection, table.id(), catalog.latestVersion(connection, table.id()));
      return null;
    });
  }
}
