package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayProcess;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * SIGKILL at random points of a write-heavy workload, again and again over one store: single-row INSERTs, bulk
 * INSERTs into a source that a streaming table reads, and change events applied by an AUTO CDC flow, each REFRESHed
 * as it goes. After every restart, every write the gateway acknowledged is there exactly once, nothing is there
 * that was never sent, and both streaming tables refresh to exactly what their sources say.
 *
 * <p>The kill points come from a seed ({@code -Dflowgate.crash.seed}); {@code -Dflowgate.crash.kills} sets how
 * many (50 by default).
 */
class CrashRecoveryTest {
  private static final int KEYS = 200;
  /** The gateway restarts fifty times: its JVM compiles for a quick start rather than for peak speed. */
  private static final List<String> QUICK_START = List.of("-XX:TieredStopAtLevel=1");

  /** What the clients sent, and of that what the gateway acknowledged. */
  private static final class Ledger {
    final Set<Long> ackedInserts = ConcurrentHashMap.newKeySet();
    final Set<Long> sentInserts = ConcurrentHashMap.newKeySet();
    final Set<Long> ackedSource = ConcurrentHashMap.newKeySet();
    final Set<Long> sentSource = ConcurrentHashMap.newKeySet();
    final Set<Long> ackedEvents = ConcurrentHashMap.newKeySet();
    final Set<Long> sentEvents = ConcurrentHashMap.newKeySet();
    final AtomicLong refreshes = new AtomicLong();
    final Checked inserts = new Checked();
    final Checked source = new Checked();
    final Checked events = new Checked();
    final AtomicLong nextInsert = new AtomicLong();
    final AtomicLong nextSource = new AtomicLong();
    final AtomicLong nextEvent = new AtomicLong();
  }

