package io.flowgate.catalog.model;

import io.flowgate.catalog.TableName;
import java.util.List;
import java.util.Optional;

/**
 * A row filter ({@code column} empty) or a column mask on a table: the SQL function that decides, by its catalog,
 * schema and name, and the arguments it is called with, as dialect expression text (column names of the table or
 * literals). A mask's own column is its first argument.
 */
public record PolicyInfo(Optional<String> column, TableName function, List<String> arguments) {
  public PolicyInfo {
    arguments = List.copyOf(arguments);
  }

  public boolean rowFilter() {
    return column.isEmpty();
  }
}
