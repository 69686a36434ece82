package io.flowgate.gateway;

import io.flowgate.engine.api.RunningFlow;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What {@code run} prints as it goes: a line for each dataset and flow as it finishes, and on a terminal a status line
 * under them, redrawn four times a second, with the flows running now, the rows each has written so far and a bar
 * that moves while they run (a batch's total is not known before it ends, so the bar shows activity, not a share).
 * Piped or redirected, only the lines, as before.
 */
final class RunProgress implements AutoCloseable {
  private static final int BAR = 16;
  private static final int WIDTH = 110;

  private final PrintStream out;
  private final Supplier<List<RunningFlow>> running;
  private final ScheduledExecutorService ticker;
  private boolean drawn;
  private boolean closed;
  private int frame;

  private RunProgress(PrintStream out, Supplier<List<RunningFlow>> running, boolean terminal) {
    this.out = out;
    this.running = running;
    if (terminal) {
      this.ticker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "flowgate-run-progress");
        thread.setDaemon(true);
        return thread;
      });
      ticker.scheduleAtFixedRate(this::tick, 250, 250, TimeUnit.MILLISECONDS);
    } else {
      this.ticker = null;
    }
  }

  /** {@code terminal}: whether {@code out} is a terminal, where a status line can be redrawn in place. */
  static RunProgress of(PrintStream out, boolean terminal, Supplier<List<RunningFlow>> running) {
    return new RunProgress(out, running, terminal);
  }

  /** A finished step's line, above the status line. */
  synchronized void line(String line) {
    clear();
    out.println(line);
    out.flush();
  }

  private synchronized void tick() {
    if (closed) {
      return;
    }
    List<RunningFlow> flows = running.get();
    clear();
    if (!flows.isEmpty()) {
      out.print(status(flows, frame++));
      out.flush();
      drawn = true;
    }
  }

  /** The status line: a bar moving back and forth, then each running flow with its rows so far. */
  static String status(List<RunningFlow> flows, int frame) {
    int span = BAR - 3;
    int at = frame % (2 * span);
    int position = at <= span ? at : 2 * span - at;
    String bar = "[" + " ".repeat(position) + "<=>" + " ".repeat(span - position) + "] ";
    String text = bar + flows.stream().map(flow -> String.format(Locale.ROOT, "%s -> %s: %s%,d rows written (%.1f s)",
        flow.flow(), flow.dataset(), flow.rowsRead().isPresent()
            ? String.format(Locale.ROOT, "%,d rows read, ", flow.rowsRead().getAsLong()) : "",
        flow.rowsWritten(), flow.elapsed().toMillis() / 1000.0)).collect(Collectors.joining("; "));
    return text.length() > WIDTH ? text.substring(0, WIDTH - 3) + "..." : text;
  }

  /** Erases the status line: back to its start, then clear to the end of the line. */
  private void clear() {
    if (drawn) {
      out.print("\r\033[K");
      drawn = false;
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (ticker != null) {
      ticker.shutdownNow();
    }
    clear();
    out.flush();
  }
}
