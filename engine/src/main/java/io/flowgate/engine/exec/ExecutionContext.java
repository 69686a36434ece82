package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.storage.H2Storage;
import java.util.concurrent.Executor;

/**
 * What executing one statement needs: the catalog, who may do what in it, the store, who runs it where, the
 * engine's executor for work that outlives the statement (REFRESH ... ASYNC), the client transaction it runs
 * in, if any, and where its updates are known while they run.
 */
public record ExecutionContext(CatalogService catalog, AccessControl access, H2Storage storage,
    SessionContext session, Executor background, io.flowgate.engine.files.FileAreas files,
    java.util.Optional<ClientTransaction> transaction, RunningUpdates updates, java.time.Duration scheduleFloor) {

  /** A change of catalog metadata that returns nothing. */
  public interface MetadataWrite {
    void run(java.sql.Connection connection) throws java.sql.SQLException;
  }

  /** {@link #writeMetadata(H2Storage.TransactionWork)} for a change that returns nothing. */
  public void changeMetadata(MetadataWrite write) {
    writeMetadata(connection -> {
      write.run(connection);
      return null;
    });
  }

  /** A transaction that changes catalog metadata; the catalog's cache moves to a new generation after it. */
  public <T> T writeMetadata(H2Storage.TransactionWork<T> work) {
    try {
      return storage.inTransaction(work);
    } finally {
      catalog.changed();
    }
  }

  /** The same context for another session (a pipeline's, say). */
  public ExecutionContext withSession(SessionContext other) {
    return new ExecutionContext(catalog, access, storage, other, background, files, transaction, updates,
        scheduleFloor);
  }

  /** A translator for one statement of the session; it may read files inside the ingest roots. */
  public QueryTranslator translator() {
    return new QueryTranslator(catalog, access, session, StreamSources.forStatement(files));
  }

  /** A translator for definitions the session stores (column expressions, views): no run-time sources. */
  public QueryTranslator definitions(SessionContext where) {
    return new QueryTranslator(catalog, access, where);
  }
}
