package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.TableInfo;

/**
 * A table's change data feed as statements read it: whether the table has one ({@code TBLPROPERTIES
 * (delta.enableChangeDataFeed = true)}), and the columns a read of it adds to the table's. The statements that record
 * it are {@code plan.ChangeFeed}'s.
 */
public final class ChangeDataFeed {
  public static final String PROPERTY = "delta.enableChangeDataFeed";
  public static final String CHANGE_TYPE = "_change_type";
  public static final String COMMIT_VERSION = "_commit_version";
  public static final String COMMIT_TIMESTAMP = "_commit_timestamp";

  private ChangeDataFeed() {}

  public static boolean enabled(TableInfo table) {
    return table.properties().entrySet().stream().anyMatch(property -> property.getKey().equalsIgnoreCase(PROPERTY)
        && property.getValue().strip().equalsIgnoreCase("true"));
  }
}
