package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.Typed;
import io.flowgate.engine.type.SqlType;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every function a statement can call has a result type in the registry, known before H2 runs anything. */
class FunctionTypesTest {
  private static SqlType typeOf(String name, List<Typed> arguments) {
    return FunctionRegistry.lookup(name).orElseThrow().resultType().of(arguments);
  }

  @Test
  void everyRegisteredFunctionHasAResultType() {
    Typed number = Typed.of(new Analyzed.ColumnValue("", "x"), SqlType.INT);
    Typed array = Typed.of(new Analyzed.ColumnValue("", "a"), SqlType.array(SqlType.STRING));
    Typed text = Typed.of(new Analyzed.ColumnValue("", "s"), SqlType.STRING);
    // the names the translator writes itself are listed too, but have no registry entry
    assertThat(FunctionRegistry.names()).containsKeys("transform", "try_add", "date_part", "struct")
        .doesNotContainKeys("aggregate", "lead$ignore_nulls");
    FunctionRegistry.names().keySet().stream().filter(alias -> FunctionRegistry.lookup(alias).isPresent())
        .forEach(alias -> {
      FunctionRegistry.Function function = FunctionRegistry.lookup(alias).orElseThrow();
      // the hashes refuse numbers, by the dialect's rules
      List<Typed> arguments = function.name().equals("element_at") ? List.of(array, number)
          : function.name().matches("md5|sha1|sha2") ? List.of(text, number)
          : Collections.nCopies(Math.min(3, function.maxArguments()), number);
      assertThat(function.resultType().of(arguments)).as(alias).isNotNull();
    });
  }

  @Test
  void typesFollowTheArguments() {
    Typed price = Typed.of(new Analyzed.ColumnValue("", "p"), SqlType.decimal(10, 2));
    Typed count = Typed.of(new Analyzed.ColumnValue("", "c"), SqlType.INT);
    assertThat(typeOf("coalesce", List.of(count, price))).isEqualTo(SqlType.decimal(12, 2));
    assertThat(typeOf("pmod", List.of(price, count))).isEqualTo(SqlType.decimal(10, 2));
    assertThat(typeOf("sum", List.of(price))).isEqualTo(SqlType.decimal(20, 2));
    assertThat(typeOf("collect_list", List.of(count))).isEqualTo(SqlType.array(SqlType.INT));
    assertThat(typeOf("lag", List.of(count, count, price))).isEqualTo(SqlType.decimal(12, 2));
    assertThat(typeOf("row_number", List.of())).isEqualTo(SqlType.INT);
  }
}
