package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions through the driver: JDBC's auto-commit off, commit and rollback, and the dialect's BEGIN TRANSACTION,
 * COMMIT, ROLLBACK and BEGIN ATOMIC. Writes of several tables commit together or not at all, a transaction reads its
 * own writes and nobody else does before the commit, and each table it wrote gets one version.
 */
class TransactionTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  /** A second gateway whose transactions are aborted after half a second without a statement. */
  @RegisterExtension
  static final GatewayExtension impatient = new GatewayExtension(config -> config.withLimits(config.limits()
      .withTransactionIdleTimeout(Duration.ofMillis(500))));

  @BeforeAll
  static void tables() throws SQLException {
    for (GatewayExtension each : List.of(gateway, impatient)) {
      try (Connection connection = each.connect(); Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE accounts (id INT NOT NULL, balance BIGINT)");
        statement.execute("CREATE TABLE audit (id INT, note STRING)");
        statement.execute("INSERT INTO accounts VALUES (1, 100), (2, 100)");
      }
    }
  }

  private static void reset(Statement statement) throws SQLException {
    statement.execute("DELETE FROM audit");
    statement.execute("UPDATE accounts SET balance = 100");
  }

  @Test
  void autoCommitOffCommitsSeveralTablesTogetherAndRollbackUndoesThem() throws SQLException {
    try (Connection writer = gateway.connect(); Connection other = gateway.connect();
        Statement created = writer.createStatement(); Statement reader = other.createStatement()) {
      reset(reader);
      long auditVersions = QueryRows.of(reader, "DESCRIBE HISTORY audit").size();
      writer.setAutoCommit(false);
      assertThat(writer.getAutoCommit()).isFalse();
      // created before auto-commit went off, and still inside the transaction
      created.executeUpdate("UPDATE accounts SET balance = balance - 30 WHERE id = 1");
      try (PreparedStatement credit = writer.prepareStatement("UPDATE accounts SET balance = balance + ? WHERE id = ?")) {
        credit.setLong(1, 30);
        credit.setInt(2, 2);
        assertThat(credit.executeUpdate()).isEqualTo(1);
      }
      created.executeUpdate("INSERT INTO audit VALUES (1, 'moved 30')");
      created.executeUpdate("INSERT INTO audit VALUES (2, 'checked')");
      assertThat(QueryRows.of(created, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 70", "2 | 130");
      assertThat(QueryRows.of(reader, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 100", "2 | 100");
      assertThat(QueryRows.of(reader, "SELECT count(*) FROM audit")).containsExactly("0");

      writer.rollback();
      assertThat(QueryRows.of(created, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 100", "2 | 100");
      assertThat(QueryRows.of(reader, "SELECT count(*) FROM audit")).containsExactly("0");

      created.executeUpdate("UPDATE accounts SET balance = balance - 30 WHERE id = 1");
      created.executeUpdate("INSERT INTO audit VALUES (1, 'moved 30')");
      created.executeUpdate("INSERT INTO audit VALUES (2, 'checked')");
      writer.commit();
      assertThat(QueryRows.of(reader, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 70", "2 | 100");
      assertThat(QueryRows.of(reader, "SELECT count(*) FROM audit")).containsExactly("2");
      // Two inserts of one transaction are one version of the table, with both rows in its metrics.
      List<String> history = QueryRows.of(reader, "DESCRIBE HISTORY audit");
      assertThat(history).hasSize((int) auditVersions + 1);
      assertThat(history.get(0)).contains("WRITE").contains("\"numOutputRows\":\"2\"");
      writer.setAutoCommit(true);
    }
  }

  @Test
  void theDialectsStatementsBeginCommitAndRollBack() throws SQLException {
    try (Connection connection = gateway.connect(); Connection other = gateway.connect();
        Statement statement = connection.createStatement(); Statement reader = other.createStatement()) {
      reset(reader);
      statement.execute("BEGIN TRANSACTION");
      statement.executeUpdate("INSERT INTO audit VALUES (10, 'in')");
      assertThat(QueryRows.of(statement, "SELECT note FROM audit WHERE id = 10")).containsExactly("in");
      statement.execute("ROLLBACK TRANSACTION");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM audit WHERE id = 10")).containsExactly("0");

      statement.execute("BEGIN WORK");
      statement.executeUpdate("INSERT INTO audit VALUES (11, 'kept')");
      statement.execute("COMMIT WORK");
      assertThat(QueryRows.of(reader, "SELECT note FROM audit WHERE id = 11")).containsExactly("kept");

      // ROLLBACK with nothing open is no error; COMMIT is.
      statement.execute("ROLLBACK");
      assertThatThrownBy(() -> statement.execute("COMMIT")).isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[NO_ACTIVE_TRANSACTION]").extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("25000");
      assertThat(connection.getAutoCommit()).isTrue();
    }
  }

  @Test
  void aFailedStatementAbortsTheTransactionUntilRollback() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      reset(statement);
      statement.execute("BEGIN TRANSACTION");
      statement.executeUpdate("INSERT INTO audit VALUES (20, 'before the failure')");
      assertThatThrownBy(() -> statement.executeQuery("SELECT 1 / 0")).hasMessageStartingWith("[DIVIDE_BY_ZERO]");
      assertThatThrownBy(() -> statement.executeQuery("SELECT 1")).isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT.PREVIOUS_QUERY_FAILURE]")
          .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("40000");
      assertThatThrownBy(() -> statement.execute("COMMIT"))
          .hasMessageStartingWith("[TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT.PREVIOUS_QUERY_FAILURE]");
      statement.execute("ROLLBACK");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM audit WHERE id = 20")).containsExactly("0");
    }
  }

  @Test
  void statementsThatCommitOnTheirOwnAndNestedBeginsAreRefused() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("BEGIN TRANSACTION");
      assertThatThrownBy(() -> statement.execute("CREATE TABLE inside (a INT)")).isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[TRANSACTION_NOT_SUPPORTED.COMMAND]")
          .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("0A000");
      statement.execute("ROLLBACK");
      statement.execute("BEGIN TRANSACTION");
      assertThatThrownBy(() -> statement.execute("BEGIN TRANSACTION"))
          .hasMessageStartingWith("[TRANSACTION_NOT_SUPPORTED.NESTED_TRANSACTION]");
      statement.execute("ROLLBACK");
      // What a transaction takes, besides reads and writes.
      statement.execute("BEGIN TRANSACTION");
      statement.execute("USE default");
      statement.execute("SET STATEMENT_TIMEOUT = 60");
      assertThat(QueryRows.of(statement, "DESCRIBE TABLE accounts")).isNotEmpty();
      assertThat(QueryRows.of(statement, "SHOW COLUMNS IN accounts")).containsExactly("id", "balance");
      statement.execute("COMMIT");
      // With auto-commit off and nothing written yet, DDL runs on its own.
      connection.setAutoCommit(false);
      statement.execute("CREATE TABLE outside (a INT)");
      statement.executeUpdate("INSERT INTO outside VALUES (1)");
      assertThatThrownBy(() -> statement.execute("DROP TABLE outside"))
          .hasMessageStartingWith("[TRANSACTION_NOT_SUPPORTED.COMMAND]");
      connection.rollback();
      statement.execute("DROP TABLE outside");
    }
  }

  @Test
  void anAtomicBlockCommitsWholeOrNotAtAll() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      reset(statement);
      assertThat(statement.executeUpdate("BEGIN ATOMIC\n"
          + "  UPDATE accounts SET balance = balance - 5 WHERE id = 1;\n"
          + "  UPDATE accounts SET balance = balance + 5 WHERE id = 2;\n"
          + "  INSERT INTO audit VALUES (30, 'moved 5');\n"
          + "END;")).isEqualTo(3);
      assertThat(QueryRows.of(statement, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 95", "2 | 105");
      assertThatThrownBy(() -> statement.executeUpdate("BEGIN ATOMIC\n"
          + "  UPDATE accounts SET balance = balance - 5 WHERE id = 1;\n"
          + "  INSERT INTO audit VALUES (CAST('x' AS INT), 'never');\n"
          + "END")).hasMessageStartingWith("[CAST_INVALID_INPUT]");
      assertThat(QueryRows.of(statement, "SELECT id, balance FROM accounts ORDER BY id"))
          .containsExactly("1 | 95", "2 | 105");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM audit")).containsExactly("1");
      assertThat(connection.getAutoCommit()).isTrue();
    }
  }

  @Test
  void closingAConnectionRollsItsTransactionBackAndFreesOtherWriters() throws Exception {
    try (Connection other = gateway.connect(); Statement reader = other.createStatement()) {
      reset(reader);
      Connection writer = gateway.connect();
      writer.setAutoCommit(false);
      try (Statement statement = writer.createStatement()) {
        statement.executeUpdate("INSERT INTO audit VALUES (40, 'never committed')");
      }
      // The transaction holds the store's write turn: another writer waits until it ends.
      CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
        try (Statement insert = other.createStatement()) {
          return insert.executeUpdate("INSERT INTO audit VALUES (41, 'after')");
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      writer.close();
      assertThat(waiting.get(30, TimeUnit.SECONDS)).isEqualTo(1);
      assertThat(QueryRows.of(reader, "SELECT id FROM audit ORDER BY id")).containsExactly("41");
    }
  }

  @Test
  void aResultLeftOpenEndsWithItsTransaction() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("BEGIN TRANSACTION");
      // more rows than the first frame holds, so the rest are fetched after the commit
      try (java.sql.ResultSet rows = statement.executeQuery("SELECT id FROM range(20000)");
          Statement other = connection.createStatement()) {
        assertThat(rows.next()).isTrue();
        other.execute("COMMIT");
        assertThatThrownBy(() -> {
          while (rows.next()) {
            // read on until the gateway says the result is gone
          }
        }).isInstanceOf(SQLException.class).hasMessageStartingWith("[RESULT_CLOSED]");
      }
      assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
    }
  }

  @Test
  void isolationLevelsAreReportedAsTheyAre() throws SQLException {
    try (Connection connection = gateway.connect()) {
      assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
      assertThat(connection.getMetaData().getDefaultTransactionIsolation())
          .isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
      assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
      assertThatThrownBy(() -> connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE))
          .isInstanceOf(SQLException.class).hasMessageContaining("isolation level");
      // the refused level is not sent again with the next statement
      try (Statement statement = connection.createStatement()) {
        assertThat(QueryRows.of(statement, "SELECT 1")).containsExactly("1");
      }
      assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
      connection.setReadOnly(true);
      assertThat(connection.isReadOnly()).isFalse();
    }
  }

  @Test
  void anIdleTransactionIsAbortedAndStopsBlockingWriters() throws Exception {
    try (Connection idle = impatient.connect(); Connection other = impatient.connect();
        Statement statement = idle.createStatement(); Statement writer = other.createStatement()) {
      statement.execute("BEGIN TRANSACTION");
      statement.executeUpdate("INSERT INTO audit VALUES (50, 'left idle')");
      // This waits for the idle transaction's write turn, which its abort gives up.
      assertThat(writer.executeUpdate("INSERT INTO audit VALUES (51, 'went on')")).isEqualTo(1);
      assertThatThrownBy(() -> statement.executeQuery("SELECT 1"))
          .hasMessageStartingWith("[TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT.IDLE_TIMEOUT_EXCEEDED]");
      statement.execute("ROLLBACK");
      assertThat(QueryRows.of(writer, "SELECT id FROM audit WHERE id >= 50 ORDER BY id")).containsExactly("51");
    }
  }

  /** JDBC's auto-commit switch does not undo a USE: the client echoes the schema it last heard of with it. */
  @Test
  void switchingAutoCommitKeepsTheSchemaAUseChose() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA IF NOT EXISTS tx_elsewhere");
      statement.execute("USE tx_elsewhere");
      statement.execute("CREATE TABLE here (id INT)");
      connection.setAutoCommit(false);
      statement.executeUpdate("INSERT INTO here VALUES (1)");
      connection.commit();
      connection.setAutoCommit(true);
      assertThat(QueryRows.of(statement, "SELECT current_schema(), count(*) FROM here"))
          .containsExactly("tx_elsewhere | 1");
      // an explicit setSchema still moves the connection
      connection.setSchema("default");
      assertThat(QueryRows.of(statement, "SELECT current_schema()")).containsExactly("default");
    }
  }
}
