package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One user's slow queries take at most half the workers: with as many of them as there are workers, another
 * user's query is answered before any of them ends.
 */
class FairWorkersTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension(config -> config.withWorkers(4));

  @Test
  void slowQueriesOfOneUserLeaveWorkersForOthers() throws Exception {
    ExecutorService clients = Executors.newCachedThreadPool();
    try {
      List<Future<List<String>>> slow = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        slow.add(clients.submit(() -> {
          try (Connection connection = gateway.connect("hog"); Statement statement = connection.createStatement()) {
            return QueryRows.of(statement, "SELECT sum(id % 7) FROM range(15000000)");
          }
        }));
      }
      // Give the hog's queries time to take their share of the workers; nothing the client sees says so.
      Thread.sleep(1_000);
      assertThat(slow).as("the hog's queries run").noneMatch(Future::isDone);
      try (Connection connection = gateway.connect("patient"); Statement statement = connection.createStatement()) {
        assertThat(QueryRows.of(statement, "SELECT 6 * 7")).containsExactly("42");
      }
      // As many slow queries as workers: without fair shares the other user would wait for one of them to end.
      assertThat(slow).as("none of the hog's queries has ended when the other user is answered")
          .noneMatch(Future::isDone);
      for (Future<List<String>> query : slow) {
        assertThat(query.get(5, TimeUnit.MINUTES)).containsExactly("44999997");
      }
    } finally {
      clients.shutdownNow();
    }
  }
}
