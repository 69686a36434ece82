package io.flowgate.tck.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many clients at once (issue 18, target 2). {@code threads} clients, each on a connection of its own, run point
 * queries by key on a reused PreparedStatement for {@code seconds}, against H2's TCP server and the gateway in turns;
 * then as many clients each read a whole {@code scanRows}-row table at the same time, while the gateway's heap is
 * sampled. Both servers run in JVMs of their own with a 256 MiB heap, so the heap measured is the server's alone.
 *
 * <pre>bench/run concurrency [threads] [seconds] [rounds] [scanRows]</pre>
 */
public final class ConcurrencyBenchmark {
  private static final String HEAP = "256m";

  private ConcurrencyBenchmark() {}

  /**
   * Queries per second and the latencies they had, across all clients, and the CPU time a query cost the server's
   * JVM and this one (the clients' drivers).
   */
  private record Load(double perSecond, long p50Micros, long p99Micros, ServerProcess.Cpu server,
      ServerProcess.Cpu clients, long queries) {
    String cpuMicros(ServerProcess.Cpu cpu) {
      return String.format(Locale.ROOT, "%.0f + %.0f", cpu.user().toNanos() / 1000.0 / queries,
          cpu.system().toNanos() / 1000.0 / queries);
    }
  }

  /** A concurrent read of the whole table by every client: rows per second and the server's heap while it ran. */
  private record Scan(double rowsPerSecond, double peakHeapMiB) {}

  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 64;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : Rounds.DEFAULT;
    int scanRows = args.length > 3 ? Integer.parseInt(args[3]) : 100_000;
    Path data = Files.createTempDirectory("flowgate-concurrency");
    try (ServerProcess h2 = ServerProcess.h2(HEAP, data.resolve("h2"));
        ServerProcess gateway = ServerProcess.gateway(HEAP, data.resolve("flowgate"), "--max-connections-per-user",
            Integer.toString(threads + 1))) {
      // lazily, as the gateway's store runs queries: else H2 holds every client's result in its heap
      String h2Url = "jdbc:h2:tcp://127.0.0.1:" + h2.port() + "/bench;LAZY_QUERY_EXECUTION=1";
      String flowgateUrl = "jdbc:flowgate://127.0.0.1:" + gateway.port() + "?user=admin";
      try (Connection connection = Rounds.connect(h2Url)) {
        Benchmark.h2Data(connection, scanRows);
      }
      try (Connection connection = Rounds.connect(flowgateUrl)) {
        Benchmark.flowgateData(connection, scanRows);
      }
      List<Load> h2Loads = new ArrayList<>();
      List<Load> flowgateLoads = new ArrayList<>();
      // Three rounds' time each that is not counted, while the servers' JVMs compile their hot paths: under this
      // load the compiler threads share the cores with the clients, and the gateway's rate rose for 30 s.
      pointQueries(h2, h2Url, threads, 3 * seconds);
      pointQueries(gateway, flowgateUrl, threads, 3 * seconds);
      for (int round = 0; round < rounds; round++) {
        Rounds.settle();
        h2Loads.add(pointQueries(h2, h2Url, threads, seconds));
        Rounds.settle();
        flowgateLoads.add(pointQueries(gateway, flowgateUrl, threads, seconds));
        System.err.printf(Locale.ROOT, "round %d: H2 TCP %.0f q/s, Flowgate %.0f q/s%n", round + 1,
            h2Loads.get(round).perSecond(), flowgateLoads.get(round).perSecond());
      }
      Rounds.settle();
      Scan h2Scan = scans(h2Url, threads, scanRows, h2);
      Rounds.settle();
      Scan flowgateScan = scans(flowgateUrl, threads, scanRows, gateway);
      if (!gateway.alive()) {
        throw new IllegalStateException("the gateway ended during the concurrent scans");
      }
      print(threads, seconds, rounds, scanRows, h2Loads, flowgateLoads, h2Scan, flowgateScan,
          gateway.liveHeapMiB());
    }
  }

  private static Load pointQueries(ServerProcess server, String url, int threads, int seconds) throws Exception {
    ConcurrentLinkedQueue<long[]> latencies = new ConcurrentLinkedQueue<>();
    AtomicLong queries = new AtomicLong();
    ServerProcess.Cpu serverCpu = server.cpu();
    ServerProcess.Cpu clientCpu = ServerProcess.cpuOf(ProcessHandle.current().pid());
    long elapsed = run(url, threads, (client, connection) -> {
      Random random = new Random(client);
      long[] mine = new long[1 << 16];
      int n = 0;
      long deadline = System.nanoTime() + seconds * 1_000_000_000L;
      try (PreparedStatement lookup = connection.prepareStatement(Benchmark.LOOKUP)) {
        for (long now = System.nanoTime(); now < deadline; now = System.nanoTime()) {
          Benchmark.lookUp(lookup, random);
          if (n < mine.length) {
            mine[n++] = System.nanoTime() - now;
          }
          queries.incrementAndGet();
        }
      }
      latencies.add(java.util.Arrays.copyOf(mine, n));
    });
    ServerProcess.Cpu serverUsed = server.cpu().since(serverCpu);
    ServerProcess.Cpu clientsUsed = ServerProcess.cpuOf(ProcessHandle.current().pid()).since(clientCpu);
    long[] all = latencies.stream().flatMapToLong(java.util.Arrays::stream).toArray();
    return new Load(queries.get() / (elapsed / 1e9), Benchmark.percentile(all, 0.50) / 1000,
        Benchmark.percentile(all, 0.99) / 1000, serverUsed, clientsUsed, queries.get());
  }

  private static Scan scans(String url, int threads, int rows, ServerProcess server) throws Exception {
    try (ServerProcess.HeapPeak heap = server.samplePeak(200)) {
      long elapsed = run(url, threads, (client, connection) -> Benchmark.fetch(connection,
          "SELECT id, name, amount, ts FROM big", rows));
      return new Scan((double) threads * rows / (elapsed / 1e9), heap.peakMiB());
    }
  }

  private interface Client {
    void run(int client, Connection connection) throws Exception;
  }

  /**
   * Runs {@code threads} clients at once, each on a connection of its own opened before the start signal; returns
   * the nanoseconds from that signal until the last finished. The first failure of any fails the benchmark.
   */
  private static long run(String url, int threads, Client client) throws Exception {
    List<Connection> connections = new ArrayList<>();
    try {
      for (int i = 0; i < threads; i++) {
        connections.add(Rounds.connect(url));
      }
      CountDownLatch start = new CountDownLatch(1);
      ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
      List<Thread> running = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        int number = i;
        Thread thread = new Thread(() -> {
          try {
            start.await();
            client.run(number, connections.get(number));
          } catch (Throwable e) {
            failures.add(e);
          }
        }, "client-" + i);
        thread.start();
        running.add(thread);
      }
      long started = System.nanoTime();
      start.countDown();
      for (Thread thread : running) {
        thread.join();
      }
      long elapsed = System.nanoTime() - started;
      if (!failures.isEmpty()) {
        IllegalStateException failed = new IllegalStateException(failures.size() + " of " + threads
            + " clients failed");
        failed.initCause(failures.peek());
        throw failed;
      }
      return elapsed;
    } finally {
      for (Connection connection : connections) {
        connection.close();
      }
    }
  }

  private static void print(int threads, int seconds, int rounds, int scanRows, List<Load> h2, List<Load> flowgate,
      Scan h2Scan, Scan flowgateScan, double liveHeap) {
    Load h2Median = median(h2);
    Load flowgateMedian = median(flowgate);
    System.out.printf(Locale.ROOT, "%n%d clients, point queries by key on a reused PreparedStatement, %d s each, %d"
        + " rounds in turns (medians; each server in its own JVM, -Xmx%s):%n", threads, seconds, rounds, HEAP);
    System.out.println("| target | queries/s | p50 µs | p99 µs | queries/s vs H2 TCP | CPU µs a query, user +"
        + " kernel: server | clients | rounds (queries/s) |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    row("H2 TCP server", h2Median, h2Median, h2);
    row("Flowgate (json)", flowgateMedian, h2Median, flowgate);
    System.out.printf(Locale.ROOT, "%n%d clients each reading all %,d rows of a 4-column table at once: H2 TCP %,.0f"
        + " rows/s (heap peak %.0f MiB), Flowgate %,.0f rows/s (%.2fx H2 TCP), no client failed; the gateway's heap"
        + " peaked at %.0f MiB of %s (sampled every 200 ms, garbage included) and holds %.0f MiB after a full"
        + " collection%n", threads, scanRows, h2Scan.rowsPerSecond(), h2Scan.peakHeapMiB(),
        flowgateScan.rowsPerSecond(), flowgateScan.rowsPerSecond() / h2Scan.rowsPerSecond(),
        flowgateScan.peakHeapMiB(), HEAP, liveHeap);
  }

  private static void row(String name, Load load, Load baseline, List<Load> rounds) {
    System.out.printf(Locale.ROOT, "| %s | %,.0f | %d | %d | %.2fx | %s | %s | %s |%n", name, load.perSecond(),
        load.p50Micros(), load.p99Micros(), load.perSecond() / baseline.perSecond(), load.cpuMicros(load.server()),
        load.cpuMicros(load.clients()), String.join(" / ", rounds.stream()
            .map(each -> String.format(Locale.ROOT, "%,.0f", each.perSecond())).toList()));
  }

  private static Load median(List<Load> loads) {
    return loads.stream().sorted(java.util.Comparator.comparingDouble(Load::perSecond)).toList().get(loads.size() / 2);
  }
}
