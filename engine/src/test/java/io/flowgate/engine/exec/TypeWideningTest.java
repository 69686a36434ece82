package io.flowgate.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** The type changes ALTER COLUMN ... TYPE allows: the dialect's type widening table. */
class TypeWideningTest {
  private static boolean widens(String from, String to) {
    return ColumnChanges.widens(SqlParser.parseType(from), SqlParser.parseType(to));
  }

  @Test
  void integersWidenToWiderIntegersDecimalsWithRoomAndDouble() {
    assertThat(widens("TINYINT", "SMALLINT")).isTrue();
    assertThat(widens("SMALLINT", "BIGINT")).isTrue();
    assertThat(widens("INT", "DOUBLE")).isTrue();
    assertThat(widens("INT", "DECIMAL(10,0)")).isTrue();
    assertThat(widens("TINYINT", "DECIMAL(9,0)")).isFalse();
    assertThat(widens("BIGINT", "DECIMAL(20,0)")).isTrue();
    assertThat(widens("BIGINT", "DECIMAL(21,2)")).isFalse();
    assertThat(widens("BIGINT", "DOUBLE")).isFalse();
    assertThat(widens("BIGINT", "INT")).isFalse();
  }

  @Test
  void decimalsKeepTheirIntegerDigitsAndScale() {
    assertThat(widens("DECIMAL(10,1)", "DECIMAL(12,3)")).isTrue();
    assertThat(widens("DECIMAL(10,1)", "DECIMAL(11,3)")).isFalse();
    assertThat(widens("DECIMAL(10,1)", "DECIMAL(10,0)")).isFalse();
  }

  @Test
  void otherChanges() {
    assertThat(widens("FLOAT", "DOUBLE")).isTrue();
    assertThat(widens("DOUBLE", "FLOAT")).isFalse();
    assertThat(widens("DATE", "TIMESTAMP_NTZ")).isTrue();
    assertThat(widens("DATE", "TIMESTAMP")).isFalse();
    assertThat(widens("STRING", "INT")).isFalse();
  }
}
