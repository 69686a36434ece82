package io.flowgate.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.AccessTokenInfo;
import io.flowgate.catalog.model.PrincipalInfo;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.exec.RunningUpdates;
import io.flowgate.engine.pipeline.FlowRunner;
import io.flowgate.engine.pipeline.PipelineProject;
import io.flowgate.engine.plan.PlannedQuery;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.security.Passwords;
import io.flowgate.engine.security.Privileges;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.parser.SqlParser.ParsedStatement;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.RunningStatement;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL engine: parses the dialect, resolves names against the catalog, and runs what it planned on H2. One per
 * process; thread-safe. Sessions are cheap and single-threaded. Every failure a client should see is an
 * {@link EngineException} with an error class and SQLSTATE.
 */
public final class Engine implements AutoCloseable {
  public static final String ADMIN = Privileges.ADMINISTRATOR;
  /** The vendor's least time between two scheduled refreshes of one table; see {@link #startSchedules}. */
  public static final java.time.Duration DEFAULT_SCHEDULE_FLOOR =
      io.flowgate.engine.exec.RefreshSchedule.DEFAULT_FLOOR;
  private static final Logger log = LoggerFactory.getLogger(Engine.class);
  /** The floor the schedules run with, so DESCRIBE EXTENDED's next refresh is the one they will make. */
  private volatile java.time.Duration scheduleFloor = DEFAULT_SCHEDULE_FLOOR;
  private static final long CACHED_CHARACTERS = 2_000_000;

