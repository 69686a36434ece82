package io.flowgate.engine.files;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * CSV text into rows, read as a stream of characters so that a quoted field may hold delimiters and line breaks.
 * Inside quotes, the escape character (backslash by default, as in the vendor's reader) or a doubled quote stands
 * for a quote. An unquoted empty field is NULL; a quoted empty field is the empty string. Without a header the
 * columns are {@code _c0, _c1, ...}.
 */
final class Csv {
  /** How a file is written; {@code quote} is {@code 0} when fields are never quoted. */
  record Format(boolean header, char delimiter, char quote, char escape) {}

  private Csv() {}

  static void read(Reader reader, Format format, Consumer<Map<String, String>> sink) throws IOException {
    Chars in = new Chars(reader);
    List<String> names = null;
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    boolean lineHasText = false;
    int c = in.read();
    while (c >= 0) {
      int next = in.read();
      if (quoted) {
        if (c == format.escape() && format.escape() != format.quote() && (next == format.quote()
            || next == format.escape())) {
          field.append((char) next);
          next = in.read();
        } else if (c == format.quote() && next == format.quote()) {
          field.append((char) c);
          next = in.read();
        } else if (c == format.quote()) {
          quoted = false;
        } else {
          field.append((char) c);
        }
      } else if (c == format.quote() && format.quote() != 0) {
        quoted = true;
        wasQuoted = true;
        lineHasText = true;
      } else if (c == format.delimiter()) {
        fields.add(value(field, wasQuoted));
        wasQuoted = false;
        lineHasText = true;
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && next == '\n') {
          next = in.read();
        }
        if (lineHasText || !field.isEmpty()) {
          fields.add(value(field, wasQuoted));
          names = emit(fields, names, format, sink);
        }
        fields.clear();
        wasQuoted = false;
        lineHasText = false;
      } else {
        field.append((char) c);
        lineHasText = true;
      }
      c = next;
    }
    if (lineHasText || !field.isEmpty()) {
      fields.add(value(field, wasQuoted));
      emit(fields, names, format, sink);
    }
  }

  /** Characters from a reader through a buffer of its own (a BufferedReader locks on every read). */
  private static final class Chars {
    private final Reader reader;
    private final char[] buffer = new char[1 << 16];
    private int position;
    private int length;

    Chars(Reader reader) {
      this.reader = reader;
    }

    int read() throws IOException {
      if (position == length) {
        length = reader.read(buffer, 0, buffer.length);
        position = 0;
        if (length <= 0) {
          length = 0;
          return -1;
        }
      }
      return buffer[position++];
    }
  }

  private static String value(StringBuilder field, boolean quoted) {
    String text = field.toString();
    field.setLength(0);
    return text.isEmpty() && !quoted ? null : text;
  }

  /** Hands a record to the sink, or takes it as the header; returns the column names. */
  private static List<String> emit(List<String> fields, List<String> names, Format format,
      Consumer<Map<String, String>> sink) {
    if (names == null && format.header()) {
      return fields.stream().map(name -> name == null ? "" : name.strip()).toList();
    }
    Map<String, String> row = new LinkedHashMap<>();
    int width = names == null ? fields.size() : Math.max(names.size(), fields.size());
    for (int i = 0; i < width; i++) {
      String name = names != null && i < names.size() ? names.get(i) : "_c" + i;
      row.put(name, i < fields.size() ? fields.get(i) : null);
    }
    sink.accept(row);
    return names;
  }
}
