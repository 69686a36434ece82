package io.flowgate.engine;

import java.util.List;

/** What a statement will return and how many parameters it takes, known before it runs. */
public record PreparedInfo(List<ResultColumn> columns, int parameterCount, boolean query) {
  public PreparedInfo {
    columns = List.copyOf(columns);
  }
}
