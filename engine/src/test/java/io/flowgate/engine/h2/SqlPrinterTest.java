package io.flowgate.engine.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The printer is the one writer of H2 SQL text: what it quotes and how it numbers parameters. */
class SqlPrinterTest {
  @Test
  void identifiersAreQuotedWithTheirQuotesDoubled() {
    H2Statement statement = Sql.of("SELECT {} FROM {}", Sql.name("a\"; DROP TABLE t; --"), Sql.table("T1"))
        .statement();
    assertThat(statement.sql()).isEqualTo("SELECT \"a\"\"; DROP TABLE t; --\" FROM \"FG_DATA\".\"T1\"");
    assertThat(statement.bindings()).isEmpty();
  }

  @Test
  void textConstantsAreQuotedWithTheirQuotesDoubled() {
    assertThat(Sql.of("VALUES ({})", Sql.text("it's")).statement().sql()).isEqualTo("VALUES ('it''s')");
  }

  @Test
  void parametersAreNumberedInTheOrderTheyAppear() {
    Binding first = new Binding.UserParameter(1);
    Binding second = new Binding.Constant("x");
    H2Statement statement = Sql.of("{} = {} AND {} = {}", Sql.param(first), Sql.param(second), Sql.name("c"),
        Sql.param(first)).statement();
    assertThat(statement.sql()).isEqualTo("?1 = ?2 AND \"c\" = ?1");
    assertThat(statement.bindings()).containsExactly(first, second);
  }

  @Test
  void equalBindingsAreOneParameterWhereverTheyStand() {
    Sql version = Sql.param(Binding.Runtime.COMMIT_VERSION);
    Sql inner = Sql.of("SELECT {}, {}", version, Sql.constant(7L));
    H2Statement statement = Sql.of("INSERT INTO t ({}) VALUES ({}, {})", inner, Sql.constant(7L), version)
        .statement();
    assertThat(statement.sql()).isEqualTo("INSERT INTO t (SELECT ?1, ?2) VALUES (?2, ?1)");
    assertThat(statement.bindings()).containsExactly(Binding.Runtime.COMMIT_VERSION, new Binding.Constant(7L));
  }

  @Test
  void fixedSyntaxCannotHoldQuotesMarkersOrComments() {
    for (String text : List.of("x = 'a'", "\"x\"", "x = ?", "x; DROP", "x -- y", "x /* y */", "x {} {}")) {
      assertThatThrownBy(() -> Sql.of(text, Sql.name("a"))).as(text).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void negativeNumbersCannotMakeAComment() {
    assertThat(Sql.of("1 -{}", Sql.number(-5)).statement().sql()).isEqualTo("1 -(-5)");
    assertThat(Sql.of("{}", Sql.number(new BigDecimal("1E+3"))).statement().sql()).isEqualTo("1000");
  }

  @Test
  void typesArePrintedAsH2Names() {
    SqlType struct = SqlType.struct(List.of("a b", "c\""), List.of(SqlType.decimal(10, 2), SqlType.array(SqlType.INT)));
    assertThat(Sql.cast(Sql.of("NULL"), struct).statement().sql())
        .isEqualTo("CAST(NULL AS ROW(\"a b\" DECIMAL(10,2), \"c\"\"\" INTEGER ARRAY))");
    assertThat(Sql.cast(Sql.of("NULL"), SqlType.map(SqlType.STRING, SqlType.TIMESTAMP)).statement().sql())
        .isEqualTo("CAST(NULL AS ROW(\"keys\" CHARACTER VARYING ARRAY, \"values\" TIMESTAMP(6) ARRAY))");
  }

  @Test
  void listsAndEmptyPiecesPrintAsTheySay() {
    Sql empty = Sql.list(List.of());
    assertThat(empty.isEmpty()).isTrue();
    assertThat(Sql.EMPTY.isEmpty()).isTrue();
    assertThat(Sql.of("SELECT {}{}", Sql.list(List.of(Sql.name("a"), Sql.name("b"))), Sql.EMPTY).statement().sql())
        .isEqualTo("SELECT \"a\", \"b\"");
    assertThat(Sql.and(List.of()).statement().sql()).isEqualTo("TRUE");
  }
}
