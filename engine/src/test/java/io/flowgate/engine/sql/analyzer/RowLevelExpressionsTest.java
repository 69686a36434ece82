package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

class RowLevelExpressionsTest {
  private static void checkDefault(String expression, String statement) {
    RowLevelExpressions.checkDefault(SqlParser.parseExpression(expression), "c", expression, statement,
        FunctionRegistry.TRAITS);
  }

  @Test
  void aRefusedDefaultNamesTheStatementItStandsIn() {
    assertThatThrownBy(() -> checkDefault("uuid()", "ALTER TABLE ALTER COLUMN"))
        .isInstanceOf(EngineException.class)
        .hasMessageStartingWith("[INVALID_DEFAULT_VALUE.NOT_CONSTANT] Failed to execute ALTER TABLE ALTER COLUMN"
            + " command because the destination column or variable `c` has a DEFAULT value uuid()");
    assertThatThrownBy(() -> checkDefault("(SELECT 1)", "CREATE TABLE"))
        .hasMessageStartingWith("[INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION] Failed to execute CREATE TABLE");
  }

  @Test
  void aDefaultMayReadTheClockButNotChance() {
    assertThatNoException().isThrownBy(() -> checkDefault("current_date()", "CREATE TABLE"));
    assertThatThrownBy(() -> checkDefault("rand()", "CREATE TABLE"))
        .hasMessageStartingWith("[INVALID_DEFAULT_VALUE.NOT_CONSTANT]");
  }
}
