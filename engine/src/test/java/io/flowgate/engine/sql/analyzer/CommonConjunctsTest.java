package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.analyzer.CommonConjuncts;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.SqlFormatter;
import org.junit.jupiter.api.Test;

class CommonConjunctsTest {
  private static String factored(String condition) {
    return SqlFormatter.format(CommonConjuncts.factor(SqlParser.parseExpression(condition)));
  }

  private static String same(String condition) {
    return SqlFormatter.format(SqlParser.parseExpression(condition));
  }

  @Test
  void aJoinConditionInEveryBranchMovesOutOfTheOr() {
    assertThat(factored("(p.k = l.k AND p.b = 1 AND l.q < 5) OR (l.q > 9 AND p.k = l.k) OR (p.k = l.k AND p.b = 3)"))
        .isEqualTo(same("p.k = l.k AND ((p.b = 1 AND l.q < 5) OR l.q > 9 OR p.b = 3)"));
  }

  @Test
  void aBranchThatIsOnlyTheCommonPartAbsorbsTheOthers() {
    assertThat(factored("(a = b AND x > 1) OR a = b")).isEqualTo(same("a = b"));
  }

  @Test
  void onlyComparisonsOfTwoColumnsMoveAndOnlyWhenEveryBranchHasThem() {
    String literal = "(a = 1 AND x > 1) OR (a = 1 AND y > 1)";
    String notEveryBranch = "(a = b AND x > 1) OR y > 1";
    String mayFail = "(a / b > c AND x > 1) OR (a / b > c AND y > 1)";
    for (String condition : new String[] {literal, notEveryBranch, mayFail, "a = b AND c = d"}) {
      Expression parsed = SqlParser.parseExpression(condition);
      assertThat(CommonConjuncts.factor(parsed)).isSameAs(parsed);
    }
  }
}
