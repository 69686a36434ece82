package io.flowgate.catalog.model;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a commit of a table did, as its commit log (DESCRIBE HISTORY) names it. A streaming read of the table must
 * not take rows that a commit rewrote or removed for new ones, so each operation says whether it can do that.
 */
public enum CommitOperation {
  CREATE_TABLE("CREATE TABLE", false, false),
  CREATE_TABLE_AS_SELECT("CREATE TABLE AS SELECT", false, false),
  CREATE_OR_REPLACE_TABLE("CREATE OR REPLACE TABLE", true, false),
  CREATE_OR_REPLACE_TABLE_AS_SELECT("CREATE OR REPLACE TABLE AS SELECT", true, false),
  CREATE_STREAMING_TABLE("CREATE STREAMING TABLE", false, false),
  CREATE_MATERIALIZED_VIEW("CREATE MATERIALIZED VIEW", false, false),
  /** INSERT: appends, unless its {@code mode} parameter says Overwrite. */
  WRITE("WRITE", false, false),
  UPDATE("UPDATE", true, false),
  DELETE("DELETE", true, true),
  MERGE("MERGE", true, false),
  TRUNCATE("TRUNCATE", true, true),
  /** A flow's batch: appends, unless its {@code outputMode} parameter says Update (AUTO CDC). */
  STREAMING_UPDATE("STREAMING UPDATE", false, false),
  FULL_REFRESH("FULL REFRESH", false, false),
  /** RESTORE TABLE: the table's rows as a version had them. */
  RESTORE("RESTORE", true, false),
  /** COPY INTO: appends the rows of files the table had not loaded. */
  COPY_INTO("COPY INTO", false, false),
  /** A materialized view recomputed: its rows replaced by its query's. */
  MATERIALIZED_VIEW_REFRESH("MATERIALIZED VIEW REFRESH", true, false),
  /** A client transaction of more than one kind of write, so at least one that is not an append. */
  TRANSACTION("TRANSACTION", true, false);

  private final String text;
  private final boolean changesRows;
  private final boolean onlyRemovesRows;

  CommitOperation(String text, boolean changesRows, boolean onlyRemovesRows) {
    this.text = text;
    this.changesRows = changesRows;
    this.onlyRemovesRows = onlyRemovesRows;
  }

  /** The name in the commit log. */
  public String text() {
    return text;
  }

  /** Whether the commit can rewrite or remove rows that were there before it. */
  public boolean changesRows() {
    return changesRows;
  }

  /** Whether all the commit can do to earlier rows is remove them (a streaming read may ignore deletes). */
  public boolean onlyRemovesRows() {
    return onlyRemovesRows;
  }

  public static CommitOperation of(String text) {
    return Arrays.stream(values()).filter(operation -> operation.text.equals(text)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no commit operation "
            + text.toUpperCase(Locale.ROOT)));
  }
}
