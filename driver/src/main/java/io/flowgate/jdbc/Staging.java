package io.flowgate.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client's half of PUT and GET, as the vendor's drivers do it: {@code PUT 'local' INTO '/Volumes/...'
 * [OVERWRITE]} reads the local file and sends its content as a BINARY parameter; {@code GET '/Volumes/...' TO
 * 'local'} receives the content and writes the local file. Local files are read and written only under the paths of
 * the connection property {@value #PROPERTY} (comma-separated), so a tool that lets its users type SQL cannot make
 * the driver touch any other file. After the transfer the statement runs as {@code LIST} of the volume file, so it
 * answers with a row describing it.
 */
final class Staging {
  static final String PROPERTY = "StagingAllowedLocalPaths";
  /** A file the driver sends in one request; the gateway takes bodies of 16 MiB by default. */
  static final long MAX_BYTES = 10L * 1024 * 1024;

  private static final String QUOTED = "'((?:[^']|'')*)'";
  private static final Pattern PUT = Pattern.compile("(?is)\\s*PUT\\s+" + QUOTED + "\\s+INTO\\s+" + QUOTED
      + "(\\s+OVERWRITE)?\\s*;?\\s*");
  private static final Pattern GET = Pattern.compile("(?is)\\s*GET\\s+" + QUOTED + "\\s+TO\\s+" + QUOTED
      + "\\s*;?\\s*");

  private Staging() {}

  /** The allowed local paths of a connection's property; none when it is not set. */
  static List<Path> allowedPaths(String property) {
    List<Path> paths = new ArrayList<>();
    if (property != null) {
      for (String path : property.split(",")) {
        if (!path.isBlank()) {
          paths.add(real(Path.of(path.strip())));
        }
      }
    }
    return List.copyOf(paths);
  }

  /**
   * Does the transfer {@code sql} asks for, if it is a PUT or a GET, over {@code connection} (the driver's own, whose
   * errors are not yet cleaned); returns the LIST statement to run in its place, empty for any other statement.
   */
  static Optional<String> transfer(Connection connection, String sql, List<Path> allowed) throws SQLException {
    Matcher put = PUT.matcher(sql);
    if (put.matches()) {
      Path local = allowedLocal(unquote(put.group(1)), allowed);
      byte[] content = read(local, unquote(put.group(1)));
      try (PreparedStatement send = connection.prepareStatement("PUT ? INTO '" + put.group(2) + "'"
          + (put.group(3) != null ? " OVERWRITE" : ""))) {
        send.setBytes(1, content);
        send.executeQuery().close();
      }
      return Optional.of("LIST '" + put.group(2) + "'");
    }
    Matcher get = GET.matcher(sql);
    if (get.matches()) {
      Path local = allowedLocal(unquote(get.group(2)), allowed);
      try (Statement fetch = connection.createStatement(); ResultSet rows = fetch.executeQuery(sql)) {
        rows.next();
        write(local, rows.getBytes("content"), unquote(get.group(2)));
      }
      return Optional.of("LIST '" + get.group(1) + "'");
    }
    return Optional.empty();
  }

  private static Path allowedLocal(String written, List<Path> allowed) throws SQLException {
    Path local = real(Path.of(written));
    if (allowed.stream().noneMatch(local::startsWith)) {
      throw new SQLException("[INSUFFICIENT_PERMISSIONS] The local path '" + written + "' is not under the"
          + " connection's " + PROPERTY + (allowed.isEmpty() ? " (not set)" : " " + allowed)
          + ". SQLSTATE: 42501", "42501");
    }
    return local;
  }

  private static byte[] read(Path local, String written) throws SQLException {
    try {
      if (!Files.isRegularFile(local)) {
        throw new SQLException("[PATH_NOT_FOUND] Path does not exist: '" + written + "'. SQLSTATE: 42K03", "42K03");
      }
      if (Files.size(local) > MAX_BYTES) {
        throw new SQLException("[FEATURE_NOT_SUPPORTED] The feature is not supported: PUT of a file of more than "
            + MAX_BYTES / (1024 * 1024) + " MiB ('" + written + "' has " + Files.size(local) + " bytes)."
            + " SQLSTATE: 0A000", "0A000");
      }
      return Files.readAllBytes(local);
    } catch (IOException e) {
      throw new SQLException("[PATH_NOT_FOUND] Cannot read '" + written + "': " + e.getMessage()
          + " SQLSTATE: 42K03", "42K03", e);
    }
  }

  /** Writes beside the target and moves into place, so a reader never sees half a file. */
  private static void write(Path local, byte[] content, String written) throws SQLException {
    try {
      Path parent = local.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Path partial = Files.createTempFile(parent, ".get-", ".tmp");
      try {
        Files.write(partial, content);
        Files.move(partial, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(partial);
      }
    } catch (IOException e) {
      throw new SQLException("[INVALID_PARAMETER_VALUE] Cannot write '" + written + "': " + e.getMessage()
          + " SQLSTATE: 22023", "22023", e);
    }
  }

  /**
   * A path with every link resolved, so a link under an allowed path cannot lead out of it; for a path that does
   * not exist yet, its nearest existing ancestor's real path with the rest appended.
   */
  private static Path real(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    } catch (IOException e) {
      return absolute;
    }
  }

  private static String unquote(String text) {
    return text.replace("''", "'");
  }
}
