package io.flowgate.engine.files;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A path into a volume as the dialect writes it, {@code /Volumes/catalog/schema/volume[/path]} (or with
 * {@code dbfs:} before it): the volume's name, lower case as every name in the catalog, and the path inside it,
 * which may hold a glob and never a {@code ..} step out of it.
 */
public record VolumePath(String catalog, String schema, String volume, String inside) {
  private static final String PREFIX = "/Volumes/";

  /** The volume path {@code written} names; empty when it names no volume. */
  public static Optional<VolumePath> parse(String written, Span span) {
    String path = written.startsWith("dbfs:" + PREFIX) ? written.substring("dbfs:".length()) : written;
    if (!path.startsWith(PREFIX)) {
      return Optional.empty();
    }
    List<String> parts = List.of(path.substring(PREFIX.length()).split("/", 4));
    if (parts.size() < 3 || parts.subList(0, 3).stream().anyMatch(String::isEmpty)) {
      throw invalid(written, "a volume path is /Volumes/catalog/schema/volume/...", span);
    }
    String inside = parts.size() == 4 ? parts.get(3) : "";
    while (inside.endsWith("/")) {
      inside = inside.substring(0, inside.length() - 1);
    }
    for (String step : inside.split("/")) {
      if (step.equals("..") || step.equals(".")) {
        throw invalid(written, "a path inside a volume has no . or .. steps", span);
      }
    }
    return Optional.of(new VolumePath(parts.get(0).toLowerCase(Locale.ROOT), parts.get(1).toLowerCase(Locale.ROOT),
        parts.get(2).toLowerCase(Locale.ROOT), inside));
  }

  public List<String> volumeName() {
    return List.of(catalog, schema, volume);
  }

  /** The path as the dialect writes it. */
  public String written() {
    return PREFIX + catalog + "/" + schema + "/" + volume + (inside.isEmpty() ? "" : "/" + inside);
  }

  private static EngineException invalid(String path, String message, Span span) {
    return EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`path`")
        .parameter("functionName", "`volume`").parameter("message", Errors.quote(path) + ": " + message).at(span)
        .build();
  }
}
