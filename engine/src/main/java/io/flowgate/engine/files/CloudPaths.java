package io.flowgate.engine.files;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Paths the vendor's pages write as URIs. {@code file:} names a local path; a cloud store's ({@code s3://},
 * {@code abfss://}, {@code gs://}, {@code dbfs:/}, ...) is refused with what to do instead, never read as a folder
 * of that name under an ingest root.
 */
public final class CloudPaths {
  private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):.*", Pattern.DOTALL);

  private CloudPaths() {}

  /** The local path {@code path} names: itself, or a {@code file:} URI's path. */
  public static String local(String path, String function, Span span) {
    var scheme = SCHEME.matcher(path);
    // One letter is a Windows drive (C:\data), not a scheme.
    if (!scheme.matches() || scheme.group(1).length() == 1) {
      return path;
    }
    String name = scheme.group(1).toLowerCase(Locale.ROOT);
    if (name.equals("file")) {
      return URI.create(path).getPath();
    }
    throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`path`")
        .parameter("functionName", Errors.quote(function))
        .parameter("message", Errors.quote(path) + " is in a cloud store (" + name + ":), which Flowgate does not"
            + " reach; copy the files into a folder under the gateway's ingest root (--ingest-root) and name it by"
            + " its path there")
        .at(span).build();
  }
}
