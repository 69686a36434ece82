package io.flowgate.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.plan.Analyzed.ColumnValue;
import io.flowgate.engine.plan.Analyzed.Constant;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An analyzed SELECT block written for H2: positional output names, every constant bound, QUALIFY around it. */
class QueryWriterTest {
  private static final ColumnValue NAME = new ColumnValue("r1", "name");
  private static final Analyzed IS_ADA = new Analyzed.Binary(BinaryOperator.EQUAL, NAME,
      new Constant("ada'; DROP TABLE t --", SqlType.STRING));

  private static final AnalyzedRelation T1 = new AnalyzedRelation.Written(Sql.of("{} {}", Sql.table("T1"),
      Sql.name("r1")));
  private static final AnalyzedRelation T2 = new AnalyzedRelation.Written(Sql.of("{} {}", Sql.table("T2"),
      Sql.name("r2")));

  @Test
  void aBlockIsWrittenClauseByClause() {
    AnalyzedSelect select = new AnalyzedSelect(true, List.of(NAME), T1, List.of(IS_ADA,
        new Analyzed.NullTest(NAME, true, false)), List.of(NAME), Optional.empty(), Optional.empty());
    H2Statement statement = QueryWriter.select(select).statement();
    assertThat(statement.sql()).isEqualTo("SELECT DISTINCT \"r1\".\"name\" AS \"c1\" FROM \"FG_DATA\".\"T1\" \"r1\""
        + " WHERE (\"r1\".\"name\" = CAST(?1 AS CHARACTER VARYING)) AND (\"r1\".\"name\" IS NOT NULL)"
        + " GROUP BY \"r1\".\"name\"");
    assertThat(statement.bindings()).hasSize(1);
  }

  @Test
  void qualifyFiltersTheBlockThatComputesItBeforeDistinct() {
    AnalyzedSelect select = new AnalyzedSelect(true, List.of(NAME), T1, List.of(), List.of(), Optional.empty(),
        Optional.of(new AnalyzedSelect.Qualify(IS_ADA, "r2")));
    assertThat(QueryWriter.select(select).statement().sql()).isEqualTo("SELECT DISTINCT \"r2\".\"c1\" AS \"c1\" FROM"
        + " (SELECT \"r1\".\"name\" AS \"c1\", (\"r1\".\"name\" = CAST(?1 AS CHARACTER VARYING)) AS \"c2\" FROM"
        + " \"FG_DATA\".\"T1\" \"r1\") \"r2\" WHERE \"r2\".\"c2\"");
  }

  @Test
  void joinsAreWrittenAsH2HasThem() {
    ColumnValue other = new ColumnValue("r2", "name");
    Analyzed same = new Analyzed.Binary(BinaryOperator.EQUAL, NAME, other);
    assertThat(QueryWriter.relation(new AnalyzedRelation.Join(JoinType.LEFT, T1, T2, Optional.of(same))).statement()
        .sql()).isEqualTo("\"FG_DATA\".\"T1\" \"r1\" LEFT OUTER JOIN \"FG_DATA\".\"T2\" \"r2\" ON (\"r1\".\"name\" ="
        + " \"r2\".\"name\")");
    assertThat(QueryWriter.relation(new AnalyzedRelation.Join(JoinType.INNER, T1, T2, Optional.empty())).statement()
        .sql()).isEqualTo("\"FG_DATA\".\"T1\" \"r1\" CROSS JOIN \"FG_DATA\".\"T2\" \"r2\"");
    // H2 has no FULL OUTER JOIN: the left join's rows, then the right rows no left row matches
    String full = QueryWriter.relation(new AnalyzedRelation.FullJoin(T1, T2, same, List.of(NAME, other),
        List.of(new Analyzed.NullValue(), other), "r3")).statement().sql();
    assertThat(full).isEqualTo("(SELECT \"r1\".\"name\" AS \"j1\", \"r2\".\"name\" AS \"j2\" FROM \"FG_DATA\".\"T1\""
        + " \"r1\" LEFT OUTER JOIN \"FG_DATA\".\"T2\" \"r2\" ON (\"r1\".\"name\" = \"r2\".\"name\") UNION ALL SELECT"
        + " NULL AS \"j1\", \"r2\".\"name\" AS \"j2\" FROM \"FG_DATA\".\"T2\" \"r2\" WHERE NOT EXISTS (SELECT 1 FROM"
        + " \"FG_DATA\".\"T1\" \"r1\" WHERE (\"r1\".\"name\" = \"r2\".\"name\"))) \"r3\"");
  }

