package io.flowgate.engine.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JsonSchemaTest {
  @Test
  void scalarsAsSparkInfersThem() {
    assertThat(JsonSchema.of("1")).isEqualTo("BIGINT");
    assertThat(JsonSchema.of("-9223372036854775808")).isEqualTo("BIGINT");
    assertThat(JsonSchema.of("9223372036854775808")).isEqualTo("DECIMAL(19,0)");
    assertThat(JsonSchema.of("1" + "0".repeat(40))).isEqualTo("DOUBLE");
    assertThat(JsonSchema.of("1.5e3")).isEqualTo("DOUBLE");
    assertThat(JsonSchema.of(" true ")).isEqualTo("BOOLEAN");
    assertThat(JsonSchema.of("null")).isEqualTo("STRING");
    assertThat(JsonSchema.of("\"x\"")).isEqualTo("STRING");
  }

  @Test
  void arraysTakeTheirElementsCommonType() {
    assertThat(JsonSchema.of("[1, 2.5, null]")).isEqualTo("ARRAY<DOUBLE>");
    assertThat(JsonSchema.of("[1, 99999999999999999999]")).isEqualTo("ARRAY<DECIMAL(20,0)>");
    assertThat(JsonSchema.of("[1, \"a\"]")).isEqualTo("ARRAY<STRING>");
    assertThat(JsonSchema.of("[{\"b\": 1}, {\"a\": \"x\", \"b\": 2.0}]"))
        .isEqualTo("ARRAY<STRUCT<a: STRING, b: DOUBLE>>");
    assertThat(JsonSchema.of("[[], [true]]")).isEqualTo("ARRAY<ARRAY<BOOLEAN>>");
    assertThat(JsonSchema.of("[]")).isEqualTo("ARRAY<STRING>");
  }

  @Test
  void objectsListTheirFieldsInNameOrder() {
    assertThat(JsonSchema.of("{\"z\": 1, \"a b\": {}, \"m`n\": [1]}"))
        .isEqualTo("STRUCT<`a b`: STRUCT<>, `m``n`: ARRAY<BIGINT>, z: BIGINT>");
  }

  @Test
  void whatIsNotOneJsonValueIsRefused() {
    for (String text : new String[] {"", "{", "{\"a\" 1}", "[1,]", "1 2", "tru", "01"}) {
      assertThatThrownBy(() -> JsonSchema.of(text)).as(text).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
