package io.flowgate.gateway.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The pipeline UI's files, served under {@code /ui} from the jar: a page, its script and its style, no build step
 * and nothing fetched from elsewhere. They hold no data; the script reads it from {@code /api} as the user.
 */
public final class UiAssets {
  /** A file: its bytes and content type. */
  public record Asset(byte[] body, String contentType) {}

  private static final Map<String, String> FILES = Map.of(
      "/ui", "index.html", "/ui/", "index.html", "/ui/index.html", "index.html",
      "/ui/app.js", "app.js", "/ui/app.css", "app.css");

  private final Map<String, Asset> assets;

  public UiAssets() {
    this.assets = Map.of("index.html", load("index.html", "text/html; charset=UTF-8"),
        "app.js", load("app.js", "text/javascript; charset=UTF-8"),
        "app.css", load("app.css", "text/css; charset=UTF-8"));
  }

  private static Asset load(String name, String contentType) {
    try (InputStream in = UiAssets.class.getResourceAsStream("/io/flowgate/gateway/ui/" + name)) {
      if (in == null) {
        throw new IllegalStateException("the UI file " + name + " is not in the jar");
      }
      return new Asset(in.readAllBytes(), contentType);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file {@code path} names, if it is one of the UI's. */
  public Optional<Asset> get(String path) {
    return Optional.ofNullable(FILES.get(path)).map(assets::get);
  }

  /**
   * Headers every UI answer carries: only this origin's scripts and styles run, the page is not framed, and types
   * are not sniffed.
   */
  public static final Map<String, String> HEADERS = Map.of(
      "Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
      "X-Content-Type-Options", "nosniff", "X-Frame-Options", "DENY", "Cache-Control", "no-store");
}
