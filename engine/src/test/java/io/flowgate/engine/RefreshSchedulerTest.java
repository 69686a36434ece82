package io.flowgate.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.catalog.TableName;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.pipeline.RefreshScheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schedules over a real engine and store, with the scheduler's clock moved by hand so that what is due is decided
 * without waiting: EVERY, CRON and TRIGGER ON UPDATE, a restart's catch-up, and a failing table that does not stop
 * the others. (The tck waits for a real gateway's scheduler.)
 */
class RefreshSchedulerTest {
  /** A clock the test moves. */
  private static final class MovableClock extends Clock {
    private Instant now = Instant.now();

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  private final MovableClock clock = new MovableClock();

  private static TableName main(String table) {
    return new TableName("main", "default", table);
  }

  private static long count(Session session, String sql) {
    StatementResult.Rows rows = (StatementResult.Rows) session.execute(sql, List.of());
    try (RowCursor cursor = rows.cursor()) {
      cursor.next();
      return ((Number) cursor.get(0)).longValue();
    }
  }

  private static List<String> causes(Session session, String table) {
    StatementResult.Rows rows = (StatementResult.Rows) session.execute("SELECT details:create_update:cause FROM"
        + " event_log(TABLE(" + table + ")) WHERE event_type = 'create_update' ORDER BY timestamp", List.of());
    List<String> causes = new ArrayList<>();
    try (RowCursor cursor = rows.cursor()) {
      while (cursor.next()) {
        causes.add(String.valueOf(cursor.get(0)));
      }
    }
    return causes;
  }

  /** An administrator's session with a table {@code src} and a streaming table copying it on {@code schedule}. */
  private static Session copyOfSource(Engine engine, String table, String schedule) {
    Session session = engine.openSession(new Principal(Engine.ADMIN), Map.of());
    session.execute("CREATE TABLE src (id INT)", List.of());
    session.execute("CREATE STREAMING TABLE " + table + " " + schedule + " AS SELECT * FROM STREAM(src)", List.of());
    return session;
  }

  @Test
  void everyRunsWhenItsPeriodHasPassedSinceTheLastUpdate() {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      Session session = copyOfSource(engine, "hourly", "SCHEDULE EVERY 2 HOURS");
      session.execute("INSERT INTO src VALUES (1), (2)", List.of());
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));

      clock.advance(Duration.ofMinutes(119));
      assertThat(scheduler.runDue()).isEmpty();
      clock.advance(Duration.ofMinutes(2));
      assertThat(scheduler.runDue()).containsExactly(main("hourly"));
      assertThat(count(session, "SELECT count(*) FROM hourly")).isEqualTo(2);
      assertThat(scheduler.runDue()).isEmpty();
      assertThat(causes(session, "hourly")).containsExactly("API_CALL", "SCHEDULE");
    }
  }

  @Test
  void aTableWhoseUpdateIsRunningIsNotStartedAgain() throws InterruptedException {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      Session session = copyOfSource(engine, "hourly", "SCHEDULE EVERY 1 HOUR");
      session.execute("CREATE TABLE other (id INT)", List.of());
      long table = engine.catalog().table(main("hourly")).orElseThrow().id();
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      // a client transaction holds the store's write turn, so the update it starts waits, running, until it ends
      session.execute("INSERT INTO src VALUES (1)", List.of());
      Session holder = engine.openSession(new Principal(Engine.ADMIN), Map.of());
      holder.setAutoCommit(false);
      holder.execute("INSERT INTO other VALUES (1)", List.of());
      session.execute("REFRESH STREAMING TABLE hourly ASYNC", List.of());
      while (!engine.updates().updating(table)) {
        Thread.onSpinWait();
      }

      clock.advance(Duration.ofHours(2));
      assertThat(scheduler.runDue()).isEmpty();

      holder.commit();
      while (engine.updates().updating(table)) {
        Thread.onSpinWait();
      }
      assertThat(count(session, "SELECT count(*) FROM hourly")).isEqualTo(1);
      // due again once it ended, measured from the update that ran
      assertThat(scheduler.runDue()).containsExactly(main("hourly"));
      assertThat(causes(session, "hourly")).containsExactly("API_CALL", "API_CALL", "SCHEDULE");
    }
  }

  @Test
  void cronRunsAtItsNextTimeAfterTheLastUpdate() {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      copyOfSource(engine, "daily", "SCHEDULE CRON '0 30 4 * * ?' AT TIME ZONE 'UTC'");
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      Instant next = java.time.ZonedDateTime.ofInstant(clock.instant(), ZoneOffset.UTC).withHour(4).withMinute(30)
          .withSecond(0).withNano(0).toInstant();
      // Well after the CREATE's update, which counts as the last one.
      if (!next.isAfter(clock.instant().plus(Duration.ofMinutes(2)))) {
        next = next.plus(Duration.ofDays(1));
      }
      clock.advance(Duration.between(clock.instant(), next).minusSeconds(1));
      assertThat(scheduler.runDue()).isEmpty();
      clock.advance(Duration.ofSeconds(2));
      assertThat(scheduler.runDue()).containsExactly(main("daily"));
      clock.advance(Duration.ofHours(23));
      assertThat(scheduler.runDue()).isEmpty();
    }
  }

  @Test
  void triggerOnUpdateRunsAfterASourceCommitsAndNotMoreOftenThanItsInterval() {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      Session session = copyOfSource(engine, "follows", "TRIGGER ON UPDATE AT MOST EVERY INTERVAL 10 MINUTES");
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      clock.advance(Duration.ofMinutes(30));
      assertThat(scheduler.runDue()).as("no source committed").isEmpty();

      session.execute("INSERT INTO src VALUES (1)", List.of());
      assertThat(scheduler.runDue()).containsExactly(main("follows"));
      assertThat(count(session, "SELECT count(*) FROM follows")).isEqualTo(1);
      assertThat(scheduler.runDue()).isEmpty();
      assertThat(causes(session, "follows")).containsExactly("API_CALL", "TRIGGER_ON_UPDATE");
    }
  }

  @Test
  void triggerOnUpdateWaitsForItsInterval() {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      Session session = copyOfSource(engine, "follows", "TRIGGER ON UPDATE AT MOST EVERY INTERVAL 10 MINUTES");
      session.execute("INSERT INTO src VALUES (1)", List.of());
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      clock.advance(Duration.ofMinutes(9));
      assertThat(scheduler.runDue()).isEmpty();
      clock.advance(Duration.ofMinutes(2));
      assertThat(scheduler.runDue()).containsExactly(main("follows"));
    }
  }

  @Test
  void aRestartCatchesUpAMissedRunOnce(@TempDir Path data) {
    try (Engine engine = Engine.open(EngineConfig.inDirectory(data))) {
      Session session = copyOfSource(engine, "hourly", "SCHEDULE EVERY 1 HOUR");
      session.execute("INSERT INTO src VALUES (1)", List.of());
    }
    try (Engine engine = Engine.open(EngineConfig.inDirectory(data))) {
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      clock.advance(Duration.ofHours(5));
      assertThat(scheduler.runDue()).containsExactly(main("hourly"));
      assertThat(scheduler.runDue()).as("five missed runs make one").isEmpty();
      clock.advance(Duration.ofHours(1));
      assertThat(scheduler.runDue()).containsExactly(main("hourly"));
      Session session = engine.openSession(new Principal(Engine.ADMIN), Map.of());
      assertThat(count(session, "SELECT count(*) FROM hourly")).isEqualTo(1);
    }
  }

  @Test
  void aFailingRefreshDoesNotStopTheOthers() {
    try (Engine engine = Engine.open(EngineConfig.inMemory())) {
      Session session = engine.openSession(new Principal(Engine.ADMIN), Map.of());
      session.execute("CREATE TABLE gone (id INT)", List.of());
      session.execute("CREATE TABLE src (id INT)", List.of());
      session.execute("CREATE STREAMING TABLE broken SCHEDULE EVERY 1 HOUR AS SELECT * FROM STREAM(gone)", List.of());
      session.execute("CREATE STREAMING TABLE fine SCHEDULE EVERY 1 HOUR AS SELECT * FROM STREAM(src)", List.of());
      session.execute("DROP TABLE gone", List.of());
      session.execute("INSERT INTO src VALUES (1)", List.of());
      RefreshScheduler scheduler = engine.scheduler(clock, Duration.ofMinutes(1));
      clock.advance(Duration.ofHours(2));
      assertThat(scheduler.runDue()).containsExactly(main("fine"));
      assertThat(count(session, "SELECT count(*) FROM fine")).isEqualTo(1);
      assertThat(causes(session, "broken")).as("it was tried").containsExactly("API_CALL", "SCHEDULE");
      assertThat(scheduler.runDue()).as("the failed one waits for its next time").isEmpty();
    }
  }
}
