package io.flowgate.engine.files;

import java.io.Closeable;
import java.io.IOException;
import java.util.Map;

/** The rows of one file, pulled one at a time as column name → text (NULL for a missing value), in file order. */
interface RowReader extends Closeable {
  /** The next row, or null at the end of the file. */
  Map<String, String> next() throws IOException;
}
