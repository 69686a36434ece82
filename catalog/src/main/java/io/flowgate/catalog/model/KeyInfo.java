package io.flowgate.catalog.model;

import io.flowgate.catalog.TableName;
import java.util.List;
import java.util.Optional;

/** An informational (not enforced) primary or foreign key. */
public record KeyInfo(String name, boolean primary, List<String> columns, Optional<TableName> referencedTable,
    List<String> referencedColumns) {
  public KeyInfo {
    columns = List.copyOf(columns);
    referencedColumns = List.copyOf(referencedColumns);
  }
}
