package io.flowgate.engine.files;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Map;

/**
 * The {@code text} format: each line of a file a row with one column, {@code value}, the line without its
 * terminator; with {@code wholeText} the whole file is one row.
 */
final class TextLines implements RowReader {
  static final String COLUMN = "value";

  private final BufferedReader lines;
  private final boolean wholeText;
  private boolean done;

  TextLines(BufferedReader lines, boolean wholeText) {
    this.lines = lines;
    this.wholeText = wholeText;
  }

  @Override
  public Map<String, String> next() throws IOException {
    if (done) {
      return null;
    }
    if (wholeText) {
      done = true;
      StringBuilder text = new StringBuilder();
      char[] buffer = new char[8192];
      for (int read = lines.read(buffer); read >= 0; read = lines.read(buffer)) {
        text.append(buffer, 0, read);
      }
      return Map.of(COLUMN, text.toString());
    }
    String line = lines.readLine();
    if (line == null) {
      done = true;
      return null;
    }
    return Map.of(COLUMN, line);
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
