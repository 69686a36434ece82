package io.flowgate.engine.pipeline;

/** What started an update, as its {@code create_update} event's {@code cause} says. */
public enum UpdateCause {
  /** A statement: REFRESH, CREATE, or a pipeline run. */
  API_CALL(""),
  /** The table's SCHEDULE EVERY or SCHEDULE CRON. */
  SCHEDULE(" on its schedule"),
  /** The table's TRIGGER ON UPDATE, after a source committed. */
  TRIGGER_ON_UPDATE(" after a source changed");

  private final String why;

  UpdateCause(String why) {
    this.why = why;
  }

  String why() {
    return why;
  }
}
