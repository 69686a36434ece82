package io.flowgate.engine.files;

import io.flowgate.engine.type.JsonCursor;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON lines into rows: each line an object whose top-level fields become columns; strings are unquoted, other
 * scalars kept as written, nested objects and arrays kept as JSON text. A line that is not an object is skipped.
 */
final class JsonLines implements RowReader {
  private final BufferedReader lines;

  JsonLines(BufferedReader lines) {
    this.lines = lines;
  }

  @Override
  public Map<String, String> next() throws IOException {
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      try {
        return object(new JsonCursor(line.strip()));
      } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
        // a line that is not a JSON object carries no row
      }
    }
    return null;
  }

  @Override
  public void close() throws IOException {
    lines.close();
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
