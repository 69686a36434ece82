package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Avatica's own remote driver, unbranded, works against the gateway in both serializations. */
class StockAvaticaClientTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @ParameterizedTest
  @ValueSource(strings = {"protobuf", "json"})
  void queriesAndErrors(String serialization) throws SQLException {
    String url = "jdbc:avatica:remote:url=http://127.0.0.1:" + gateway.port() + ";serialization=" + serialization;
    try (Connection connection = DriverManager.getConnection(url, "dave", "");
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE IF NOT EXISTS stock_" + serialization + " (a INT, b STRING)");
      assertThat(statement.executeUpdate("INSERT INTO stock_" + serialization + " VALUES (1, 'x'), (2, 'y')"))
          .isEqualTo(2);
      try (ResultSet rows = statement.executeQuery("SELECT sum(a), max(b), current_user() FROM stock_"
          + serialization)) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(3);
        assertThat(rows.getString(2)).isEqualTo("y");
        assertThat(rows.getString(3)).isEqualTo("dave");
      }
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM nothing_here"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("[TABLE_OR_VIEW_NOT_FOUND]")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42P01"));
      assertThat(connection.getMetaData().getTables(null, null, "stock%", null).next()).isTrue();
    }
  }

  @Test
  void errorResponsesCarryNoStackTraces() throws SQLException {
    String url = "jdbc:avatica:remote:url=http://127.0.0.1:" + gateway.port() + ";serialization=protobuf";
    try (Connection connection = DriverManager.getConnection(url, "dave", "");
        Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.executeQuery("SELECT 1/0"))
          .satisfies(e -> {
            var avatica = (org.apache.calcite.avatica.AvaticaSqlException) e;
            assertThat(avatica.getStackTraces()).noneMatch(trace -> trace.contains("\tat "));
            assertThat(avatica.getSQLState()).isEqualTo("22012");
          });
    }
  }
}
