package io.flowgate.engine.exec;

import io.flowgate.engine.api.ResultColumn;
import java.util.List;

/**
 * The identity values an INSERT ... VALUES generated, one row per row it wrote, for JDBC's getGeneratedKeys (read
 * with SHOW GENERATED KEYS). An INSERT ... SELECT keeps none: its rows are not bounded by the statement.
 */
public record GeneratedKeys(List<ResultColumn> columns, List<List<Object>> rows) {
  public static final GeneratedKeys NONE = new GeneratedKeys(List.of(), List.of());

  public GeneratedKeys {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }
}
