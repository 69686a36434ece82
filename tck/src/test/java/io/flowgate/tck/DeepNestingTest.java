package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deeply nested statements (parentheses, calls, operators, subqueries) run up to the parser's limit and beyond it
 * fail by name, STATEMENT_TOO_COMPLEX, on a connection that keeps working: no stack overflow kills the worker or
 * leaves the request unanswered.
 */
class DeepNestingTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static String nested(String open, String inner, String close, int depth) {
    return open.repeat(depth) + inner + close.repeat(depth);
  }

  @Test
  void nestingUpToTheLimitRunsAndBeyondItIsRefusedByName() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT " + nested("(", "1", ")", 400))).containsExactly("1");
      assertThat(QueryRows.of(statement, "SELECT " + nested("abs(", "-7", ")", 450))).containsExactly("7");
      assertThat(QueryRows.of(statement, "SELECT " + nested("(1 + ", "1", ")", 450))).containsExactly("451");
      assertThat(QueryRows.of(statement, "SELECT " + nested("(SELECT ", "2", ")", 100))).containsExactly("2");
      for (String deep : new String[] {nested("(", "1", ")", 20_000), nested("abs(", "1", ")", 5_000),
          "- ".repeat(10_000) + "1", "NOT ".repeat(10_000) + "true", nested("(SELECT ", "1", ")", 2_000),
          "SELECT " + "coalesce(".repeat(600) + "1" + ")".repeat(600)}) {
        String sql = deep.startsWith("SELECT") || deep.startsWith("(SELECT") ? deep : "SELECT " + deep;
        assertThatThrownBy(() -> statement.executeQuery(sql)).isInstanceOf(SQLException.class)
            .hasMessageStartingWith("[STATEMENT_TOO_COMPLEX]")
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("54001"));
        assertThat(QueryRows.of(statement, "SELECT 1 + 1")).containsExactly("2");
      }
    }
  }
}
