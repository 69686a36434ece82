package io.flowgate.engine.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the values that generated SQL binds. Fragments of SQL are built out of order (FROM before SELECT), so
 * each value is written as a marker {@code ?{n}}; {@link #finish} turns markers into {@code ?} in text order and
 * lists the bindings in that order. Markers inside quoted identifiers are left alone.
 */
final class Bindings {
  private final List<Binding> values = new ArrayList<>();

  String bind(Binding binding) {
    values.add(binding);
    return "?{" + (values.size() - 1) + "}";
  }

  H2Statement finish(String sqlWithMarkers) {
    StringBuilder sql = new StringBuilder(sqlWithMarkers.length());
    List<Binding> ordered = new ArrayList<>();
    boolean quoted = false;
    for (int i = 0; i < sqlWithMarkers.length(); i++) {
      char c = sqlWithMarkers.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && c == '?' && i + 1 < sqlWithMarkers.length() && sqlWithMarkers.charAt(i + 1) == '{') {
        int end = sqlWithMarkers.indexOf('}', i);
        ordered.add(values.get(Integer.parseInt(sqlWithMarkers.substring(i + 2, end))));
        sql.append('?');
        i = end;
        continue;
      }
      sql.append(c);
    }
    return new H2Statement(sql.toString(), ordered);
  }
}
