package io.flowgate.engine;

import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.StatementResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.engine.error.EngineException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EngineTest {
  private Engine engine;
  private Session session;

  @BeforeEach
  void open() {
    engine = Engine.open(EngineConfig.inMemory());
    session = engine.openSession(new Principal("alice"), Map.of());
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<List<Object>> rows(String sql, Object... parameters) {
    StatementResult result = session.execute(sql, Arrays.asList(parameters));
    assertThat(result).isInstanceOf(StatementResult.Rows.class);
    StatementResult.Rows rows = (StatementResult.Rows) result;
    List<List<Object>> out = new ArrayList<>();
    try (RowCursor cursor = rows.cursor()) {
      while (cursor.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 0; i < rows.columns().size(); i++) {
          row.add(cursor.get(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  private void run(String sql) {
    session.execute(sql, List.of());
  }

  private String errorClass(String sql) {
    try {
      session.execute(sql, List.of());
    } catch (EngineException e) {
      return e.qualifiedClass();
    }
    throw new AssertionError("no error for " + sql);
  }

  @Test
  void createInsertSelect() {
    run("CREATE TABLE t (id INT NOT NULL, name STRING, price DECIMAL(10,2))");
    session.execute("INSERT INTO t VALUES (1, 'a', 1.50), (2, 'b', 2.25), (3, NULL, 3)", List.of());
    assertThat(rows("SELECT id, name FROM t WHERE id >= ? ORDER BY id DESC", 2))
        .containsExactly(Arrays.asList(3, null), Arrays.asList(2, "b"));
    assertThat(rows("SELECT count(*), sum(id), 7 / 2, 7 div 2, CAST(2.7 AS INT) FROM t"))
        .containsExactly(Arrays.asList(3L, 6L, 3.5, 3L, 2));
  }

  @Test
  void dialectSemantics() {
    assertThat(rows("SELECT concat('a', NULL), 'a' || 'b', 'A' = 'a', current_user(), current_catalog()"))
        .containsExactly(Arrays.asList(null, "ab", false, "alice", "main"));
    assertThat(rows("SELECT id FROM range(3)")).containsExactly(List.of(0L), List.of(1L), List.of(2L));
    assertThat(rows("SELECT * FROM range(10, 0, -4)")).containsExactly(List.of(10L), List.of(6L), List.of(2L));
  }

  @Test
  void errorsAreClassified() {
    assertThat(errorClass("SELECT * FROM nope")).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
    assertThat(errorClass("SELEC 1")).isEqualTo("PARSE_SYNTAX_ERROR");
    assertThat(errorClass("SELECT file_read('/etc/passwd')")).isEqualTo("UNRESOLVED_ROUTINE");
    assertThat(errorClass("SELECT 1/0")).isEqualTo("DIVIDE_BY_ZERO");
    run("CREATE TABLE n (a INT NOT NULL)");
    assertThat(errorClass("INSERT INTO n VALUES (NULL)")).isEqualTo("DELTA_NOT_NULL_CONSTRAINT_VIOLATED");
    assertThat(errorClass("SELECT b FROM n")).isEqualTo("UNRESOLVED_COLUMN.WITH_SUGGESTION");
  }

  @Test
  void joinsSubqueriesSetOperations() {
    run("CREATE TABLE a (k INT, v STRING)");
    run("CREATE TABLE b (k INT, w STRING)");
    run("INSERT INTO a VALUES (1, 'x'), (2, 'y'), (2, 'y')");
    run("INSERT INTO b VALUES (2, 'z'), (3, 'q')");
    assertThat(rows("SELECT a.k, w FROM a JOIN b ON a.k = b.k ORDER BY 1")).hasSize(2);
    assertThat(rows("SELECT k FROM a LEFT SEMI JOIN b USING (k)")).hasSize(2);
    assertThat(rows("SELECT k FROM a LEFT ANTI JOIN b ON a.k = b.k")).containsExactly(List.of(1));
    assertThat(rows("SELECT k FROM a EXCEPT ALL SELECT k FROM b ORDER BY k")).containsExactly(List.of(1), List.of(2));
    assertThat(rows("WITH c AS (SELECT k FROM a WHERE k > 1) SELECT count(*) FROM c")).containsExactly(List.of(2L));
    assertThat(rows("SELECT k, (SELECT max(k) FROM b) FROM a WHERE k IN (SELECT k FROM b) LIMIT 1"))
        .containsExactly(List.of(2, 3));
    assertThat(rows("SELECT k, row_number() OVER (PARTITION BY k ORDER BY v) rn FROM a ORDER BY k, rn"))
        .containsExactly(List.of(1, 1), List.of(2, 1), List.of(2, 2));
  }
}
