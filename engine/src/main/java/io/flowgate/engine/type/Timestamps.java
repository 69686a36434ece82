package io.flowgate.engine.type;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** The engine's TIMESTAMP values are wall-clock times in UTC, the session time zone. */
public final class Timestamps {
  private Timestamps() {}

  public static LocalDateTime utc(Instant instant) {
    return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
