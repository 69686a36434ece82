package io.flowgate.catalog.model;

/** How an INSERT (a WRITE commit) wrote its table, in the commit's {@code mode} parameter. */
public enum WriteMode {
  APPEND("Append"),
  /** INSERT OVERWRITE, or a flow's REPLACE WHERE: rows were removed and written again. */
  OVERWRITE("Overwrite");

  /** The commit parameter that holds the mode. */
  public static final String PARAMETER = "mode";

  private final String text;

  WriteMode(String text) {
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
