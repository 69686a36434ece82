package io.flowgate.engine.sql.analyzer;

import static io.flowgate.engine.sql.tree.Expression.BinaryOperator.ADD;
import static io.flowgate.engine.sql.tree.Expression.BinaryOperator.DIVIDE;
import static io.flowgate.engine.sql.tree.Expression.BinaryOperator.MODULO;
import static io.flowgate.engine.sql.tree.Expression.BinaryOperator.MULTIPLY;
import static io.flowgate.engine.sql.tree.Expression.BinaryOperator.SUBTRACT;
import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typing rules against what Spark's analyzer gives for the same expressions (ANSI mode). */
class TypeRulesTest {
  private static SqlType decimal(int precision, int scale) {
    return SqlType.decimal(precision, scale);
  }

  @Test
  void integersWidenAndDivideIntoDouble() {
    assertThat(TypeRules.arithmetic(ADD, SqlType.INT, SqlType.BIGINT)).isEqualTo(SqlType.BIGINT);
    assertThat(TypeRules.arithmetic(MULTIPLY, SqlType.TINYINT, SqlType.SMALLINT)).isEqualTo(SqlType.SMALLINT);
    assertThat(TypeRules.arithmetic(DIVIDE, SqlType.INT, SqlType.INT)).isEqualTo(SqlType.DOUBLE);
    assertThat(TypeRules.arithmetic(ADD, SqlType.FLOAT, SqlType.INT)).isEqualTo(SqlType.FLOAT);
    assertThat(TypeRules.arithmetic(DIVIDE, SqlType.FLOAT, SqlType.FLOAT)).isEqualTo(SqlType.DOUBLE);
    assertThat(TypeRules.arithmetic(ADD, SqlType.DOUBLE, decimal(10, 2))).isEqualTo(SqlType.DOUBLE);
  }

  @Test
  void decimalArithmeticAsSparkDerivesIt() {
    // SELECT typeof(CAST(1 AS DECIMAL(10,2)) + CAST(1 AS DECIMAL(5,3))) is decimal(12,3)
    assertThat(TypeRules.arithmetic(ADD, decimal(10, 2), decimal(5, 3))).isEqualTo(decimal(12, 3));
    assertThat(TypeRules.arithmetic(SUBTRACT, decimal(10, 2), SqlType.INT)).isEqualTo(decimal(13, 2));
    assertThat(TypeRules.arithmetic(MULTIPLY, decimal(10, 2), decimal(5, 3))).isEqualTo(decimal(16, 5));
    // 1.5 / 3: decimal(2,1) / decimal(10,0) is decimal(13,12) by Spark's rule p1 - s1 + s2 + max(6, s1 + p2 + 1)
    assertThat(TypeRules.arithmetic(DIVIDE, decimal(2, 1), SqlType.INT)).isEqualTo(decimal(13, 12));
    assertThat(TypeRules.arithmetic(MODULO, decimal(10, 2), decimal(5, 3))).isEqualTo(decimal(5, 3));
  }

  @Test
  void beyondThirtyEightDigitsTheScaleGivesWay() {
    // decimal(38,10) * decimal(38,10): 77 digits, scale 20; integer digits 57 leave the minimum scale 6
    assertThat(TypeRules.arithmetic(MULTIPLY, decimal(38, 10), decimal(38, 10))).isEqualTo(decimal(38, 6));
    // decimal(38,2) / decimal(10,0): scale 13, precision 49; 36 integer digits would leave 2, below the minimum 6
    assertThat(TypeRules.arithmetic(DIVIDE, decimal(38, 2), SqlType.INT)).isEqualTo(decimal(38, 6));
    assertThat(TypeRules.boundedDecimal(40, 3)).isEqualTo(decimal(38, 3));
  }

  @Test
  void aggregates() {
    assertThat(TypeRules.sum(SqlType.INT)).isEqualTo(SqlType.BIGINT);
    assertThat(TypeRules.sum(SqlType.FLOAT)).isEqualTo(SqlType.DOUBLE);
    assertThat(TypeRules.sum(decimal(10, 2))).isEqualTo(decimal(20, 2));
    assertThat(TypeRules.sum(decimal(35, 2))).isEqualTo(decimal(38, 2));
    assertThat(TypeRules.average(SqlType.BIGINT)).isEqualTo(SqlType.DOUBLE);
    assertThat(TypeRules.average(decimal(10, 2))).isEqualTo(decimal(14, 6));
  }

