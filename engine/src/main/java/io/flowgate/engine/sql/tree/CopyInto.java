package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code COPY INTO target [BY POSITION | (columns)] FROM {'path' | (SELECT items FROM 'path')} FILEFORMAT = format
 * [VALIDATE ...] [FILES = ('name', ...) | PATTERN = 'glob'] [FORMAT_OPTIONS (...)] [COPY_OPTIONS (...)]}: loads the
 * files at {@code path} that the table has not loaded before. {@code select} is empty without a SELECT; {@code
 * validate} holds what followed VALIDATE, and {@code credential} whether the source named one (both refused when
 * run).
 */
public record CopyInto(Span span, List<String> target, boolean byPosition, List<String> columns,
    List<QueryBody.SelectItem> select, String path, String format, Optional<Validate> validate, boolean credential,
    List<String> files, Optional<String> pattern, Map<String, String> formatOptions,
    Map<String, String> copyOptions) implements Statement {
  /** {@code VALIDATE [ALL | n ROWS]}: the rows checked, empty for ALL. */
  public record Validate(Optional<Long> rows) {}

  public CopyInto {
    target = List.copyOf(target);
    columns = List.copyOf(columns);
    select = List.copyOf(select);
    files = List.copyOf(files);
    formatOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(formatOptions));
    copyOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(copyOptions));
  }
}
