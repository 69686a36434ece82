package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The metadata calls a tool such as DBeaver makes on connect and while browsing, through the driver. */
class JdbcMetadataTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void schema() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG shop");
      statement.execute("CREATE SCHEMA shop.sales COMMENT 'sales data'");
      statement.execute("CREATE TABLE shop.sales.customers (id BIGINT NOT NULL COMMENT 'key', name STRING,"
          + " CONSTRAINT customers_pk PRIMARY KEY (id)) COMMENT 'who buys'");
      statement.execute("CREATE TABLE shop.sales.orders (id BIGINT GENERATED ALWAYS AS IDENTITY, customer BIGINT,"
          + " total DECIMAL(12,2) DEFAULT 0, placed TIMESTAMP, CONSTRAINT orders_customer FOREIGN KEY (customer)"
          + " REFERENCES shop.sales.customers (id))");
      statement.execute("CREATE VIEW shop.sales.big_orders AS SELECT * FROM shop.sales.orders WHERE total > 100");
    }
  }

  private static List<String> column(ResultSet rows, String name) throws SQLException {
    List<String> values = new ArrayList<>();
    try (rows) {
      while (rows.next()) {
        values.add(rows.getString(name));
      }
    }
    return values;
  }

  @Test
  void indexInfoIsThePrimaryKey() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DatabaseMetaData metadata = connection.getMetaData();
      try (ResultSet index = metadata.getIndexInfo("shop", "sales", "customers", true, true)) {
        assertThat(index.next()).isTrue();
        assertThat(index.getString("INDEX_NAME")).isEqualTo("customers_pk");
        assertThat(index.getString("COLUMN_NAME")).isEqualTo("id");
        assertThat(index.getBoolean("NON_UNIQUE")).isFalse();
        assertThat(index.getShort("ORDINAL_POSITION")).isEqualTo((short) 1);
        assertThat(index.next()).isFalse();
      }
      assertThat(column(metadata.getIndexInfo("shop", "sales", "orders", false, true), "INDEX_NAME")).isEmpty();
    }
  }

  @Test
  void columnTypesNameTheirParametersOnce() throws SQLException {
    try (Connection connection = gateway.connect();
        ResultSet columns = connection.getMetaData().getColumns("shop", "sales", "orders", "total")) {
      assertThat(columns.next()).isTrue();
      assertThat(columns.getString("TYPE_NAME")).isEqualTo("DECIMAL");
      assertThat(columns.getInt("DATA_TYPE")).isEqualTo(Types.DECIMAL);
      assertThat(columns.getInt("COLUMN_SIZE")).isEqualTo(12);
      assertThat(columns.getInt("DECIMAL_DIGITS")).isEqualTo(2);
    }
  }

  @Test
  void metadataResultsAreIndependent() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DatabaseMetaData metadata = connection.getMetaData();
      // The loop every schema browser runs: columns of each table while the table list is still open.
      List<String> seen = new ArrayList<>();
      try (ResultSet tables = metadata.getTables("shop", "sales", "%", new String[] {"TABLE"})) {
        while (tables.next()) {
          String table = tables.getString("TABLE_NAME");
          try (ResultSet columns = metadata.getColumns("shop", "sales", table, "%")) {
            while (columns.next()) {
              seen.add(table + "." + columns.getString("COLUMN_NAME"));
            }
          }
        }
      }
      assertThat(seen).contains("customers.id", "customers.name", "orders.total");
      // Results read to the end and left open do not close one another.
      ResultSet schemas = metadata.getSchemas("shop", "%");
      ResultSet catalogs = metadata.getCatalogs();
      assertThat(column(metadata.getTableTypes(), "TABLE_TYPE")).isNotEmpty();
      assertThat(column(catalogs, "TABLE_CAT")).contains("shop");
      assertThat(column(schemas, "TABLE_SCHEM")).contains("sales");
      List<ResultSet> open = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        open.add(metadata.getColumns("shop", "sales", "customers", "%"));
      }
      for (ResultSet columns : open) {
        assertThat(column(columns, "COLUMN_NAME")).containsExactly("id", "name");
      }
    }
  }

  @Test
  void productAndDriver() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DatabaseMetaData metadata = connection.getMetaData();
      assertThat(metadata.getDatabaseProductName()).isEqualTo("Flowgate");
      assertThat(metadata.getDriverName()).isEqualTo("Flowgate JDBC Driver");
      assertThat(metadata.getDatabaseProductVersion()).isNotBlank();
      assertThat(connection.isValid(5)).isTrue();
      assertThat(metadata.getURL()).startsWith("jdbc:flowgate:");
      // What tools quote and fold identifiers by.
      assertThat(metadata.getIdentifierQuoteString()).isEqualTo("`");
      assertThat(metadata.storesLowerCaseIdentifiers()).isTrue();
      assertThat(metadata.storesUpperCaseIdentifiers()).isFalse();
      assertThat(metadata.supportsMixedCaseIdentifiers()).isFalse();
      assertThat(metadata.isReadOnly()).isFalse();
      assertThat(connection.isReadOnly()).isFalse();
    }
  }

  @Test
  void catalogsSchemasAndTables() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DatabaseMetaData metadata = connection.getMetaData();
      assertThat(column(metadata.getCatalogs(), "TABLE_CAT")).contains("main", "shop");
      assertThat(column(metadata.getSchemas("shop", null), "TABLE_SCHEM")).containsExactly("default", "sales");
      assertThat(column(metadata.getSchemas(null, "sal%"), "TABLE_SCHEM")).containsExactly("sales");
      assertThat(column(metadata.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE", "VIEW");
      // ordered by type, then name, as JDBC asks
      assertThat(column(metadata.getTables("shop", "sales", "%", null), "TABLE_NAME"))
          .containsExactly("customers", "orders", "big_orders");
      assertThat(column(metadata.getTables("shop", "sales", "%", new String[] {"TABLE"}), "TABLE_NAME"))
          .containsExactly("customers", "orders");
      assertThat(column(metadata.getTables("shop", "sales", "%", new String[] {"VIEW"}), "TABLE_TYPE"))
          .containsExactly("VIEW");
      assertThat(column(metadata.getTables("shop", "sales", "cust%", null), "REMARKS")).containsExactly("who buys");
      assertThat(column(metadata.getTables("nope", null, "%", null), "TABLE_NAME")).isEmpty();
    }
  }

  @Test
  void columns() throws SQLException {
    try (Connection connection = gateway.connect();
        ResultSet rows = connection.getMetaData().getColumns("shop", "sales", "orders", "%")) {
      List<String> seen = new ArrayList<>();
      while (rows.next()) {
        seen.add(rows.getString("COLUMN_NAME") + ":" + rows.getInt("DATA_TYPE") + ":" + rows.getString("TYPE_NAME")
            + ":" + rows.getInt("ORDINAL_POSITION") + ":" + rows.getString("IS_NULLABLE") + ":"
            + rows.getString("IS_AUTOINCREMENT") + ":" + rows.getString("COLUMN_DEF"));
        if (rows.getString("COLUMN_NAME").equals("total")) {
          assertThat(rows.getInt("COLUMN_SIZE")).isEqualTo(12);
          assertThat(rows.getInt("DECIMAL_DIGITS")).isEqualTo(2);
        }
      }
      assertThat(seen).containsExactly(
          "id:" + Types.BIGINT + ":BIGINT:1:YES:YES:null",
          "customer:" + Types.BIGINT + ":BIGINT:2:YES:NO:null",
          "total:" + Types.DECIMAL + ":DECIMAL:3:YES:NO:0",
          "placed:" + Types.TIMESTAMP + ":TIMESTAMP:4:YES:NO:null");
    }
    try (Connection connection = gateway.connect();
        ResultSet rows = connection.getMetaData().getColumns("shop", "sales", "customers", "id")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getString("REMARKS")).isEqualTo("key");
      assertThat(rows.getInt("NULLABLE")).isEqualTo(DatabaseMetaData.columnNoNulls);
      assertThat(rows.next()).isFalse();
    }
  }

  @Test
  void keysAndFunctionsComeFromTheGateway() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DatabaseMetaData metadata = connection.getMetaData();
      try (ResultSet keys = metadata.getPrimaryKeys("shop", "sales", "customers")) {
        assertThat(keys.next()).isTrue();
        assertThat(keys.getString("COLUMN_NAME")).isEqualTo("id");
        assertThat(keys.getShort("KEY_SEQ")).isEqualTo((short) 1);
        assertThat(keys.getString("PK_NAME")).isEqualTo("customers_pk");
        assertThat(keys.next()).isFalse();
      }
      try (ResultSet keys = metadata.getImportedKeys("shop", "sales", "orders")) {
        assertThat(keys.next()).isTrue();
        assertThat(keys.getString("PKTABLE_NAME")).isEqualTo("customers");
        assertThat(keys.getString("PKCOLUMN_NAME")).isEqualTo("id");
        assertThat(keys.getString("FKCOLUMN_NAME")).isEqualTo("customer");
        assertThat(keys.getString("FK_NAME")).isEqualTo("orders_customer");
        assertThat(keys.next()).isFalse();
      }
      assertThat(column(metadata.getExportedKeys("shop", "sales", "customers"), "FKTABLE_NAME"))
          .containsExactly("orders");
      assertThat(column(metadata.getPrimaryKeys("shop", "sales", "orders"), "COLUMN_NAME")).isEmpty();
      assertThat(column(metadata.getFunctions(null, null, "date%"), "FUNCTION_NAME"))
          .contains("date_add", "date_format", "datediff").allMatch(name -> name.startsWith("date"));
      assertThat(column(metadata.getFunctions(null, null, "%"), "FUNCTION_NAME")).contains("upper", "row_number");
    }
  }

  @Test
  void typeInfo() throws SQLException {
    try (Connection connection = gateway.connect()) {
      assertThat(column(connection.getMetaData().getTypeInfo(), "TYPE_NAME"))
          .contains("BOOLEAN", "INT", "BIGINT", "DECIMAL", "STRING", "DATE", "TIMESTAMP", "BINARY");
    }
  }

  @Test
  void resultSetMetadataHasRealTypes() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(
            "SELECT id, total, placed, CAST(1 AS INT) AS one, 'x' AS s, true AS b FROM shop.sales.orders")) {
      var metadata = rows.getMetaData();
      assertThat(metadata.getColumnCount()).isEqualTo(6);
      assertThat(metadata.getColumnType(1)).isEqualTo(Types.BIGINT);
      assertThat(metadata.getColumnType(2)).isEqualTo(Types.DECIMAL);
      assertThat(metadata.getPrecision(2)).isEqualTo(12);
      assertThat(metadata.getScale(2)).isEqualTo(2);
      assertThat(metadata.getColumnType(3)).isEqualTo(Types.TIMESTAMP);
      assertThat(metadata.getColumnType(4)).isEqualTo(Types.INTEGER);
      assertThat(metadata.getColumnTypeName(5)).isEqualTo("STRING");
      assertThat(metadata.getColumnType(6)).isEqualTo(Types.BOOLEAN);
      assertThat(metadata.getColumnLabel(4)).isEqualTo("one");
    }
  }

  @Test
  void catalogAndSchemaFollowUse() throws SQLException {
    try (Connection connection = gateway.connect()) {
      assertThat(connection.getCatalog()).isEqualTo("main");
      assertThat(connection.getSchema()).isEqualTo("default");
      connection.setCatalog("shop");
      connection.setSchema("sales");
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT current_catalog(), current_schema(), count(*) FROM customers")) {
        rows.next();
        assertThat(rows.getString(1)).isEqualTo("shop");
        assertThat(rows.getString(2)).isEqualTo("sales");
      }
    }
    try (Connection connection = java.sql.DriverManager.getConnection(gateway.url() + "/shop/sales?user=admin");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT current_catalog(), current_schema()")) {
      rows.next();
      assertThat(rows.getString(1) + "." + rows.getString(2)).isEqualTo("shop.sales");
    }
  }
}
