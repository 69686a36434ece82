package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import io.flowgate.tck.harness.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The examples of the seeds' reference pages (CREATE STREAMING TABLE, CREATE TABLE ... FLOW) as written, with local
 * folders under the ingest root for cloud paths and a local {@code samples.tpch.orders}, each followed by a check
 * of what it made and, where it streams, a second update that must read only what is new.
 */
class SeedExamplesTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static List<String> rows(Statement statement, String sql) throws SQLException {
    return QueryRows.of(statement, sql);
  }

  private static Path ingest(String folder) throws Exception {
    return Files.createDirectories(gateway.data().resolve("ingest").resolve(folder));
  }

  @Test
  void streamingTableExamples() throws Exception {
    Path customers = ingest("retail-org/customers");
    Files.writeString(customers.resolve("part-1.csv"), "id,name,region\n1,Ann,us\n2,Bo,eu\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      // Define a streaming table from a volume of files
      statement.execute("CREATE OR REFRESH STREAMING TABLE customers_bronze"
          + " AS SELECT * FROM STREAM read_files(\"retail-org/customers/*\", format => \"csv\")");
      // Define a streaming table from a streaming source table
      statement.execute("CREATE OR REFRESH STREAMING TABLE customers_silver"
          + " AS SELECT * FROM STREAM(customers_bronze)");
      // Use automatic liquid clustering to let the engine choose the clustering columns
      statement.execute("CREATE OR REFRESH STREAMING TABLE customers_bronze_auto CLUSTER BY AUTO"
          + " AS SELECT * FROM STREAM read_files(\"retail-org/customers/*\", format => \"csv\")");
      // Define a streaming table with an identity column
      statement.execute("CREATE OR REFRESH STREAMING TABLE customers_with_id ("
          + " customer_id BIGINT GENERATED ALWAYS AS IDENTITY, name string, region string)"
          + " AS SELECT name, region FROM STREAM(customers_bronze)");
      assertThat(rows(statement, "SELECT id, name, region FROM customers_silver ORDER BY id"))
          .containsExactly("1 | Ann | us", "2 | Bo | eu");
      assertThat(rows(statement, "SELECT count(*) FROM customers_bronze_auto")).containsExactly("2");

      Files.writeString(customers.resolve("part-2.csv"), "id,name,region\n3,Cy,us\n");
      for (String table : List.of("customers_bronze", "customers_silver", "customers_bronze_auto",
          "customers_with_id")) {
        statement.execute("REFRESH STREAMING TABLE " + table);
      }
      assertThat(rows(statement, "SELECT id, name FROM customers_silver ORDER BY id"))
          .containsExactly("1 | Ann", "2 | Bo", "3 | Cy");
      assertThat(rows(statement, "SELECT count(*), count(DISTINCT customer_id), min(customer_id) > 0"
          + " FROM customers_with_id")).containsExactly("3 | 3 | true");
      assertThat(rows(statement, "SELECT name FROM customers_with_id ORDER BY customer_id"))
          .containsExactly("Ann", "Bo", "Cy");

      // Define a table with a row filter and column mask (the functions it names, made first; the bronze table here
      // came from read_files, whose _rescued_data column the declared schema does not list)
      statement.execute("CREATE CATALOG `catalog`");
      statement.execute("CREATE SCHEMA `catalog`.`schema`");
      statement.execute("CREATE FUNCTION `catalog`.`schema`.ssn_mask_fn(ssn STRING)"
          + " RETURN CASE WHEN is_account_group_member('hr') THEN ssn ELSE '***-**-****' END");
      statement.execute("CREATE FUNCTION `catalog`.`schema`.us_filter_fn(region STRING) RETURN lower(region) = 'us'");
      statement.execute("CREATE OR REFRESH STREAMING TABLE customers_masked ("
          + " id int COMMENT 'This is the customer ID', name string, region string,"
          + " ssn string MASK catalog.schema.ssn_mask_fn COMMENT 'SSN masked for privacy')"
          + " WITH ROW FILTER catalog.schema.us_filter_fn ON (region)"
          + " AS SELECT id, name, region FROM STREAM(customers_bronze)");
      assertThat(rows(statement, "SELECT id, ssn FROM customers_masked ORDER BY id"))
          .containsExactly("1 | ***-**-****", "3 | ***-**-****");

      // Define a streaming table that you can add flows into
      statement.execute("CREATE OR REFRESH STREAMING TABLE orders");
      statement.execute("CREATE TABLE web_orders (id INT, amount INT)");
      statement.execute("INSERT INTO web_orders VALUES (1, 10)");
      statement.execute("CREATE FLOW web AS INSERT INTO orders BY NAME SELECT * FROM STREAM(web_orders)");
      assertThat(rows(statement, "SELECT id, amount FROM orders")).containsExactly("1 | 10");

      // Define a streaming table with an inline append flow, and its AS equivalent
      Path raw = ingest("my_path");
      Files.writeString(raw.resolve("a.json"), "{\"k\": 1}\n{\"k\": 2}\n");
      statement.execute("CREATE OR REFRESH STREAMING TABLE raw_data"
          + " FLOW INSERT BY NAME SELECT * FROM STREAM read_files('my_path')");
      statement.execute("CREATE OR REFRESH STREAMING TABLE raw_data_as"
          + " AS SELECT * FROM STREAM read_files('my_path')");
      assertThat(rows(statement, "SELECT k FROM raw_data ORDER BY k")).containsExactly("1", "2");
      assertThat(rows(statement, "SELECT k FROM raw_data_as ORDER BY k")).containsExactly("1", "2");

      // Define a streaming table with an inline AUTO CDC flow
      statement.execute("CREATE SCHEMA cdc_data");
      statement.execute("CREATE TABLE cdc_data.users (userId INT, name STRING, sequenceNum INT)");
      statement.execute("INSERT INTO cdc_data.users VALUES (1, 'a', 1), (1, 'b', 3), (2, 'c', 1), (1, 'x', 2)");
      statement.execute("CREATE OR REFRESH STREAMING TABLE target FLOW AUTO CDC"
          + " FROM stream(cdc_data.users) KEYS (userId) SEQUENCE BY sequenceNum STORED AS SCD TYPE 1");
      assertThat(rows(statement, "SELECT userId, name FROM target ORDER BY userId")).containsExactly("1 | b", "2 | c");
    }
  }

  @Test
  void managedFlowTableExamples() throws Exception {
    Path events = ingest("events");
    Files.writeString(events.resolve("1.json"), "{\"id\": 1, \"bucket\": \"a\"}\n{\"id\": -2, \"bucket\": \"b\"}\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE CATALOG samples");
      statement.execute("CREATE SCHEMA samples.tpch");
      statement.execute("CREATE TABLE samples.tpch.orders (o_orderkey BIGINT, o_custkey BIGINT, o_orderdate DATE,"
          + " o_totalprice DECIMAL(12,2))");
      statement.execute("INSERT INTO samples.tpch.orders VALUES (1, 7, DATE'2026-11-01', 10.50),"
          + " (2, 8, DATE'2026-11-02', 20.00)");

      // Create a managed table populated by an inline append flow from a streaming table
      statement.execute("CREATE TABLE output FLOW INSERT BY NAME SELECT * FROM STREAM(samples.tpch.orders)");
      // Create a managed table that ingests files with schema inference and evolution
      statement.execute("CREATE TABLE raw_events FLOW INSERT BY NAME SELECT * FROM STREAM read_files('events')");
      // Create a partitioned managed table from a streaming source
      statement.execute("CREATE TABLE events PARTITIONED BY (bucket) FLOW INSERT BY NAME"
          + " SELECT id, bucket FROM STREAM read_files('events', format => 'json')");
      // Create a managed table with liquid clustering
      statement.execute("CREATE TABLE orders_clustered CLUSTER BY (order_date, customer_id) FLOW INSERT BY NAME"
          + " SELECT o_orderkey AS order_id, o_custkey AS customer_id, o_orderdate AS order_date,"
          + " o_totalprice AS total_price FROM STREAM(samples.tpch.orders)");
      // Create a managed table with a data quality expectation that drops violating rows
      statement.execute("CREATE TABLE valid_events (CONSTRAINT positive_id EXPECT (id > 0) ON VIOLATION DROP ROW)"
          + " FLOW INSERT BY NAME SELECT id FROM STREAM read_files('events', format => 'json')");

      assertThat(rows(statement, "SELECT o_orderkey, o_totalprice FROM output ORDER BY 1"))
          .containsExactly("1 | 10.50", "2 | 20.00");
      assertThat(rows(statement, "SELECT id, bucket FROM events ORDER BY id")).containsExactly("-2 | b", "1 | a");
      assertThat(rows(statement, "SELECT order_id, customer_id, order_date, total_price FROM orders_clustered"
          + " ORDER BY 1")).containsExactly("1 | 7 | 2026-11-01 | 10.50", "2 | 8 | 2026-11-02 | 20.00");
      assertThat(rows(statement, "SELECT id FROM valid_events")).containsExactly("1");
      assertThat(rows(statement, "SELECT table_type FROM information_schema.tables WHERE table_name = 'output'"))
          .containsExactly("MANAGED");

      // new data, new files (one with a new field): each flow reads only what is new; raw_events grows a column
      statement.execute("INSERT INTO samples.tpch.orders VALUES (3, 9, DATE'2026-11-03', 5.00)");
      Files.writeString(events.resolve("2.json"), "{\"id\": 3, \"bucket\": \"a\", \"source\": \"web\"}\n");
      for (String table : List.of("output", "raw_events", "events", "orders_clustered", "valid_events")) {
        statement.execute("REFRESH TABLE " + table);
      }
      assertThat(rows(statement, "SELECT count(*) FROM output")).containsExactly("3");
      assertThat(rows(statement, "SELECT id, source FROM raw_events ORDER BY id"))
          .containsExactly("-2 | null", "1 | null", "3 | web");
      assertThat(rows(statement, "SELECT count(*) FROM events")).containsExactly("3");
      assertThat(rows(statement, "SELECT count(*) FROM orders_clustered")).containsExactly("3");
      assertThat(rows(statement, "SELECT id FROM valid_events ORDER BY id")).containsExactly("1", "3");

    }
  }

  /**
   * The page's migration, verbatim: a Structured Streaming query's checkpoint (its last committed offset is the start
   * of source_table's version 3) is put into a volume over JDBC, and CREATE TABLE adopts the table the query wrote
   * and goes on from there.
   */
  @Test
  void importCheckpointFromAVolume(@org.junit.jupiter.api.io.TempDir Path local) throws Exception {
    Path checkpoint = TestFiles.copyFolder("/checkpoints/delta-stream", local.resolve("checkpoint"));
    java.util.Properties properties = new java.util.Properties();
    properties.setProperty("user", "admin");
    properties.setProperty("StagingAllowedLocalPaths", checkpoint.toString());
    try (Connection connection = java.sql.DriverManager.getConnection(gateway.url(), properties);
        Statement statement = connection.createStatement();
        java.util.stream.Stream<Path> files = Files.walk(checkpoint)) {
      statement.execute("CREATE CATALOG my_catalog");
      statement.execute("CREATE SCHEMA my_catalog.my_schema");
      statement.execute("CREATE VOLUME my_catalog.my_schema.checkpoints");
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        statement.execute("PUT '" + file + "' INTO '/Volumes/my_catalog/my_schema/checkpoints/my_stream/"
            + checkpoint.relativize(file) + "'");
      }
      statement.execute("CREATE TABLE source_table (id INT)");
      for (int version = 1; version <= 3; version++) {
        statement.execute("INSERT INTO source_table VALUES (" + version + ")");
      }
      statement.execute("CREATE TABLE streaming_table (id INT)");
      statement.execute("INSERT INTO streaming_table VALUES (1), (2)");
      statement.execute("""
          -- Use the existing table your Structured Streaming query writes to; CREATE TABLE adopts it.
          CREATE TABLE streaming_table
          -- Continue from the imported checkpoint instead of reprocessing the source.
          FLOW IMPORT CHECKPOINT '/Volumes/my_catalog/my_schema/checkpoints/my_stream'
          INSERT BY NAME
            -- The same source your original query read from.
            SELECT * FROM STREAM(source_table);""");
      assertThat(rows(statement, "SELECT id FROM streaming_table ORDER BY id")).containsExactly("1", "2", "3");
      statement.execute("INSERT INTO source_table VALUES (4)");
      statement.execute("REFRESH TABLE streaming_table");
      assertThat(rows(statement, "SELECT id FROM streaming_table ORDER BY id")).containsExactly("1", "2", "3", "4");
    }
  }
}
