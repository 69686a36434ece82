package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Attempts to see what a row filter hides or a mask covers, through paths that return text rather than rows:
 * error messages, EXPLAIN, parameters, metadata. None may show a protected value.
 */
class PolicyBypassTest {
  private static final String SECRET = "123-45-6789";

  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @BeforeAll
  static void policies() throws SQLException {
    try (Connection admin = gateway.connect(); Statement statement = admin.createStatement()) {
      statement.execute("CREATE TABLE people (name STRING, ssn STRING, region STRING)");
      statement.execute("INSERT INTO people VALUES ('James', '" + SECRET + "', 'US'), ('Ana', '987', 'EU')");
      statement.execute("CREATE FUNCTION mask_ssn(ssn STRING) RETURN CASE WHEN is_account_group_member('hr')"
          + " THEN ssn ELSE 'masked' END");
      statement.execute("CREATE FUNCTION us_only(region STRING) RETURNS BOOLEAN RETURN region = 'US'");
      statement.execute("ALTER TABLE people ALTER COLUMN ssn SET MASK mask_ssn");
      statement.execute("ALTER TABLE people SET ROW FILTER us_only ON (region)");
      statement.execute("GRANT SELECT ON TABLE people TO `account users`");
    }
  }

  @Test
  void errorsQuoteOnlyWhatTheUserMaySee() throws SQLException {
    try (Connection bob = gateway.connect("byp_bob"); Statement statement = bob.createStatement()) {
      assertThatThrownBy(() -> QueryRows.of(statement, "SELECT CAST(ssn AS INT) FROM people"))
          .hasMessageStartingWith("[CAST_INVALID_INPUT]").hasMessageNotContaining(SECRET)
          .hasMessageContaining("masked");
      // The cast would fail naming 'Ana' if it ever ran on the hidden row; it returns nothing instead.
      assertThat(QueryRows.of(statement, "SELECT CAST(name AS INT) FROM people WHERE region = 'EU'")).isEmpty();
      assertThat(QueryRows.of(statement, "SELECT name FROM people WHERE CAST(ssn AS STRING) LIKE '123%'")).isEmpty();
    }
  }

  @Test
  void explainAndParametersRevealNothing() throws SQLException {
    try (Connection bob = gateway.connect("byp_bob"); Statement statement = bob.createStatement()) {
      // EXPLAIN says that policies apply, not what they are, and shows none of the store's SQL
      String plan = String.join("\n", QueryRows.of(statement, "EXPLAIN FORMATTED SELECT * FROM people"));
      assertThat(plan).contains("row filter applied", "1 column masked").doesNotContain(SECRET, "FG_DATA",
          "mask_ssn", "us_only", "region = 'US'", "'hr'");
      try (PreparedStatement prepared = bob.prepareStatement("SELECT count(*) FROM people WHERE ssn = ?")) {
        prepared.setString(1, SECRET);
        try (var rows = prepared.executeQuery()) {
          rows.next();
          assertThat(rows.getLong(1)).isZero();
        }
      }
    }
  }

  @Test
  void historyFunctionBodiesAndPrincipalsAreShownOnlyToThoseWhoMaySeeThem() throws SQLException {
    try (Connection admin = gateway.connect(); Statement statement = admin.createStatement()) {
      statement.execute("CREATE USER byp_carl PASSWORD 'c'");
      statement.execute("GRANT EXECUTE ON FUNCTION us_only TO byp_carl");
    }
    // The owner (here the administrator) sees the row counts of every write, the policy's body and every user.
    try (Connection admin = gateway.connect(); Statement statement = admin.createStatement()) {
      assertThat(String.join("\n", QueryRows.of(statement, "DESCRIBE HISTORY people"))).contains("numOutputRows");
      assertThat(String.join("\n", QueryRows.of(statement, "DESCRIBE FUNCTION EXTENDED us_only")))
          .contains("Body:     region = 'US'");
      assertThat(QueryRows.of(statement, "SHOW USERS LIKE 'byp_*'")).contains("byp_carl");
    }
    try (Connection carl = gateway.connect("byp_carl"); Statement statement = carl.createStatement()) {
      // A reader learns no count of the rows the filter hides from it.
      String history = String.join("\n", QueryRows.of(statement, "DESCRIBE HISTORY people"));
      assertThat(history).contains("WRITE").doesNotContain("numOutputRows");
      String described = String.join("\n", QueryRows.of(statement, "DESCRIBE FUNCTION EXTENDED us_only"));
      assertThat(described).contains("Input:    region").doesNotContain("Body").doesNotContain("'US'");
      assertThatThrownBy(() -> QueryRows.of(statement, "DESCRIBE FUNCTION EXTENDED mask_ssn"))
          .hasMessageStartingWith("[INSUFFICIENT_PERMISSIONS]");
      assertThat(QueryRows.of(statement, "SHOW USERS")).containsExactly("byp_carl");
    }
  }

  @Test
  void metadataShowsNamesAndTypesOnly() throws SQLException {
    try (Connection bob = gateway.connect("byp_bob"); Statement statement = bob.createStatement()) {
      String described = String.join("\n", QueryRows.of(statement, "DESCRIBE TABLE EXTENDED people"));
      assertThat(described).doesNotContain(SECRET);
      try (var columns = bob.getMetaData().getColumns(null, null, "people", null)) {
        int listed = 0;
        while (columns.next()) {
          listed++;
          for (int i = 1; i <= columns.getMetaData().getColumnCount(); i++) {
            String field = columns.getString(i);
            assertThat(field == null ? "" : field).as("column metadata field %d", i).doesNotContain(SECRET);
          }
        }
        assertThat(listed).isEqualTo(3);
      }
    }
  }
}
