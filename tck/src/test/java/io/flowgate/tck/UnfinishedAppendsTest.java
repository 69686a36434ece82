package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import io.flowgate.tck.harness.QueryRows;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A store reopened after a crash drops the rows an unfinished flow batch appended to a streaming table (H2 once kept
 * some after SIGKILL): rows stamped above the table's last committed version are planted in the stopped store,
 * the clean-shutdown marker removed, and the gateway started again. The next REFRESH then writes each row once.
 */
class UnfinishedAppendsTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void rowsAboveTheLastCommitAreGoneAfterACrash() throws SQLException, java.io.IOException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE ua_src (id BIGINT)");
      statement.execute("INSERT INTO ua_src VALUES (1), (2)");
      statement.execute("CREATE STREAMING TABLE ua_st AS SELECT id FROM STREAM(ua_src)");
      statement.execute("CREATE TABLE ua_plain (id BIGINT)");
      statement.execute("INSERT INTO ua_src VALUES (3)");
    }
    gateway.stop();
    String url = "jdbc:h2:file:" + gateway.data().resolve("flowgate").toAbsolutePath() + ";TIME ZONE=UTC";
    try (Connection h2 = DriverManager.getConnection(url, "flowgate", ""); Statement statement = h2.createStatement()) {
      // what the killed batch had appended: source row 3, stamped with the version it never committed
      statement.execute("INSERT INTO FG_DATA.\"" + storageName(statement, "ua_st") + "\" (\"id\","
          + " \"__fg_commit_version\") VALUES (3, 99)");
      // a plain table's rows are left alone: an UPDATE rewrites them in place, so the mark says nothing there
      statement.execute("INSERT INTO FG_DATA.\"" + storageName(statement, "ua_plain") + "\" (\"id\","
          + " \"__fg_commit_version\") VALUES (7, 99)");
    }
    Files.deleteIfExists(gateway.data().resolve("flowgate.closed"));
    gateway.start();
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      assertThat(QueryRows.of(statement, "SELECT id FROM ua_st ORDER BY id")).containsExactly("1", "2");
      statement.execute("REFRESH STREAMING TABLE ua_st");
      assertThat(QueryRows.of(statement, "SELECT id FROM ua_st ORDER BY id")).containsExactly("1", "2", "3");
      assertThat(QueryRows.of(statement, "SELECT id FROM ua_plain")).containsExactly("7");
    }
  }

  private static String storageName(Statement statement, String table) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT STORAGE_NAME FROM FG_SYS.TABLES WHERE NAME = '" + table
        + "'")) {
      assertThat(rows.next()).as(table).isTrue();
      return rows.getString(1);
    }
  }
}