  @Test
  void acknowledgedWritesSurviveSigkill() throws Exception {
    long seed = Long.getLong("flowgate.crash.seed", 20261201L);
    int kills = Integer.getInteger("flowgate.crash.kills", 50);
    Random random = new Random(seed);
    Ledger ledger = new Ledger();
    Path data = Files.createTempDirectory("flowgate-crash");
    GatewayProcess gateway = GatewayProcess.start(data, QUICK_START);
    boolean keep = false;
    ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "crash-workload");
      thread.setDaemon(true);
      return thread;
    });
    try {
      try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE acks (id BIGINT)");
        statement.execute("CREATE TABLE src (id BIGINT, payload STRING)");
        statement.execute("CREATE STREAMING TABLE st AS SELECT id, payload FROM STREAM(src)");
        statement.execute("CREATE TABLE events (k INT, seq BIGINT, v STRING, op STRING)");
        statement.execute("CREATE OR REFRESH STREAMING TABLE cdc_t");
        statement.execute("CREATE FLOW cdc_f AS AUTO CDC INTO cdc_t FROM STREAM(events) KEYS (k)"
            + " APPLY AS DELETE WHEN op = 'DELETE' SEQUENCE BY seq COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 1");
      }
      for (int round = 0; round < kills; round++) {
        String url = gateway.url();
        long batchSeed = random.nextLong();
        List<Future<?>> running = new ArrayList<>();
        running.add(workers.submit(() -> insertRows(url, ledger)));
        running.add(workers.submit(() -> appendAndRefresh(url, ledger, new Random(batchSeed))));
        running.add(workers.submit(() -> changeAndRefresh(url, ledger, new Random(~batchSeed))));
        Thread.sleep(150 + random.nextInt(900));
        gateway.kill();
        for (Future<?> worker : running) {
          worker.cancel(true);
        }
        gateway = GatewayProcess.start(data, QUICK_START);
        try {
          check(gateway, ledger, round, seed);
        } catch (AssertionError e) {
          keep = true;
          throw new AssertionError(e.getMessage() + "\n(the store is kept for a look in " + data + ")", e);
        }
      }
      // The workload really ran into the kills: most rounds acknowledged writes of every kind.
      assertThat(ledger.ackedInserts).hasSizeGreaterThan(kills);
      assertThat(ledger.ackedSource).hasSizeGreaterThan(kills);
      assertThat(ledger.ackedEvents).hasSizeGreaterThan(kills);
      assertThat(ledger.refreshes.get()).isGreaterThan(kills);
    } finally {
      workers.shutdownNow();
      gateway.kill();
      if (!keep) {
        GatewayProcess.delete(data);
      }
    }
  }

  /** Single-row INSERTs, one after another, each acknowledged on its own. */
  private static void insertRows(String url, Ledger ledger) {
    try (Connection connection = java.sql.DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      while (!Thread.currentThread().isInterrupted()) {
        long id = ledger.nextInsert.getAndIncrement();
        ledger.sentInserts.add(id);
        statement.executeUpdate("INSERT INTO acks VALUES (" + id + ")");
        ledger.ackedInserts.add(id);
      }
    } catch (SQLException | RuntimeException killed) {
      // the gateway died under the statement
    }
  }

  /** Bulk INSERTs into the source of {@code st}, each followed by a REFRESH. */
  private static void appendAndRefresh(String url, Ledger ledger, Random random) {
    try (Connection connection = java.sql.DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      while (!Thread.currentThread().isInterrupted()) {
        int rows = 1 + random.nextInt(random.nextBoolean() ? 20 : 5_000);
        long first = ledger.nextSource.getAndAdd(rows);
        for (long id = first; id < first + rows; id++) {
          ledger.sentSource.add(id);
        }
        statement.executeUpdate("INSERT INTO src SELECT id, concat('row-', id) FROM range(" + first + ", "
            + (first + rows) + ")");
        for (long id = first; id < first + rows; id++) {
          ledger.ackedSource.add(id);
        }
        statement.execute("REFRESH STREAMING TABLE st");
        ledger.refreshes.incrementAndGet();
      }
    } catch (SQLException | RuntimeException killed) {
      // the gateway died under the statement
    }
  }

  /** Change events for random keys (upserts and deletes, out of order), each batch followed by a REFRESH. */
  private static void changeAndRefresh(String url, Ledger ledger, Random random) {
    try (Connection connection = java.sql.DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      while (!Thread.currentThread().isInterrupted()) {
        int events = 1 + random.nextInt(random.nextBoolean() ? 10 : 1_000);
        long first = ledger.nextEvent.getAndAdd(events);
        StringBuilder values = new StringBuilder();
        for (long seq = first; seq < first + events; seq++) {
          ledger.sentEvents.add(seq);
          // Sequence numbers are unique, so the newest event of each key is known; they arrive shuffled a little.
          long sequence = seq + random.nextInt(5) * 1_000_000_000L;
          values.append(values.isEmpty() ? "" : ", ").append('(').append(random.nextInt(KEYS)).append(", ")
              .append(sequence).append(", 'v").append(seq).append("', '")
              .append(random.nextInt(8) == 0 ? "DELETE" : "UPSERT").append("')");
        }
        statement.executeUpdate("INSERT INTO events VALUES " + values);
        for (long seq = first; seq < first + events; seq++) {
          ledger.ackedEvents.add(seq);
        }
        statement.execute("REFRESH STREAMING TABLE cdc_t");
        ledger.refreshes.incrementAndGet();
      }
    } catch (SQLException | RuntimeException killed) {
      // the gateway died under the statement
    }
  }

  private static void check(GatewayProcess gateway, Ledger ledger, int round, long seed) throws Exception {
    String where = "after kill " + (round + 1) + " (seed " + seed + ")";
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      ledger.inserts.check(statement, "acks", "id", ledger.ackedInserts, ledger.sentInserts, where);
      ledger.source.check(statement, "src", "id", ledger.ackedSource, ledger.sentSource, where);
      ledger.events.check(statement, "events", "CAST(substr(v, 2) AS BIGINT)", ledger.ackedEvents,
          ledger.sentEvents, where);

      refresh(statement, "REFRESH STREAMING TABLE st", where);
      assertThat(QueryRows.of(statement, "SELECT (SELECT count(*) FROM st), (SELECT count(DISTINCT id) FROM st),"
          + " (SELECT count(*) FROM src), (SELECT count(*) FROM (SELECT id FROM src EXCEPT SELECT id FROM st))"))
          .as(where + ": st holds every source row once (rows, distinct ids, source rows, source rows it lacks)")
          .containsExactly(ledger.source.rows + " | " + ledger.source.rows + " | " + ledger.source.rows + " | 0");

      refresh(statement, "REFRESH STREAMING TABLE cdc_t", where);
      List<String> expected = QueryRows.of(statement, "SELECT k, v FROM (SELECT k, v, op, row_number() OVER"
          + " (PARTITION BY k ORDER BY seq DESC) AS newest FROM events) WHERE newest = 1 AND op = 'UPSERT'"
          + " ORDER BY k");
      assertThat(QueryRows.of(statement, "SELECT k, v FROM cdc_t ORDER BY k"))
          .as(where + ": the AUTO CDC target is the newest event of each key").isEqualTo(expected);
    }
  }

  /**
   * What one table held at the last check: its row count, and the first id not yet checked. Each check reads only
   * the ids written since, and the count proves that nothing older went missing.
   */
  private static final class Checked {
    long rows;
    long nextId;

    void check(Statement statement, String table, String id, Set<Long> acked, Set<Long> sent, String where)
        throws SQLException {
      Set<Long> fresh = ids(statement, "SELECT " + id + " FROM " + table + " WHERE " + id + " >= " + nextId,
          where + ": " + table);
      assertThat(missing(acked.stream().filter(value -> value >= nextId).collect(java.util.stream.Collectors.toSet()),
          fresh)).as(where + ": acknowledged rows of " + table + " lost").isEmpty();
      assertThat(missing(fresh, sent)).as(where + ": rows of " + table + " never sent").isEmpty();
      assertThat(QueryRows.of(statement, "SELECT count(*), count(DISTINCT " + id + ") FROM " + table))
          .as(where + ": rows of " + table + " (all, distinct): older rows kept, none twice")
          .containsExactly((rows + fresh.size()) + " | " + (rows + fresh.size()));
      rows += fresh.size();
      nextId = sent.stream().mapToLong(Long::longValue).max().orElse(-1) + 1;
    }
  }

  /** A REFRESH must answer: a store left torn by a crash would make it fail or spin. */
  private static void refresh(Statement statement, String sql, String where) throws Exception {
    ExecutorService single = Executors.newSingleThreadExecutor();
    try {
      Future<Boolean> answer = single.submit(() -> statement.execute(sql));
      answer.get(120, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new AssertionError(where + ": " + sql + " failed", e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError(where + ": " + sql + " did not answer in two minutes");
    } finally {
      single.shutdownNow();
    }
  }

  /** The first few of {@code expected} that {@code actual} lacks, and how many in all. */
  private static List<String> missing(Set<Long> expected, Set<Long> actual) {
    List<Long> absent = expected.stream().filter(id -> !actual.contains(id)).sorted().toList();
    return absent.isEmpty() ? List.of()
        : List.of(absent.size() + " of " + expected.size() + ", first " + absent.subList(0, Math.min(10,
            absent.size())));
  }

  /** The ids a query returns; a duplicate fails the check. */
  private static Set<Long> ids(Statement statement, String sql, String what) throws SQLException {
    Set<Long> ids = new HashSet<>();
    try (ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        long id = rows.getLong(1);
        assertThat(ids.add(id)).as(what + ": id " + id + " is there twice").isTrue();
      }
    }
    return ids;
  }
}