  @Test
  void aTableIsReadThroughItsPoliciesInADerivedTable() {
    AnalyzedRelation stored = new AnalyzedRelation.StoredTable("T1");
    Analyzed masked = new Analyzed.Call(FunctionRegistry.lookup("upper").orElseThrow(), List.of(
        new ColumnValue("r2", "name")));
    AnalyzedRelation read = new AnalyzedRelation.Aliased(new AnalyzedRelation.Protected(stored, "r2", List.of(
        new AnalyzedRelation.ProtectedColumn("name", masked), new AnalyzedRelation.ProtectedColumn("id",
            new ColumnValue("r2", "id"))), Optional.of(new Analyzed.NullTest(new ColumnValue("r2", "id"), true,
        false))), "r1");
    assertThat(QueryWriter.relation(read).statement().sql()).isEqualTo("(SELECT UPPER(\"r2\".\"name\") AS \"name\","
        + " \"r2\".\"id\" AS \"id\" FROM \"FG_DATA\".\"T1\" \"r2\" WHERE (\"r2\".\"id\" IS NOT NULL)) \"r1\"");
  }

  @Test
  void anUpdateStampsEachRowItWritesWithTheCommitVersion() {
    AnalyzedChange update = new AnalyzedChange("T1", "r1", List.of(new AnalyzedChange.Assignment("name",
        new Constant("x", SqlType.STRING)), new AnalyzedChange.Assignment("id", new Analyzed.DefaultValue())),
        Optional.of(IS_ADA));
    H2Statement statement = QueryWriter.update(update).statement();
    assertThat(statement.sql()).isEqualTo("UPDATE \"FG_DATA\".\"T1\" \"r1\" SET \"name\" = CAST(?1 AS CHARACTER"
        + " VARYING), \"id\" = DEFAULT, \"__fg_commit_version\" = CAST(?2 AS BIGINT) WHERE (\"r1\".\"name\" = CAST(?3"
        + " AS CHARACTER VARYING))");
    assertThat(QueryWriter.delete(new AnalyzedChange("T1", "r1", List.of(), Optional.empty())).statement().sql())
        .isEqualTo("DELETE FROM \"FG_DATA\".\"T1\" \"r1\"");
  }

  @Test
  void anInsertStampsItsRowsAndKeepsOnlyThoseItsChecksPass() {
    AnalyzedInsert values = new AnalyzedInsert("T1", List.of("name", "id"), new AnalyzedInsert.Rows(List.of(List.of(
        new Constant("x", SqlType.STRING), new Analyzed.DefaultValue()))), List.of());
    assertThat(QueryWriter.insert(values).statement().sql()).isEqualTo("INSERT INTO \"FG_DATA\".\"T1\"(\"name\","
        + " \"id\", \"__fg_commit_version\") VALUES (CAST(?1 AS CHARACTER VARYING), DEFAULT, CAST(?2 AS BIGINT))");
    AnalyzedInsert query = new AnalyzedInsert("T1", List.of("name"), new AnalyzedInsert.Query(Sql.of("SELECT 1"), "r1",
        List.of(NAME)), List.of(new Analyzed.GeneratedCheck(NAME, new Constant("y", SqlType.STRING), "name", "'y'")));
    assertThat(QueryWriter.insert(query).statement().sql()).isEqualTo("INSERT INTO \"FG_DATA\".\"T1\"(\"name\","
        + " \"__fg_commit_version\") SELECT \"r1\".\"name\", CAST(?1 AS BIGINT) FROM (SELECT 1) \"r1\" WHERE"
        + " FG_SYS.CHECK_GENERATED((\"r1\".\"name\" IS NOT DISTINCT FROM CAST(?2 AS CHARACTER VARYING)), CAST(?3 AS"
        + " CHARACTER VARYING), CAST(?4 AS CHARACTER VARYING))");
  }
}
