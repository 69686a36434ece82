package io.flowgate.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.api.Principal;
import io.flowgate.engine.h2.StoreNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's indexes follow a managed table's informational keys, read from the closed store's own catalog. */
class KeyIndexesTest {
  @TempDir
  Path data;

  @Test
  void eachKeyHasAnIndexUnlessThePrimaryKeyLeadsWithItsColumns() throws SQLException {
    statements("CREATE TABLE p (id BIGINT, CONSTRAINT p_pk PRIMARY KEY (id))",
        "CREATE TABLE c (id BIGINT, pid BIGINT, CONSTRAINT c_pk PRIMARY KEY (id),"
            + " CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p)",
        "CREATE TABLE l (pid BIGINT, n INT, CONSTRAINT l_pk PRIMARY KEY (pid, n),"
            + " CONSTRAINT l_p FOREIGN KEY (pid) REFERENCES p)");
    assertThat(indexes()).containsExactly("FK_c_p(pid)", "PK(id)", "PK(id)", "PK(pid,n)");

    statements("ALTER TABLE l DROP PRIMARY KEY");
    assertThat(indexes()).as("the foreign key no longer shares the primary key's index")
        .containsExactly("FK_c_p(pid)", "FK_l_p(pid)", "PK(id)", "PK(id)");

    statements("ALTER TABLE c DROP FOREIGN KEY (pid)", "ALTER TABLE c ADD CONSTRAINT c_q FOREIGN KEY (pid) REFERENCES p",
        "ALTER TABLE l ADD CONSTRAINT l_pk PRIMARY KEY (pid, n)");
    assertThat(indexes()).containsExactly("FK_c_q(pid)", "PK(id)", "PK(id)", "PK(pid,n)");

    statements("ALTER TABLE p DROP PRIMARY KEY CASCADE");
    assertThat(indexes()).as("the cascade drops the foreign keys' indexes too").containsExactly("PK(id)", "PK(pid,n)");
  }

  private void statements(String... sql) {
    try (Engine engine = Engine.open(EngineConfig.inDirectory(data))) {
      Session session = engine.openSession(new Principal(Engine.ADMIN), Map.of());
      for (String statement : sql) {
        session.execute(statement, List.of());
      }
    }
  }

  /** Each index of the data tables (not of their histories) as its name without the store table's prefix, and its columns; sorted. */
  private List<String> indexes() throws SQLException {
    Map<String, List<String>> columns = new LinkedHashMap<>();
    try (Connection store = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("flowgate"), "flowgate", "");
        Statement statement = store.createStatement();
        ResultSet rows = statement.executeQuery("SELECT INDEX_NAME, COLUMN_NAME FROM INFORMATION_SCHEMA.INDEX_COLUMNS"
            + " WHERE INDEX_SCHEMA = '" + StoreNames.DATA_SCHEMA + "' AND INDEX_NAME NOT LIKE 'PRIMARY_KEY%' ORDER BY INDEX_NAME, ORDINAL_POSITION")) {
      while (rows.next()) {
        if (rows.getString(1).matches("T\\d+_.*")) {
          columns.computeIfAbsent(rows.getString(1), name -> new ArrayList<>()).add(rows.getString(2));
        }
      }
    }
    List<String> indexes = new ArrayList<>();
    columns.forEach((name, names) -> indexes.add(name.replaceFirst("^T\\d+_", "") + "(" + String.join(",", names) + ")"));
    return indexes.stream().sorted().toList();
  }
}
