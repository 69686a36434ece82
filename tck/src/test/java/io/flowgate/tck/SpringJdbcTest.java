package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.flowgate.tck.harness.GatewayExtension;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring's JdbcTemplate and TransactionTemplate over a HikariCP pool of the driver, as a Spring application runs
 * them: queries with parameters, batch updates, transactions that commit and roll back, and the exceptions Spring
 * translates from the driver's SQLSTATEs.
 */
class SpringJdbcTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static HikariDataSource pool;
  private static JdbcTemplate jdbc;
  private static TransactionTemplate transactions;

  @BeforeAll
  static void spring() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(gateway.url());
    config.setUsername("admin");
    config.setMaximumPoolSize(3);
    pool = new HikariDataSource(config);
    jdbc = new JdbcTemplate(pool);
    transactions = new TransactionTemplate(new DataSourceTransactionManager(pool));
    jdbc.execute("CREATE TABLE orders (id BIGINT NOT NULL, customer STRING NOT NULL, placed DATE, total DECIMAL(10,2))");
    jdbc.execute("CREATE TABLE notes (id BIGINT GENERATED ALWAYS AS IDENTITY, body STRING)");
  }

  @AfterAll
  static void close() {
    pool.close();
  }

  @Test
  void queriesAndBatchUpdatesTakeParameters() {
    jdbc.update("DELETE FROM orders");
    List<Object[]> rows = new ArrayList<>();
    for (int i = 1; i <= 500; i++) {
      rows.add(new Object[] {i, "customer " + (i % 7), LocalDate.of(2026, 1, 1).plusDays(i % 30),
          new java.math.BigDecimal(i + ".25")});
    }
    int[] counts = jdbc.batchUpdate("INSERT INTO orders VALUES (?, ?, ?, ?)", rows);
    assertThat(counts).hasSize(500).containsOnly(1);
    assertThat(jdbc.queryForObject("SELECT count(*) FROM orders WHERE placed = ?", Long.class,
        LocalDate.of(2026, 1, 11))).isEqualTo(17L);
    assertThat(jdbc.queryForObject("SELECT total FROM orders WHERE id = ?", java.math.BigDecimal.class, 42))
        .isEqualByComparingTo("42.25");
    assertThat(jdbc.queryForList("SELECT DISTINCT customer FROM orders WHERE id <= ? ORDER BY customer",
        String.class, 3)).containsExactly("customer 1", "customer 2", "customer 3");
    assertThat(jdbc.queryForObject("SELECT placed FROM orders WHERE id = 1", LocalDate.class))
        .isEqualTo(LocalDate.of(2026, 1, 2));
  }

  @Test
  void aTransactionTemplateCommitsOrRollsBack() {
    jdbc.update("DELETE FROM orders");
    transactions.executeWithoutResult(status -> {
      jdbc.update("INSERT INTO orders VALUES (1, 'a', DATE '2026-03-01', 10.00)");
      jdbc.update("INSERT INTO orders VALUES (2, 'b', DATE '2026-03-01', 20.00)");
      // read your own writes, on the connection the template bound to this thread
      assertThat(jdbc.queryForObject("SELECT count(*) FROM orders", Long.class)).isEqualTo(2L);
    });
    assertThat(jdbc.queryForObject("SELECT sum(total) FROM orders", java.math.BigDecimal.class))
        .isEqualByComparingTo("30.00");

    transactions.executeWithoutResult(status -> {
      jdbc.update("UPDATE orders SET total = total * 2");
      status.setRollbackOnly();
    });
    assertThatThrownBy(() -> transactions.executeWithoutResult(status -> {
      jdbc.update("DELETE FROM orders WHERE id = 1");
      throw new IllegalStateException("the application changes its mind");
    })).isInstanceOf(IllegalStateException.class);
    assertThat(jdbc.queryForList("SELECT id || ':' || total FROM orders ORDER BY id", String.class))
        .containsExactly("1:10.00", "2:20.00");
  }

  @Test
  void aKeyHolderGetsTheGeneratedKey() {
    org.springframework.jdbc.support.GeneratedKeyHolder keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
    jdbc.update(connection -> {
      java.sql.PreparedStatement insert = connection.prepareStatement("INSERT INTO notes (body) VALUES (?)",
          new String[] {"id"});
      insert.setString(1, "remember");
      return insert;
    }, keys);
    Number id = keys.getKey();
    assertThat(id).isNotNull();
    assertThat(jdbc.queryForObject("SELECT body FROM notes WHERE id = ?", String.class, id.longValue()))
        .isEqualTo("remember");
  }

  @Test
  void driverErrorsBecomeSpringsExceptions() {
    assertThatThrownBy(() -> jdbc.queryForList("SELECT nope FROM orders"))
        .isInstanceOf(BadSqlGrammarException.class)
        .satisfies(e -> assertThat(((BadSqlGrammarException) e).getSQLException().getMessage())
            .startsWith("[UNRESOLVED_COLUMN."));
    assertThatThrownBy(() -> jdbc.update("INSERT INTO orders (id, customer) VALUES (9, NULL)"))
        .isInstanceOf(DataIntegrityViolationException.class);
    // the pool's connections are still good after failures
    assertThat(jdbc.queryForObject("SELECT 1", Integer.class)).isEqualTo(1);
  }
}
