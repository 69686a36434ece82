package io.flowgate.tck.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server in a JVM of its own, as users run one: the gateway's jar, or H2's TCP server, on a free port with a heap
 * limit. It knows how long it took from launch to listening, and reads its heap through {@code jcmd}, so a benchmark
 * can state memory that is the server's alone.
 */
final class ServerProcess implements AutoCloseable {
  private static final Pattern GATEWAY_LISTENING = Pattern.compile("listening on [^ ]+:(\\d+)");
  private static final Pattern H2_LISTENING = Pattern.compile("TCP server running at tcp://[^ ]+:(\\d+)");
  private static final Pattern HEAP_USED = Pattern.compile("total \\d+K, used (\\d+)K");

  private final Process process;
  private final int port;
  private final double startSeconds;

  private ServerProcess(Process process, int port, double startSeconds) {
    this.process = process;
    this.port = port;
    this.startSeconds = startSeconds;
  }

  /** The gateway's shaded jar on an embedded store in {@code data}, with {@code flags} after the defaults. */
  static ServerProcess gateway(String heap, Path data, String... flags) throws IOException {
    List<String> command = new ArrayList<>(List.of(java(), "-Xmx" + heap, "-jar", built("gateway", "flowgate-gateway.jar")
        .toString(), "--port", "0", "--data", data.toString()));
    command.addAll(List.of(flags));
    return start(command, GATEWAY_LISTENING);
  }

  /** H2's own TCP server on databases in {@code data}. */
  static ServerProcess h2(String heap, Path data) throws IOException {
    String h2Jar;
    try {
      h2Jar = Path.of(org.h2.tools.Server.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return start(List.of(java(), "-Xmx" + heap, "-cp", h2Jar, "org.h2.tools.Server", "-tcp", "-tcpPort", "0",
        "-ifNotExists", "-baseDir", data.toString()), H2_LISTENING);
  }

  /** A jar the build made: {@code bench/run} runs from the project's folder, a test from the tck's. */
  static Path built(String module, String jar) {
    for (Path root : List.of(Path.of("."), Path.of(".."))) {
      Path path = root.resolve(module).resolve("target").resolve(jar);
      if (Files.exists(path)) {
        return path.toAbsolutePath().normalize();
      }
    }
    throw new IllegalStateException(module + "/target/" + jar + " is missing: build it first (bench/run does)");
  }

  private static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  private static ServerProcess start(List<String> command, Pattern listening) throws IOException {
    long launched = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = output.readLine()) != null) {
      Matcher matcher = listening.matcher(line);
      if (matcher.find()) {
        double seconds = (System.nanoTime() - launched) / 1e9;
        drain(output);
        return new ServerProcess(process, Integer.parseInt(matcher.group(1)), seconds);
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("the server ended before it listened: " + command);
  }

  /** Keeps reading what the server prints, so that it never blocks on a full pipe. */
  private static void drain(BufferedReader output) {
    Thread reader = new Thread(() -> {
      try {
        while (output.readLine() != null) {
          // a server's log is not part of the measure
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "server-output");
    reader.setDaemon(true);
    reader.start();
  }

  int port() {
    return port;
  }

  /** From launching the JVM to the server's line that it listens. */
  double startSeconds() {
    return startSeconds;
  }

  /** The heap in use now, garbage included, in MiB. */
  double heapUsedMiB() {
    Matcher matcher = HEAP_USED.matcher(jcmd("GC.heap_info"));
    if (!matcher.find()) {
      throw new IllegalStateException("jcmd did not tell the heap");
    }
    return Long.parseLong(matcher.group(1)) / 1024.0;
  }

  /** The heap in use after a full collection, in MiB: what the server holds. */
  double liveHeapMiB() {
    jcmd("GC.run");
    return heapUsedMiB();
  }

  /** Samples the heap in use (garbage included) every {@code millis} until closed, keeping the largest. */
  HeapPeak samplePeak(long millis) {
    return new HeapPeak(this, millis);
  }

  static final class HeapPeak implements AutoCloseable {
    private volatile boolean sampling = true;
    private volatile double peakMiB;
    private final Thread sampler;

    private HeapPeak(ServerProcess server, long millis) {
      sampler = new Thread(() -> {
        while (sampling) {
          peakMiB = Math.max(peakMiB, server.heapUsedMiB());
          try {
            Thread.sleep(millis);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "heap-sampler");
      sampler.setDaemon(true);
      sampler.start();
    }

    double peakMiB() {
      return peakMiB;
    }

    @Override
    public void close() throws InterruptedException {
      sampling = false;
      sampler.join();
    }
  }

  private String jcmd(String command) {
    Path jcmd = Path.of(java()).resolveSibling("jcmd");
    try {
      Process run = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), command)
          .redirectErrorStream(true).start();
      String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      run.waitFor(30, TimeUnit.SECONDS);
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The CPU time the server's JVM has used so far, all its threads: in its own code and in the kernel's. */
  record Cpu(java.time.Duration user, java.time.Duration system) {
    Cpu since(Cpu earlier) {
      return new Cpu(user.minus(earlier.user), system.minus(earlier.system));
    }
  }

  Cpu cpu() {
    return cpuOf(process.pid());
  }

  /** Read from Linux's {@code /proc/<pid>/stat} (utime and stime, in clock ticks of 1/100 s). */
  static Cpu cpuOf(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return new Cpu(java.time.Duration.ofMillis(Long.parseLong(fields[11]) * 10),
          java.time.Duration.ofMillis(Long.parseLong(fields[12]) * 10));
    } catch (IOException e) {
      throw new UncheckedIOException("this benchmark reads CPU times from /proc (Linux)", e);
    }
  }

  boolean alive() {
    return process.isAlive();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
