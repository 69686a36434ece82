package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.GrantInfo.Securable;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.Analyzed.Binary;
import io.flowgate.engine.sql.analyzer.Analyzed.Cast;
import io.flowgate.engine.sql.analyzer.Analyzed.ColumnValue;
import io.flowgate.engine.sql.analyzer.Analyzed.Constant;
import io.flowgate.engine.sql.analyzer.Analyzed.Number;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.Scope;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.Typed;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the translator understands an expression to compute, read from its {@link Analyzed} tree and type, apart from
 * how the planner's writers spell it for H2: the dialect's implicit conversions are explicit nodes, and a type
 * error is raised before anything is written.
 */
class AnalyzedExpressionsTest {
  private static final AccessControl EVERYONE = new AccessControl() {
    @Override
    public boolean holds(String user, Securable kind, List<String> name, String privilege) {
      return true;
    }

    @Override
    public boolean owns(String user, Securable kind, List<String> name) {
      return true;
    }
  };

  /** Columns of a relation {@code r1}: {@code price DECIMAL(10, 2)}, {@code name STRING}, {@code ts TIMESTAMP}. */
  private static final Scope COLUMNS = new Scope(List.of(column("price", SqlType.decimal(10, 2)),
      column("name", SqlType.STRING), column("ts", SqlType.TIMESTAMP), column("n", SqlType.INT)), Optional.empty());

  private static CatalogService catalog;

  @BeforeAll
  static void openCatalog() {
    JdbcDataSource store = new JdbcDataSource();
    store.setURL("jdbc:h2:mem:analyzed-expressions;DB_CLOSE_DELAY=-1");
    catalog = CatalogService.open(store, "admin");
  }

  private static Scope.Column column(String name, SqlType type) {
    return new Scope.Column("r1", List.of("t"), name, name.toUpperCase(java.util.Locale.ROOT), Optional.of(type),
        false);
  }

  private static Typed analyze(String expression, ZoneId zone) {
    SessionContext session = new SessionContext("admin", "main", "default", Map.of(), zone);
    QueryTranslator translator = new QueryTranslator(catalog, EVERYONE, session);
    return translator.expressions().translate(SqlParser.parseExpression(expression), COLUMNS);
  }

  private static Typed analyze(String expression) {
    return analyze(expression, SessionContext.UTC);
  }

  private static Analyzed integer(long value) {
    return new Cast(new Number(BigDecimal.valueOf(value)), SqlType.INT);
  }

  @Test
  void integerDivisionIsADoubleDivision() {
    Typed quotient = analyze("7 / 2");
    assertThat(quotient.type()).contains(SqlType.DOUBLE);
    assertThat(quotient.value()).isEqualTo(new Binary(BinaryOperator.DIVIDE, new Cast(integer(7), SqlType.DOUBLE),
        integer(2)));
  }

  @Test
  void decimalArithmeticIsCastToTheDerivedPrecisionAndScale() {
    Typed product = analyze("price * 3");
    assertThat(product.type()).contains(SqlType.decimal(21, 2));
    assertThat(product.value()).isEqualTo(new Cast(new Binary(BinaryOperator.MULTIPLY, new ColumnValue("r1", "PRICE"),
        integer(3)), SqlType.decimal(21, 2)));
  }

  @Test
  void textInArithmeticIsReadAsADouble() {
    Typed sum = analyze("name + 1");
    assertThat(sum.type()).contains(SqlType.DOUBLE);
    assertThat(((Binary) sum.value()).left()).isEqualTo(new Cast(new ColumnValue("r1", "NAME"), SqlType.DOUBLE));
    assertThat(((Binary) analyze("'2' * n").value()).left())
        .isEqualTo(new Cast(new Constant("2", SqlType.STRING), SqlType.DOUBLE));
  }

  @Test
  void integerDivideTruncatesADecimalQuotient() {
    Typed quotient = analyze("n div 2");
    assertThat(quotient.type()).contains(SqlType.BIGINT);
    assertThat(quotient.value()).isEqualTo(new Cast(new Analyzed.Truncated(new Binary(BinaryOperator.DIVIDE,
        new Cast(new ColumnValue("r1", "N"), SqlType.decimal(38, 10)), integer(2))), SqlType.BIGINT));
  }

