package io.flowgate.engine.sql.tree;

import java.util.Optional;

/**
 * The commands on files in volumes, each naming a {@code /Volumes/catalog/schema/volume/...} path: PUT, GET and
 * REMOVE as the vendor's drivers send them, and LIST.
 */
public sealed interface FileCommand extends Statement {
  /** The volume path the command acts on. */
  String path();

  /**
   * {@code PUT source INTO 'path' [OVERWRITE]}: the source is the file's content as a BINARY parameter, which a
   * driver binds after reading the local file the user named; a literal local path is refused (the gateway does not
   * read its clients' disks).
   */
  record Put(Span span, Expression source, String path, boolean overwrite) implements FileCommand {}

  /** {@code GET 'path' TO 'local'}: the file's content, which a driver writes to {@code local}. */
  record Get(Span span, String path, String local) implements FileCommand {}

  /** {@code REMOVE 'path'}: deletes one file. */
  record Remove(Span span, String path) implements FileCommand {}

  /** {@code LIST 'path' [LIMIT n]}: the files and folders directly in a folder of a volume, or one file. */
  record ListFiles(Span span, String path, Optional<Long> limit) implements FileCommand {}
}
