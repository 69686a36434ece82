package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Error texts name the user's value and the dialect's types, never Flowgate's storage names ({@code T12}) or H2's
 * own wording: a failing cast says which value would not convert, and to what where the store says so.
 */
class ErrorTextTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE texts (d DATE, s STRING, i INT)");
      statement.execute("INSERT INTO texts VALUES (DATE '2024-01-01', 'abc', 1)");
    }
  }

  private static String failure(String sql) throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      SQLException failure = catchThrowableOfType(SQLException.class, () -> statement.execute(sql));
      assertThat((Throwable) failure).as(sql).isNotNull();
      assertThat(failure.getSQLState()).isEqualTo("22018");
      assertThat(failure.getMessage()).startsWith("[CAST_INVALID_INPUT] ").doesNotContainPattern("\\bT[0-9]+\\b")
          .doesNotContain("Data conversion", "Cannot parse", "CHARACTER VARYING");
      return failure.getMessage();
    }
  }

  @Test
  void aCastThatFailsNamesTheValueAndTheType() throws SQLException {
    assertThat(failure("SELECT CAST(s AS DATE) FROM texts")).contains("The value 'abc' cannot be cast to DATE");
    assertThat(failure("SELECT CAST('2024-13-01' AS DATE)")).contains("'2024-13-01'", "DATE");
    assertThat(failure("SELECT CAST(s AS TIMESTAMP) FROM texts")).contains("'abc'", "TIMESTAMP");
    assertThat(failure("SELECT CAST(s AS INT) FROM texts")).contains("The value 'abc' cannot be cast");
  }

  @Test
  void aValueThatDoesNotFitItsColumnIsNamedWithoutTheStorageTable() throws SQLException {
    assertThat(failure("INSERT INTO texts (i) VALUES ('x')")).contains("The value 'x' cannot be cast to INT");
    assertThat(failure("INSERT INTO texts VALUES ('nope', 'y', 2)")).contains("'nope'", "DATE");
  }
}
