package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

/**
 * One new version of a table, in the caller's transaction: the next version number, the write that stamps its rows
 * (and their change-feed images) with it, and the commit-log row that names it. Writes of a table go through here, so
 * the version, the stamped rows and the log cannot disagree. Two exceptions: a client transaction takes its
 * version at its first write and logs it at COMMIT ({@link ClientTransaction}), and a new streaming table's version
 * 0 is logged with its catalog row, when no rows exist yet.
 */
public final class VersionedWrite {
  private VersionedWrite() {}

  /** What a write did: what it returns to its caller, and its operation, parameters and metrics for the log. */
  public record Written<T>(T result, CommitOperation operation, Map<String, String> parameters,
      Map<String, Long> metrics) {}

  /** The write of one version. */
  public interface Work<T> {
    Written<T> write(long version) throws SQLException;
  }

  public static <T> T commit(CatalogService catalog, Connection connection, long tableId, String user, Work<T> work)
      throws SQLException {
    long version = catalog.nextVersion(connection, tableId);
    // the rows the write replaces are kept as this version's history (storage.History)
    Written<T> written = io.flowgate.engine.storage.History.atVersion(version, () -> work.write(version));
    catalog.recordCommit(connection, new CommitInfo(tableId, version, Instant.now(), written.operation(), user,
        written.parameters(), written.metrics()));
    return written.result();
  }
}
