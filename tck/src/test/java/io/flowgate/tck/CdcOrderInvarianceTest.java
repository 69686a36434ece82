package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SPEC R11: the same change events, delivered in any order across any number of refreshes, give the same target
 * as one sorted batch, for SCD TYPE 1 (with deletes and truncates, with IGNORE NULL UPDATES in the events layout
 * and without it in the latest layout) and SCD TYPE 2 (with deletes and untracked columns). Seeded and
 * reproducible: a failure names its seed and trial.
 */
class CdcOrderInvarianceTest {
  private static final long SEED = 20261129L;
  private static final int TRIALS = 200;

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  /** One event: key, payload, untracked note, sequence and operation (U upsert, D delete, T truncate). */
  private record Event(int id, String v, String note, int seq, String op) {
    String values() {
      return "(" + (op.equals("T") ? "NULL" : id) + ", " + quote(v) + ", " + quote(note) + ", " + seq + ", '" + op
          + "')";
    }

    private static String quote(String text) {
      return text == null ? "NULL" : "'" + text + "'";
    }
  }

  private static List<Event> events(Random random) {
    List<Event> events = new ArrayList<>();
    int seq = 0;
    for (int i = 0; i < 24; i++) {
      seq += 1 + random.nextInt(3);
      double roll = random.nextDouble();
      String op = roll < 0.04 ? "T" : roll < 0.25 ? "D" : "U";
      String v = op.equals("U") && random.nextInt(6) > 0 ? "v" + random.nextInt(3) : null;
      Event event = new Event(1 + random.nextInt(5), v, "n" + random.nextInt(4), seq, op);
      events.add(event);
      if (random.nextInt(8) == 0) {
        events.add(event); // an exact duplicate converges to one result
      }
    }
    return events;
  }

  private static void createTargets(Statement statement, String suffix) throws SQLException {
    statement.execute("CREATE TABLE ev" + suffix + " (id INT, v STRING, note STRING, seq INT, op STRING)");
    statement.execute("CREATE STREAMING TABLE one" + suffix);
    statement.execute("CREATE FLOW f_one" + suffix + " AS AUTO CDC INTO one" + suffix + " FROM STREAM(ev" + suffix
        + ") KEYS (id) IGNORE NULL UPDATES ON (v) APPLY AS DELETE WHEN op = 'D'"
        + " APPLY AS TRUNCATE WHEN op = 'T' SEQUENCE BY seq COLUMNS * EXCEPT (op)");
    // Without IGNORE NULL UPDATES a key's newest event is its state: the latest layout, with its own tombstones.
    statement.execute("CREATE STREAMING TABLE three" + suffix);
    statement.execute("CREATE FLOW f_three" + suffix + " AS AUTO CDC INTO three" + suffix + " FROM STREAM(ev"
        + suffix + ") KEYS (id) APPLY AS DELETE WHEN op = 'D' APPLY AS TRUNCATE WHEN op = 'T' SEQUENCE BY seq"
        + " COLUMNS * EXCEPT (op)");
    statement.execute("CREATE STREAMING TABLE two" + suffix);
    statement.execute("CREATE FLOW f_two" + suffix + " AS AUTO CDC INTO two" + suffix
        + " FROM (SELECT * FROM STREAM(ev" + suffix + ") WHERE op <> 'T') KEYS (id) APPLY AS DELETE WHEN op = 'D'"
        + " SEQUENCE BY seq COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 2 TRACK HISTORY ON (v)");
  }

  private static void deliver(Statement statement, String suffix, List<Event> events) throws SQLException {
    List<String> values = events.stream().map(Event::values).toList();
    statement.execute("INSERT INTO ev" + suffix + " VALUES " + String.join(", ", values));
    statement.execute("REFRESH STREAMING TABLE one" + suffix);
    statement.execute("REFRESH STREAMING TABLE two" + suffix);
    statement.execute("REFRESH STREAMING TABLE three" + suffix);
  }

  private static List<String> state(Statement statement, String suffix) throws SQLException {
    List<String> rows = new ArrayList<>(QueryRows.of(statement, "SELECT 'one', id, v, note, seq, NULL, NULL FROM one"
        + suffix + " ORDER BY id"));
    rows.addAll(QueryRows.of(statement, "SELECT 'three', id, v, note, seq, NULL, NULL FROM three" + suffix
        + " ORDER BY id"));
    rows.addAll(QueryRows.of(statement, "SELECT 'two', id, v, note, NULL, __START_AT, __END_AT FROM two" + suffix
        + " ORDER BY id, __START_AT"));
    return rows;
  }

  @Test
  void anyOrderAndSplitGivesTheSortedResult() throws SQLException {
    Random random = new Random(SEED);
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      for (int trial = 0; trial < TRIALS; trial++) {
        List<Event> events = events(random);
        String sorted = "_s" + trial;
        createTargets(statement, sorted);
        deliver(statement, sorted, events);
        List<String> expected = state(statement, sorted);

        String shuffled = "_t" + trial;
        createTargets(statement, shuffled);
        List<Event> order = new ArrayList<>(events);
        Collections.shuffle(order, random);
        int chunks = 1 + random.nextInt(5);
        int from = 0;
        for (int chunk = 0; chunk < chunks && from < order.size(); chunk++) {
          int to = chunk == chunks - 1 ? order.size() : from + 1 + random.nextInt(order.size() - from);
          deliver(statement, shuffled, order.subList(from, to));
          from = to;
        }
        assertThat(state(statement, shuffled)).as("seed %d, trial %d: %s", SEED, trial, order)
            .isEqualTo(expected);
        for (String suffix : List.of(sorted, shuffled)) {
          statement.execute("DROP TABLE one" + suffix);
          statement.execute("DROP TABLE two" + suffix);
          statement.execute("DROP TABLE three" + suffix);
          statement.execute("DROP TABLE ev" + suffix);
        }
      }
    }
  }
}
