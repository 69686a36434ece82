package io.flowgate.gateway;

import io.flowgate.engine.Engine;
import io.flowgate.engine.EngineConfig;
import io.flowgate.engine.PipelineUpdate;
import io.flowgate.engine.error.EngineException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar flowgate-gateway.jar [flags]} serves; {@code java -jar flowgate-gateway.jar run PIPELINE_DIR
 * [flags]} runs a pipeline project once on the store and exits (1 if the update failed). Bad usage, a busy port, a
 * store another process holds or an unreadable certificate end the process with one line and exit code 2.
 * {@link Usage} lists the flags.
 */
public final class Main {
  static final String ADMIN_PASSWORD_VARIABLE = "FLOWGATE_ADMIN_PASSWORD";
  private static final java.util.Set<String> LOG_LEVELS = java.util.Set.of("error", "warn", "info", "debug",
      "trace");

  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      System.out.print(Usage.text());
      System.exit(0);
    }
    if (Arrays.asList(args).contains("--version")) {
      System.out.println("flowgate " + Usage.version());
      System.exit(0);
    }
    try {
      configureLogging(args);
    } catch (IllegalArgumentException e) {
      System.exit(usageError(e.getMessage()));
    }
    if (args.length > 0 && args[0].equals("run")) {
      System.exit(runPipeline(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
    }
    GatewayConfig config;
    GatewayServer server;
    try {
      config = parse(args);
    } catch (IllegalArgumentException e) {
      System.exit(usageError(e.getMessage()));
      return;
    }
    try {
      server = GatewayServer.start(config);
    } catch (IllegalArgumentException | EngineException | java.io.UncheckedIOException e) {
      System.err.println("flowgate: " + e.getMessage());
      System.exit(2);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "flowgate-shutdown"));
    System.out.println("flowgate " + Usage.version());
    System.out.println("data: " + config.data().map(dir -> dir.toAbsolutePath().normalize().toString())
        .orElse("in memory (gone when the gateway stops)"));
    System.out.println("auth: " + config.authentication().name().toLowerCase(Locale.ROOT) + ", tls: "
        + config.tls().map(tls -> "on (" + tls.certificate() + ")").orElse("off"));
    System.out.println("flowgate listening on " + server.host() + ":" + server.port()
        + (config.tls().isPresent() ? " (https)" : " (http)"));
    System.out.flush();
    stopped.await();
  }

  private static int usageError(String message) {
    System.err.println("flowgate: " + message + " (see --help)");
    return 2;
  }

  /**
   * {@code --log-level}, before any logger exists (slf4j-simple reads its settings once). Log lines carry their time
   * and go to stderr; the start-up lines and a run's progress go to stdout.
   */
  private static void configureLogging(String[] args) {
    String level = "info";
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--log-level")) {
        level = value(args, ++i, "--log-level").toLowerCase(Locale.ROOT);
        if (!LOG_LEVELS.contains(level)) {
          throw new IllegalArgumentException("--log-level takes error, warn, info, debug or trace, not "
              + args[i]);
        }
      }
    }
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level);
    // the store's connection pool says only what goes wrong, unless asked for more
    System.setProperty("org.slf4j.simpleLogger.log.com.zaxxer.hikari", level.equals("info") ? "warn" : level);
    System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
    System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
  }

  /** {@code args} without {@code --log-level LEVEL}, which {@link #configureLogging} has taken. */
  private static String[] withoutLogLevel(String[] args) {
    java.util.List<String> kept = new java.util.ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--log-level")) {
        i++;
      } else {
        kept.add(args[i]);
      }
    }
    return kept.toArray(new String[0]);
  }

  /** The {@code run} command; returns the process exit code. */
  public static int runPipeline(String[] given, PrintStream out, PrintStream err) {
    try {
      return runPipelineChecked(withoutLogLevel(given), out, err);
    } catch (IllegalArgumentException e) {
      err.println("flowgate: " + e.getMessage() + " (see --help)");
      return 2;
    }
  }

  private static int runPipelineChecked(String[] args, PrintStream out, PrintStream err) {
    Path folder = null;
    Path data = Path.of("flowgate-data");
    boolean full = false;
    java.util.List<Path> ingestRoots = new java.util.ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(value(args, ++i, "--data"));
        case "--ingest-root" -> ingestRoots.add(Path.of(value(args, ++i, "--ingest-root")));
        case "--full-refresh" -> full = true;
        default -> {
          if (folder != null || args[i].startsWith("--")) {
            err.println("flowgate: " + (args[i].startsWith("--") ? "unknown flag " + args[i]
                : "one pipeline folder at a time") + " (see --help)");
            return 2;
          }
          folder = Path.of(args[i]);
        }
      }
    }
    if (folder == null || !Files.isDirectory(folder)) {
      err.println("flowgate: a pipeline folder is needed (a folder of .sql files)");
      return 2;
    }
    try {
      Files.createDirectories(data);
    } catch (java.io.IOException e) {
      err.println("flowgate: cannot create " + data + ": " + e.getMessage());
      return 2;
    }
    EngineConfig config = EngineConfig.inDirectory(data);
    if (!ingestRoots.isEmpty()) {
      config = config.withIngestRoots(ingestRoots);
    }
    Engine opened;
    try {
      opened = Engine.open(config);
    } catch (EngineException | java.io.UncheckedIOException e) {
      err.println("flowgate: " + e.getMessage());
      return 2;
    }
    try (Engine engine = opened) {
      long started = System.nanoTime();
      PipelineUpdate summary;
      // a status line of the running flows only where it can be redrawn in place: a terminal
      try (RunProgress progress = RunProgress.of(out, out == System.out && System.console() != null,
          engine::runningFlows)) {
        summary = engine.runPipeline(folder, full, progress::line);
      }
      String totals = String.format(Locale.ROOT, "%d flows, %d rows read, %d written, %d dropped in %.1f s",
          summary.flows(), summary.rowsRead(), summary.rowsWritten(), summary.rowsDropped(),
          (System.nanoTime() - started) / 1e9);
      if (summary.failure().isPresent()) {
        out.println("update FAILED: " + totals);
        err.println("update FAILED: " + summary.failure().get().getMessage());
        return 1;
      }
      out.println("update COMPLETED: " + totals);
      return 0;
    } catch (EngineException e) {
      err.println("update FAILED: " + e.getMessage());
      return 1;
    }
  }

  static GatewayConfig parse(String[] args) {
    return parse(args, System.getenv());
  }

  /**
   * The gateway's flags; the administrator's first password comes from {@code --admin-password-file} or the
   * environment variable {@code FLOWGATE_ADMIN_PASSWORD} (never from a flag, which other users could see in the
   * process list).
   */
  static GatewayConfig parse(String[] given, Map<String, String> environment) {
    String[] args = withoutLogLevel(given);
    GatewayConfig config = GatewayConfig.defaults();
    Optional<Path> tlsCertificate = Optional.empty();
    Optional<Path> tlsKey = Optional.empty();
    if (environment.get(ADMIN_PASSWORD_VARIABLE) != null && !environment.get(ADMIN_PASSWORD_VARIABLE).isEmpty()) {
      config = config.withAdminPassword(environment.get(ADMIN_PASSWORD_VARIABLE));
    }
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      switch (flag) {
        case "--port" -> config = config.withPort(port(value(args, ++i, flag)));
        case "--bind" -> config = config.withBind(value(args, ++i, flag));
        case "--data" -> config = config.withData(Optional.of(Path.of(value(args, ++i, flag))));
        case "--memory" -> config = config.withData(Optional.empty());
        case "--request-timeout-seconds" -> config = config.withLimits(config.limits().withConnectionTimeouts(
            seconds(args, ++i, flag), config.limits().idleTimeout()));
        case "--idle-timeout-seconds" -> config = config.withLimits(config.limits().withConnectionTimeouts(
            config.limits().requestTimeout(), seconds(args, ++i, flag)));
        case "--result-idle-seconds" -> config = config.withLimits(config.limits().withResultIdleTimeout(
            seconds(args, ++i, flag)));
        case "--max-request-bytes" -> {
          int bytes = positive(args, ++i, flag);
          config = config.withLimits(config.limits().withMaxRequestBytes(bytes,
              Math.max(bytes, config.limits().maxBufferedRequestBytes())));
        }
        case "--statement-timeout-seconds" -> config = config.withLimits(config.limits().withStatementTimeout(
            seconds(args, ++i, flag)));
        case "--schedule-floor-seconds" -> config = config.withScheduleFloor(seconds(args, ++i, flag));
        case "--transaction-idle-timeout-seconds" -> config = config.withLimits(
            config.limits().withTransactionIdleTimeout(seconds(args, ++i, flag)));
        case "--max-connections-per-user" -> config = config.withLimits(config.limits().withSessions(
            positive(args, ++i, flag), config.limits().statementsPerConnection()));
        case "--max-statements-per-connection" -> config = config.withLimits(config.limits().withSessions(
            config.limits().connectionsPerUser(), positive(args, ++i, flag)));
        case "--ingest-root" -> config = config.withIngestRoot(Path.of(value(args, ++i, flag)));
        case "--auth" -> config = config.withAuthentication(switch (value(args, ++i, flag)) {
          case "trust" -> GatewayConfig.Authentication.TRUST;
          case "password" -> GatewayConfig.Authentication.PASSWORD;
          default -> throw new IllegalArgumentException("--auth takes trust or password");
        });
        case "--tls-cert" -> tlsCertificate = Optional.of(Path.of(value(args, ++i, flag)));
        case "--tls-key" -> tlsKey = Optional.of(Path.of(value(args, ++i, flag)));
        case "--admin-password-file" -> config = config.withAdminPassword(readPassword(Path.of(value(args, ++i,
            flag))));
        default -> throw new IllegalArgumentException("unknown flag " + flag);
      }
    }
    if (tlsCertificate.isPresent() != tlsKey.isPresent()) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together");
    }
    if (tlsCertificate.isPresent()) {
      config = config.withTls(tlsCertificate.get(), tlsKey.get());
    }
    return config;
  }

  private static int port(String text) {
    try {
      int port = Integer.parseInt(text);
      if (port >= 0 && port <= 65_535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--port takes a port number from 0 to 65535, not " + text);
  }

  private static String readPassword(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("cannot read the password file " + file, e);
    }
  }

  private static java.time.Duration seconds(String[] args, int index, String flag) {
    return java.time.Duration.ofSeconds(positive(args, index, flag));
  }

  private static int positive(String[] args, int index, String flag) {
    String text = value(args, index, flag);
    try {
      int number = Integer.parseInt(text);
      if (number > 0) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(flag + " takes a positive whole number, not " + text);
  }

  private static String value(String[] args, int index, String flag) {
    if (index >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[index];
  }
}
