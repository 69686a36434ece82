package io.flowgate.tck.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The runnable gateway jar as the quick start starts it, in a process of its own, so that tests can stop it with
 * SIGTERM or kill it with SIGKILL. What it prints goes to a file, kept for assertions and failure messages: a pipe
 * read by a thread of ours loses its last lines when the process exits (the JDK closes the pipe under the reader).
 */
public final class GatewayProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("flowgate listening on ([^:]+):(\\d+)");

  private final Process process;
  private final int port;
  private final Path output;
  private final double startSeconds;

  private GatewayProcess(Process process, int port, Path output, double startSeconds) {
    this.process = process;
    this.port = port;
    this.output = output;
    this.startSeconds = startSeconds;
  }

  /** Starts {@code java -jar flowgate-gateway.jar --port 0 --data DATA} with more {@code flags}. */
  public static GatewayProcess start(Path data, String... flags) throws IOException {
    return start(data, List.of(), flags);
  }

  /** The same, with options for the gateway's JVM (placed before {@code -jar}). */
  public static GatewayProcess start(Path data, List<String> jvmOptions, String... flags) throws IOException {
    Path jar = built("gateway", "flowgate-gateway.jar");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx256m"));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString(), "--port", "0", "--data", data.toString()));
    command.addAll(List.of(flags));
    Path output = Files.createTempFile("flowgate-gateway", ".out");
    output.toFile().deleteOnExit();
    long launched = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(output.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    int port = -1;
    try {
      while (System.nanoTime() < deadline) {
        Matcher matcher = LISTENING.matcher(Files.readString(output, StandardCharsets.UTF_8));
        if (matcher.find()) {
          port = Integer.parseInt(matcher.group(2));
          break;
        }
        if (!process.isAlive()) {
          break;
        }
        // Not yet: the process writes the file, and a file gives no event to wait for (its start-up is short).
        Thread.sleep(10);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (port < 0) {
      process.destroyForcibly();
      throw new IllegalStateException("the gateway did not start: " + Files.readString(output));
    }
    return new GatewayProcess(process, port, output, (System.nanoTime() - launched) / 1e9);
  }

  /** A jar the build made: tests run in the tck's folder, {@code bench/run} in the project's. */
  public static Path built(String module, String jar) {
    for (Path root : List.of(Path.of(".."), Path.of("."))) {
      Path path = root.resolve(module).resolve("target").resolve(jar).toAbsolutePath().normalize();
      if (Files.exists(path)) {
        return path;
      }
    }
    throw new IllegalStateException("no " + module + "/target/" + jar + "; run mvn package first");
  }

  /** From launching the JVM to its line that it listens (to within the 10 ms the start-up is polled at). */
  public double startSeconds() {
    return startSeconds;
  }

  public int port() {
    return port;
  }

  public String url() {
    return "jdbc:flowgate://127.0.0.1:" + port;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  public Process process() {
    return process;
  }

  /** What the gateway printed so far, a line each. */
  public List<String> output() {
    try {
      return Files.readAllLines(output, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** SIGKILL: the process gets no chance to flush or close anything. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the gateway did not die");
    }
  }

  /** SIGTERM and a wait for a clean exit; returns the exit code. */
  public int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the gateway did not stop on SIGTERM");
    }
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  /** Removes a data folder and everything in it. */
  public static void delete(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }
}
