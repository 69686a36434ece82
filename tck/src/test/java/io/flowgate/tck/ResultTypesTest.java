package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Result columns and parameters are typed by the engine before anything runs, by the dialect's rules: what a client
 * reads in the metadata of a prepared statement is what its rows then hold.
 */
class ResultTypesTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE priced (id INT NOT NULL, price DECIMAL(10,2), name STRING, d DATE)");
      statement.execute("INSERT INTO priced VALUES (1, 12.50, 'a', DATE '2024-01-01'), (2, 3.00, 'b', NULL)");
    }
  }

  private static List<String> parameterTypes(Connection connection, String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      ParameterMetaData parameters = statement.getParameterMetaData();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= parameters.getParameterCount(); i++) {
        types.add(typeName(parameters.getParameterType(i), parameters.getParameterTypeName(i),
            parameters.getPrecision(i), parameters.getScale(i)));
      }
      return types;
    }
  }

  @Test
  void parametersTakeTheTypeOfWhatTheyMeet() throws SQLException {
    try (Connection connection = gateway.connect()) {
      assertThat(parameterTypes(connection, "SELECT * FROM priced WHERE id = ? AND name LIKE ?"
          + " AND price BETWEEN ? AND ? AND d IN (?, ?)"))
          .containsExactly("INT", "STRING", "DECIMAL(10,2)", "DECIMAL(10,2)", "DATE", "DATE");
      assertThat(parameterTypes(connection, "SELECT CAST(? AS BIGINT), ?, ? + 1.5"))
          .containsExactly("BIGINT", "STRING", "DECIMAL(2,1)");
      assertThat(parameterTypes(connection, "INSERT INTO priced VALUES (?, ?, ?, ?)"))
          .containsExactly("INT", "DECIMAL(10,2)", "STRING", "DATE");
      assertThat(parameterTypes(connection, "UPDATE priced SET price = ? WHERE id = ?"))
          .containsExactly("DECIMAL(10,2)", "INT");
      // nothing in upper(?) says what the value is: any value the driver can send
      assertThat(parameterTypes(connection, "SELECT upper(?)")).containsExactly("OTHER");
    }
  }

  @Test
  void columnsAreTypedBeforeTheQueryRuns() throws SQLException {
    String sql = "SELECT CASE WHEN id > 1 THEN 7 ELSE price END AS mixed, coalesce(NULL, id, 7) AS first,"
        + " price / 3 AS third, price * price AS square, id / 2 AS half FROM priced WHERE id = 1";
    try (Connection connection = gateway.connect(); PreparedStatement query = connection.prepareStatement(sql)) {
      ResultSetMetaData columns = query.getMetaData();
      assertThat(describe(columns)).containsExactly("mixed DECIMAL(12,2)", "first INT", "third DECIMAL(21,13)",
          "square DECIMAL(21,4)", "half DOUBLE");
      try (ResultSet rows = query.executeQuery()) {
        assertThat(rows.next()).isTrue();
        // the CASE's INT branch and its DECIMAL branch meet in a DECIMAL: nothing is cut to an integer
        assertThat(rows.getBigDecimal("mixed")).isEqualTo(new BigDecimal("12.50"));
        assertThat(rows.getInt("first")).isEqualTo(1);
        assertThat(rows.getBigDecimal("third")).isEqualTo(new BigDecimal("4.1666666666667"));
        assertThat(rows.getBigDecimal("square")).isEqualTo(new BigDecimal("156.2500"));
        assertThat(rows.getDouble("half")).isEqualTo(0.5);
      }
    }
  }

  @Test
  void aggregatesAndSetOperationsFollowTheDialect() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      try (ResultSet rows = statement.executeQuery("SELECT sum(price) AS s, avg(price) AS a, avg(id) AS ai,"
          + " median(id) AS m, count(*) AS c, collect_list(id) AS ids FROM priced")) {
        assertThat(describe(rows.getMetaData())).containsExactly("s DECIMAL(20,2)", "a DECIMAL(14,6)", "ai DOUBLE",
            "m DOUBLE", "c BIGINT", "ids ARRAY<INT>");
        assertThat(rows.next()).isTrue();
        assertThat(rows.getBigDecimal("s")).isEqualTo(new BigDecimal("15.50"));
        assertThat(rows.getBigDecimal("a")).isEqualTo(new BigDecimal("7.750000"));
        assertThat(rows.getDouble("m")).isEqualTo(1.5);
      }
      try (ResultSet rows = statement.executeQuery("SELECT id FROM priced UNION ALL SELECT price FROM priced"
          + " ORDER BY 1")) {
        assertThat(describe(rows.getMetaData())).containsExactly("id DECIMAL(12,2)");
        List<BigDecimal> values = new ArrayList<>();
        while (rows.next()) {
          values.add(rows.getBigDecimal(1));
        }
        assertThat(values).extracting(BigDecimal::doubleValue).containsExactly(1.0, 2.0, 3.0, 12.5);
      }
    }
  }

  @Test
  void nullabilityFollowsColumnsAndOuterJoins() throws SQLException {
    try (Connection connection = gateway.connect(); PreparedStatement query = connection.prepareStatement(
        "SELECT a.id, a.name, b.id AS other, 1 AS one FROM priced a LEFT JOIN priced b ON a.id = b.id + 5")) {
      ResultSetMetaData columns = query.getMetaData();
      assertThat(columns.isNullable(1)).isEqualTo(ResultSetMetaData.columnNoNulls);
      assertThat(columns.isNullable(2)).isEqualTo(ResultSetMetaData.columnNullable);
      // b.id is NOT NULL in its table, but the outer join pads it with NULLs
      assertThat(columns.isNullable(3)).isEqualTo(ResultSetMetaData.columnNullable);
      assertThat(columns.isNullable(4)).isEqualTo(ResultSetMetaData.columnNoNulls);
    }
  }

  private static List<String> describe(ResultSetMetaData columns) throws SQLException {
    List<String> described = new ArrayList<>();
    for (int i = 1; i <= columns.getColumnCount(); i++) {
      described.add(columns.getColumnLabel(i) + " " + typeName(columns.getColumnType(i), columns.getColumnTypeName(i),
          columns.getPrecision(i), columns.getScale(i)));
    }
    return described;
  }

  /** A type as the tests name it: DECIMAL with its precision and scale, anything else by its name. */
  private static String typeName(int jdbcType, String name, int precision, int scale) {
    return jdbcType == Types.DECIMAL ? name + "(" + precision + "," + scale + ")" : name;
  }
}
