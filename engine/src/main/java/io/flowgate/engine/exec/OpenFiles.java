package io.flowgate.engine.exec;

import io.flowgate.engine.files.FileBatches;
import io.flowgate.engine.sql.analyzer.StreamSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The file batches one run of a statement reads through {@code FG_SYS.READ_FILES}: open while it runs, closed
 * after, whatever happened. Its run-time values name each read's batch.
 */
public final class OpenFiles implements AutoCloseable {
  private final Map<String, Object> runtime = new HashMap<>();
  private final List<String> batches = new ArrayList<>();

  /** Every current file of each read: what a query, CREATE TABLE AS, INSERT or ONCE flow reads. */
  public static OpenFiles all(List<StreamSources.FileRead> reads) {
    OpenFiles open = new OpenFiles();
    for (StreamSources.FileRead read : reads) {
      open.open(read, read.files().files());
    }
    return open;
  }

  public void open(StreamSources.FileRead read, List<Path> files) {
    String batch = FileBatches.open(read.key(), files);
    batches.add(batch);
    runtime.put(read.batch().key(), batch);
  }

  public Map<String, Object> runtime() {
    return runtime;
  }

  /** The rows the batches' files held, once the statement has read them. */
  public long rows() {
    return batches.stream().mapToLong(FileBatches::rowCount).sum();
  }

  @Override
  public void close() {
    batches.forEach(FileBatches::close);
  }
}
