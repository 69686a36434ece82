package io.flowgate.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.sql.analyzer.Analyzed.ColumnValue;
import io.flowgate.engine.sql.analyzer.Analyzed.Constant;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.AnalyzedChange;
import io.flowgate.engine.sql.analyzer.AnalyzedInsert;
import io.flowgate.engine.sql.analyzer.AnalyzedMerge;
import io.flowgate.engine.sql.analyzer.AnalyzedQuery;
import io.flowgate.engine.sql.analyzer.AnalyzedRelation;
import io.flowgate.engine.sql.analyzer.AnalyzedSelect;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.QueryBody.SetOperator;
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

  private static final AnalyzedRelation T1 = new AnalyzedRelation.Aliased(new AnalyzedRelation.StoredTable("T1"),
      "r1");
  private static final AnalyzedRelation T2 = new AnalyzedRelation.Aliased(new AnalyzedRelation.StoredTable("T2"),
      "r2");

  @Test
  void aDivisionOfACastOperandIsH2sDivision() {
    Analyzed quotient = new Analyzed.Binary(BinaryOperator.DIVIDE, new Analyzed.Cast(new Constant(7, SqlType.INT),
        SqlType.DOUBLE), new Constant(2, SqlType.INT));
    assertThat(ExpressionWriter.write(quotient).statement().sql())
        .isEqualTo("(CAST(CAST(?1 AS INTEGER) AS DOUBLE PRECISION) / CAST(?2 AS INTEGER))");
  }

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
  void queriesCombineAsH2CanRunThem() {
    AnalyzedQuery names = new AnalyzedSelect(false, List.of(NAME), T1, List.of(), List.of(), Optional.empty(),
        Optional.empty());
    // H2 has no INTERSECT ALL: the copies of each row are numbered, so that the set operation keeps multiplicity
    String intersect = QueryWriter.query(new AnalyzedQuery.SetOperation(SetOperator.INTERSECT, true, names,
        new AnalyzedQuery.InlineRows(List.of(List.of(new Constant("ada", SqlType.STRING))), 1, "r2"), 1,
        List.of("r3", "r4", "r5"))).statement().sql();
    assertThat(intersect).isEqualTo("SELECT \"c1\" FROM (SELECT \"c1\", ROW_NUMBER() OVER (PARTITION BY \"c1\") AS"
        + " \"n\" FROM (SELECT \"r1\".\"name\" AS \"c1\" FROM \"FG_DATA\".\"T1\" \"r1\") \"r3\" INTERSECT"
        + " SELECT \"c1\", ROW_NUMBER() OVER (PARTITION BY \"c1\") AS \"n\" FROM (SELECT * FROM (VALUES (CAST(?1 AS"
        + " CHARACTER VARYING))) \"r2\"(\"c1\")) \"r4\") \"r5\"");
    // a recursive CTE's anchor starts at level 0; a constant row count is bound like any constant
    AnalyzedQuery recursive = new AnalyzedQuery.Full(List.of(new AnalyzedQuery.RecursiveCte("w1", 1, names, "r6",
        new AnalyzedSelect(false, List.of(NAME, Analyzed.number(1)), T1, List.of(), List.of(), Optional.empty(),
            Optional.empty()))), names, List.of(), Optional.of(new Constant(5, SqlType.INT)), Optional.empty());
    assertThat(QueryWriter.query(recursive).statement().sql()).isEqualTo("WITH RECURSIVE \"w1\"(\"c1\", \"c2\") AS"
        + " (SELECT \"r6\".\"c1\", 0 FROM (SELECT \"r1\".\"name\" AS \"c1\" FROM \"FG_DATA\".\"T1\" \"r1\") \"r6\""
        + " UNION ALL SELECT \"r1\".\"name\" AS \"c1\", 1 AS \"c2\" FROM \"FG_DATA\".\"T1\" \"r1\")"
        + " SELECT \"r1\".\"name\" AS \"c1\" FROM \"FG_DATA\".\"T1\" \"r1\" LIMIT CAST(?1 AS INTEGER)");
    // a subquery computed once: H2 keeps the rows of a query with a WITH clause
    Analyzed once = new Analyzed.Subquery(new AnalyzedQuery.Once("w2", new AnalyzedQuery.Value(
        Analyzed.number(1)), false));
    assertThat(ExpressionWriter.write(once).statement().sql()).isEqualTo("(WITH \"w2\" AS (SELECT 1) SELECT * FROM"
        + " \"w2\")");
  }

  @Test
  void joinsAreWrittenAsH2HasThem() {
    ColumnValue other = new ColumnValue("r2", "name");
    Analyzed same = new Analyzed.Binary(BinaryOperator.EQUAL, NAME, other);
    assertThat(RelationWriter.write(new AnalyzedRelation.Join(JoinType.LEFT, T1, T2, Optional.of(same))).statement()
        .sql()).isEqualTo("\"FG_DATA\".\"T1\" \"r1\" LEFT OUTER JOIN \"FG_DATA\".\"T2\" \"r2\" ON (\"r1\".\"name\" ="
        + " \"r2\".\"name\")");
    assertThat(RelationWriter.write(new AnalyzedRelation.Join(JoinType.INNER, T1, T2, Optional.empty())).statement()
        .sql()).isEqualTo("\"FG_DATA\".\"T1\" \"r1\" CROSS JOIN \"FG_DATA\".\"T2\" \"r2\"");
    // H2 has no FULL OUTER JOIN: the left join's rows, then the right rows no left row matches
    String full = RelationWriter.write(new AnalyzedRelation.FullJoin(T1, T2, same, List.of(NAME, other),
        List.of(new Analyzed.NullValue(), other), "r3")).statement().sql();
    assertThat(full).isEqualTo("(SELECT \"r1\".\"name\" AS \"j1\", \"r2\".\"name\" AS \"j2\" FROM \"FG_DATA\".\"T1\""
        + " \"r1\" LEFT OUTER JOIN \"FG_DATA\".\"T2\" \"r2\" ON (\"r1\".\"name\" = \"r2\".\"name\") UNION ALL SELECT"
        + " NULL AS \"j1\", \"r2\".\"name\" AS \"j2\" FROM \"FG_DATA\".\"T2\" \"r2\" WHERE NOT EXISTS (SELECT 1 FROM"
        + " \"FG_DATA\".\"T1\" \"r1\" WHERE (\"r1\".\"name\" = \"r2\".\"name\"))) \"r3\"");
  }

  @Test
  void aFlowReadsTheVersionsOfItsWindowBoundWhenItRuns() {
    StreamSources.Keys keys = new StreamSources.Keys(new Binding.Runtime("from:7"), new Binding.Runtime("to:7"),
        new Binding.Runtime("skip:7"));
    H2Statement window = RelationWriter.write(new AnalyzedRelation.StreamWindow("T7", keys)).statement();
    assertThat(window.sql()).isEqualTo("(SELECT * FROM \"FG_DATA\".\"T7\" WHERE \"__fg_commit_version\" >= CAST(?1"
        + " AS BIGINT) AND \"__fg_commit_version\" <= CAST(?2 AS BIGINT) AND NOT ARRAY_CONTAINS(CAST(?3 AS BIGINT"
        + " ARRAY), \"__fg_commit_version\"))");
    assertThat(window.bindings()).containsExactly(keys.from(), keys.to(), keys.skip());
  }

  @Test
  void aTableIsReadThroughItsPoliciesInADerivedTable() {
    AnalyzedRelation stored = new AnalyzedRelation.StoredTable("T1");
    Analyzed masked = Analyzed.call("upper", new ColumnValue("r2", "name"));
    AnalyzedRelation read = new AnalyzedRelation.Aliased(new AnalyzedRelation.Protected(stored, "r2", List.of(
        new AnalyzedRelation.ProtectedColumn("name", masked), new AnalyzedRelation.ProtectedColumn("id",
            new ColumnValue("r2", "id"))), Optional.of(new Analyzed.NullTest(new ColumnValue("r2", "id"), true,
        false))), "r1");
    assertThat(RelationWriter.write(read).statement().sql()).isEqualTo("(SELECT UPPER(\"r2\".\"name\") AS \"name\","
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
        new Constant("x", SqlType.STRING), new Analyzed.DefaultValue()))), List.of(), false);
    assertThat(QueryWriter.insert(values).statement().sql()).isEqualTo("INSERT INTO \"FG_DATA\".\"T1\"(\"name\","
        + " \"id\", \"__fg_commit_version\") VALUES (CAST(?1 AS CHARACTER VARYING), DEFAULT, CAST(?2 AS BIGINT))");
    AnalyzedInsert query = new AnalyzedInsert("T1", List.of("name"), new AnalyzedInsert.Query(new AnalyzedQuery.Value(
        Analyzed.number(1)), "r1", List.of(NAME)), List.of(new Analyzed.GeneratedCheck(NAME, new Constant("y",
        SqlType.STRING), "name", "'y'")), false);
    assertThat(QueryWriter.insert(query).statement().sql()).isEqualTo("INSERT INTO \"FG_DATA\".\"T1\"(\"name\","
        + " \"__fg_commit_version\") SELECT \"r1\".\"name\", CAST(?1 AS BIGINT) FROM (SELECT 1) \"r1\" WHERE"
        + " FG_SYS.CHECK_GENERATED((\"r1\".\"name\" IS NOT DISTINCT FROM CAST(?2 AS CHARACTER VARYING)), CAST(?3 AS"
        + " CHARACTER VARYING), CAST(?4 AS CHARACTER VARYING))");
  }

  @Test
  void aMergeStampsTheRowsItUpdatesAndInserts() {
    ColumnValue source = new ColumnValue("r2", "name");
    AnalyzedMerge merge = new AnalyzedMerge("T1", "r1", T2, new Analyzed.Binary(BinaryOperator.EQUAL, NAME, source),
        List.of(new AnalyzedMerge.When(true, Optional.empty(), new AnalyzedMerge.Update(List.of(
            new AnalyzedChange.Assignment("name", source)))), new AnalyzedMerge.When(false, Optional.empty(),
            new AnalyzedMerge.Insert(List.of(new AnalyzedChange.Assignment("name", source))))));
    assertThat(QueryWriter.merge(merge).statement().sql()).isEqualTo("MERGE INTO \"FG_DATA\".\"T1\" \"r1\" USING"
        + " \"FG_DATA\".\"T2\" \"r2\" ON (\"r1\".\"name\" = \"r2\".\"name\") WHEN MATCHED THEN UPDATE SET \"name\" ="
        + " \"r2\".\"name\", \"__fg_commit_version\" = CAST(?1 AS BIGINT) WHEN NOT MATCHED THEN INSERT (\"name\","
        + " \"__fg_commit_version\") VALUES (\"r2\".\"name\", CAST(?1 AS BIGINT))");
  }
}
