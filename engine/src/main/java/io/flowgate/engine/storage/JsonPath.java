package io.flowgate.engine.storage;

import java.util.List;

/**
 * Extracts a value from JSON text by a path of object keys and array indexes, as the dialect's {@code json:path}
 * operator does: a scalar comes back as its text (a string unquoted), an object or array as JSON text, and a
 * missing path or malformed JSON as NULL. A small parser of its own: it reads only as far as the path needs.
 */
final class JsonPath {
  private final String text;
  private int position;

  private JsonPath(String text) {
    this.text = text;
  }

  /** {@code path} segments are keys, or {@code [n]} for array element n (0-based). */
  static String extract(String json, List<String> path) {
    JsonPath parser = new JsonPath(json);
    try {
      parser.space();
      for (String segment : path) {
        if (!parser.enter(segment)) {
          return null;
        }
      }
      int start = parser.position;
      char first = parser.peek();
      if (first == '"') {
        return parser.string();
      }
      parser.skipValue();
      String value = json.substring(start, parser.position).strip();
      return value.equals("null") ? null : value;
    } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
      return null;
    }
  }

  /** Moves to the value of {@code segment} inside the current object or array; false when it is not there. */
  private boolean enter(String segment) {
    space();
    if (segment.startsWith("[")) {
      int index = Integer.parseInt(segment.substring(1, segment.length() - 1));
      if (peek() != '[') {
        return false;
      }
      position++;
      space();
      if (peek() == ']') {
        return false;
      }
      for (int i = 0; ; i++) {
        space();
        if (i == index) {
          return true;
        }
        skipValue();
        space();
        if (peek() != ',') {
          return false;
        }
        position++;
      }
    }
    if (peek() != '{') {
      return false;
    }
    position++;
    space();
    if (peek() == '}') {
      return false;
    }
    while (true) {
      space();
      String key = string();
      space();
      expect(':');
      space();
      if (key.equals(segment)) {
        return true;
      }
      skipValue();
      space();
      if (peek() != ',') {
        return false;
      }
      position++;
    }
  }

  private void skipValue() {
    space();
    char c = peek();
    if (c == '"') {
      string();
    } else if (c == '{' || c == '[') {
      char close = c == '{' ? '}' : ']';
      position++;
      space();
      if (peek() == close) {
        position++;
        return;
      }
      while (true) {
        space();
        if (c == '{') {
          string();
          space();
          expect(':');
        }
        skipValue();
        space();
        if (peek() == ',') {
          position++;
        } else {
          expect(close);
          return;
        }
      }
    } else {
      while (position < text.length() && ",}] \t\r\n".indexOf(text.charAt(position)) < 0) {
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
          case 'b' -> value.append('\b');
          case 'f' -> value.append('\f');
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
