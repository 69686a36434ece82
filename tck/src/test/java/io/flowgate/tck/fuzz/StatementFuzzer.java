package io.flowgate.tck.fuzz;

import io.flowgate.gateway.GatewayConfig;
import io.flowgate.gateway.GatewayServer;
import io.flowgate.tck.harness.ScenarioFile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Sends a gateway a seeded stream of statements: the scenario files' statements mutated at token level (run as the
 * user the file runs them as) and queries written from a small grammar, and checks every answer. An answer is a
 * result or an SQLException whose message is {@code [CLASS] text SQLSTATE: xxxxx} with that state; it is never
 * INTERNAL_ERROR, never names a Java class or quotes H2's text, and the gateway answers a plain query afterwards.
 * {@code bench/run fuzz [count] [seed]} runs a long round against an in-memory gateway.
 */
public final class StatementFuzzer {
  /**
   * The gateway's statement timeout for a fuzz round: mutated literals make valid statements of hours
   * ({@code count(*) FROM range(2147483648)}), which the gateway must cancel by itself.
   */
  public static final java.time.Duration STATEMENT_TIMEOUT = java.time.Duration.ofSeconds(10);
  /** How long one statement may go unanswered before the run counts the gateway as hung. */
  private static final long ANSWER_SECONDS = 120;
  private static final int ROWS_READ = 200;

  /** A defect: the statement, who ran it, and what came back. */
  public record Defect(String user, String sql, String answer) {}

