package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Span;
import java.sql.Connection;
import java.sql.SQLException;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import java.util.Locale;
import java.util.Optional;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.quartz.CronExpression;

/**
 * When a table that flows write refreshes by itself, read from the schedule's canonical text (as the parser writes
 * it and the catalog keeps it). Every kind answers the same question: given the start of the table's last update,
 * when is the next one due. {@code floor} is the least time between two scheduled updates of one table: the
 * vendor's one minute, lowered only for tests.
 */
public sealed interface RefreshSchedule {
  /**
   * The next update is due at this instant, or, for {@link OnUpdate}, once a source commits after {@code lastStart}
   * and not before this instant.
   */
  Instant dueAfter(Instant lastStart, Duration floor);

  /** {@code SCHEDULE EVERY n HOURS | DAYS | WEEKS}: that long after the last update began. */
  record Every(Duration period, String text) implements RefreshSchedule {
    @Override
    public Instant dueAfter(Instant lastStart, Duration floor) {
      return lastStart.plus(max(period, floor));
    }
  }

  /** {@code SCHEDULE CRON 'quartz' AT TIME ZONE 'tz'}: the expression's first time after the last update began. */
  record Cron(CronExpression expression, String text) implements RefreshSchedule {
    @Override
    public Instant dueAfter(Instant lastStart, Duration floor) {
      Date next = expression.getNextValidTimeAfter(Date.from(lastStart.plus(floor).minusMillis(1)));
      // An expression whose last time has passed (a year field in the past) never fires again.
      return next == null ? Instant.MAX : next.toInstant();
    }
  }

  /**
   * {@code TRIGGER ON UPDATE [AT MOST EVERY interval]}: after a source commits, no sooner than the interval (the
   * floor without one) after the last update began.
   */
  record OnUpdate(Optional<Duration> atMostEvery, String text) implements RefreshSchedule {
    @Override
    public Instant dueAfter(Instant lastStart, Duration floor) {
      return lastStart.plus(max(atMostEvery.orElse(floor), floor));
    }
  }

  Pattern EVERY = Pattern.compile("EVERY (\\d+) (HOUR|DAY|WEEK)S");
  Pattern CRON = Pattern.compile("CRON '((?:[^']|'')*)' AT TIME ZONE '((?:[^']|'')*)'");
  Pattern TRIGGER = Pattern.compile("TRIGGER ON UPDATE(?: AT MOST EVERY INTERVAL (.+))?");
  Pattern AMOUNT = Pattern.compile("'?\\s*(\\d+)\\s*(SECOND|MINUTE|HOUR|DAY|WEEK)S?\\s*'?");

  /** The vendor's least time between two scheduled updates of a table. */
  Duration DEFAULT_FLOOR = Duration.ofMinutes(1);

  /**
   * The schedule a canonical text describes; a cron expression Quartz refuses, or an interval that is not a number of
   * seconds, minutes, hours, days or weeks, is INVALID_PARAMETER_VALUE at {@code span}.
   */
  static RefreshSchedule of(String text, Span span) {
    Matcher every = EVERY.matcher(text);
    if (every.matches()) {
      long count = Long.parseLong(every.group(1));
      Duration unit = switch (every.group(2)) {
        case "HOUR" -> Duration.ofHours(1);
        case "DAY" -> Duration.ofDays(1);
        default -> Duration.ofDays(7);
      };
      return new Every(unit.multipliedBy(count), text);
    }
    Matcher cron = CRON.matcher(text);
    if (cron.matches()) {
      String expression = cron.group(1).replace("''", "'");
      try {
        CronExpression parsed = new CronExpression(expression);
        parsed.setTimeZone(TimeZone.getTimeZone(ZoneId.of(cron.group(2).replace("''", "'"))));
        return new Cron(parsed, text);
      } catch (ParseException refused) {
        throw invalid("CRON", "'" + expression + "' is not a Quartz cron expression: " + refused.getMessage(), span);
      }
    }
    Matcher trigger = TRIGGER.matcher(text);
    if (trigger.matches()) {
      if (trigger.group(1) == null) {
        return new OnUpdate(Optional.empty(), text);
      }
      Matcher amount = AMOUNT.matcher(trigger.group(1).toUpperCase(Locale.ROOT));
      if (!amount.matches()) {
        throw invalid("AT MOST EVERY", "'" + trigger.group(1) + "' is not an interval of seconds, minutes, hours,"
            + " days or weeks (such as INTERVAL 5 MINUTES)", span);
      }
      long count = Long.parseLong(amount.group(1));
      Duration unit = switch (amount.group(2)) {
        case "SECOND" -> Duration.ofSeconds(1);
        case "MINUTE" -> Duration.ofMinutes(1);
        case "HOUR" -> Duration.ofHours(1);
        case "DAY" -> Duration.ofDays(1);
        default -> Duration.ofDays(7);
      };
      return new OnUpdate(Optional.of(unit.multipliedBy(count)), text);
    }
    throw invalid("SCHEDULE", "'" + text + "' is not a schedule", span);
  }

  /**
   * When the table's schedule next refreshes it, for DESCRIBE EXTENDED: an instant for EVERY and CRON (measured with
   * the scheduler's {@code floor}), the earliest time for TRIGGER ON UPDATE, which also waits for a source to commit.
   */
  static String nextRefresh(CatalogService catalog, Connection connection, TableInfo table, String text,
      Duration floor) throws SQLException {
    RefreshSchedule schedule = RefreshSchedule.of(text, Span.NONE);
    Optional<Instant> last = catalog.latestEventTime(connection, table.id(), "create_update");
    if (last.isEmpty()) {
      return "after the first update";
    }
    Instant due = schedule.dueAfter(last.get(), floor);
    if (due.equals(Instant.MAX)) {
      return "never";
    }
    return schedule instanceof RefreshSchedule.OnUpdate ? "after a source commits, not before " + due
        : due.toString();
  }

  /**
   * A schedule as written, checked and completed for keeping: a CRON without AT TIME ZONE runs in the session's time
   * zone, as the vendor's does, so the zone is written into it.
   */
  static String kept(String written, ZoneId sessionZone, Span span) {
    String text = !written.startsWith("CRON ") || CRON.matcher(written).matches() ? written
        : written + " AT TIME ZONE '" + sessionZone.getId().replace("'", "''") + "'";
    of(text, span);
    return text;
  }

  /** The schedule's canonical text, as the catalog keeps it. */
  String text();

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static EngineException invalid(String parameter, String message, Span span) {
    return EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", parameter)
        .parameter("functionName", "SCHEDULE").parameter("message", message).at(span).build();
  }
}
