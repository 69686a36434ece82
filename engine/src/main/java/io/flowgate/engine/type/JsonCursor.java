package io.flowgate.engine.type;

/**
 * Reads JSON text a token at a time, for the engine's small JSON jobs (the {@code json:path} operator, JSON lines
 * files). Malformed input throws {@link IllegalStateException} or {@link StringIndexOutOfBoundsException}; callers
 * turn that into NULL or a skipped line.
 */
public final class JsonCursor {
  private final String text;
  private int position;

  public JsonCursor(String text) {
    this.text = text;
  }

  public int position() {
    return position;
  }

  public String text(int from) {
    return text.substring(from, position);
  }

  public char peek() {
    return text.charAt(position);
  }

  public void advance() {
    position++;
  }

  public void expect(char c) {
    if (peek() != c) {
      throw new IllegalStateException("expected " + c);
    }
    position++;
  }

  public void space() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  /** A string literal, unescaped. */
  public String string() {
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

  /** Passes over one value of any kind. */
  public void skipValue() {
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
}
