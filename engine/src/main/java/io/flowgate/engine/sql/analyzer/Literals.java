package io.flowgate.engine.sql.analyzer;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Parsing of date and timestamp literal text in the forms the dialect accepts. */
final class Literals {
  private Literals() {}

  static Optional<LocalDateTime> parseTimestamp(String text) {
    String value = text.strip().replace(' ', 'T');
    if (value.endsWith("Z")) {
      value = value.substring(0, value.length() - 1);
    }
    try {
      if (!value.contains("T")) {
        return Optional.of(LocalDate.parse(value).atStartOfDay());
      }
      return Optional.of(LocalDateTime.parse(value));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
