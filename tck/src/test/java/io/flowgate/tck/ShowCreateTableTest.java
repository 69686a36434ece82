package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SHOW CREATE TABLE prints statements that recreate the table: run after a DROP, they make a table whose SHOW
 * CREATE TABLE is the same text. A table that flows write shows its expectations, schedule and flows; its row
 * filter and masks only to its owner.
 */
class ShowCreateTableTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void sources() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE sct_src (id INT, ssn STRING, region STRING)");
      statement.execute("INSERT INTO sct_src VALUES (1, '123', 'US'), (2, '456', 'EU')");
      statement.execute("CREATE TABLE sct_more (id INT, ssn STRING, region STRING)");
      statement.execute("CREATE FUNCTION sct_mask(ssn STRING) RETURN '***'");
      statement.execute("CREATE FUNCTION sct_us(region STRING) RETURN region = 'US'");
      statement.execute("CREATE USER sct_reader PASSWORD 'r'");
      statement.execute("GRANT SELECT ON SCHEMA main.default TO sct_reader");
    }
  }

  private static String showCreate(Connection connection, String table) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW CREATE TABLE " + table)) {
      assertThat(rows.next()).isTrue();
      return rows.getString(1);
    }
  }

  /** Drops the table, runs what SHOW CREATE TABLE printed, and returns what it prints then. */
  private static String recreated(Connection connection, String table, String shown) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLE " + table);
      for (String part : shown.split(";\n")) {
        statement.execute(part);
      }
    }
    return showCreate(connection, table);
  }

  @Test
  void aStreamingTableIsShownWithItsWholeDefinition() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE STREAMING TABLE sct_st (id INT NOT NULL, ssn STRING MASK sct_mask COMMENT 'secret',"
          + " region STRING, CONSTRAINT has_region EXPECT (region IS NOT NULL) ON VIOLATION DROP ROW)"
          + " CLUSTER BY (region) COMMENT 'people' TBLPROPERTIES ('team' = 'hr') WITH ROW FILTER sct_us ON (region)"
          + " SCHEDULE EVERY 2 HOURS AS SELECT id, ssn, region FROM STREAM(sct_src)");
      statement.execute("CREATE FLOW sct_more_flow AS INSERT INTO sct_st BY NAME SELECT * FROM STREAM(sct_more)");
      String shown = showCreate(connection, "sct_st");
      assertThat(shown).startsWith("CREATE STREAMING TABLE `main`.`default`.`sct_st` (")
          .contains("`id` INT NOT NULL", "`ssn` STRING COMMENT 'secret' MASK `main`.`default`.`sct_mask`",
              "CONSTRAINT `has_region` EXPECT (region IS NOT NULL) ON VIOLATION DROP ROW", "CLUSTER BY (`region`)",
              "COMMENT 'people'", "TBLPROPERTIES ('team' = 'hr')",
              "WITH ROW FILTER `main`.`default`.`sct_us` ON (region)", "SCHEDULE EVERY 2 HOURS",
              "AS SELECT id, ssn, region FROM STREAM(sct_src)",
              ";\nCREATE FLOW `sct_more_flow` AS INSERT INTO `main`.`default`.`sct_st` BY NAME SELECT * FROM"
                  + " STREAM(sct_more)");
      try (Connection reader = gateway.connect("sct_reader")) {
        assertThat(showCreate(reader, "main.default.sct_st")).doesNotContain("MASK", "ROW FILTER", "sct_mask",
            "sct_us").contains("CONSTRAINT `has_region`");
      }
      assertThat(recreated(connection, "sct_st", shown)).isEqualTo(shown);
    }
  }

  @Test
  void clusterByAutoAndAnInferredSchemaAreKept() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE STREAMING TABLE sct_auto CLUSTER BY AUTO AS SELECT id FROM STREAM(sct_src)");
      String shown = showCreate(connection, "sct_auto");
      assertThat(shown).isEqualTo("CREATE STREAMING TABLE `main`.`default`.`sct_auto`\nUSING delta\nCLUSTER BY AUTO\n"
          + "AS SELECT id FROM STREAM(sct_src)");
      assertThat(recreated(connection, "sct_auto", shown)).isEqualTo(shown);
    }
  }

  @Test
  void aManagedTableWithAFlowAndAnAutoCdcTargetAreShownAsTheirFlows() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE sct_managed FLOW INSERT BY NAME SELECT id, region FROM STREAM(sct_src)");
      String managed = showCreate(connection, "sct_managed");
      assertThat(managed).startsWith("CREATE TABLE `main`.`default`.`sct_managed`\nUSING delta")
          .endsWith("\nFLOW INSERT BY NAME SELECT id, region FROM STREAM(sct_src)");
      assertThat(recreated(connection, "sct_managed", managed)).isEqualTo(managed);
      statement.execute("CREATE STREAMING TABLE sct_cdc");
      statement.execute("CREATE FLOW sct_cdc_flow AS AUTO CDC INTO sct_cdc FROM STREAM(sct_src) KEYS (id)"
          + " SEQUENCE BY id");
      String cdc = showCreate(connection, "sct_cdc");
      assertThat(cdc).contains(";\nCREATE FLOW `sct_cdc_flow` AS AUTO CDC INTO `main`.`default`.`sct_cdc` FROM"
          + " STREAM(sct_src) KEYS (id) SEQUENCE BY id");
      assertThat(recreated(connection, "sct_cdc", cdc)).isEqualTo(cdc);
    }
  }

  /** The page's informational keys on a streaming table are kept, not dropped. */
  @Test
  void aStreamingTablesKeysAreKept() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE sct_parent (id INT PRIMARY KEY)");
      statement.execute("CREATE STREAMING TABLE sct_keys (id INT PRIMARY KEY, parent INT CONSTRAINT to_parent"
          + " REFERENCES sct_parent) AS SELECT id, id AS parent FROM STREAM(sct_src)");
      String shown = showCreate(connection, "sct_keys");
      assertThat(shown).contains("CONSTRAINT `sct_keys_pk` PRIMARY KEY (`id`)",
          "CONSTRAINT `to_parent` FOREIGN KEY (`parent`) REFERENCES `main`.`default`.`sct_parent` (`id`)");
      assertThat(recreated(connection, "sct_keys", shown)).isEqualTo(shown);
    }
  }
}
