package io.flowgate.engine.exec;

import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * VACUUM t [RETAIN n HOURS] [DRY RUN]: the history rows (storage.History) that only versions committed before the
 * retention period need are deleted, and those versions stop being readable by time travel and RESTORE, as the
 * vendor's VACUUM removes the files only they referenced. The earliest readable version becomes the last one
 * committed before the period began: a row its history holds was taken by it or a later write, so every version from
 * it on still has its rows. The retention is RETAIN's, else the table's {@value #RETENTION} (an interval, as
 * {@code 'interval 7 days'}), else 7 days; RETAIN shorter than the table's is refused unless the session turned the
 * check off. Answers one row: the history rows deleted (would be, with DRY RUN) and the earliest readable version.
 * A streaming table or materialized view keeps no history, so nothing is deleted.
 */
public final class VacuumTable {
  static final String RETENTION = "delta.deletedFileRetentionDuration";
  private static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
  private static final Pattern INTERVAL_PART = Pattern.compile("(\\d+)\\s*(week|day|hour|minute|second)s?");

  private final ExecutionContext context;
  private final boolean retentionCheck;

  /** {@code retentionCheck}: whether RETAIN may not be shorter than the table's retention. */
  public VacuumTable(ExecutionContext context, boolean retentionCheck) {
    this.context = context;
    this.retentionCheck = retentionCheck;
  }

  public StatementResult vacuum(Ddl.Vacuum vacuum) {
    TableInfo table = context.translator().resolveTable(vacuum.table(), vacuum.span());
    if (table.kind() == TableKind.VIEW) {
      throw Errors.notSupported("VACUUM of a view", vacuum.span());
    }
    context.access().require(context.session().user(), GrantInfo.Securable.TABLE, table.name().parts(), "MODIFY",
        vacuum.span());
    Duration configured = configured(table);
    Duration retention = vacuum.retainHours().map(VacuumTable::hours).orElse(configured);
    if (retentionCheck && retention.compareTo(configured) < 0) {
      throw EngineException.of(ErrorClass.DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT)
          .parameter("retention", describe(retention)).parameter("configured", describe(configured))
          .at(vacuum.span()).build();
    }
    Instant cutoff = Instant.now().minus(retention);
    Optional<Long> lastBefore = table.kind() == TableKind.MANAGED ? context.catalog().history(table.id()).stream()
        .filter(commit -> !commit.timestamp().isAfter(cutoff)).map(CommitInfo::version)
        .max(Long::compare) : Optional.empty();
    // a metadata write: a plan cached for a version that is no longer readable must be made again, and refused
    Vacuumed answer = context.writeMetadata(connection -> {
      Optional<Long> since = context.catalog().historySince(connection, table.id());
      if (since.isEmpty() || lastBefore.isEmpty() || lastBefore.get() <= since.get()) {
        return new Vacuumed(0, since);
      }
      Sql history = Sql.table(StoreNames.historyOf(table.storageName()));
      Sql taken = Sql.of("{} <= CAST({} AS BIGINT)", Sql.name(StoreNames.REMOVED_VERSION_COLUMN),
          Sql.constant(lastBefore.get()));
      long rows;
      if (vacuum.dryRun()) {
        rows = ((Number) H2Storage.allRows(connection, Sql.of("SELECT COUNT(*) FROM {} WHERE {}", history, taken)
            .statement(), List.of(), Map.of()).get(0)[0]).longValue();
      } else {
        rows = H2Storage.update(connection, Sql.of("DELETE FROM {} WHERE {}", history, taken).statement(),
            List.of(), Map.of());
        context.catalog().recordHistory(connection, table.id(), lastBefore.get());
      }
      return new Vacuumed(rows, lastBefore);
    });
    return new StatementResult.Rows(List.of(new ResultColumn("num_deleted_rows", SqlType.BIGINT, false),
        new ResultColumn("earliest_version", SqlType.BIGINT, true)),
        new ListCursor(List.of(java.util.Arrays.asList(answer.rows(), answer.earliestVersion().orElse(null)))));
  }

  /** The history rows deleted (or that would be) and the earliest version readable after; none without history. */
  private record Vacuumed(long rows, Optional<Long> earliestVersion) {}

  private static Duration hours(BigDecimal hours) {
    return Duration.ofMillis(hours.multiply(BigDecimal.valueOf(3_600_000)).longValue());
  }

  /** The table's {@value #RETENTION}: {@code [interval] n unit [n unit ...]}, units week to second. */
  private static Duration configured(TableInfo table) {
    Optional<String> value = table.properties().entrySet().stream()
        .filter(entry -> entry.getKey().equalsIgnoreCase(RETENTION)).map(Map.Entry::getValue).findFirst();
    if (value.isEmpty()) {
      return DEFAULT_RETENTION;
    }
    String text = value.get().strip().toLowerCase(Locale.ROOT).replaceFirst("^interval\\s+", "");
    Matcher part = INTERVAL_PART.matcher(text);
    Duration total = Duration.ZERO;
    int end = 0;
    while (part.find() && text.substring(end, part.start()).isBlank()) {
      long amount = Long.parseLong(part.group(1));
      total = total.plus(switch (part.group(2)) {
        case "week" -> Duration.ofDays(7 * amount);
        case "day" -> Duration.ofDays(amount);
        case "hour" -> Duration.ofHours(amount);
        case "minute" -> Duration.ofMinutes(amount);
        default -> Duration.ofSeconds(amount);
      });
      end = part.end();
    }
    if (end == 0 || !text.substring(end).isBlank()) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", RETENTION)
          .parameter("functionName", "VACUUM").parameter("message", "'" + value.get() + "' is not an interval such"
              + " as 'interval 7 days'").build();
    }
    return total;
  }

  private static String describe(Duration duration) {
    return duration.toMinutes() % 60 == 0 ? duration.toHours() + " hours" : duration.toMinutes() + " minutes";
  }
}
