package io.flowgate.engine.files;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** CSV lines into rows: quoted fields with doubled quotes, a header row or {@code _c0, _c1, ...} names. */
final class Csv {
  private Csv() {}

  static List<Map<String, String>> rows(List<String> lines, boolean header, char delimiter) {
    List<Map<String, String>> rows = new ArrayList<>();
    List<String> names = null;
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      List<String> fields = fields(line, delimiter);
      if (names == null && header) {
        names = fields.stream().map(String::strip).toList();
        continue;
      }
      Map<String, String> row = new LinkedHashMap<>();
      int width = names == null ? fields.size() : Math.max(names.size(), fields.size());
      for (int i = 0; i < width; i++) {
        String name = names != null && i < names.size() ? names.get(i) : "_c" + i;
        String value = i < fields.size() ? fields.get(i) : null;
        row.put(name, value == null || value.isEmpty() ? null : value);
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<String> fields(String line, char delimiter) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == delimiter) {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }
}
