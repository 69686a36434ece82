package io.flowgate.tck.bench;

import io.flowgate.tck.harness.GatewayProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server in a JVM of its own, as users run one: the gateway's jar ({@link GatewayProcess}), or H2's TCP server,
 * on a free port with a heap limit. It knows how long it took from launch to listening, and reads its heap through
 * {@code jcmd} and its CPU time from {@code /proc}, so a benchmark can state what is the server's alone.
 */
final class ServerProcess implements AutoCloseable {
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

  /** The gateway's jar on an embedded store in {@code data}, with {@code flags} after the defaults. */
  static ServerProcess gateway(String heap, Path data, String... flags) throws IOException {
    GatewayProcess gateway = GatewayProcess.start(data, List.of("-Xmx" + heap), flags);
    return new ServerProcess(gateway.process(), gateway.port(), gateway.startSeconds());
  }

  /** H2's own TCP server on databases in {@code data}. */
  static ServerProcess h2(String heap, Path data) throws IOException {
    String h2Jar;
    try {
      h2Jar = Path.of(org.h2.tools.Server.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<String> command = List.of(java(), "-Xmx" + heap, "-cp", h2Jar, "org.h2.tools.Server", "-tcp", "-tcpPort",
        "0", "-ifNotExists", "-baseDir", data.toString());
    long launched = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = output.readLine()) != null) {
      Matcher matcher = H2_LISTENING.matcher(line);
      if (matcher.find()) {
        double seconds = (System.nanoTime() - launched) / 1e9;
        drain(output);
        return new ServerProcess(process, Integer.parseInt(matcher.group(1)), seconds);
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("H2's server ended before it listened: " + command);
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
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
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
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
