package io.flowgate.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.SqlType;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every function a statement can call has a result type the translator knows before H2 runs anything. */
class FunctionTypesTest {
  /** Written by their own translation (the field is a keyword, the scale a literal), not by the registry's rule. */
  private static final Set<String> TYPED_BY_THEIR_TRANSLATION = Set.of("extract", "date_trunc", "round");

  @Test
  void everyRegisteredFunctionHasAResultType() {
    Typed number = Typed.of(Sql.name("x"), SqlType.INT);
    Typed array = Typed.of(Sql.name("a"), SqlType.array(SqlType.STRING));
    FunctionRegistry.names().forEach((alias, kind) -> {
      // the translator types a call by the function's own name, whatever alias it was called by
      String name = FunctionRegistry.lookup(alias).orElseThrow().name();
      if (TYPED_BY_THEIR_TRANSLATION.contains(name) || kind.equals("WINDOW")) {
        return;
      }
      List<Typed> arguments = name.equals("element_at") ? List.of(array, number)
          : Collections.nCopies(3, number);
      SqlType type = kind.equals("AGGREGATE") ? ExpressionTranslator.aggregateType(name, arguments)
          : ExpressionTranslator.scalarType(name, arguments);
      assertThat(type).as(name).isNotNull();
    });
  }

  @Test
  void typesFollowTheArguments() {
    Typed price = Typed.of(Sql.name("p"), SqlType.decimal(10, 2));
    Typed count = Typed.of(Sql.name("c"), SqlType.INT);
    assertThat(ExpressionTranslator.scalarType("coalesce", List.of(count, price))).isEqualTo(SqlType.decimal(12, 2));
    assertThat(ExpressionTranslator.scalarType("pmod", List.of(price, count))).isEqualTo(SqlType.decimal(10, 2));
    assertThat(ExpressionTranslator.aggregateType("sum", List.of(price))).isEqualTo(SqlType.decimal(20, 2));
    assertThat(ExpressionTranslator.aggregateType("collect_list", List.of(count)))
        .isEqualTo(SqlType.array(SqlType.INT));
  }
}