  /** What a run saw: statements sent, answers by kind (ok or error class) and the defects. */
  public record Report(int statements, Map<String, Integer> answers, List<Defect> defects) {
    public String summary() {
      StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%,d statements, %d defects%n", statements,
          defects.size()));
      answers.forEach((kind, count) -> text.append(String.format(Locale.ROOT, "  %-45s %,d%n", kind, count)));
      defects.stream().limit(40).forEach(defect -> text.append("DEFECT as ").append(defect.user()).append(": ")
          .append(cut(defect.sql())).append("\n    -> ").append(cut(defect.answer())).append('\n'));
      return text.toString();
    }
  }

  private final String url;
  private final Random random;
  private final Map<String, Connection> connections = new HashMap<>();
  private final Map<String, Integer> answers = new TreeMap<>();
  private final List<Defect> defects = new ArrayList<>();
  private final ExecutorService runner = Executors.newSingleThreadExecutor(task -> {
    Thread thread = new Thread(task, "fuzz-statement");
    thread.setDaemon(true);
    return thread;
  });
  private int sent;

  public StatementFuzzer(String url, long seed) {
    this.url = url;
    this.random = new Random(seed);
  }

  /** Runs the corpus once, then {@code count} fuzzed statements, then checks the gateway still answers. */
  public Report run(int count) throws Exception {
    try {
      List<ScenarioFile.Step> corpus = corpus();
      for (String setup : QueryGenerator.SETUP) {
        send("admin", setup);
      }
      for (ScenarioFile.Step step : corpus) {
        send(step.user(), step.sql());
      }
      Mutator mutator = new Mutator(random, vocabulary(corpus));
      QueryGenerator queries = new QueryGenerator(random, functionNames());
      for (int n = 0; n < count; n++) {
        if (n % 500 == 0) {
          for (String setup : QueryGenerator.SETUP) {
            send("admin", setup);
          }
        }
        int kind = random.nextInt(20);
        if (kind < 9) {
          ScenarioFile.Step step = corpus.get(random.nextInt(corpus.size()));
          send(step.user(), mutator.mutate(step.sql()));
        } else if (kind < 18) {
          send("admin", queries.query());
        } else {
          send("admin", mutator.mutate(queries.query()));
        }
      }
      checkStillServes();
      return new Report(sent, answers, defects);
    } finally {
      runner.shutdownNow();
      for (Connection connection : connections.values()) {
        try {
          connection.close();
        } catch (SQLException ignored) {
          // closing a broken connection
        }
      }
    }
  }

  private void checkStillServes() throws SQLException {
    try (Connection fresh = DriverManager.getConnection(url + "?user=admin");
        Statement statement = fresh.createStatement(); ResultSet rows = statement.executeQuery("SELECT 41 + 1")) {
      if (!rows.next() || rows.getInt(1) != 42) {
        defects.add(new Defect("admin", "SELECT 41 + 1", "a wrong answer after the run"));
      }
    }
  }

  private void send(String user, String sql) throws Exception {
    sent++;
    Future<String> answer = runner.submit(() -> answer(user, sql));
    String kind;
    try {
      kind = answer.get(ANSWER_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      defects.add(new Defect(user, sql, "no answer within " + ANSWER_SECONDS + " s"));
      throw new IllegalStateException("the gateway did not answer: " + cut(sql), e);
    }
    answers.merge(kind, 1, Integer::sum);
  }

  /** Runs one statement and returns the kind of answer, recording a defect when the answer is not acceptable. */
  private String answer(String user, String sql) {
    try {
      Connection connection = connection(user);
      try (Statement statement = connection.createStatement()) {
        if (statement.execute(sql)) {
          try (ResultSet rows = statement.getResultSet()) {
            int columns = rows.getMetaData().getColumnCount();
            for (int row = 0; row < ROWS_READ && rows.next(); row++) {
              for (int column = 1; column <= columns; column++) {
                rows.getObject(column);
              }
            }
          }
        }
      } finally {
        if (sql.toUpperCase(java.util.Locale.ROOT).contains("BEGIN")) {
          // Statements are fuzzed one at a time: a BEGIN TRANSACTION left open would hold the store's write turn
          // and stall the other users' writes until it idled out.
          closeTransaction(connection);
        }
      }
      return "ok";
    } catch (SQLException e) {
      String problem = ErrorAnswers.problem(e, sql);
      if (problem != null) {
        defects.add(new Defect(user, sql, problem + ": " + e.getMessage()));
      }
      if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
        forget(user);
      }
      return ErrorAnswers.errorClass(e).orElse("unclassified");
    } catch (RuntimeException e) {
      defects.add(new Defect(user, sql, "not an SQLException: " + e));
      forget(user);
      return "runtime exception";
    }
  }

  private static void closeTransaction(Connection connection) {
    try (Statement rollback = connection.createStatement()) {
      rollback.execute("ROLLBACK");
    } catch (SQLException | RuntimeException ignored) {
      // a broken connection shows in the statement's own answer
    }
  }

  private Connection connection(String user) throws SQLException {
    Connection open = connections.get(user);
    if (open == null) {
      open = DriverManager.getConnection(url + "?user=" + user);
      connections.put(user, open);
    }
    return open;
  }

  private void forget(String user) {
    Connection broken = connections.remove(user);
    if (broken != null) {
      try {
        broken.close();
      } catch (SQLException | RuntimeException ignored) {
        // it is already broken
      }
    }
  }

  private List<String> functionNames() throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement statement = connection("admin").createStatement();
        ResultSet rows = statement.executeQuery("SHOW FUNCTIONS")) {
      while (rows.next()) {
        String name = rows.getString(1);
        names.add(name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name);
      }
    }
    return names;
  }

  private static List<ScenarioFile.Step> corpus() throws IOException, URISyntaxException {
    Path root = Path.of(StatementFuzzer.class.getResource("/scenarios").toURI());
    List<ScenarioFile.Step> steps = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".sql")).sorted().toList()) {
        steps.addAll(ScenarioFile.read(file));
      }
    }
    return steps;
  }

  private static List<String> vocabulary(List<ScenarioFile.Step> corpus) {
    Set<String> words = new LinkedHashSet<>();
    for (ScenarioFile.Step step : corpus) {
      for (String token : SqlTokens.of(step.sql())) {
        if (Character.isLetter(token.charAt(0)) || token.charAt(0) == '_') {
          words.add(token);
        }
      }
    }
    return List.copyOf(words);
  }

  private static String cut(String text) {
    String line = text.replace('\n', ' ');
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }

  /** {@code [count] [seed]}: a long round against a fresh in-memory gateway. */
  public static void main(String[] args) throws Exception {
    int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
    GatewayConfig config = GatewayConfig.defaults().withPort(0).withData(Optional.empty());
    try (GatewayServer gateway = GatewayServer.start(config.withLimits(config.limits()
        .withStatementTimeout(STATEMENT_TIMEOUT)))) {
      long started = System.nanoTime();
      Report report = new StatementFuzzer("jdbc:flowgate://127.0.0.1:" + gateway.port(), seed).run(count);
      System.out.print(report.summary());
      System.out.printf(Locale.ROOT, "seed %d, %.0f s%n", seed, (System.nanoTime() - started) / 1e9);
      System.exit(report.defects().isEmpty() ? 0 : 1);
    }
  }
}
