package io.flowgate.engine.files;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON lines into rows: each line an object whose top-level fields become columns; strings are unquoted, other
 * scalars kept as written, nested objects and arrays kept as JSON text. A line that is not an object is skipped.
 */
final class JsonLines {
  private final String text;
  private int position;

  private JsonLines(String text) {
    this.text = text;
  }

  static List<Map<String, String>> rows(List<String> lines) {
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      try {
        rows.add(new JsonLines(line.strip()).object());
      } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
        // a line that is not a JSON object carries no row
      }
    }
    return rows;
  }

  private Map<String, String> object() {
    Map<String, String> fields = new LinkedHashMap<>();
    expect('{');
    space();
    if (peek() == '}') {
      return fields;
    }
    while (true) {
      space();
      String key = string();
      space();
      expect(':');
      space();
      int start = position;
      String value;
      if (peek() == '"') {
        value = string();
      } else {
        skip();
        value = text.substring(start, position).strip();
        value = value.equals("null") ? null : value;
      }
      fields.put(key, value);
      space();
      if (peek() == ',') {
        position++;
      } else {
        expect('}');
        return fields;
      }
    }
  }

  private void skip() {
    char c = peek();
    if (c == '"') {
      string();
    } else if (c == '{' || c == '[') {
      int depth = 0;
      do {
        char next = text.charAt(position);
        if (next == '"') {
          string();
          continue;
        }
        if (next == '{' || next == '[') {
          depth++;
        } else if (next == '}' || next == ']') {
          depth--;
        }
        position++;
      } while (depth > 0);
    } else {
      while (position < text.length() && ",}] \t".indexOf(text.charAt(position)) < 0) {
        position++;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder value = new StringBuilder();
    while (true) {
      char c = text.charAt(position++);
      if (c == '"') {
        return value.toString();
      }
      if (c == '\\') {
        char escaped = text.charAt(position++);
        switch (escaped) {
          case 'n' -> value.append('\n');
          case 't' -> value.append('\t');
          case 'r' -> value.append('\r');
          case 'u' -> {
            value.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
            position += 4;
          }
          default -> value.append(escaped);
        }
      } else {
        value.append(c);
      }
    }
  }

  private void expect(char c) {
    if (peek() != c) {
      throw new IllegalStateException("expected " + c);
    }
    position++;
  }

  private char peek() {
    return text.charAt(position);
  }

  private void space() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }
}
