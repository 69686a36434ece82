package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * COPY INTO through the driver: files of the ingest folder loaded into a managed table once each (again only with
 * force), matched by name or position, narrowed by FILES or PATTERN, transformed by a SELECT, and refused by name
 * where it cannot run.
 */
class CopyIntoTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static List<String> rows(Statement statement, String sql) throws SQLException {
    return QueryRows.of(statement, sql);
  }

  @Test
  void filesAreLoadedOnceEach() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("copy_sales"));
    Files.writeString(folder.resolve("a.csv"), "id,region,amount,ignored\n1,east,10.50,x\n2,west,oops,y\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE sales (id INT, Region STRING, amount DECIMAL(10,2), note STRING)");
      String copy = "COPY INTO sales FROM 'copy_sales' FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true')";
      // columns by name (case aside); a value that does not fit its column is NULL; a column the files lack is NULL
      assertThat(rows(statement, copy)).containsExactly("2 | 2");
      assertThat(rows(statement, "SELECT * FROM sales ORDER BY id"))
          .containsExactly("1 | east | 10.50 | null", "2 | west | null | null");
      // again: nothing new, nothing written, no commit
      assertThat(rows(statement, copy)).containsExactly("0 | 0");
      Files.writeString(folder.resolve("b.csv"), "region,id\nnorth,3\n");
      assertThat(rows(statement, copy)).containsExactly("1 | 1");
      assertThat(rows(statement, "SELECT id, region FROM sales WHERE id = 3")).containsExactly("3 | north");
      assertThat(rows(statement, "DESCRIBE HISTORY sales")).filteredOn(line -> line.contains("COPY INTO"))
          .hasSize(2).allMatch(line -> line.contains("numFiles"));
      // force loads every file again
      assertThat(rows(statement, copy + " COPY_OPTIONS ('force' = 'true')")).containsExactly("3 | 3");
      assertThat(rows(statement, "SELECT count(*) FROM sales")).containsExactly("6");
    }
  }

  @Test
  void filesPatternsPositionsAndSelects() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("copy_mixed"));
    Files.writeString(folder.resolve("one.csv"), "1,a\n2,b\n");
    Files.writeString(folder.resolve("two.csv"), "3,c\n");
    Files.writeString(folder.resolve("three.json"), "{\"id\": 4, \"name\": \"d\"}\n{\"id\": 5, \"name\": \"e\"}\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE mixed (id BIGINT, name STRING)");
      // a CSV without a header meets the table's columns by position
      assertThat(rows(statement, "COPY INTO mixed FROM 'copy_mixed' FILEFORMAT = CSV FILES = ('one.csv')"))
          .containsExactly("2 | 2");
      assertThat(rows(statement, "COPY INTO mixed BY POSITION FROM 'copy_mixed' FILEFORMAT = CSV"
          + " PATTERN = 't*.csv'")).containsExactly("1 | 1");
      // a SELECT over the files, its items matched to the table by name
      assertThat(rows(statement, "COPY INTO mixed FROM (SELECT upper(name) AS name, id * 10 AS id"
          + " FROM 'copy_mixed') FILEFORMAT = JSON PATTERN = '*.json'")).containsExactly("2 | 2");
      assertThat(rows(statement, "SELECT * FROM mixed ORDER BY id"))
          .containsExactly("1 | a", "2 | b", "3 | c", "40 | D", "50 | E");
    }
  }

  @Test
  void mergeSchemaAddsTheColumnsTheTableLacks() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("copy_evolve"));
    Files.writeString(folder.resolve("a.json"), "{\"id\": 1, \"name\": \"a\"}\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE evolving (id BIGINT)");
      assertThat(rows(statement, "COPY INTO evolving FROM 'copy_evolve' FILEFORMAT = JSON"
          + " COPY_OPTIONS ('mergeSchema' = 'true')")).containsExactly("1 | 1");
      assertThat(rows(statement, "SELECT * FROM evolving")).containsExactly("1 | a");
      // a later file with one more column; a column the file lacks reads NULL
      Files.writeString(folder.resolve("b.json"), "{\"id\": 2, \"score\": 1.5}\n");
      assertThat(rows(statement, "COPY INTO evolving FROM 'copy_evolve' FILEFORMAT = JSON"
          + " FORMAT_OPTIONS ('mergeSchema' = 'true')")).containsExactly("1 | 1");
      assertThat(rows(statement, "SELECT * FROM evolving ORDER BY id")).containsExactly("1 | a | null",
          "2 | null | 1.5");
      assertThat(rows(statement, "DESCRIBE evolving")).containsExactly("id | bigint | null",
          "name | string | null", "score | double | null");
      // with a SELECT, its items are the columns
      assertThat(rows(statement, "COPY INTO evolving FROM (SELECT id + 10 AS id, upper(name) AS label"
          + " FROM 'copy_evolve') FILEFORMAT = JSON FILES = ('a.json') COPY_OPTIONS ('mergeSchema' = 'true',"
          + " 'force' = 'true')")).containsExactly("1 | 1");
      assertThat(rows(statement, "SELECT id, label FROM evolving WHERE label IS NOT NULL")).containsExactly("11 | A");
      // without mergeSchema a column the table lacks is not loaded, as before
      Files.writeString(folder.resolve("c.json"), "{\"id\": 3, \"extra\": true}\n");
      assertThat(rows(statement, "COPY INTO evolving FROM 'copy_evolve' FILEFORMAT = JSON")).containsExactly("1 | 1");
      assertThat(rows(statement, "SELECT count(*) FROM evolving WHERE id = 3")).containsExactly("1");
      assertThat(rows(statement, "DESCRIBE evolving")).hasSize(4);
    }
  }

  @Test
  void validateChecksTheLoadWithoutWritingIt() throws Exception {
    Path folder = Files.createDirectories(gateway.data().resolve("ingest").resolve("copy_check"));
    Files.writeString(folder.resolve("a.csv"), "id,name\n1,a\n2,b\n3,c\n");
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE checked (id INT NOT NULL, name STRING)");
      statement.execute("ALTER TABLE checked ADD CONSTRAINT positive CHECK (id > 0)");
      String copy = "COPY INTO checked FROM 'copy_check' FILEFORMAT = CSV";
      String header = " FORMAT_OPTIONS ('header' = 'true')";
      // the rows it would write, and nothing written, no file recorded, no commit
      assertThat(rows(statement, copy + " VALIDATE ALL" + header)).containsExactly("1 | a", "2 | b", "3 | c");
      assertThat(rows(statement, copy + " VALIDATE 2 ROWS" + header)).containsExactly("1 | a", "2 | b");
      assertThat(rows(statement, "SELECT count(*) FROM checked")).containsExactly("0");
      assertThat(rows(statement, "DESCRIBE HISTORY checked")).noneMatch(line -> line.contains("COPY INTO"));
      // a row the table's checks refuse fails validation as it would fail the load
      Files.writeString(folder.resolve("b.csv"), "id,name\n-4,d\n");
      assertThatThrownBy(() -> statement.execute(copy + " VALIDATE" + header))
          .hasMessageStartingWith("[DELTA_VIOLATE_CONSTRAINT_WITH_VALUES]").hasMessageContaining(" - id : -4");
      assertThat(rows(statement, copy + " FILES = ('a.csv')" + header)).containsExactly("3 | 3");
      // a loaded file is not validated again
      assertThat(rows(statement, copy + " VALIDATE ALL FILES = ('a.csv')" + header)).isEmpty();
      assertThat(rows(statement, "SELECT count(*) FROM checked")).containsExactly("3");
    }
  }

  @Test
  void whatCannotRunIsRefusedByName() throws Exception {
    Files.createDirectories(gateway.data().resolve("ingest").resolve("copy_refused"));
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE refused (id INT, tags ARRAY<STRING>)");
      statement.execute("CREATE TABLE plain (id INT)");
      statement.execute("CREATE VIEW plain_view AS SELECT id FROM plain");
      for (String[] refusal : new String[][] {
          {"COPY INTO plain FROM 'copy_refused' FILEFORMAT = CSV COPY_OPTIONS ('mergeSchema' = 'true')",
              "[FEATURE_NOT_SUPPORTED]"},
          {"COPY INTO plain FROM 'copy_refused' FILEFORMAT = CSV COPY_OPTIONS ('speed' = 'fast')",
              "[INVALID_PARAMETER_VALUE]"},
          {"COPY INTO plain FROM 'copy_refused' WITH (CREDENTIAL c) FILEFORMAT = CSV", "[FEATURE_NOT_SUPPORTED]"},
          {"COPY INTO refused FROM 'copy_refused' FILEFORMAT = JSON", "[FEATURE_NOT_SUPPORTED]"},
          {"COPY INTO plain FROM '/etc' FILEFORMAT = CSV", "[INSUFFICIENT_PERMISSIONS]"},
          {"COPY INTO plain FROM 'copy_refused' FILEFORMAT = ORC", "[FEATURE_NOT_SUPPORTED]"},
          {"COPY INTO plain_view FROM 'copy_refused' FILEFORMAT = CSV", "[EXPECT_TABLE_NOT_VIEW]"},
          {"COPY INTO nowhere FROM 'copy_refused' FILEFORMAT = CSV", "[TABLE_OR_VIEW_NOT_FOUND]"},
          {"COPY INTO plain FROM 'copy_refused'", "[PARSE_SYNTAX_ERROR]"}}) {
        assertThatThrownBy(() -> statement.execute(refusal[0])).as(refusal[0]).hasMessageStartingWith(refusal[1]);
      }
    }
    try (Connection connection = gateway.connect("copy_stranger"); Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.execute("COPY INTO main.default.plain FROM 'copy_refused' FILEFORMAT = CSV"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
    }
  }
}
