package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import io.flowgate.gateway.Main;
import io.flowgate.tck.harness.QueryRows;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flowgate-gateway.jar run PIPELINE_DIR}: a folder of .sql files runs as one pipeline in dependency order
 * (the files are named so that alphabetical order is wrong), and its tables are then served over JDBC.
 */
class PipelineRunTest {
  @TempDir
  Path temp;

  /** What a test does through the driver against a gateway over a pipeline's store. */
  private interface GatewayWork {
    void run(Connection connection, Statement statement) throws Exception;
  }

  /** Starts a gateway over the store in {@code data}, runs {@code work}, and stops it (a pipeline run needs the store). */
  private static void onGateway(Path data, GatewayWork work) throws Exception {
    GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults().withPort(0).withData(Optional.of(data)));
    try (Connection connection = DriverManager.getConnection("jdbc:flowgate://127.0.0.1:" + gateway.port());
        Statement statement = connection.createStatement()) {
      work.run(connection, statement);
    } finally {
      gateway.close();
    }
  }

  private static void runOnGateway(Path data, String... statements) throws Exception {
    onGateway(data, (connection, statement) -> {
      for (String sql : statements) {
        statement.execute(sql);
      }
    });
  }

  /** What one {@code run} of the command printed and returned. */
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.runPipeline(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void runsAFolderInDependencyOrder() throws Exception {
    Path data = temp.resolve("data");
    Path project = Files.createDirectories(temp.resolve("pipeline"));
    runOnGateway(data, "CREATE TABLE orders_raw (id BIGINT, amount INT, region STRING)",
        "INSERT INTO orders_raw VALUES (1, 10, 'eu'), (2, -1, 'us'), (3, 30, 'us')");
    Files.writeString(project.resolve("a_silver.sql"), String.join("\n",
        "-- reads bronze, which another file defines",
        "CREATE OR REFRESH STREAMING TABLE orders_silver (",
        "  CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION DROP ROW",
        ") AS SELECT id, amount, region FROM STREAM(orders_bronze);",
        "CREATE OR REFRESH STREAMING TABLE orders_by_region;",
        "CREATE FLOW eu AS INSERT INTO orders_by_region BY NAME SELECT id, region FROM STREAM(orders_silver)"
            + " WHERE region = 'eu';",
        "CREATE FLOW us AS INSERT INTO orders_by_region BY NAME SELECT id, region FROM STREAM(orders_silver)"
            + " WHERE region = 'us';", ""));
    Files.writeString(project.resolve("b_bronze.sql"),
        "CREATE OR REFRESH STREAMING TABLE orders_bronze AS SELECT * FROM STREAM(orders_raw);\n");

    String[] args = {project.toString(), "--data", data.toString()};
    Run first = run(args);
    String printed = first.out();
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(printed.indexOf("orders_bronze")).isLessThan(printed.indexOf("dataset main.default.orders_silver"));
    assertThat(printed).contains("flow orders_bronze -> main.default.orders_bronze: COMPLETED, 3 rows read, 3 written",
        "flow orders_silver -> main.default.orders_silver: COMPLETED, 3 rows read, 2 written, 1 dropped",
        "flow eu -> main.default.orders_by_region: COMPLETED, 2 rows read, 1 written",
        "update COMPLETED: 4 flows, 10 rows read, 7 written, 1 dropped");

    // a second run finds nothing new; a broken project fails with a non-zero exit
    Run again = run(args);
    assertThat(again.code()).isZero();
    assertThat(again.out()).contains("update COMPLETED: 4 flows, 0 rows read, 0 written");
    Files.writeString(project.resolve("c_bad.sql"), "INSERT INTO orders_raw VALUES (9, 9, 'x');\n");
    Run broken = run(args);
    assertThat(broken.code()).isEqualTo(1);
    assertThat(broken.err()).contains("[PIPELINE_SQL_GRAPH_ELEMENT_REGISTRATION_ERROR]", "c_bad.sql:1");

    onGateway(data, (connection, statement) -> assertThat(QueryRows.of(statement,
        "SELECT region, count(*) FROM orders_by_region GROUP BY region ORDER BY region"))
        .containsExactly("eu | 1", "us | 1"));
  }

  /** The example the README points to runs as written, and a second run reads only a new file. */
  @Test
  void theExamplePipelineRuns() throws Exception {
    Path example = Path.of("..", "examples", "orders-pipeline").toAbsolutePath().normalize();
    Path ingest = temp.resolve("ingest");
    Files.createDirectories(ingest.resolve("orders"));
    try (var files = Files.list(example.resolve("data").resolve("orders"))) {
      for (Path file : files.toList()) {
        Files.copy(file, ingest.resolve("orders").resolve(file.getFileName()));
      }
    }
    Path data = temp.resolve("example-data");
    String[] args = {example.toString(), "--data", data.toString(), "--ingest-root", ingest.toString()};
    Run first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.out()).contains(
        "flow orders_bronze -> main.default.orders_bronze: COMPLETED, 6 rows read, 6 written",
        "flow orders_silver -> main.default.orders_silver: COMPLETED, 6 rows read, 5 written, 1 dropped, failing"
            + " rows by expectation {valid_id=1, positive_amount=2}",
        "flow orders_eu -> main.default.orders_by_region: COMPLETED, 5 rows read, 2 written",
        "flow orders_us -> main.default.orders_by_region: COMPLETED, 5 rows read, 2 written");

    Files.writeString(ingest.resolve("orders").resolve("orders-2026-11-02.csv"),
        "order_id,customer,region,amount,ordered_at\n6,Gus,us,10.00,2026-11-02 08:00:00\n");
    Run second = run(args);
    assertThat(second.code()).isZero();
    assertThat(second.out()).contains(
        "flow orders_bronze -> main.default.orders_bronze: COMPLETED, 1 rows read, 1 written",
        // the gold view merges the one new order (a new customer's group) instead of recomputing
        "flow revenue_by_customer -> main.default.revenue_by_customer: COMPLETED, 1 rows read, 1 written",
        "update COMPLETED: 5 flows, 5 rows read, 4 written");
    onGateway(data, (connection, statement) -> assertThat(QueryRows.of(statement,
        "SELECT customer, orders, revenue FROM revenue_by_customer WHERE customer = 'gus'"))
        .containsExactly("gus | 1 | 10.00"));
  }

  /** A dataset read only inside a subquery of another's query still runs first. */
  @Test
  void aDatasetReadInASubqueryRunsFirst() throws Exception {
    Path data = temp.resolve("subquery-data");
    Path project = Files.createDirectories(temp.resolve("subquery-pipeline"));
    runOnGateway(data, "CREATE TABLE events (id INT, kind STRING)",
        "INSERT INTO events VALUES (1, 'a'), (2, 'b'), (3, 'a')", "CREATE TABLE kinds (kind STRING, keep BOOLEAN)",
        "INSERT INTO kinds VALUES ('a', true), ('b', false)");
    Files.writeString(project.resolve("a_kept.sql"), "CREATE OR REFRESH STREAMING TABLE kept AS SELECT id FROM"
        + " STREAM(events) WHERE kind IN (SELECT kind FROM wanted);\n");
    Files.writeString(project.resolve("b_wanted.sql"),
        "CREATE OR REFRESH STREAMING TABLE wanted AS SELECT kind FROM STREAM(kinds) WHERE keep;\n");
    Run first = run(project.toString(), "--data", data.toString());
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.out().indexOf("dataset main.default.wanted"))
        .isLessThan(first.out().indexOf("dataset main.default.kept"));
    onGateway(data, (connection, statement) -> assertThat(QueryRows.of(statement,
        "SELECT id FROM kept ORDER BY id")).containsExactly("1", "3"));
  }

  /**
   * A pipeline's definitions are declarative: a second run redefines what the first made (here a managed table
   * written by CREATE TABLE ... FLOW, a streaming table without OR REFRESH) and goes on from the flows' checkpoints.
   */
  @Test
  void laterRunsRedefineWhatTheFirstMade() throws Exception {
    Path data = temp.resolve("rerun-data");
    Path project = Files.createDirectories(temp.resolve("rerun-pipeline"));
    runOnGateway(data, "CREATE TABLE landing (id INT, v STRING)", "INSERT INTO landing VALUES (1, 'a'), (2, 'b')");
    Files.writeString(project.resolve("pipeline.sql"), String.join("\n",
        "CREATE TABLE managed_copy FLOW INSERT BY NAME SELECT id, upper(v) AS v FROM STREAM(landing);",
        "CREATE STREAMING TABLE streamed AS SELECT id FROM STREAM(landing);", ""));
    String[] args = {project.toString(), "--data", data.toString()};
    Run first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    runOnGateway(data, "INSERT INTO landing VALUES (3, 'c')");
    Files.writeString(project.resolve("pipeline.sql"), String.join("\n",
        "CREATE TABLE managed_copy COMMENT 'upper-cased' FLOW INSERT BY NAME SELECT id, upper(v) AS v"
            + " FROM STREAM(landing);",
        "CREATE STREAMING TABLE streamed AS SELECT id FROM STREAM(landing);", ""));
    Run second = run(args);
    assertThat(second.code()).as(second.err()).isZero();
    assertThat(second.out()).contains("flow managed_copy -> main.default.managed_copy: COMPLETED, 1 rows read, 1"
        + " written");
    onGateway(data, (connection, statement) -> {
      assertThat(QueryRows.of(statement, "SELECT id, v FROM managed_copy ORDER BY id"))
          .containsExactly("1 | A", "2 | B", "3 | C");
      assertThat(QueryRows.of(statement, "SELECT count(*) FROM streamed")).containsExactly("3");
      assertThat(QueryRows.of(statement, "SELECT comment FROM information_schema.tables"
          + " WHERE table_name = 'managed_copy'")).containsExactly("upper-cased");
      // a table no flow writes is not the pipeline's to redefine
      statement.execute("CREATE TABLE users_own (id INT)");
    });
    Files.writeString(project.resolve("z_clash.sql"),
        "CREATE TABLE users_own FLOW INSERT BY NAME SELECT id FROM STREAM(landing);\n");
    Run clash = run(args);
    assertThat(clash.code()).isEqualTo(1);
    assertThat(clash.err()).contains("[TABLE_OR_VIEW_ALREADY_EXISTS]");
  }

  /** A failed dataset fails the run; what reads it is SKIPPED and what does not still runs. */
  @Test
  void downstreamOfAFailureIsSkipped() throws Exception {
    Path data = temp.resolve("skip-data");
    Path project = Files.createDirectories(temp.resolve("skip-pipeline"));
    runOnGateway(data, "CREATE TABLE readings (id INT, value INT)", "INSERT INTO readings VALUES (1, 5), (2, -1)");
    Files.writeString(project.resolve("pipeline.sql"), String.join("\n",
        "CREATE OR REFRESH STREAMING TABLE checked (CONSTRAINT positive EXPECT (value > 0) ON VIOLATION FAIL UPDATE)",
        "  AS SELECT * FROM STREAM(readings);",
        "CREATE OR REFRESH STREAMING TABLE report AS SELECT id FROM STREAM(checked);",
        "CREATE OR REFRESH STREAMING TABLE raw_copy AS SELECT * FROM STREAM(readings);", ""));
    Run failed = run(project.toString(), "--data", data.toString());
    assertThat(failed.code()).isEqualTo(1);
    assertThat(failed.out()).contains(
        "flow checked -> main.default.checked: FAILED [EXPECTATION_VIOLATION.VERBOSITY_ALL]",
        "flow report -> main.default.report: SKIPPED (the upstream dataset main.default.checked failed)",
        "flow raw_copy -> main.default.raw_copy: COMPLETED, 2 rows read, 2 written",
        "update FAILED: 3 flows, 2 rows read, 2 written");
    assertThat(failed.err()).contains("update FAILED: [EXPECTATION_VIOLATION");

    onGateway(data, (connection, statement) -> assertThat(QueryRows.of(statement,
        "SELECT event_type, details FROM event_log(TABLE(report)) WHERE event_type <> 'create_update'"))
        .containsExactly("flow_definition | {\"flow_definition\":{\"output_dataset\":\"main.default.report\","
            + "\"input_datasets\":[\"main.default.checked\"],\"flow_type\":\"APPEND\"}}",
            "flow_progress | {\"flow_progress\":{\"status\":\"SKIPPED\"}}",
            "update_progress | {\"update_progress\":{\"state\":\"FAILED\"}}"));
  }

  /** A PRIVATE dataset feeds the pipeline's flows and is published nowhere else. */
  @Test
  void privateDatasetsStayInsideThePipeline() throws Exception {
    Path data = temp.resolve("private-data");
    Path project = Files.createDirectories(temp.resolve("private-pipeline"));
    runOnGateway(data, "CREATE TABLE readings (id INT, value INT)", "INSERT INTO readings VALUES (1, 5), (2, -1)");
    Files.writeString(project.resolve("pipeline.sql"), String.join("\n",
        "CREATE OR REFRESH PRIVATE STREAMING TABLE positive AS SELECT * FROM STREAM(readings) WHERE value > 0;",
        "CREATE OR REFRESH STREAMING TABLE published AS SELECT id, value * 10 AS tenfold FROM STREAM(positive);",
        ""));
    String[] args = {project.toString(), "--data", data.toString()};
    Run first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    runOnGateway(data, "INSERT INTO readings VALUES (3, 7)");
    Run second = run(args);
    assertThat(second.code()).as(second.err()).isZero();

    onGateway(data, (connection, statement) -> {
      assertThat(QueryRows.of(statement, "SELECT id, tenfold FROM published ORDER BY id"))
          .containsExactly("1 | 50", "3 | 70");
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM positive"))
          .hasMessageStartingWith("[TABLE_OR_VIEW_NOT_FOUND]");
      try (ResultSet tables = connection.getMetaData().getTables("main", "default", "%", null)) {
        List<String> names = new ArrayList<>();
        while (tables.next()) {
          names.add(tables.getString("TABLE_NAME"));
        }
        assertThat(names).contains("published", "readings").doesNotContain("positive");
      }
      try (ResultSet shown = statement.executeQuery("SHOW TABLES LIKE 'pos*'")) {
        assertThat(shown.next()).isFalse();
      }
      // a downstream table refreshed by a client still reads its private input
      statement.execute("REFRESH STREAMING TABLE published");
      assertThatThrownBy(() -> statement.execute("CREATE PRIVATE STREAMING TABLE mine AS SELECT * FROM"
          + " STREAM(readings)")).hasMessageStartingWith("[FEATURE_NOT_SUPPORTED]");
    });
  }

  /** A pipeline's gold materialized view is recomputed by every run, after the streaming tables it reads. */
  @Test
  void aMaterializedViewIsRecomputedByEachRun() throws Exception {
    Path data = temp.resolve("mv-data");
    Path project = Files.createDirectories(temp.resolve("mv-pipeline"));
    runOnGateway(data, "CREATE TABLE sales (region STRING, amount INT)", "INSERT INTO sales VALUES ('eu', 5), ('us', 7)");
    // named so that alphabetical order is wrong: the view reads the streaming table
    Files.writeString(project.resolve("a_gold.sql"), "CREATE OR REFRESH MATERIALIZED VIEW sales_by_region AS"
        + " SELECT region, sum(amount) AS total FROM sales_bronze GROUP BY region;\n");
    Files.writeString(project.resolve("b_bronze.sql"), "CREATE OR REFRESH STREAMING TABLE sales_bronze AS"
        + " SELECT * FROM STREAM(sales);\n");
    String[] args = {project.toString(), "--data", data.toString()};
    Run first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    runOnGateway(data, "INSERT INTO sales VALUES ('eu', 10)");
    Run second = run(args);
    assertThat(second.code()).as(second.err()).isZero();
    assertThat(second.out()).contains("dataset main.default.sales_by_region");
    onGateway(data, (connection, statement) -> assertThat(QueryRows.of(statement,
        "SELECT region, total FROM sales_by_region ORDER BY region")).containsExactly("eu | 15", "us | 7"));
  }

  /**
   * A private dataset may share its name with a catalog table: inside the pipeline the name means the private
   * dataset, everywhere else the catalog's table, which the pipeline leaves as it was; a second project's private
   * dataset of that name is its own.
   */
  @Test
  void aPrivateDatasetMayShareItsNameWithACatalogTable() throws Exception {
    Path data = temp.resolve("shared-name-data");
    Path project = Files.createDirectories(temp.resolve("shared-name-pipeline"));
    Path other = Files.createDirectories(temp.resolve("other-pipeline"));
    runOnGateway(data, "CREATE TABLE readings (id INT, value INT)", "INSERT INTO readings VALUES (1, 5), (2, -1)",
        "CREATE TABLE staged (id INT, value INT)", "INSERT INTO staged VALUES (100, 100)");
    Files.writeString(project.resolve("pipeline.sql"), String.join("\n",
        "CREATE OR REFRESH PRIVATE STREAMING TABLE staged AS SELECT * FROM STREAM(readings) WHERE value > 0;",
        "CREATE OR REFRESH STREAMING TABLE kept AS SELECT id, value FROM STREAM(staged);", ""));
    Files.writeString(other.resolve("pipeline.sql"), String.join("\n",
        "CREATE OR REFRESH PRIVATE STREAMING TABLE staged AS SELECT * FROM STREAM(readings) WHERE value < 0;",
        "CREATE OR REFRESH STREAMING TABLE dropped_readings AS SELECT id FROM STREAM(staged);", ""));
    for (Path folder : List.of(project, other, project)) {
      Run run = run(folder.toString(), "--data", data.toString());
      assertThat(run.code()).as(run.err()).isZero();
    }
    onGateway(data, (connection, statement) -> {
      assertThat(QueryRows.of(statement, "SELECT id, value FROM kept")).containsExactly("1 | 5");
      assertThat(QueryRows.of(statement, "SELECT id FROM dropped_readings")).containsExactly("2");
      assertThat(QueryRows.of(statement, "SELECT id, value FROM staged")).containsExactly("100 | 100");
      // refreshed by a client, kept still streams the private staged (the catalog's would bring its row 100)
      statement.execute("REFRESH STREAMING TABLE kept");
      assertThat(QueryRows.of(statement, "SELECT id FROM kept")).containsExactly("1");
      statement.execute("INSERT INTO readings VALUES (3, 7)");
      assertThatThrownBy(() -> statement.execute("CREATE SCHEMA __pipeline_x__default"))
          .hasMessageStartingWith("[SCHEMA_ALREADY_EXISTS]");
    });
    Run again = run(project.toString(), "--data", data.toString());
    assertThat(again.code()).as(again.err()).isZero();
    onGateway(data, (connection, statement) -> {
      assertThat(QueryRows.of(statement, "SELECT id FROM kept ORDER BY id")).containsExactly("1", "3");
      assertThat(QueryRows.of(statement, "SELECT id, value FROM staged")).containsExactly("100 | 100");
    });
  }
}
