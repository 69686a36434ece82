package io.flowgate.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.plan.Analyzed.ColumnValue;
import io.flowgate.engine.plan.Analyzed.Constant;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An analyzed SELECT block written for H2: positional output names, every constant bound, QUALIFY around it. */
class QueryWriterTest {
  private static final ColumnValue NAME = new ColumnValue("r1", "name");
  private static final Analyzed IS_ADA = new Analyzed.Binary(BinaryOperator.EQUAL, NAME,
      new Constant("ada'; DROP TABLE t --", SqlType.STRING));

  @Test
  void aBlockIsWrittenClauseByClause() {
    AnalyzedSelect select = new AnalyzedSelect(true, List.of(NAME), Sql.of("{} {}", Sql.table("T1"),
        Sql.name("r1")), List.of(IS_ADA, new Analyzed.NullTest(NAME, true, false)), List.of(NAME), Optional.empty(),
        Optional.empty());
    H2Statement statement = QueryWriter.select(select).statement();
    assertThat(statement.sql()).isEqualTo("SELECT DISTINCT \"r1\".\"name\" AS \"c1\" FROM \"FG_DATA\".\"T1\" \"r1\""
        + " WHERE (\"r1\".\"name\" = CAST(?1 AS CHARACTER VARYING)) AND (\"r1\".\"name\" IS NOT NULL)"
        + " GROUP BY \"r1\".\"name\"");
    assertThat(statement.bindings()).hasSize(1);
  }

  @Test
  void qualifyFiltersTheBlockThatComputesItBeforeDistinct() {
    AnalyzedSelect select = new AnalyzedSelect(true, List.of(NAME), Sql.of("{} {}", Sql.table("T1"),
        Sql.name("r1")), List.of(), List.of(), Optional.empty(), Optional.of(new AnalyzedSelect.Qualify(IS_ADA, "r2")));
    assertThat(QueryWriter.select(select).statement().sql()).isEqualTo("SELECT DISTINCT \"r2\".\"c1\" AS \"c1\" FROM"
        + " (SELECT \"r1\".\"name\" AS \"c1\", (\"r1\".\"name\" = CAST(?1 AS CHARACTER VARYING)) AS \"c2\" FROM"
        + " \"FG_DATA\".\"T1\" \"r1\") \"r2\" WHERE \"r2\".\"c2\"");
  }
}
