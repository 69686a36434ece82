package io.flowgate.engine.api;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/**
 * What a statement will return and the parameters it takes, known before it runs: one type per {@code ?}, in order,
 * empty where nothing in the statement says what the parameter is compared with, cast to or written into.
 */
public record PreparedInfo(List<ResultColumn> columns, List<Optional<SqlType>> parameterTypes, boolean query) {
  public PreparedInfo {
    columns = List.copyOf(columns);
    parameterTypes = List.copyOf(parameterTypes);
  }

  public int parameterCount() {
    return parameterTypes.size();
  }
}
