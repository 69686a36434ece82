package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.SqlType;
import java.util.List;

/** The columns {@code read_files} adds to a file's own: the hidden {@code _metadata} struct. */
public final class FileColumns {
  public static final SqlType METADATA = SqlType.struct(
      List.of("file_path", "file_name", "file_size", "file_modification_time"),
      List.of(SqlType.STRING, SqlType.STRING, SqlType.BIGINT, SqlType.TIMESTAMP));

  private FileColumns() {}
}
