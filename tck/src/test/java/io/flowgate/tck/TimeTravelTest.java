package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TIMESTAMP AS OF with the times DESCRIBE HISTORY shows, as a user copies them: commit times differ between runs, so
 * they are read back rather than written into a scenario (core/time-travel.sql has VERSION AS OF and RESTORE).
 */
class TimeTravelTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void aTimeFromTheHistoryReadsTheVersionCommittedThen() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE tt_orders (id INT, status STRING)");
      statement.execute("INSERT INTO tt_orders VALUES (1, 'new'), (2, 'new')");
      statement.execute("UPDATE tt_orders SET status = 'paid' WHERE id = 1");
      statement.execute("DELETE FROM tt_orders WHERE id = 2");
      Map<Long, String> shown = new TreeMap<>();
      Map<Long, Timestamp> times = new TreeMap<>();
      try (ResultSet history = statement.executeQuery("DESCRIBE HISTORY tt_orders")) {
        while (history.next()) {
          shown.put(history.getLong("version"), history.getString("timestamp"));
          times.put(history.getLong("version"), history.getTimestamp("timestamp"));
        }
      }
      assertThat(shown).containsOnlyKeys(0L, 1L, 2L, 3L);
      for (Map.Entry<Long, String> commit : shown.entrySet()) {
        // two commits in one clock tick share a time, and the time then means the later of them
        long meant = times.entrySet().stream().filter(other -> !other.getValue().after(times.get(commit.getKey())))
            .mapToLong(Map.Entry::getKey).max().orElseThrow();
        assertThat(QueryRows.of(statement,
            "SELECT * FROM tt_orders TIMESTAMP AS OF '" + commit.getValue() + "' ORDER BY id"))
            .as("as of %s (version %d)", commit.getValue(), commit.getKey())
            .isEqualTo(QueryRows.of(statement, "SELECT * FROM tt_orders VERSION AS OF " + meant + " ORDER BY id"));
      }
      assertThat(QueryRows.of(statement, "SELECT * FROM tt_orders VERSION AS OF 2 ORDER BY id"))
          .containsExactly("1 | paid", "2 | new");
      // a TIMESTAMP literal means the same as the string; a time after the last commit reads the table as it is
      String last = shown.get(3L);
      assertThat(QueryRows.of(statement, "SELECT * FROM tt_orders TIMESTAMP AS OF TIMESTAMP '" + last + "'"))
          .containsExactly("1 | paid");
      statement.execute("CREATE TABLE tt_marker (id INT)");
      String later;
      try (ResultSet marker = statement.executeQuery("DESCRIBE HISTORY tt_marker")) {
        assertThat(marker.next()).isTrue();
        later = marker.getString("timestamp");
      }
      assertThat(QueryRows.of(statement, "SELECT * FROM tt_orders TIMESTAMP AS OF '" + later + "'"))
          .containsExactly("1 | paid");
      // the short form t@yyyyMMddHHmmssSSS, to the millisecond
      String digits = later.replaceAll("[^0-9]", "");
      assertThat(QueryRows.of(statement, "SELECT * FROM tt_orders@" + (digits + "000").substring(0, 17)))
          .containsExactly("1 | paid");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM tt_orders TIMESTAMP AS OF 'yesterday'"))
          .hasMessageContaining("[CAST_INVALID_INPUT]");
    }
  }
}
