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

  /** The number of elements of a JSON array, or of keys of a JSON object ({@code open} is '[' or '{'), else null. */
  public static Integer size(String json, char open) {
    Integer[] count = {0};
    return walk(json, open, (i, key) -> {
      count[0] = i + 1;
      return false;
    }) ? null : count[0];
  }

  /** The {@code index}-th key (0-based) of a JSON object, or null. */
  public static String key(String json, int index) {
    String[] found = {null};
    walk(json, '{', (i, key) -> {
      if (i == index) {
        found[0] = key;
        return true;
      }
      return false;
    });
    return found[0];
  }

  private interface Member {
    /** Sees member {@code index} (its key, for an object); true stops the walk. */
    boolean visit(int index, String key);
  }

  /** Visits the members of a JSON array or object; true when the text is not one (or a visit stopped it). */
  private static boolean walk(String json, char open, Member member) {
    if (json == null) {
      return true;
    }
    JsonCursor cursor = new JsonCursor(json);
    try {
      cursor.space();
      if (cursor.peek() != open) {
        return true;
      }
      cursor.advance();
      cursor.space();
      if (cursor.peek() == (open == '[' ? ']' : '}')) {
        return false;
      }
      for (int i = 0; ; i++) {
        cursor.space();
        String key = null;
        if (open == '{') {
          key = cursor.string();
          cursor.space();
          cursor.expect(':');
          cursor.space();
        }
        if (member.visit(i, key)) {
          return true;
        }
        cursor.skipValue();
        cursor.space();
        if (cursor.peek() != ',') {
          cursor.expect(open == '[' ? ']' : '}');
          return false;
        }
        cursor.advance();
      }
    } catch (IllegalStateException | StringIndexOutOfBoundsException malformed) {
      return true;
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
