package io.flowgate.engine.storage;

import io.flowgate.catalog.model.PipelineEvent;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.h2.tools.SimpleResultSet;

/**
 * What running updates have done so far, kept in memory. A flow batch is one H2 transaction that holds the store's
 * write turn to its end, so nothing it does can be committed, and so read, before then (committing a progress row
 * beside it would let H2 write the batch's unfinished rows too: see {@link WriteTurn}). Instead a batch counts the
 * rows it writes here ({@code FG_SYS.ROW_WRITTEN}, called for each row its insert writes) and shows an event that
 * reads the count when asked; {@code FG_SYS.LIVE_EVENTS(table)} lists the events shown for a table, which its event
 * log adds to the stored ones. They vanish when the batch ends and its stored events say how it went.
 */
public final class LiveProgress {
  private static final Map<String, LongAdder> COUNTERS = new ConcurrentHashMap<>();
  private static final Map<Object, Shown> SHOWN = new ConcurrentHashMap<>();

  private record Shown(long tableId, Running running, Supplier<PipelineEvent> event) {}

  /** A flow batch running now: the dataset it writes, its flow, since when, and its rows written so far. */
  public record Running(String dataset, String flow, java.time.Instant started, Counter written) {}

  private LiveProgress() {}

  /**
   * Rows counted while it is open, by the statements bound to its key, beside the rows its batch has read so far,
   * which the batch tells it.
   */
  public static final class Counter implements AutoCloseable {
    private final String key = UUID.randomUUID().toString();
    private final LongAdder rows = new LongAdder();
    private volatile LongSupplier read;

    private Counter() {
      COUNTERS.put(key, rows);
    }

    /** What the statements that count bind as the counter's name. */
    public String key() {
      return key;
    }

    public long rows() {
      return rows.sum();
    }

    /** From now on the batch's rows read so far are what {@code read} says. */
    public void reading(LongSupplier read) {
      this.read = read;
    }

    /** The rows read so far, once the batch has said how it counts them. */
    public OptionalLong read() {
      LongSupplier counted = read;
      return counted == null ? OptionalLong.empty() : OptionalLong.of(counted.getAsLong());
    }

    @Override
    public void close() {
      COUNTERS.remove(key);
    }
  }

  public static Counter counter() {
    return new Counter();
  }

  /** A running batch's event in its table's event log until it is closed. */
  public static final class Showing implements AutoCloseable {
    private Showing(long tableId, Running running, Supplier<PipelineEvent> event) {
      SHOWN.put(this, new Shown(tableId, running, event));
    }

    @Override
    public void close() {
      SHOWN.remove(this);
    }
  }

  /**
   * Shows a running batch in its table's event log until it is closed; {@code event} is asked each time the log is
   * read.
   */
  public static Showing show(long tableId, Running running, Supplier<PipelineEvent> event) {
    return new Showing(tableId, running, event);
  }

  /** The flow batches running now, of every table, oldest first. */
  public static List<Running> running() {
    return SHOWN.values().stream().map(Shown::running).sorted(java.util.Comparator.comparing(Running::started))
        .toList();
  }

  /** {@code FG_SYS.ROW_WRITTEN(counter, value)}: counts a row for the counter and gives {@code value} back. */
  public static Long rowWritten(String counter, Long value) {
    LongAdder rows = COUNTERS.get(counter);
    if (rows != null) {
      rows.increment();
    }
    return value;
  }

  /** {@code FG_SYS.LIVE_EVENTS(table)}: the events shown for the table, in FG_SYS.EVENTS' columns. */
  public static ResultSet liveEvents(Connection connection, Long tableId) throws SQLException {
    SimpleResultSet result = new SimpleResultSet();
    result.addColumn("SEQ", Types.BIGINT, 19, 0);
    result.addColumn("ID", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("UPDATE_ID", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("FLOW_NAME", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("TS", Types.TIMESTAMP, 26, 6);
    result.addColumn("LEVEL", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("EVENT_TYPE", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("MESSAGE", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("ERROR", Types.VARCHAR, Integer.MAX_VALUE, 0);
    result.addColumn("DETAILS", Types.VARCHAR, Integer.MAX_VALUE, 0);
    if ("jdbc:columnlist:connection".equals(connection.getMetaData().getURL()) || tableId == null) {
      return result;
    }
    List<PipelineEvent> events = new ArrayList<>();
    for (Shown shown : SHOWN.values()) {
      if (shown.tableId() == tableId) {
        events.add(shown.event().get());
      }
    }
    // after every stored event (their sequence numbers count up from 1), in the order they were made
    long seq = Long.MAX_VALUE - events.size();
    for (PipelineEvent event : events.stream().sorted(java.util.Comparator.comparing(PipelineEvent::timestamp))
        .toList()) {
      result.addRow(seq++, event.id(), event.updateId(), event.flowName().orElse(null),
          io.flowgate.engine.type.Timestamps.utc(event.timestamp()), event.level(),
          event.eventType(), event.message(), event.error().orElse(null), event.details());
    }
    return result;
  }
}