  private final H2Storage storage;
  private final CatalogService catalog;
  private final AccessControl access;
  /** Looks for scheduled refreshes that are due and runs them, when {@link #startSchedules} was called. */
  private final java.util.concurrent.ScheduledExecutorService schedules =
      Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "flowgate-scheduled-refresh");
        thread.setDaemon(true);
        return thread;
      });
  /** Runs updates started with REFRESH ... ASYNC; one at a time, in the order they were asked for. */
  private final ExecutorService background = Executors.newSingleThreadExecutor(runnable -> {
    Thread thread = new Thread(runnable, "flowgate-async-refresh");
    thread.setDaemon(true);
    return thread;
  });
  /**
   * Parsed statements and query plans, bounded by the size of their text (a statement's tree and plan grow with
   * it), so a few huge statements cannot pin the heap: about 2 million characters each, whatever the count.
   */
  private final Cache<String, ParsedStatement> parsed = Caffeine.newBuilder().maximumWeight(CACHED_CHARACTERS)
      .<String, ParsedStatement>weigher((sql, statement) -> sql.length() + 1).build();
  private final Cache<PlanKey, Planned> plans = Caffeine.newBuilder().maximumWeight(CACHED_CHARACTERS)
      .<PlanKey, Planned>weigher((key, plan) -> key.sql().length() + plan.query().statement().sql().length() + 1)
      .build();
  /** Credentials that passed {@link #authenticate} lately, keyed so that nothing in them reveals the password. */
  private final Cache<String, Boolean> verified = Caffeine.newBuilder().maximumSize(10_000)
      .expireAfterAccess(java.time.Duration.ofMinutes(10)).build();
  /** A hash no password matches, checked for unknown users so they cost as much time as known ones. */
  private static final String UNKNOWN_USER_HASH = Passwords.hash(java.util.UUID.randomUUID().toString());

  /** A query plan is valid for one text, user, current catalog and schema, and catalog generation. */
  record PlanKey(String sql, String user, String catalog, String schema, java.time.ZoneId timeZone, long generation,
      long tempViews) {}

  /** A cached plan with its result columns in the API's form, made once per plan rather than once per execution. */
  record Planned(PlannedQuery query, List<ResultColumn> columns) {}

  private final io.flowgate.engine.files.FileAreas files;
  /** A store in memory keeps its managed volumes in a temporary folder, deleted when the engine closes. */
  private final boolean temporaryVolumes;
  private final java.time.Duration statementTimeout;
  private final RunningStatements running = new RunningStatements();
  private final io.flowgate.engine.pipeline.FlowPlans flowPlans = new io.flowgate.engine.pipeline.FlowPlans();
  private final Transactions transactions;

  private Engine(H2Storage storage, CatalogService catalog, AccessControl access,
      io.flowgate.engine.files.FileAreas files, boolean temporaryVolumes, java.time.Duration statementTimeout,
      Transactions transactions) {
    this.statementTimeout = statementTimeout;
    this.transactions = transactions;
    this.storage = storage;
    this.catalog = catalog;
    this.access = access;
    this.files = files;
    this.temporaryVolumes = temporaryVolumes;
  }

  /** Opens the engine with the catalog's grants and owners as its access control. */
  public static Engine open(EngineConfig config) {
    return open(config, Privileges::new);
  }

  /** Opens the engine with the access control {@code accessControl} makes over its catalog. */
  static Engine open(EngineConfig config, java.util.function.Function<CatalogService, AccessControl> accessControl) {
    H2Storage storage = H2Storage.open(config.dataDirectory(), config.maxStoreConnections());
    try {
      CatalogService catalog = CatalogService.open(storage.dataSource(), ADMIN);
      catalog.repairs().forEach(change -> log.warn("catalog repaired: {}", change));
      Set<String> known = new HashSet<>(catalog.storageNames());
      catalog.storageNames().forEach(name -> {
        known.add(io.flowgate.engine.h2.StoreNames.eventStoreOf(name));
        known.add(io.flowgate.engine.h2.StoreNames.changeTableOf(name));
        known.add(io.flowgate.engine.h2.StoreNames.historyOf(name));
      });
      storage.dropOrphans(known);
      if (storage.openedAfterCrash()) {
        io.flowgate.engine.pipeline.UnfinishedAppends.remove(catalog, storage)
            .forEach(change -> log.warn("after a crash: {}", change));
      }
      // a store made before managed tables kept history gives them one from now on
      for (io.flowgate.catalog.model.CatalogInfo each : catalog.catalogs()) {
        for (io.flowgate.catalog.model.SchemaInfo schema : catalog.schemas(each.name())) {
          for (io.flowgate.catalog.model.TableInfo table : catalog.tables(each.name(), schema.name())) {
            io.flowgate.engine.exec.TableHistory.ensure(catalog, storage, table);
          }
        }
      }
      for (java.nio.file.Path root : config.ingestRoots()) {
        java.nio.file.Files.createDirectories(root);
      }
      java.nio.file.Path volumes = config.dataDirectory().isPresent()
          ? java.nio.file.Files.createDirectories(config.dataDirectory().get().resolve("volumes"))
          : java.nio.file.Files.createTempDirectory("flowgate-volumes");
      // Half the store's connections at most: the rest serve queries and autocommit writes.
      Transactions transactions = new Transactions(storage, Math.max(2, config.maxStoreConnections() / 2),
          config.transactionIdleTimeout());
      return new Engine(storage, catalog, accessControl.apply(catalog),
          new io.flowgate.engine.files.FileAreas(config.ingestRoots(), volumes), config.dataDirectory().isEmpty(),
          config.statementTimeout(), transactions);
    } catch (java.io.IOException e) {
      storage.close();
      throw new java.io.UncheckedIOException("cannot create an ingest or volumes folder", e);
    } catch (RuntimeException e) {
      storage.close();
      throw e;
    }
  }

  /**
   * Whether {@code password} is {@code user}'s. A password hash is slow on purpose, so a success is remembered for ten
   * minutes under the user, a digest of the password and the stored hash: a changed password or a dropped user
   * takes effect on the next request.
   */
  public boolean authenticate(String user, String password) {
    Optional<String> stored = catalog.principal(user.toLowerCase(Locale.ROOT))
        .filter(principal -> principal.kind() == PrincipalInfo.Kind.USER).flatMap(PrincipalInfo::passwordHash);
    if (stored.isEmpty()) {
      // An unknown user costs what a wrong password does, so timing does not tell which names exist.
      Passwords.matches(password, UNKNOWN_USER_HASH);
      return false;
    }
    String key = user.toLowerCase(Locale.ROOT) + "\n" + Passwords.digest(password) + "\n" + stored.get();
    if (verified.getIfPresent(key) != null) {
      return true;
    }
    boolean matches = Passwords.matches(password, stored.get());
    if (matches) {
      verified.put(key, Boolean.TRUE);
    }
    return matches;
  }

  /**
   * Whether these credentials passed {@link #authenticate} lately, without hashing: what lets a session already
   * signed in go on while its address and name are shut out for failed logins.
   */
  public boolean recentlyAuthenticated(String user, String password) {
    Optional<String> stored = catalog.principal(user.toLowerCase(Locale.ROOT))
        .filter(principal -> principal.kind() == PrincipalInfo.Kind.USER).flatMap(PrincipalInfo::passwordHash);
    return stored.isPresent() && verified.getIfPresent(user.toLowerCase(Locale.ROOT) + "\n"
        + Passwords.digest(password) + "\n" + stored.get()) != null;
  }

  /** The user of a live access token, by its secret; empty for an unknown, revoked or expired one. */
  public Optional<String> authenticateToken(String secret) {
    return catalog.tokenByHash(Passwords.digest(secret)).filter(token -> !token.expiredAt(java.time.Instant.now()))
        .map(AccessTokenInfo::user);
  }

  /** Gives the administrator {@code password} if it has none yet (the first start of a password-protected store). */
  public void initializeAdminPassword(String password) {
    if (catalog.principal(ADMIN).flatMap(PrincipalInfo::passwordHash).isEmpty()) {
      String hash = Passwords.hash(password);
      storage.inTransaction(connection -> {
        catalog.setPassword(connection, ADMIN, hash);
        return null;
      });
      catalog.changed();
    }
  }

  /** Whether the store is open and answers: a readiness check for supervisors. */
  public boolean storeAnswers() {
    return storage.answers();
  }

  /** Whether the administrator has a password (a password-protected gateway needs one to be usable). */
  public boolean adminHasPassword() {
    return catalog.principal(ADMIN).flatMap(PrincipalInfo::passwordHash).isPresent();
  }

  /**
   * Opens a session for an authenticated principal; {@code catalog} and {@code schema} properties pick the start,
   * {@code timezone} the session time zone (UTC without it).
   */
  public Session openSession(Principal principal, Map<String, String> properties) {
    Session session = new Session(this, principal);
    String catalogName = properties.getOrDefault("catalog", CatalogService.DEFAULT_CATALOG);
    session.useCatalog(catalogName);
    if (properties.containsKey("schema")) {
      session.useSchema(properties.get("schema"));
    }
    if (properties.containsKey("timezone")) {
      session.setTimeZone(properties.get("timezone"));
    }
    return session;
  }

  /**
   * Runs a pipeline project (a folder of .sql files) as the administrator in {@code main.default}: defines its
   * datasets and flows, then runs one update in dependency order, reporting progress lines.
   */
  public PipelineUpdate runPipeline(Path folder, boolean fullRefresh, Consumer<String> progress) {
    ExecutionContext context = contextOf(ADMIN);
    PipelineProject.Summary summary = new PipelineProject(context, folder, flowPlans, progress).run(fullRefresh);
    return new PipelineUpdate(summary.flows().size(), summary.total(FlowRunner.BatchResult::read),
        summary.total(FlowRunner.BatchResult::written), summary.total(FlowRunner.BatchResult::dropped),
        summary.failure());
  }

  /**
   * The flow batches running now in this engine, oldest first, with the rows each has written so far: what a
   * pipeline run shows on a terminal as it goes (a client reads the same in a table's event log).
   */
  public java.util.List<io.flowgate.engine.api.RunningFlow> runningFlows() {
    java.time.Instant now = java.time.Instant.now();
    return io.flowgate.engine.storage.LiveProgress.running().stream().map(running ->
        new io.flowgate.engine.api.RunningFlow(running.dataset(), running.flow(), running.written().rows(), running.written().read(),
            java.time.Duration.between(running.started(), now))).toList();
  }

  /** A context outside any client session: {@code user} in the default catalog and schema. */
  private ExecutionContext contextOf(String user) {
    return new ExecutionContext(catalog, access, storage, new SessionContext(user, CatalogService.DEFAULT_CATALOG,
        CatalogService.DEFAULT_SCHEMA), background, files, Optional.empty(), updates, scheduleFloor);
  }

  /** The scheduler of tables' SCHEDULE and TRIGGER ON UPDATE refreshes, reading time from {@code clock}. */
  io.flowgate.engine.pipeline.RefreshScheduler scheduler(java.time.Clock clock, java.time.Duration floor) {
    return new io.flowgate.engine.pipeline.RefreshScheduler(catalog, storage, flowPlans, this::contextOf, clock,
        floor);
  }

  /**
   * Starts refreshing tables on their schedules: every {@code every}, the updates due then run, one after another,
   * on a thread of their own. {@code floor} is the least time between two scheduled updates of a table (the
   * vendor's minute but in tests). A gateway calls this; a pipeline run on the command line does not.
   */
  public void startSchedules(java.time.Duration floor, java.time.Duration every) {
    scheduleFloor = floor;
    io.flowgate.engine.pipeline.RefreshScheduler scheduler = scheduler(java.time.Clock.systemUTC(), floor);
    schedules.scheduleWithFixedDelay(scheduler::runDue, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** What {@code user} may see of the catalog, for listings. */
  public Listings listings(String user) {
    return new Listings(new io.flowgate.engine.security.VisibleCatalog(catalog, access, user));
  }

  CatalogService catalog() {
    return catalog;
  }

  java.time.Duration scheduleFloor() {
    return scheduleFloor;
  }

  AccessControl access() {
    return access;
  }

  H2Storage storage() {
    return storage;
  }

  ParsedStatement parse(String sql) {
    return parsed.get(sql, SqlParser::parseStatement);
  }

  /** The flows planned at the catalog's current generation (a REFRESH plans each flow once). */
  io.flowgate.engine.pipeline.FlowPlans flowPlans() {
    return flowPlans;
  }

  java.util.Optional<Planned> cachedPlan(PlanKey key) {
    return java.util.Optional.ofNullable(plans.getIfPresent(key));
  }

  void cachePlan(PlanKey key, Planned planned) {
    plans.put(key, planned);
  }

  /** Updates as running statements: {@link RunningUpdates}. */
  private final RunningUpdates updates = new RunningUpdates() {
    /** How many updates of each table run now (a client's REFRESH may wait on another's flow lock). */
    private final java.util.Map<Long, Integer> tables = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public boolean updating(long tableId) {
      return tables.containsKey(tableId);
    }

    @Override
    public <T> T run(String updateId, long tableId, java.util.function.Predicate<String> owners, String user,
        String what, java.util.function.Supplier<T> work) {
      tables.merge(tableId, 1, Integer::sum);
      try {
        return runStatement(updateId, owners, user, what, work);
      } finally {
        tables.computeIfPresent(tableId, (id, count) -> count == 1 ? null : count - 1);
      }
    }

    private <T> T runStatement(String updateId, java.util.function.Predicate<String> owners, String user,
        String what, java.util.function.Supplier<T> work) {
      Optional<RunningStatement> current = RunningStatement.current();
      if (current.isPresent()) {
        running.alias(updateId, current.get(), owners);
        try {
          return work.get();
        } finally {
          running.unalias(updateId, current.get());
        }
      }
      RunningStatement own = new RunningStatement(updateId, user, what, statementTimeout);
      running.started(own);
      running.alias(updateId, own, owners);
      try {
        return own.run(work);
      } finally {
        running.unalias(updateId, own);
        running.finished(own);
      }
    }
  };

  RunningUpdates updates() {
    return updates;
  }

  RunningStatements running() {
    return running;
  }

  Transactions transactions() {
    return transactions;
  }

  /** Cancels statement {@code id} if it is running, whoever runs it: for the gateway, whose client went away. */
  public void cancelRunning(String id) {
    running.cancelIfRunning(id);
  }

  /** How long a statement may run when its session sets no STATEMENT_TIMEOUT. */
  java.time.Duration statementTimeout() {
    return statementTimeout;
  }

  io.flowgate.engine.files.FileAreas files() {
    return files;
  }

  ExecutorService background() {
    return background;
  }

  @Override
  public void close() {
    transactions.close();
    schedules.shutdown();
    background.shutdown();
    try {
      schedules.awaitTermination(30, TimeUnit.SECONDS);
      background.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      storage.close();
    } catch (EngineException e) {
      throw Errors.internal("closing the store failed", e);
    } finally {
      if (temporaryVolumes) {
        io.flowgate.engine.files.Folders.deleteQuietly(files.volumes());
      }
    }
  }
}
