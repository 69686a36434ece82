package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.TableName;

/**
 * Where a pipeline project's PRIVATE datasets are kept: in a schema of their own per pipeline and schema, which no
 * statement can create or name, so a private dataset may share its name with any catalog object. Inside the
 * pipeline's flows its name means the private dataset; everywhere else it means the catalog's object.
 */
public final class PrivateDatasets {
  private static final String PREFIX = "__pipeline_";

  private PrivateDatasets() {}

  /** The catalog name of pipeline {@code pipeline}'s private dataset written {@code name}. */
  public static TableName stored(TableName name, String pipeline) {
    return new TableName(name.catalog(), PREFIX + pipeline + "__" + name.schema(), name.table());
  }

  /** Whether a schema name is one of the private datasets' (no CREATE SCHEMA may take it). */
  public static boolean reserved(String schema) {
    return schema.startsWith(PREFIX);
  }
}
