package io.flowgate.catalog.model;

import java.util.Map;

/** The tables of one schema by lower-case name: those that could be read and those that could not. */
public record SchemaTables(Map<String, TableInfo> tables, Map<String, UnreadableTable> unreadable) {
  public SchemaTables {
    tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    unreadable = Map.copyOf(unreadable);
  }
}
