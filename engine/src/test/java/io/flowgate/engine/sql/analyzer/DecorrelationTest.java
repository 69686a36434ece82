package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.analyzer.Decorrelation;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.SqlFormatter;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class DecorrelationTest {
  /** The inner table's columns, as its scope would resolve them: {@code k, s, q}, bare or qualified by {@code l}. */
  private static final Predicate<ColumnRef> INNER = reference -> Set.of("k", "s", "q")
      .contains(reference.parts().get(reference.parts().size() - 1))
      && (reference.parts().size() == 1 || reference.parts().get(0).equals("l"));

  private static Query query(String sql) {
    return (Query) SqlParser.parseStatement(sql).statement();
  }

  private static Optional<String> grouped(String sql) {
    Query query = query(sql);
    assertThat(Decorrelation.scalarTable(query)).isPresent();
    return Decorrelation.grouped(query, INNER).map(grouped -> SqlFormatter.format(grouped.query()) + " | "
        + grouped.outerKeys().stream().map(SqlFormatter::format).toList());
  }

  @Test
  void anAggregateByEqualitiesWithTheOuterRowIsGroupedByTheInnerKeys() {
    assertThat(grouped("SELECT 0.2 * avg(q) FROM lineitem l WHERE k = p.pk AND l.s = 5 AND x.sk = l.s"))
        .contains(SqlFormatter.format(query("SELECT k, l.s, 0.2 * avg(q) FROM lineitem l WHERE l.s = 5"
            + " GROUP BY k, l.s")) + " | [`p`.`pk`, `x`.`sk`]");
  }

  @Test
  void otherCorrelationsStayCorrelated() {
    assertThat(grouped("SELECT max(q) FROM lineitem l WHERE k <= p.pk")).isEmpty();
    assertThat(grouped("SELECT max(q) FROM lineitem l WHERE k = p.pk OR s = 1")).isEmpty();
    assertThat(grouped("SELECT max(q) FROM lineitem l WHERE k + p.pk = 1")).isEmpty();
    assertThat(grouped("SELECT max(q) FROM lineitem l WHERE s = 1")).isEmpty();
    // an aggregate of an outer column is the outer query's, not one the inner table can group
    assertThat(grouped("SELECT max(p.price) FROM lineitem l WHERE k = p.pk")).isEmpty();
  }

  @Test
  void onlyAggregatesThatAreNullOverNoRowsOrACountAloneOnOneTable() {
    Query count = query("SELECT count(DISTINCT q) FROM t WHERE k = p.pk");
    assertThat(Decorrelation.scalarTable(count)).isPresent();
    assertThat(Decorrelation.countsRows(count)).isTrue();
    assertThat(Decorrelation.countsRows(query("SELECT max(q) FROM t WHERE k = p.pk"))).isFalse();
    for (String sql : new String[] {"SELECT count(*) + 1 FROM t WHERE k = p.pk", "SELECT coalesce(sum(q), 0) FROM t WHERE"
        + " k = p.pk", "SELECT sum(q) FROM t, u WHERE k = p.pk", "SELECT sum(q) FROM t WHERE k = p.pk GROUP BY s",
        "SELECT 1 FROM t WHERE k = p.pk", "SELECT sum(q) FROM t WHERE k = p.pk LIMIT 1",
        "SELECT sum(q) FILTER (WHERE s > 1) FROM t WHERE k = p.pk"}) {
      assertThat(Decorrelation.scalarTable(query(sql))).as(sql).isEmpty();
    }
  }

  @Test
  void existsBecomesTheDistinctInnerKeysThatAreNotNull() {
    Query query = query("SELECT * FROM orders l WHERE k = c.custkey AND s > 1");
    assertThat(Decorrelation.existsTable(query)).isPresent();
    assertThat(Decorrelation.keys(query, INNER).map(keys -> SqlFormatter.format(keys.query())))
        .contains(SqlFormatter.format(query("SELECT DISTINCT k FROM orders l WHERE k IS NOT NULL AND s > 1")));
    assertThat(Decorrelation.existsTable(query("SELECT count(*) FROM orders WHERE k = c.custkey"))).isEmpty();
    assertThat(Decorrelation.keys(query("SELECT 1 FROM orders l WHERE l.s <> c.s AND k = c.k"), INNER)).isEmpty();
  }

  @Test
  void anIndexedColumnComparedForEqualityIsTold() {
    Query query = query("SELECT max(q) FROM lineitem WHERE l_orderkey = o.o_orderkey AND q > 1");
    assertThat(Decorrelation.comparesColumn((io.flowgate.engine.sql.tree.QueryBody.Select) query.body(),
        "L_ORDERKEY")).isTrue();
    assertThat(Decorrelation.comparesColumn((io.flowgate.engine.sql.tree.QueryBody.Select) query.body(), "q"))
        .isFalse();
  }
}
