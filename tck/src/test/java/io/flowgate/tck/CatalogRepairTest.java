package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A store written by an older version, or damaged, still opens: foreign keys stored without their referenced
 * columns (issue 19) are repaired or dropped at start, and a table whose catalog rows cannot be read is refused by
 * name while the rest of its schema stays usable and the table itself can be dropped.
 */
class CatalogRepairTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void badCatalogRowsAreRepairedOrIsolated() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA old");
      statement.execute("CREATE TABLE old.p (id BIGINT, CONSTRAINT p_pk PRIMARY KEY (id))");
      statement.execute("CREATE TABLE old.p2 (a INT, b STRING, CONSTRAINT p2_pk PRIMARY KEY (a, b))");
      statement.execute("CREATE TABLE old.c (k BIGINT, CONSTRAINT c_fk FOREIGN KEY (k) REFERENCES old.p)");
      statement.execute("CREATE TABLE old.d (x INT, y STRING, CONSTRAINT d_fk FOREIGN KEY (x, y) REFERENCES old.p2)");
      statement.execute("CREATE TABLE old.broken (v INT)");
      statement.execute("INSERT INTO old.c VALUES (1), (2)");
    }
    gateway.stop();
    // What the bug wrote: keys with no referenced columns; and for d, a parent whose key is gone meanwhile.
    // Beside them, a table row no version can read.
    try (Connection store = DriverManager.getConnection("jdbc:h2:file:" + gateway.data().resolve("flowgate"),
        "flowgate", ""); Statement statement = store.createStatement()) {
      statement.execute("UPDATE FG_SYS.TABLE_KEYS SET REF_COLUMN = NULL WHERE KEY_NAME IN ('c_fk', 'd_fk')");
      statement.execute("DELETE FROM FG_SYS.TABLE_KEYS WHERE KEY_NAME = 'p2_pk'");
      statement.execute("UPDATE FG_SYS.TABLES SET KIND = 'NO_SUCH_KIND' WHERE NAME = 'broken'");
    }
    gateway.start();
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT constraint_name, unique_constraint_name FROM"
          + " main.information_schema.referential_constraints WHERE constraint_schema = 'old'"))
          .containsExactly("c_fk | p_pk");
      assertThat(QueryRows.of(statement, "SELECT column_name FROM main.information_schema.key_column_usage"
          + " WHERE constraint_name = 'd_fk'")).isEmpty();
      assertThat(QueryRows.of(statement, "SELECT k FROM old.c ORDER BY k")).containsExactly("1", "2");
      assertThat(QueryRows.of(statement, "SHOW TABLES IN old")).containsExactly("old | c | false",
          "old | d | false", "old | p | false", "old | p2 | false");

      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM old.broken"))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("[TABLE_METADATA_UNREADABLE] The catalog entry of `main`.`old`.`broken` cannot"
              + " be read: its kind NO_SUCH_KIND is unknown.")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("XX001"));
      assertThatThrownBy(() -> statement.execute("INSERT INTO old.broken VALUES (1)"))
          .hasMessageStartingWith("[TABLE_METADATA_UNREADABLE]");
      statement.execute("DROP TABLE old.broken");
      statement.execute("CREATE TABLE old.broken (v INT)");
      statement.execute("INSERT INTO old.broken VALUES (7)");
      assertThat(QueryRows.of(statement, "SELECT v FROM old.broken")).containsExactly("7");
      statement.execute("DROP SCHEMA old CASCADE");
    }
  }
}
