package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.StreamingSettings;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.exec.RefreshSchedule;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the updates that tables' schedules call for. Each look ({@link #runDue}) reads every schedule and the
 * start of each table's last update from the catalog, so what is due follows from what is stored: a restart keeps
 * the schedules, and a run missed while the gateway was down is due at once, one run however many were missed,
 * since it is measured from the last update (or the last this scheduler started, by its own clock). Due updates run one after another as the table's owner, each
 * recorded in the event log like any REFRESH; one that fails is logged and the others still run. Manual refreshes
 * count as updates: a schedule measures from whichever update began last.
 */
public final class RefreshScheduler {
  private static final Logger log = LoggerFactory.getLogger(RefreshScheduler.class);

  private final CatalogService catalog;
  private final H2Storage storage;
  private final FlowPlans plans;
  private final Function<String, ExecutionContext> contextOf;
  private final Clock clock;
  private final Duration floor;
  /** When a table with a schedule but no update yet was first seen: its schedule counts from then. */
  private final Map<Long, Instant> firstSeen = new ConcurrentHashMap<>();
  /**
   * When this scheduler last started each table's update, by its clock: a failed update counts too, so a failing
   * table waits for its next time rather than retrying at every look.
   */
  private final Map<Long, Instant> started = new ConcurrentHashMap<>();
  /** Schedules read from their text, so a look each second does not parse each cron expression again. */
  private final com.github.benmanes.caffeine.cache.Cache<String, RefreshSchedule> schedules =
      com.github.benmanes.caffeine.cache.Caffeine.newBuilder().maximumSize(1_000).build();
  /** The last failure reported per table, so the log says a repeated one once. */
  private final Map<Long, String> reported = new ConcurrentHashMap<>();

  /**
   * {@code contextOf} gives the execution context of a user (a table's owner); {@code floor} is the least time
   * between two scheduled updates of one table ({@link RefreshSchedule#DEFAULT_FLOOR} but in tests).
   */
  public RefreshScheduler(CatalogService catalog, H2Storage storage, FlowPlans plans,
      Function<String, ExecutionContext> contextOf, Clock clock, Duration floor) {
    this.catalog = catalog;
    this.storage = storage;
    this.plans = plans;
    this.contextOf = contextOf;
    this.clock = clock;
    this.floor = floor;
  }

  /** Runs every update that is due now, one after another; answers the tables it refreshed. */
  public synchronized List<TableName> runDue() {
    List<TableName> refreshed = new ArrayList<>();
    List<StreamingSettings> scheduled = storage.read(catalog::scheduled);
    for (StreamingSettings settings : scheduled) {
      Optional<TableInfo> table = catalog.tableById(settings.tableId());
      if (table.isEmpty()) {
        continue;
      }
      ExecutionContext owner = contextOf.apply(table.get().owner());
      if (owner.updates().updating(table.get().id())) {
        continue; // one update of a table at a time: this one measures from the update running now
      }
      try {
        Optional<UpdateCause> cause = due(table.get(), settings.schedule().orElseThrow(), owner);
        if (cause.isPresent()) {
          started.put(table.get().id(), clock.instant());
          new StreamingTables(owner, plans).refreshScheduled(table.get(),
              cause.get());
          reported.remove(settings.tableId());
          refreshed.add(table.get().name());
        }
      } catch (EngineException failed) {
        // The update logged its own failure, or the schedule cannot be read: the next look tries again.
        if (!failed.getMessage().equals(reported.put(settings.tableId(), failed.getMessage()))) {
          log.warn("scheduled refresh of {} failed: {}", table.get().name(), failed.getMessage());
        }
      } catch (RuntimeException failed) {
        log.error("scheduled refresh of {} failed", table.get().name(), failed);
      }
    }
    return refreshed;
  }

  /** Why the table is due for an update now, if it is. */
  private Optional<UpdateCause> due(TableInfo table, String text, ExecutionContext owner) {
    RefreshSchedule schedule = schedules.get(text, written -> RefreshSchedule.of(written, Span.NONE));
    Instant now = clock.instant();
    Instant recorded = storage.read(connection -> catalog.latestEventTime(connection, table.id(), "create_update"))
        .orElseGet(() -> firstSeen.computeIfAbsent(table.id(), id -> now));
    Instant startedHere = started.get(table.id());
    Instant last = startedHere != null && startedHere.isAfter(recorded) ? startedHere : recorded;
    if (now.isBefore(schedule.dueAfter(last, floor))) {
      return Optional.empty();
    }
    if (!(schedule instanceof RefreshSchedule.OnUpdate)) {
      return Optional.of(UpdateCause.SCHEDULE);
    }
    StreamingTables tables = new StreamingTables(owner, plans);
    List<TableName> sources = tables.committingSources(table);
    boolean changed = storage.read(connection -> {
      for (TableName source : sources) {
        Optional<TableInfo> read = catalog.table(source);
        if (read.isPresent() && read.get().id() != table.id()
            && catalog.latestCommitTime(connection, read.get().id()).filter(last::isBefore).isPresent()) {
          return true;
        }
      }
      return false;
    });
    return changed ? Optional.of(UpdateCause.TRIGGER_ON_UPDATE) : Optional.empty();
  }
}
