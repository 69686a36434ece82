package io.flowgate.engine.files;

import io.flowgate.engine.type.JsonCursor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON lines into rows: each line an object whose top-level fields become columns; strings are unquoted, other
 * scalars kept as written, nested objects and arrays kept as JSON text. A line that is not an object is skipped.
 */
final class JsonLines {
  private JsonLines() {}

  static List<Map<String, String>> rows(List<String> lines) {
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      try {
        rows.add(object(new JsonCursor(line.strip())));
      } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
        // a line that is not a JSON object carries no row
      }
    }
    return rows;
  }

  private static Map<String, String> object(JsonCursor cursor) {
    Map<String, String> fields = new LinkedHashMap<>();
    cursor.expect('{');
    cursor.space();
    if (cursor.peek() == '}') {
      return fields;
    }
    while (true) {
      cursor.space();
      String key = cursor.string();
      cursor.space();
      cursor.expect(':');
      cursor.space();
      String value;
      if (cursor.peek() == '"') {
        value = cursor.string();
      } else {
        int start = cursor.position();
        cursor.skipValue();
        value = cursor.text(start).strip();
        value = value.equals("null") ? null : value;
      }
      fields.put(key, value);
      cursor.space();
      if (cursor.peek() == ',') {
        cursor.advance();
      } else {
        cursor.expect('}');
        return fields;
      }
    }
  }
}
