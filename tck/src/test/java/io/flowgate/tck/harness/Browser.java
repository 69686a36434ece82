package io.flowgate.tck.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A headless Chromium driven over the Chrome DevTools protocol (the JDK's WebSocket client; no driver binary): one
 * page, navigated, read and clicked by script, and photographed. Debian's {@code chromium} package provides the
 * browser ({@code .ci/run} installs it when missing); {@code FLOWGATE_CHROMIUM} names another.
 */
public final class Browser implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
  private static final long TIMEOUT_SECONDS = 60;

  private final Process process;
  private final Path profile;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
  private WebSocket socket;
  /** The DevTools session of the one page, once attached. */
  private String session;

  private Browser(Process process, Path profile) {
    this.process = process;
    this.profile = profile;
  }

  /** The browser to run, or empty when this machine has none. */
  public static Optional<Path> executable() {
    String named = System.getenv("FLOWGATE_CHROMIUM");
    List<String> candidates = named != null ? List.of(named)
        : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");
    return candidates.stream().map(Path::of).filter(Files::isExecutable).findFirst();
  }

  public static Browser start() throws Exception {
    Path executable = executable().orElseThrow(() -> new IllegalStateException("no Chromium on this machine:"
        + " install Debian's chromium package (apt-get install chromium; .ci/run does) or set FLOWGATE_CHROMIUM"));
    Path profile = Files.createTempDirectory("flowgate-chromium");
    Process process = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--remote-debugging-port=0", "--user-data-dir=" + profile, "--window-size=1280,900",
        "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    BufferedReader errors = new BufferedReader(new InputStreamReader(process.getErrorStream(),
        StandardCharsets.UTF_8));
    String endpoint = null;
    for (String line = errors.readLine(); line != null; line = errors.readLine()) {
      Matcher matcher = LISTENING.matcher(line);
      if (matcher.find()) {
        endpoint = matcher.group(1);
        break;
      }
    }
    if (endpoint == null) {
      process.destroyForcibly();
      throw new IllegalStateException("Chromium did not open its DevTools endpoint");
    }
    // Keep reading what it prints, so it never blocks on a full pipe.
    Thread drain = new Thread(() -> errors.lines().forEach(line -> { }), "chromium-stderr");
    drain.setDaemon(true);
    drain.start();
    Browser browser = new Browser(process, profile);
    browser.socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(URI.create(endpoint),
        browser.new Listener()).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    String target = browser.send(null, "Target.createTarget", Map.of("url", "about:blank")).get("targetId")
        .asText();
    browser.session = browser.send(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
        .get("sessionId").asText();
    browser.send("Page.enable", Map.of());
    browser.send("Network.enable", Map.of());
    return browser;
  }

  /** Collects a message's frames and hands the whole to the command waiting for it. */
  private final class Listener implements WebSocket.Listener {
    private final StringBuilder message = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
      message.append(data);
      if (last) {
        String text = message.toString();
        message.setLength(0);
        try {
          JsonNode reply = JSON.readTree(text);
          if (reply.has("id")) {
            CompletableFuture<JsonNode> answer = waiting.remove(reply.get("id").asInt());
            if (answer != null) {
              answer.complete(reply);
            }
          }
        } catch (IOException e) {
          // not ours to read
        }
      }
      socket.request(1);
      return null;
    }
  }

  private JsonNode send(String method, Map<String, ?> parameters) throws Exception {
    return send(session, method, parameters);
  }

  private JsonNode send(String sessionId, String method, Map<String, ?> parameters) throws Exception {
    return send(sessionId, method, parameters, TIMEOUT_SECONDS);
  }

  private JsonNode send(String sessionId, String method, Map<String, ?> parameters, long seconds)
      throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
    command.set("params", JSON.valueToTree(parameters));
    if (sessionId != null) {
      command.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    waiting.put(id, answer);
    socket.sendText(JSON.writeValueAsString(command), true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    JsonNode reply = answer.get(seconds, TimeUnit.SECONDS);
    if (reply.has("error")) {
      throw new IllegalStateException(method + " failed: " + reply.get("error"));
    }
    return reply.get("result");
  }

  /** Every request the page makes from now on carries these headers (HTTP Basic credentials, say). */
  public void headers(Map<String, String> headers) throws Exception {
    send("Network.setExtraHTTPHeaders", Map.of("headers", headers));
  }

  public void open(String url) throws Exception {
    send("Page.navigate", Map.of("url", url));
  }

  /** The value of a script expression in the page (a promise is awaited). */
  public JsonNode evaluate(String expression) throws Exception {
    return evaluate(expression, TIMEOUT_SECONDS);
  }

  private JsonNode evaluate(String expression, long seconds) throws Exception {
    JsonNode result = send(session, "Runtime.evaluate", Map.of("expression", expression, "awaitPromise", true,
        "returnByValue", true), seconds);
    if (result.has("exceptionDetails")) {
      throw new IllegalStateException("the script failed: " + result.get("exceptionDetails"));
    }
    return result.get("result").get("value");
  }

  /**
   * Waits, inside the page, until {@code condition} (a script expression) is true, and fails after {@code seconds}:
   * the page checks it again on each of its own turns, so nothing here sleeps.
   */
  public void waitUntil(String condition, int seconds) throws Exception {
    JsonNode met = evaluate("new Promise(resolve => { const until = Date.now() + " + seconds * 1000 + ";"
        + " const check = () => { let ok = false; try { ok = !!(" + condition + "); } catch (e) { }"
        + " if (ok) { resolve(true); } else if (Date.now() > until) { resolve(false); }"
        + " else { setTimeout(check, 20); } }; check(); })", seconds + TIMEOUT_SECONDS);
    if (met == null || !met.asBoolean()) {
      throw new AssertionError("the page did not come to " + condition + " within " + seconds + " s; it shows: "
          + evaluate("document.body.innerText"));
    }
  }

  /** A PNG of what the page shows, written to {@code file}. */
  public void screenshot(Path file) throws Exception {
    String data = send("Page.captureScreenshot", Map.of("format", "png")).get("data").asText();
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, Base64.getDecoder().decode(data));
  }

  @Override
  public void close() throws Exception {
    try {
      send(null, "Browser.close", Map.of());
    } catch (Exception alreadyGone) {
      // it is stopped below either way
    }
    // Chromium's helper processes write to the profile too, and may outlive the main one for a moment.
    List<ProcessHandle> helpers = process.descendants().toList();
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    for (ProcessHandle helper : helpers) {
      helper.destroy();
      try {
        helper.onExit().get(30, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException stubborn) {
        helper.destroyForcibly();
      }
    }
    deleteProfile();
  }

  /** Removes the profile folder; a file that is already gone is no failure. */
  private void deleteProfile() throws IOException {
    Files.walkFileTree(profile, new java.nio.file.SimpleFileVisitor<>() {
      @Override
      public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs)
          throws IOException {
        Files.deleteIfExists(file);
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      @Override
      public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) {
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      @Override
      public java.nio.file.FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
        try {
          Files.deleteIfExists(directory);
        } catch (java.nio.file.DirectoryNotEmptyException late) {
          // a helper wrote into it after its files were removed; the temporary folder is left to the system
        }
        return java.nio.file.FileVisitResult.CONTINUE;
      }
    });
  }
}
