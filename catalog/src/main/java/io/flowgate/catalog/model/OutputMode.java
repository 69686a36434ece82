package io.flowgate.catalog.model;

/**
 * How a flow's batch (a STREAMING UPDATE commit) wrote its target, in the commit's {@code outputMode} parameter:
 * APPEND adds rows, UPDATE (AUTO CDC) rewrites and removes them.
 */
public enum OutputMode {
  APPEND("Append"),
  UPDATE("Update");

  /** The commit parameter that holds the mode. */
  public static final String PARAMETER = "outputMode";

  private final String text;

  OutputMode(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }

  /** Whether {@code commit} carries this mode. */
  public boolean of(CommitInfo commit) {
    return text.equals(commit.parameters().get(PARAMETER));
  }
}
