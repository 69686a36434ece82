package io.flowgate.engine.files;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CSV text into rows, read as a stream of characters so that a quoted field may hold delimiters and line breaks.
 * Inside quotes, the escape character (backslash by default, as in the vendor's reader) or a doubled quote stands
 * for a quote. An unquoted empty field is NULL; a quoted empty field is the empty string. Without a header the
 * columns are {@code _c0, _c1, ...}.
 */
final class Csv implements RowReader {
  /** How a file is written; {@code quote} is {@code 0} when fields are never quoted. */
  record Format(boolean header, char delimiter, char quote, char escape) {}

  private final Reader reader;
  private final Format format;
  private final char[] buffer = new char[1 << 16];
  private int position;
  private int length;
  private int pending = -2;
  private List<String> names;

  Csv(Reader reader, Format format) {
    this.reader = reader;
    this.format = format;
  }

  @Override
  public Map<String, String> next() throws IOException {
    while (true) {
      List<String> fields = record();
      if (fields == null) {
        return null;
      }
      if (names == null && format.header()) {
        names = fields.stream().map(name -> name == null ? "" : name.strip()).toList();
        continue;
      }
      Map<String, String> row = new LinkedHashMap<>();
      int width = names == null ? fields.size() : Math.max(names.size(), fields.size());
      for (int i = 0; i < width; i++) {
        String name = names != null && i < names.size() ? names.get(i) : "_c" + i;
        row.put(name, i < fields.size() ? fields.get(i) : null);
      }
      return row;
    }
  }

  /** The fields of the next record that has any text, or null at the end. */
  private List<String> record() throws IOException {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    boolean hasText = false;
    for (int c = read(); c >= 0; c = read()) {
      if (quoted) {
        if (c == format.escape() && format.escape() != format.quote()) {
          int next = read();
          if (next == format.quote() || next == format.escape()) {
            field.append((char) next);
          } else {
            field.append((char) c);
            unread(next);
          }
        } else if (c == format.quote()) {
          int next = read();
          if (next == format.quote()) {
            field.append((char) c);
          } else {
            quoted = false;
            unread(next);
          }
        } else {
          field.append((char) c);
        }
      } else if (c == format.quote() && format.quote() != 0) {
        quoted = true;
        wasQuoted = true;
        hasText = true;
      } else if (c == format.delimiter()) {
        fields.add(value(field, wasQuoted));
        wasQuoted = false;
        hasText = true;
      } else if (c == '\n' || c == '\r') {
        if (c == '\r') {
          int next = read();
          if (next != '\n') {
            unread(next);
          }
        }
        if (hasText || !field.isEmpty()) {
          fields.add(value(field, wasQuoted));
          return fields;
        }
      } else {
        field.append((char) c);
        hasText = true;
      }
    }
    if (hasText || !field.isEmpty()) {
      fields.add(value(field, wasQuoted));
      return fields;
    }
    return null;
  }

  private static String value(StringBuilder field, boolean quoted) {
    String text = field.toString();
    field.setLength(0);
    return text.isEmpty() && !quoted ? null : text;
  }

  /** The next character, through a buffer of its own (a BufferedReader locks on every read). */
  private int read() throws IOException {
    if (pending != -2) {
      int c = pending;
      pending = -2;
      return c;
    }
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

  private void unread(int c) {
    pending = c;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