  @Test
  void commonTypes() {
    assertThat(TypeRules.common(List.of(SqlType.VOID, SqlType.INT, SqlType.BIGINT))).contains(SqlType.BIGINT);
    assertThat(TypeRules.common(SqlType.INT, decimal(5, 2))).contains(decimal(12, 2));
    assertThat(TypeRules.common(decimal(5, 4), decimal(10, 0))).contains(decimal(14, 4));
    assertThat(TypeRules.common(SqlType.BIGINT, SqlType.DOUBLE)).contains(SqlType.DOUBLE);
    assertThat(TypeRules.common(SqlType.DATE, SqlType.TIMESTAMP)).contains(SqlType.TIMESTAMP);
    assertThat(TypeRules.common(SqlType.varchar(3), SqlType.STRING)).contains(SqlType.STRING);
    assertThat(TypeRules.common(SqlType.array(SqlType.INT), SqlType.array(SqlType.BIGINT)))
        .contains(SqlType.array(SqlType.BIGINT));
    assertThat(TypeRules.common(List.of(SqlType.VOID, SqlType.VOID))).contains(SqlType.VOID);
    assertThat(TypeRules.common(SqlType.BOOLEAN, SqlType.INT)).isEmpty();
  }

  @Test
  void castsTheDialectAllows() {
    SqlType ints = SqlType.array(SqlType.INT);
    assertThat(TypeRules.castable(ints, SqlType.STRING)).isTrue();
    assertThat(TypeRules.castable(ints, SqlType.array(SqlType.STRING))).isTrue();
    assertThat(TypeRules.castable(SqlType.STRING, SqlType.DATE)).isTrue();
    assertThat(TypeRules.castable(SqlType.TIMESTAMP, SqlType.BIGINT)).isTrue();
    assertThat(TypeRules.castable(SqlType.DOUBLE, SqlType.TIMESTAMP)).isTrue();
    assertThat(TypeRules.castable(SqlType.BOOLEAN, SqlType.decimal(3, 1))).isTrue();
    assertThat(TypeRules.castable(SqlType.VOID, ints)).isTrue();
    // no simple value becomes a complex one or back, a date is no number, a boolean no instant
    assertThat(TypeRules.castable(SqlType.INT, ints)).isFalse();
    assertThat(TypeRules.castable(ints, SqlType.INT)).isFalse();
    assertThat(TypeRules.castable(SqlType.STRING, SqlType.map(SqlType.STRING, SqlType.INT))).isFalse();
    assertThat(TypeRules.castable(SqlType.DATE, SqlType.INT)).isFalse();
    assertThat(TypeRules.castable(SqlType.BOOLEAN, SqlType.TIMESTAMP)).isFalse();
    assertThat(TypeRules.castable(SqlType.array(SqlType.DATE), ints)).isFalse();
  }

  @Test
  void parametersTakeWhatImplicitCastsReach() {
    SqlType ints = SqlType.array(SqlType.INT);
    assertThat(ParameterType.STRING.accepts(SqlType.BOOLEAN)).isTrue();
    assertThat(ParameterType.STRING.accepts(ints)).isFalse();
    assertThat(ParameterType.NUMERIC.accepts(SqlType.STRING)).isTrue();
    assertThat(ParameterType.NUMERIC.accepts(SqlType.DATE)).isFalse();
    assertThat(ParameterType.DATETIME.accepts(SqlType.INT)).isFalse();
    assertThat(ParameterType.ORDERABLE.accepts(SqlType.array(SqlType.map(SqlType.STRING, SqlType.INT)))).isFalse();
    assertThat(ParameterType.ORDERABLE.accepts(ints)).isTrue();
    assertThat(ParameterType.ARRAY.accepts(SqlType.VOID)).isTrue();
  }
}
