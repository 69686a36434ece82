package io.flowgate.catalog.store;

import java.util.LinkedHashMap;
import java.util.Map;

/** Stores a small string map in one text column: {@code key=value} lines, with {@code \}, newline and {@code =} escaped. */
final class TextMaps {
  private TextMaps() {}

  static String encode(Map<String, ?> map) {
    StringBuilder text = new StringBuilder();
    map.forEach((key, value) -> text.append(escape(key)).append('=').append(escape(String.valueOf(value))).append('\n'));
    return text.toString();
  }

  static Map<String, String> decode(String text) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      int split = unescapedEquals(line);
      map.put(unescape(line.substring(0, split)), unescape(line.substring(split + 1)));
    }
    return map;
  }

  private static int unescapedEquals(String line) {
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == '\\') {
        i++;
      } else if (line.charAt(i) == '=') {
        return i;
      }
    }
    throw new IllegalArgumentException("no '=' in a stored map line");
  }

  private static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("=", "\\=");
  }

  private static String unescape(String value) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\\' && i + 1 < value.length()) {
        char next = value.charAt(++i);
        out.append(next == 'n' ? '\n' : next);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