  @Test
  void castOfAFractionToAnIntegerTruncates() {
    assertThat(analyze("CAST(price AS INT)").value()).isEqualTo(new Cast(new Analyzed.Truncated(
        new ColumnValue("r1", "PRICE")), SqlType.INT));
  }

  @Test
  void aTimestampMeetsAWallClockOfTheSessionZone() {
    ZoneId paris = ZoneId.of("Europe/Paris");
    Binary comparison = (Binary) analyze("ts < TIMESTAMP_NTZ '2026-01-01 00:00:00'", paris).value();
    assertThat(comparison.left()).isEqualTo(new ColumnValue("r1", "TS"));
    assertThat(comparison.right()).isInstanceOf(Analyzed.Instant.class);
    assertThat(((Binary) analyze("ts < TIMESTAMP_NTZ '2026-01-01 00:00:00'").value()).right())
        .as("in UTC a wall clock is the instant").isInstanceOf(Constant.class);
    assertThat(analyze("hour(ts)", paris).value()).isEqualTo(new Analyzed.Call(FunctionRegistry.lookup("hour")
        .orElseThrow(), List.of(new Analyzed.WallClock(new ColumnValue("r1", "TS"), paris))));
  }

  @Test
  void anAggregateKeepsItsFilterAndWindowApartFromHowH2SpellsThem() {
    Typed sum = analyze("sum(price) FILTER (WHERE n > 1) OVER (PARTITION BY name ORDER BY ts DESC"
        + " ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)");
    assertThat(sum.type()).contains(SqlType.decimal(20, 2));
    Analyzed.Aggregate aggregate = (Analyzed.Aggregate) sum.value();
    assertThat(aggregate.function().name()).isEqualTo("sum");
    assertThat(aggregate.arguments()).containsExactly(new ColumnValue("r1", "PRICE"));
    assertThat(aggregate.filter()).contains(new Binary(BinaryOperator.GREATER, new ColumnValue("r1", "N"),
        integer(1)));
    Analyzed.Window window = aggregate.over().orElseThrow();
    assertThat(window.partitionBy()).containsExactly(new ColumnValue("r1", "NAME"));
    assertThat(window.orderBy()).containsExactly(new Analyzed.SortKey(new ColumnValue("r1", "TS"), true,
        Optional.empty()));
    assertThat(window.frame().orElseThrow().start()).isEqualTo(new Analyzed.FrameBound(
        io.flowgate.engine.sql.tree.Expression.BoundKind.PRECEDING, Optional.of(integer(1))));

    Typed rank = analyze("row_number() OVER (ORDER BY n)");
    assertThat(rank.type()).contains(SqlType.INT);
    assertThat(rank.value()).isInstanceOf(Analyzed.WindowFunction.class);
  }

  @Test
  void caseResultsMeetInTheirCommonType() {
    Typed value = analyze("CASE WHEN n > 0 THEN price ELSE n END");
    assertThat(value.type()).contains(SqlType.decimal(12, 2));
    assertThatThrownBy(() -> analyze("CASE WHEN n > 0 THEN ts ELSE n END")).isInstanceOf(EngineException.class);
  }

  @Test
  void aParameterTakesTheTypeOfWhatItMeets() {
    SessionContext session = new SessionContext("admin", "main", "default");
    QueryTranslator translator = new QueryTranslator(catalog, EVERYONE, session);
    Typed comparison = translator.expressions().translate(SqlParser.parseExpression("n > ?"), COLUMNS);
    assertThat(((Binary) comparison.value()).right()).isEqualTo(new Analyzed.ClientParameter(0));
    assertThat(translator.parameterTypes(1)).containsExactly(Optional.of(SqlType.INT));
  }

  @Test
  void typeErrorsAreRaisedBeforeAnythingIsWritten() {
    assertThatThrownBy(() -> analyze("n + TRUE")).isInstanceOfSatisfying(EngineException.class,
        error -> assertThat(error.errorClass()).isEqualTo(ErrorClass.DATATYPE_MISMATCH));
    assertThatThrownBy(() -> analyze("CASE WHEN n THEN 1 END")).isInstanceOfSatisfying(EngineException.class,
        error -> assertThat(error.errorClass()).isEqualTo(ErrorClass.DATATYPE_MISMATCH));
    assertThatThrownBy(() -> analyze("name < ts + 1")).isInstanceOf(EngineException.class);
  }
}
