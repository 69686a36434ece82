package io.flowgate.engine.type;

/** JSON string quoting, shared by everything that writes JSON text (event details, complex values for clients). */
public final class JsonText {
  private JsonText() {}

  public static StringBuilder quote(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }

  public static String quote(String text) {
    return quote(text, new StringBuilder()).toString();
  }
}
