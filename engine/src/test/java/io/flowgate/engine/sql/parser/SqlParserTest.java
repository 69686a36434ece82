package io.flowgate.engine.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.CopyInto;
import io.flowgate.engine.sql.tree.FileCommand;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.Transaction;
import io.flowgate.engine.sql.tree.TreeEquality;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SqlParserTest {
  @Test
  void precedence() {
    Expression expression = SqlParser.parseExpression("1 + 2 * 3 = 7 AND NOT a OR b");
    assertThat(expression).isInstanceOfSatisfying(Expression.Binary.class, or -> {
      assertThat(or.operator()).isEqualTo(Expression.BinaryOperator.OR);
      assertThat(or.left()).isInstanceOfSatisfying(Expression.Binary.class, and ->
          assertThat(and.operator()).isEqualTo(Expression.BinaryOperator.AND));
    });
    Expression arithmetic = SqlParser.parseExpression("1 + 2 * 3");
    assertThat(((Expression.Binary) arithmetic).right()).isInstanceOfSatisfying(Expression.Binary.class, times ->
        assertThat(times.operator()).isEqualTo(Expression.BinaryOperator.MULTIPLY));
  }

  @Test
  void literalsKeepTheirKind() {
    assertThat(((Expression.Literal) SqlParser.parseExpression("10L")).kind()).isEqualTo(Expression.LiteralKind.INTEGER);
    assertThat(((Expression.Literal) SqlParser.parseExpression("1.5BD")).kind()).isEqualTo(Expression.LiteralKind.DECIMAL);
    assertThat(((Expression.Literal) SqlParser.parseExpression("'it''s'")).text()).isEqualTo("it's");
    assertThat(((Expression.Literal) SqlParser.parseExpression("\"a\\tb\"")).text()).isEqualTo("a\tb");
    assertThat(((Expression.Literal) SqlParser.parseExpression("DATE '2024-01-02'")).kind())
        .isEqualTo(Expression.LiteralKind.DATE);
    assertThat(((Expression.ColumnRef) SqlParser.parseExpression("`we``ird`.`x y`")).parts())
        .containsExactly("we`ird", "x y");
  }

  private static void assertSameTree(String sql, Object expected) {
    assertThat(TreeEquality.equal(SqlParser.parseStatement(sql).statement(), expected)).isTrue();
  }

  @Test
  void alterTableColumnChanges() {
    java.util.List<String> t = java.util.List.of("t");
    assertSameTree("ALTER TABLE t DROP COLUMNS IF EXISTS (a, b)",
        new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Drop(java.util.List.of("a", "b"), true)));
    assertSameTree("ALTER TABLE t DROP COLUMN a",
        new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Drop(java.util.List.of("a"), false)));
    assertSameTree("ALTER TABLE t RENAME COLUMN a TO b",
        new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Rename("a", "b")));
    assertSameTree("ALTER TABLE t CHANGE a DROP NOT NULL",
        new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Nullability("a", false)));
    assertSameTree("ALTER TABLE t ALTER COLUMN a SET NOT NULL",
        new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Nullability("a", true)));
    assertThat(SqlParser.parseStatement("ALTER TABLE t ALTER COLUMN a DROP DEFAULT").statement())
        .isEqualTo(new Ddl.ChangeColumns(Span.NONE, t, new Ddl.ColumnChange.Default("a", Optional.empty())));
    assertThat(SqlParser.parseStatement("ALTER TABLE t ADD CONSTRAINT ok CHECK (a > 0) ENFORCED").statement())
        .isInstanceOfSatisfying(Ddl.AddCheckConstraint.class, add -> {
          assertThat(add.name()).isEqualTo("ok");
          assertThat(add.condition().text()).isEqualTo("a > 0");
        });
    assertSameTree("ALTER TABLE t DROP CONSTRAINT IF EXISTS ok", new Ddl.DropConstraint(Span.NONE, t, "ok", true, false));
    assertSameTree("ALTER TABLE t CHANGE COLUMN a TYPE DECIMAL(12, 2)", new Ddl.ChangeColumns(Span.NONE, t,
        new Ddl.ColumnChange.Type("a", io.flowgate.engine.type.SqlType.decimal(12, 2))));
    assertSameTree("ALTER TABLE t ADD CONSTRAINT k PRIMARY KEY (a)", new Ddl.AddKeyConstraint(Span.NONE, t,
        new Ddl.PrimaryKey(Span.NONE, Optional.of("k"), java.util.List.of("a"))));
    assertSameTree("ALTER TABLE t DROP PRIMARY KEY IF EXISTS CASCADE",
        new Ddl.DropKey(Span.NONE, t, true, java.util.List.of(), true, true));
    assertSameTree("ALTER TABLE t DROP FOREIGN KEY (a, b)",
        new Ddl.DropKey(Span.NONE, t, false, java.util.List.of("a", "b"), false, false));
  }

  @Test
  void vacuum() {
    assertSameTree("VACUUM c.t", new Ddl.Vacuum(Span.NONE, java.util.List.of("c", "t"), java.util.Optional.empty(),
        false));
    // the clauses in any order, each once; RETAIN takes a decimal number of hours
    assertSameTree("VACUUM t DRY RUN RETAIN 1.5 HOURS LITE", new Ddl.Vacuum(Span.NONE, java.util.List.of("t"),
        java.util.Optional.of(new java.math.BigDecimal("1.5")), true));
    assertThatThrownBy(() -> SqlParser.parseStatement("VACUUM t FULL LITE")).hasMessageContaining("PARSE_SYNTAX_ERROR");
    assertThatThrownBy(() -> SqlParser.parseStatement("VACUUM t RETAIN x HOURS"))
        .hasMessageContaining("a number of hours");
  }

  @Test
  void timeTravel() {
    SqlParser.ParsedStatement query = SqlParser.parseStatement("SELECT * FROM t VERSION AS OF 3 a JOIN u TIMESTAMP AS OF"
        + " '2026-01-01' ON a.id = u.id");
    assertThat(io.flowgate.engine.sql.tree.SqlFormatter.format(query.statement())).contains("`t` VERSION AS OF 3 AS `a`",
        "`u` TIMESTAMP AS OF '2026-01-01'");
    assertSameTree("RESTORE TABLE c.s.t TO VERSION AS OF 2", new Ddl.RestoreTable(Span.NONE,
        java.util.List.of("c", "s", "t"), new Relation.AsOf(true, new Expression.Literal(Span.NONE,
            Expression.LiteralKind.INTEGER, "2"))));
    assertThat(SqlParser.parseStatement("RESTORE t TIMESTAMP AS OF '2026-01-01 10:00:00'").statement())
        .isInstanceOfSatisfying(Ddl.RestoreTable.class, restore -> assertThat(restore.asOf().version()).isFalse());
    // the short forms: t@v12 and t@yyyyMMddHHmmssSSS
    assertThat(io.flowgate.engine.sql.tree.SqlFormatter.format(SqlParser.parseStatement(
        "SELECT * FROM t@v12 a, u@20260131120000250").statement())).contains("`t` VERSION AS OF 12 AS `a`",
        "`u` TIMESTAMP AS OF '2026-01-31 12:00:00.250'");
    assertThatThrownBy(() -> SqlParser.parseStatement("SELECT * FROM t@x")).hasMessageContaining("PARSE_SYNTAX_ERROR")
        .hasMessageContaining("t@v12");
  }

  @Test
  void mergeWithSchemaEvolution() {
    SqlParser.ParsedStatement merge = SqlParser.parseStatement("MERGE WITH SCHEMA EVOLUTION INTO t USING s"
        + " ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    assertThat(merge.statement()).isInstanceOfSatisfying(io.flowgate.engine.sql.tree.Dml.Merge.class,
        parsed -> assertThat(parsed.schemaEvolution()).isTrue());
    assertThat(io.flowgate.engine.sql.tree.SqlFormatter.format(merge.statement()))
        .startsWith("MERGE WITH SCHEMA EVOLUTION INTO `t`");
    assertThat(SqlParser.parseStatement("MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *")
        .statement()).isInstanceOfSatisfying(io.flowgate.engine.sql.tree.Dml.Merge.class,
            parsed -> assertThat(parsed.schemaEvolution()).isFalse());
  }

  @Test
  void copyInto() {
    assertSameTree("COPY INTO c.s.t FROM '/Volumes/c/s/v/in' FILEFORMAT = csv PATTERN = '*.csv'"
        + " FORMAT_OPTIONS ('header' = 'true') COPY_OPTIONS ('force' = 'true')",
        new CopyInto(Span.NONE, java.util.List.of("c", "s", "t"), false, java.util.List.of(), java.util.List.of(),
            "/Volumes/c/s/v/in", "csv", Optional.empty(), false, java.util.List.of(), Optional.of("*.csv"),
            java.util.Map.of("header", "true"), java.util.Map.of("force", "true")));
    SqlParser.ParsedStatement select = SqlParser.parseStatement("COPY INTO t BY POSITION FROM (SELECT a, b + 1 AS c"
        + " FROM 'in' WITH (CREDENTIAL (AWS_ACCESS_KEY = 'k'))) FILEFORMAT = JSON VALIDATE 5 ROWS FILES = ('x', 'y')");
    assertThat(select.statement()).isInstanceOfSatisfying(CopyInto.class, copy -> {
      assertThat(copy.byPosition()).isTrue();
      assertThat(copy.select()).hasSize(2);
      assertThat(copy.credential()).isTrue();
      assertThat(copy.validate()).contains(new CopyInto.Validate(Optional.of(5L)));
      assertThat(copy.files()).containsExactly("x", "y");
      assertThat(copy.format()).isEqualTo("json");
    });
    assertThat(SqlParser.parseStatement("COPY INTO t FROM 'in' FILEFORMAT = CSV VALIDATE ALL").statement())
        .isInstanceOfSatisfying(CopyInto.class, copy -> assertThat(copy.validate())
            .contains(new CopyInto.Validate(Optional.empty())));
    assertThatThrownBy(() -> SqlParser.parseStatement("COPY INTO t FROM 'in'"))
        .isInstanceOfSatisfying(EngineException.class, e ->
            assertThat(e.errorClass()).isEqualTo(ErrorClass.PARSE_SYNTAX_ERROR));
  }

  @Test
  void volumesAndTheirFileCommands() {
    assertSameTree("CREATE EXTERNAL VOLUME IF NOT EXISTS c.s.v LOCATION 'files' COMMENT 'x'",
        new Ddl.CreateVolume(Span.NONE, java.util.List.of("c", "s", "v"), true, true,
            Optional.of("files"), Optional.of("x")));
    assertSameTree("DROP VOLUME IF EXISTS v",
        new Ddl.DropVolume(Span.NONE, java.util.List.of("v"), true));
    SqlParser.ParsedStatement put = SqlParser.parseStatement("PUT ? INTO '/Volumes/c/s/v/f.csv' OVERWRITE");
    assertThat(put.parameterCount()).isOne();
    assertThat(put.statement()).isInstanceOfSatisfying(FileCommand.Put.class, command -> {
      assertThat(command.source()).isInstanceOf(Expression.Parameter.class);
      assertThat(command.path()).isEqualTo("/Volumes/c/s/v/f.csv");
      assertThat(command.overwrite()).isTrue();
    });
    assertSameTree("GET '/Volumes/c/s/v/f' TO '/tmp/f'",
        new FileCommand.Get(Span.NONE, "/Volumes/c/s/v/f", "/tmp/f"));
    assertSameTree("LIST '/Volumes/c/s/v' LIMIT 10",
        new FileCommand.ListFiles(Span.NONE, "/Volumes/c/s/v", Optional.of(10L)));
    assertThatThrownBy(() -> SqlParser.parseStatement("LIST '/Volumes/c/s/v' LIMIT -1"))
        .isInstanceOfSatisfying(EngineException.class, e ->
            assertThat(e.errorClass()).isEqualTo(ErrorClass.PARSE_SYNTAX_ERROR));
  }

  @Test
  void aMaterializedViewIsATableItsOwnQueryRecomputes() {
    var view = (io.flowgate.engine.sql.tree.Pipeline.CreateFlowTable) SqlParser.parseStatement(
        "CREATE OR REPLACE MATERIALIZED VIEW gold COMMENT 'g' AS SELECT a, count(*) FROM t GROUP BY a").statement();
    assertThat(view.kind()).isEqualTo(io.flowgate.engine.sql.tree.Pipeline.DatasetKind.MATERIALIZED_VIEW);
    assertThat(view.orRefresh()).isTrue();
    assertThat(view.flow().orElseThrow().queryText())
        .isEqualTo("REPLACE WHERE TRUE BY NAME SELECT a, count(*) FROM t GROUP BY a");
    // the stored flow text reads back as the same REPLACE WHERE flow
    assertThat(TreeEquality.equal(SqlParser.parseReplaceWhere(view.flow().get().queryText()).query(),
        view.flow().get().query())).isTrue();
    assertThat(SqlParser.parseStatement("DROP MATERIALIZED VIEW IF EXISTS gold").statement())
        .isInstanceOfSatisfying(Ddl.DropTable.class, drop -> assertThat(drop.ifExists()).isTrue());
    assertThatThrownBy(() -> SqlParser.parseStatement("CREATE MATERIALIZED VIEW gold"))
        .isInstanceOf(EngineException.class);
  }

  @Test
  void transactionStatements() {
    assertThat(SqlParser.parseStatement("BEGIN TRANSACTION").statement()).isInstanceOf(Transaction.Begin.class);
    assertThat(SqlParser.parseStatement("begin work;").statement()).isInstanceOf(Transaction.Begin.class);
    assertThat(SqlParser.parseStatement("COMMIT").statement()).isInstanceOf(Transaction.Commit.class);
    assertThat(SqlParser.parseStatement("COMMIT WORK").statement()).isInstanceOf(Transaction.Commit.class);
    assertThat(SqlParser.parseStatement("ROLLBACK TRANSACTION").statement()).isInstanceOf(Transaction.Rollback.class);
    Transaction.Atomic block = (Transaction.Atomic) SqlParser.parseStatement(
        "BEGIN ATOMIC INSERT INTO t VALUES (?); UPDATE t SET a = ? WHERE a = 1; END;").statement();
    assertThat(block.statements()).hasSize(2).first().isInstanceOf(Dml.Insert.class);
    assertThat(SqlParser.parseStatement("BEGIN ATOMIC END").parameterCount()).isZero();
    // Every statement of a block ends with a semicolon, and the block with END.
    assertThatThrownBy(() -> SqlParser.parseStatement("BEGIN ATOMIC DELETE FROM t END"))
        .isInstanceOf(EngineException.class);
    assertThatThrownBy(() -> SqlParser.parseStatement("BEGIN ATOMIC DELETE FROM t;"))
        .isInstanceOf(EngineException.class);
    assertThatThrownBy(() -> SqlParser.parseStatement("BEGIN")).isInstanceOf(EngineException.class);
  }

  @Test
  void setTimeZoneSetsTheTimezoneParameter() {
    assertThat(SqlParser.parseStatement("SET TIME ZONE 'Asia/Tokyo'").statement()).usingRecursiveComparison()
        .ignoringFieldsOfTypes(Span.class).isEqualTo(new Ddl.SetConfig(Span.NONE, Optional.of("TIMEZONE"),
            Optional.of("Asia/Tokyo"), false));
    assertThat(((Ddl.SetConfig) SqlParser.parseStatement("set time zone local").statement()).value())
        .contains(Ddl.SetConfig.LOCAL_TIME_ZONE);
    assertThat(((Ddl.SetConfig) SqlParser.parseStatement("SET spark.sql.session.timeZone = 'UTC'").statement())
        .key()).contains("spark.sql.session.timeZone");
  }

  @Test
  void types() {
    assertThat(SqlParser.parseType("decimal(10,2)")).isEqualTo(SqlType.decimal(10, 2));
    SqlType struct = SqlParser.parseType("STRUCT<a: INT, b ARRAY<MAP<STRING, BIGINT>>>");
    assertThat(struct.kind()).isEqualTo(TypeKind.STRUCT);
    assertThat(struct.sql()).isEqualTo("struct<a:int,b:array<map<string,bigint>>>");
    assertThat(SqlParser.parseType(struct.sql())).isEqualTo(struct);
  }

  @Test
  void queriesJoinsAndSetOperations() {
    Query query = (Query) SqlParser.parseStatement(
        "WITH c AS (SELECT 1) SELECT a.x FROM t a LEFT JOIN u USING (x) UNION ALL SELECT 2 ORDER BY 1 LIMIT 3")
        .statement();
    assertThat(query.with()).hasSize(1);
    assertThat(query.limit()).isPresent();
    assertThat(query.body()).isInstanceOfSatisfying(QueryBody.SetOperation.class, union -> {
      assertThat(union.all()).isTrue();
      QueryBody.Select left = (QueryBody.Select) union.left();
      assertThat(left.from().orElseThrow()).isInstanceOfSatisfying(Relation.Join.class, join ->
          assertThat(join.using()).containsExactly("x"));
    });
  }

  @Test
  void createTableWithTheSeedsColumnSpecification() {
    Ddl.CreateTable create = (Ddl.CreateTable) SqlParser.parseStatement(
        "CREATE TABLE IF NOT EXISTS c.s.t (id BIGINT GENERATED BY DEFAULT AS IDENTITY (START WITH 5 INCREMENT BY 2),"
            + " v STRING NOT NULL DEFAULT 'x' COMMENT 'c', g INT GENERATED ALWAYS AS (id + 1),"
            + " CONSTRAINT pk PRIMARY KEY (id)) PARTITIONED BY (v) CLUSTER BY AUTO COMMENT 'table'"
            + " TBLPROPERTIES ('a' = 'b')").statement();
    assertThat(create.name()).containsExactly("c", "s", "t");
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.columns().get(0).identity().orElseThrow()).isEqualTo(new Ddl.Identity(false, 5, 2));
    assertThat(create.columns().get(1).defaultValue().orElseThrow().text()).isEqualTo("'x'");
    assertThat(create.columns().get(2).generatedAs().orElseThrow().text()).isEqualTo("id + 1");
    assertThat(create.clauses().clusterAuto()).isTrue();
    assertThat(create.clauses().properties()).containsEntry("a", "b");
  }

  @Test
  void scriptsSplitOnSemicolons() {
    assertThat(SqlParser.parseScript("CREATE SCHEMA s; -- a comment; still a comment\n;; SELECT ';' ;"))
        .hasSize(2)
        .satisfies(statements -> assertThat(statements.get(1)).isInstanceOf(Query.class));
  }

  @Test
  void parametersAreNumberedInOrder() {
    SqlParser.ParsedStatement parsed = SqlParser.parseStatement("UPDATE t SET a = ? WHERE b = ? AND c IN (?, ?)");
    assertThat(parsed.parameterCount()).isEqualTo(4);
    assertThat(parsed.statement()).isInstanceOf(Dml.Update.class);
  }

  @Test
  void syntaxErrorsSayWhereAndWhat() {
    assertThatThrownBy(() -> SqlParser.parseStatement("SELECT a FROM t WHERE"))
        .isInstanceOfSatisfying(EngineException.class, e -> {
          assertThat(e.errorClass()).isEqualTo(ErrorClass.PARSE_SYNTAX_ERROR);
          assertThat(e.getMessage()).isEqualTo("[PARSE_SYNTAX_ERROR] Syntax error at or near end of input: expected"
              + " an expression. SQLSTATE: 42601 (line 1, pos 21)");
        });
    assertThatThrownBy(() -> SqlParser.parseStatement("SELECT 1 garbage garbage"))
        .hasMessageStartingWith("[PARSE_SYNTAX_ERROR] Syntax error at or near 'garbage'");
  }

  @Test
  void intervalLiteralsInTheirThreeForms() {
    assertInterval("INTERVAL 1 DAY 2 HOURS", "interval day to hour", 26 * 3_600_000_000L);
    assertInterval("INTERVAL '1 day 2 hours'", "interval day to hour", 26 * 3_600_000_000L);
    assertInterval("INTERVAL '1 02' DAY TO HOUR", "interval day to hour", 26 * 3_600_000_000L);
    assertInterval("INTERVAL '-1-2' YEAR TO MONTH", "interval year to month", -14);
    assertInterval("- INTERVAL 2 WEEKS", "interval day", -14 * 86_400_000_000L);
    assertInterval("INTERVAL '01:02.5' MINUTE TO SECOND", "interval minute to second", 62_500_000);
    assertInterval("INTERVAL 3 MILLISECONDS", "interval second", 3_000);
    assertThatThrownBy(() -> SqlParser.parseExpression("INTERVAL 1 MONTH 1 HOUR"))
        .isInstanceOfSatisfying(EngineException.class, e ->
            assertThat(e.errorClass()).isEqualTo(ErrorClass.MIXED_INTERVAL_UNITS));
    assertThatThrownBy(() -> SqlParser.parseExpression("INTERVAL '10:60' HOUR TO MINUTE"))
        .isInstanceOfSatisfying(EngineException.class, e ->
            assertThat(e.errorClass()).isEqualTo(ErrorClass.INVALID_INTERVAL_FORMAT));
    // a column may be named interval
    assertThat(SqlParser.parseExpression("interval * 2")).isInstanceOf(Expression.Binary.class);
  }

  private static void assertInterval(String text, String type, long value) {
    assertThat(SqlParser.parseExpression(text)).isInstanceOfSatisfying(Expression.IntervalLiteral.class, interval -> {
      assertThat(interval.type().sql()).isEqualTo(type);
      assertThat(interval.value()).isEqualTo(value);
    });
  }

  @Test
  void bracketedCommentsNestAndRawStringsKeepBackslashes() {
    assertThat(SqlParser.parseExpression("/* a /* b */ c */ r'x\\ny'")).isInstanceOfSatisfying(Expression.Literal.class,
        literal -> assertThat(literal.text()).isEqualTo("x\\ny"));
    assertThatThrownBy(() -> SqlParser.parseExpression("/* a /* b */ 1"))
        .hasMessageContaining("unclosed comment");
  }

  @Test
  void groupingSetsExpandRollupCubeAndTheirProduct() {
    assertGroupingSets("GROUP BY ROLLUP (a, b)", "[a, b]", "[[0, 1], [0], []]");
    assertGroupingSets("GROUP BY CUBE (a, (b, c))", "[a, b, c]", "[[0, 1, 2], [0], [1, 2], []]");
    assertGroupingSets("GROUP BY GROUPING SETS ((a, b), a, (), ROLLUP (c))", "[a, b, c]",
        "[[0, 1], [0], [], [2], []]");
    assertGroupingSets("GROUP BY a, ROLLUP (b)", "[a, b]", "[[0, 1], [0]]");
    assertGroupingSets("GROUP BY a, b WITH CUBE", "[a, b]", "[[0, 1], [0], [1], []]");
    // a parenthesized expression is one key; a plain GROUP BY has no sets
    assertGroupingSets("GROUP BY ROLLUP ((a + 1) * 2)", "[((a + 1) * 2)]", "[[0], []]");
    assertGroupingSets("GROUP BY a, a, b", "[a, b]", "[]");
    assertThatThrownBy(() -> SqlParser.parseStatement("SELECT 1 FROM t GROUP BY CUBE (a, b, c, d, e, f, g, h, i, j, "
        + "k, l, m)")).isInstanceOfSatisfying(EngineException.class, e ->
            assertThat(e.errorClass()).isEqualTo(ErrorClass.GROUPING_SIZE_LIMIT_EXCEEDED));
  }

  private static void assertGroupingSets(String clause, String keys, String sets) {
    var query = (io.flowgate.engine.sql.tree.Query) SqlParser.parseStatement(
        "SELECT count(*) FROM t " + clause).statement();
    var select = (io.flowgate.engine.sql.tree.QueryBody.Select) query.body();
    assertThat(select.groupBy().stream().map(io.flowgate.engine.sql.analyzer.ExpressionNames::name).toList())
        .hasToString(keys);
    assertThat(select.groupingSets()).hasToString(sets);
  }

  @Test
  void lambdasAreArgumentsOnlyAndExistsOfAQueryStaysThePredicate() {
    var call = (Expression.FunctionCall) SqlParser.parseExpression("zip_with(a, b, (x, y) -> x + y)");
    assertThat(call.arguments().get(2)).isInstanceOfSatisfying(Expression.Lambda.class, lambda -> {
      assertThat(lambda.parameters()).containsExactly("x", "y");
      assertThat(lambda.body()).isInstanceOf(Expression.Binary.class);
    });
    // a parenthesized expression is not a lambda's parameter list
    assertThat(((Expression.FunctionCall) SqlParser.parseExpression("f((x, y), z)")).arguments().get(0))
        .isInstanceOf(Expression.FunctionCall.class);
    assertThat(SqlParser.parseExpression("exists(xs, x -> x > 1)")).isInstanceOf(Expression.FunctionCall.class);
    assertThat(SqlParser.parseExpression("EXISTS (SELECT 1)")).isInstanceOf(Expression.Exists.class);
    assertThatThrownBy(() -> SqlParser.parseExpression("x -> x")).isInstanceOfSatisfying(EngineException.class, e ->
        assertThat(e.errorClass()).isEqualTo(ErrorClass.PARSE_SYNTAX_ERROR));
  }

  @Test
  void pivotAndUnpivotFollowAnyRelation() {
    var query = (Query) SqlParser.parseStatement("SELECT * FROM t PIVOT (sum(v) AS s FOR (a, b) IN ((1, 'x') AS p, "
        + "(2, 'y'))) AS q JOIN u UNPIVOT INCLUDE NULLS ((c, d) FOR n IN ((c1, d1) AS one, (c2, d2))) ON true")
        .statement();
    var join = (Relation.Join) ((QueryBody.Select) query.body()).from().orElseThrow();
    assertThat(join.left()).isInstanceOfSatisfying(Relation.Pivot.class, pivot -> {
      assertThat(pivot.columns()).hasSize(2);
      assertThat(pivot.values().get(0).values()).hasSize(2);
      assertThat(pivot.values().get(0).alias()).contains("p");
      assertThat(pivot.alias()).contains("q");
    });
    assertThat(join.right()).isInstanceOfSatisfying(Relation.Unpivot.class, unpivot -> {
      assertThat(unpivot.includeNulls()).isTrue();
      assertThat(unpivot.valueColumns()).containsExactly("c", "d");
      assertThat(unpivot.groups().get(1).alias()).isEmpty();
    });
  }
}
