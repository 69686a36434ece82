package io.flowgate.engine.type;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class DatetimeTextTest {
  private static final ZoneId PLUS_FIVE = ZoneOffset.ofHours(5);

  @Test
  void isoTextWithOrWithoutOffset() {
    assertThat(DatetimeText.timestamp("2024-01-02 03:04:05", null, ZoneOffset.UTC))
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
    assertThat(DatetimeText.timestamp("2024-01-02T03:04:05.25", null, PLUS_FIVE))
        .isEqualTo(LocalDateTime.of(2024, 1, 1, 22, 4, 5, 250_000_000));
    assertThat(DatetimeText.timestamp("2024-01-02T03:04:05+02:00", null, PLUS_FIVE))
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 1, 4, 5));
    assertThat(DatetimeText.timestamp("2024-01-02", null, ZoneOffset.UTC))
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 0, 0));
    assertThat(DatetimeText.timestamp("2024-01-02 03:04:05", null, null))
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
  }

  @Test
  void patternsFillWhatTheyLackWithFirstValues() {
    assertThat(DatetimeText.timestamp("02/01/2024 13", "dd/MM/yyyy HH", ZoneOffset.UTC))
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 13, 0));
    assertThat(DatetimeText.date("2024-03", "yyyy-MM")).isEqualTo(LocalDate.of(2024, 3, 1));
    assertThat(DatetimeText.date("Mar 5 2024", "MMM d yyyy")).isEqualTo(LocalDate.of(2024, 3, 5));
  }

  @Test
  void textThatDoesNotFitIsNull() {
    assertThat(DatetimeText.date("2024-13-45", null)).isNull();
    assertThat(DatetimeText.date("02/01/2024", "yyyy-MM-dd")).isNull();
    assertThat(DatetimeText.timestamp("soon", null, ZoneOffset.UTC)).isNull();
    assertThat(DatetimeText.timestamp(null, "yyyy", ZoneOffset.UTC)).isNull();
  }

  @Test
  void writesTheZonesWallClock() {
    LocalDateTime utc = LocalDateTime.of(2024, 1, 2, 3, 4, 5);
    assertThat(DatetimeText.format(utc, PLUS_FIVE, "yyyy-MM-dd HH:mm XXX")).isEqualTo("2024-01-02 08:04 +05:00");
    assertThat(DatetimeText.format(LocalDate.of(2024, 2, 3), "dd.MM.yy")).isEqualTo("03.02.24");
  }

  @Test
  void tellsPatternsFromOtherText() {
    assertThat(DatetimeText.isPattern("yyyy-MM-dd'T'HH:mm")).isTrue();
    assertThat(DatetimeText.isPattern("yyyy {")).isFalse();
  }
}
