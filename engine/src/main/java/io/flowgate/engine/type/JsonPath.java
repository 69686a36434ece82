package io.flowgate.engine.type;

import java.util.List;

/**
 * Extracts a value from JSON text by a path of object keys and array indexes, as the dialect's {@code json:path}
 * operator does: a scalar comes back as its text (a string unquoted), an object or array as JSON text, and a
 * missing path or malformed JSON as NULL. It reads only as far as the path needs.
 */
public final class JsonPath {
  private JsonPath() {}

  /** {@code path} segments are keys, or {@code [n]} for array element n (0-based). */
  public static String extract(String json, List<String> path) {
    JsonCursor cursor = new JsonCursor(json);
    try {
      cursor.space();
      for (String segment : path) {
        if (!enter(cursor, segment)) {
          return null;
        }
      }
      if (cursor.peek() == '"') {
        return cursor.string();
      }
      int start = cursor.position();
      cursor.skipValue();
      String value = cursor.text(start).strip();
      return value.equals("null") ? null : value;
    } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
      return null;
    }
  }

  /** Moves to the value of {@code segment} inside the current object or array; false when it is not there. */
  private static boolean enter(JsonCursor cursor, String segment) {
    cursor.space();
    boolean array = segment.startsWith("[");
    if (cursor.peek() != (array ? '[' : '{')) {
      return false;
    }
    cursor.advance();
    cursor.space();
    if (cursor.peek() == (array ? ']' : '}')) {
      return false;
    }
    int index = array ? Integer.parseInt(segment.substring(1, segment.length() - 1)) : -1;
    for (int i = 0; ; i++) {
      cursor.space();
      boolean found = array ? i == index : matchesKey(cursor, segment);
      if (found) {
        cursor.space();
        return true;
      }
      cursor.skipValue();
      cursor.space();
      if (cursor.peek() != ',') {
        return false;
      }
      cursor.advance();
    }
  }

  private static boolean matchesKey(JsonCursor cursor, String segment) {
    String key = cursor.string();
    cursor.space();
    cursor.expect(':');
    return key.equals(segment);
  }
}
