package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

class TablesReadTest {
  private static List<String> read(String sql) {
    Node query = SqlParser.parseStatement(sql).statement();
    return TablesRead.of(query).stream().map(name -> String.join(".", name)).toList();
  }

  @Test
  void fromJoinsAndDerivedTables() {
    assertThat(read("SELECT * FROM a JOIN b.c ON a.x = c.x, (SELECT * FROM STREAM(d)) AS e"))
        .containsExactly("a", "b.c", "d");
  }

  @Test
  void subqueriesInExpressionsAnywhere() {
    assertThat(read("SELECT (SELECT max(x) FROM s), y FROM t WHERE id IN (SELECT id FROM allowed)"
        + " AND EXISTS (SELECT 1 FROM e WHERE e.id = t.id) GROUP BY y HAVING count(*) > (SELECT count(*) FROM h)"))
        .containsExactly("s", "t", "allowed", "e", "h");
  }

  @Test
  void aCteIsNotATableWhereItIsVisible() {
    assertThat(read("WITH a AS (SELECT * FROM a), b AS (SELECT * FROM a) SELECT * FROM b, c"
        + " WHERE x IN (SELECT x FROM a)"))
        .containsExactly("a", "c");
    // a CTE's name is not visible outside its query
    assertThat(read("SELECT * FROM (WITH q AS (SELECT 1) SELECT * FROM q) JOIN q ON true"))
        .containsExactly("q");
  }
}
