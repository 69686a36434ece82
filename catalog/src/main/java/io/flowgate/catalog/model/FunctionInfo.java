package io.flowgate.catalog.model;

import io.flowgate.catalog.TableName;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A SQL scalar function: its parameters, its return type, and its body, one expression in the dialect, kept as
 * written. Types are dialect type text.
 */
public record FunctionInfo(TableName name, List<Parameter> parameters, String returnType, String body,
    Optional<String> comment, String owner, Instant created) {
  public FunctionInfo {
    parameters = List.copyOf(parameters);
  }

  public record Parameter(String name, String type) {}
}
