package io.flowgate.engine;

import io.flowgate.catalog.CatalogService;
import io.flowgate.engine.Engine.PlanKey;
import io.flowgate.engine.Engine.Planned;
import io.flowgate.engine.api.PreparedInfo;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.AccessExecutor;
import io.flowgate.engine.exec.CheckConstraints;
import io.flowgate.engine.exec.ClientTransaction;
import io.flowgate.engine.exec.ColumnChanges;
import io.flowgate.engine.exec.CopyIntoExecutor;
import io.flowgate.engine.exec.DdlExecutor;
import io.flowgate.engine.exec.DmlExecutor;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.exec.ExplainExecutor;
import io.flowgate.engine.exec.FileCommandExecutor;
import io.flowgate.engine.exec.GeneratedKeys;
import io.flowgate.engine.exec.KeyConstraints;
import io.flowgate.engine.exec.ListCursor;
import io.flowgate.engine.exec.OpenFiles;
import io.flowgate.engine.exec.PolicyExecutor;
import io.flowgate.engine.exec.QueryDescriber;
import io.flowgate.engine.exec.RestoreTable;
import io.flowgate.engine.exec.RoutineExecutor;
import io.flowgate.engine.exec.ShowExecutor;
import io.flowgate.engine.exec.VacuumTable;
import io.flowgate.engine.exec.VolumeExecutor;
import io.flowgate.engine.pipeline.StreamingTables;
import io.flowgate.engine.plan.PlannedQuery;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.TempView;
import io.flowgate.engine.sql.parser.SqlParser.ParsedStatement;
import io.flowgate.engine.sql.tree.Access;
import io.flowgate.engine.sql.tree.CopyInto;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Explain;
import io.flowgate.engine.sql.tree.FileCommand;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Show;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.sql.tree.Transaction;
import io.flowgate.engine.storage.RunningStatement;
import io.flowgate.engine.type.SqlType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One client connection's view of the engine: who it is and its current catalog and schema. Not thread-safe;
 * the gateway runs one statement of a session at a time.
 */
public final class Session {
  private static final int FETCH_SIZE = 1_000;

  private final Engine engine;
  private final Principal principal;
  private String catalog = CatalogService.DEFAULT_CATALOG;
  private String schema = CatalogService.DEFAULT_SCHEMA;
  /** The session's STATEMENT_TIMEOUT, when it set one; 0 seconds means none. */
  private Optional<java.time.Duration> statementTimeout = Optional.empty();
  /** The session time zone: how TIMESTAMP values read as text and fields, and how text reads as them. */
  private java.time.ZoneId timeZone = SessionContext.UTC;
  /** Whether VACUUM's RETAIN may not be shorter than the table's retention (the vendor's safety check). */
  private boolean vacuumRetentionCheck = true;
  /** The vendor's bound on STATEMENT_TIMEOUT: two days. */
  private static final long MAX_STATEMENT_TIMEOUT_SECONDS = 172_800;
  /** JDBC's auto-commit; off, the statements a transaction takes run in one until commit or rollback. */
  private boolean autoCommit = true;
  /** The open transaction (BEGIN TRANSACTION, or auto-commit off), also while aborted and not yet rolled back. */
  private ClientTransaction transaction;
  /** What the last INSERT ... VALUES generated, for SHOW GENERATED KEYS; every write replaces it. */
  private GeneratedKeys generatedKeys = GeneratedKeys.NONE;
  /** The session's temporary views, by lower-case name; {@link #tempViewsStamp} names this set of them. */
  private final Map<String, TempView> tempViews = new LinkedHashMap<>();
  /**
   * 0 while the session has no temporary views, else a stamp no other session's views share: part of the plan
   * cache's key, since a one-part name means a temporary view before any table.
   */
  private long tempViewsStamp;
  private static final java.util.concurrent.atomic.AtomicLong TEMP_VIEW_STAMPS =
      new java.util.concurrent.atomic.AtomicLong();

  Session(Engine engine, Principal principal) {
    this.engine = engine;
    this.principal = principal;
  }

  public String user() {
    return principal.name();
  }

  public String catalog() {
    return catalog;
  }

  public String schema() {
    return schema;
  }

  /** Makes {@code name} the current catalog and its {@code default} schema current. */
  public void useCatalog(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (engine.catalog().catalog(lower).isEmpty()) {
      throw Errors.catalogNotFound(lower, Span.NONE);
    }
    catalog = lower;
    schema = CatalogService.DEFAULT_SCHEMA;
  }

  public void useSchema(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (engine.catalog().schema(catalog, lower).isEmpty()) {
      throw Errors.schemaNotFound(List.of(catalog, lower), Span.NONE);
    }
    schema = lower;
  }

  private ExecutionContext context() {
    return new ExecutionContext(engine.catalog(), engine.access(), engine.storage(), new SessionContext(user(), catalog, schema,
        tempViews, timeZone),
        engine.background(), engine.files(), Optional.ofNullable(transaction), engine.updates(),
        engine.scheduleFloor());
  }

  public boolean autoCommit() {
    return autoCommit;
  }

  /**
   * JDBC's {@code setAutoCommit}. Off, a transaction starts with the next statement a transaction takes and lasts
   * until {@link #commit()} or {@link #rollback()}; other statements (DDL, REFRESH) run on their own while none is
   * open. Turning it on commits the open transaction, as JDBC has it.
   */
  public void setAutoCommit(boolean on) {
    if (on && transaction != null) {
      commit();
    }
    autoCommit = on;
  }

  /**
   * JDBC's {@code commit}: commits the open transaction. With none open, it is an error under auto-commit (as JDBC
   * has it) and nothing to do without. An aborted transaction, or one whose commit fails, stays to be rolled back.
   */
  public void commit() {
    if (transaction == null) {
      if (autoCommit) {
        throw EngineException.of(ErrorClass.NO_ACTIVE_TRANSACTION).parameter("action", "commit").build();
      }
      return;
    }
    ClientTransaction ending = transaction;
    try {
      ending.commit(engine.catalog());
      transaction = null;
    } catch (RuntimeException e) {
      if (ending.aborted().isEmpty()) {
        ending.abort(EngineException.of(ErrorClass.TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT)
            .subClass("PREVIOUS_QUERY_FAILURE", "The commit failed.").build());
      }
      throw e;
    } finally {
      engine.transactions().ended(ending);
    }
  }

  /** JDBC's {@code rollback} and ROLLBACK: undoes the open transaction; with none open there is nothing to do. */
  public void rollback() {
    if (transaction != null) {
      ClientTransaction ending = transaction;
      transaction = null;
      engine.transactions().ended(ending);
      ending.rollback();
    }
  }

  /** The client connection is gone: its open transaction rolls back. */
  public void close() {
    rollback();
  }

  /** What a statement returns and how many parameters it takes; queries are planned (and cached) here. */
  public PreparedInfo prepare(String sql) {
    return withinStack(() -> describe(sql));
  }

  /** Runs one statement with the client's parameter values (in {@code ?} order). */
  public StatementResult execute(String sql, List<Object> parameters) {
    return execute(sql, parameters, null);
  }

  /**
   * Runs one statement under {@code statementId} (null: the engine picks one), by which SHOW STATEMENTS lists it and
   * CANCEL STATEMENT stops it while it runs.
   */
  public StatementResult execute(String sql, List<Object> parameters, String statementId) {
    return withinStack(() -> running(statementId, sql, () -> run(sql, parameters)));
  }

  private <T> T running(String statementId, String sql, java.util.function.Supplier<T> work) {
    RunningStatement statement = new RunningStatement(statementId == null ? engine.running().newId() : statementId,
        user(), sql, timeout());
    engine.running().started(statement);
    try {
      return statement.run(work);
    } finally {
      engine.running().finished(statement);
    }
  }

  /** The time a statement of this session may run: its STATEMENT_TIMEOUT, or the engine's. */
  private java.time.Duration timeout() {
    java.time.Duration session = statementTimeout.orElse(engine.statementTimeout());
    return session.isZero() ? engine.statementTimeout() : session;
  }

  /**
   * Runs one statement once per set of parameter values (a JDBC batch) and returns each run's update count. An
   * INSERT, UPDATE, DELETE or MERGE is planned once and commits in one transaction, all or nothing; other statements
   * run one after another. A query has no update count and is refused.
   */
  public long[] executeBatch(String sql, List<List<Object>> parameterSets) {
    return executeBatch(sql, parameterSets, null);
  }

  /** {@link #executeBatch(String, List)} under {@code statementId}, as {@link #execute(String, List, String)}. */
  public long[] executeBatch(String sql, List<List<Object>> parameterSets, String statementId) {
    return withinStack(() -> running(statementId, sql, () -> {
      ParsedStatement parsed = engine.parse(sql);
      parameterSets.forEach(parameters -> requireBound(parsed, parameters));
      if (parsed.statement() instanceof Query) {
        throw Errors.notSupported("a query in a batch (executeBatch runs statements that return update counts)",
            null);
      }
      if (parsed.statement() instanceof Dml dml && !parameterSets.isEmpty()) {
        if (transaction == null && autoCommit) {
          return write(dml, parameterSets);
        }
        beginImplicitly();
        return inTransaction(() -> write(dml, parameterSets));
      }
      long[] counts = new long[parameterSets.size()];
      for (int i = 0; i < counts.length; i++) {
        StatementResult result = run(sql, parameterSets.get(i));
        counts[i] = result instanceof StatementResult.UpdateCount update ? update.count() : 0;
      }
      return counts;
    }));
  }

  /**
   * A statement nested deeply enough to exhaust the stack after the parser's nesting limit (in planning, or in H2's
   * parser of what was planned) fails by name, and the thread that ran it lives on.
   */
  private static <T> T withinStack(java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (StackOverflowError e) {
      throw Errors.statementTooComplex("it nests too deeply to be planned");
    }
  }

  /**
   * A query is planned (and its plan cached); a write with parameters is planned too, for their types, and checked
   * as it would be run; anything else takes parameters of no known type.
   */
  private PreparedInfo describe(String sql) {
    ParsedStatement parsed = engine.parse(sql);
    int count = parsed.parameterCount();
    if (parsed.statement() instanceof Query query) {
      Planned planned = plan(sql, query);
      return new PreparedInfo(planned.columns(), padded(planned.query().parameterTypes(), count), true);
    }
    if (parsed.statement() instanceof Dml dml && count > 0) {
      List<Optional<SqlType>> types = new DmlExecutor(context()).plan(dml).translator().parameterTypes(count);
      return new PreparedInfo(List.of(), types, false);
    }
    return new PreparedInfo(List.of(), padded(List.of(), count), parsed.statement() instanceof Show
        || parsed.statement() instanceof Access.CreateToken || parsed.statement() instanceof FileCommand
        || parsed.statement() instanceof CopyInto);
  }

  private static List<Optional<SqlType>> padded(List<Optional<SqlType>> types, int count) {
    List<Optional<SqlType>> all = new java.util.ArrayList<>(types.subList(0, Math.min(types.size(), count)));
    while (all.size() < count) {
      all.add(Optional.empty());
    }
    return all;
  }

  /** Every {@code ?} of the statement has a value. */
  private static void requireBound(ParsedStatement parsed, List<Object> parameters) {
    if (parsed.parameterCount() > parameters.size()) {
      throw EngineException.of(ErrorClass.UNBOUND_SQL_PARAMETER).parameter("name", "?" + (parameters.size() + 1))
          .build();
    }
  }

  private StatementResult run(String sql, List<Object> parameters) {
    ParsedStatement parsed = engine.parse(sql);
    requireBound(parsed, parameters);
    Statement statement = parsed.statement();
    if (statement instanceof Transaction control) {
      return transactionStatement(control, parameters);
    }
    // Session settings and the running-statement commands touch no data and are not part of any transaction (a cancel
    // comes while the transaction's statement runs). With auto-commit off, a transaction starts at the first write:
    // under READ COMMITTED, reads before it see what they would see inside it.
    boolean sessionCommand = statement instanceof Ddl.SetConfig || statement instanceof Ddl.ShowStatements
        || statement instanceof Ddl.CancelStatement || statement instanceof Ddl.ShowGeneratedKeys;
    if (sessionCommand || transaction == null && (autoCommit || !(statement instanceof Dml))) {
      return run(sql, statement, parameters);
    }
    beginImplicitly();
    return inTransaction(() -> run(sql, requireTaken(statement), parameters));
  }

  /** With auto-commit off, the first write starts the transaction that lasts to commit or rollback. */
  private void beginImplicitly() {
    if (transaction == null) {
      transaction = engine.transactions().begin(user());
    }
  }

  /** Runs one statement of the open transaction: one that fails aborts it. */
  private <T> T inTransaction(java.util.function.Supplier<T> work) {
    ClientTransaction open = transaction;
    try {
      return open.run(work);
    } finally {
      if (open.aborted().isPresent()) {
        engine.transactions().ended(open);
      }
    }
  }

  /**
   * A transaction takes reads, writes of tables, USE and table descriptions. DDL, REFRESH, grants and the rest commit
   * on their own, so they are refused inside one.
   */
  private static Statement requireTaken(Statement statement) {
    boolean taken = statement instanceof Query || statement instanceof Dml || statement instanceof Ddl.Use
        || statement instanceof Show.DescribeTable || statement instanceof Show.ShowColumns
        || statement instanceof Show.DescribeColumn || statement instanceof Show.DescribeQuery;
    if (!taken) {
      throw EngineException.of(ErrorClass.TRANSACTION_NOT_SUPPORTED).subClass("COMMAND", "Only SELECT, VALUES,"
          + " INSERT, UPDATE, DELETE, MERGE, USE, DESCRIBE TABLE, SHOW COLUMNS and SET run in a transaction; commit"
          + " or roll back first.").at(statement.span()).build();
    }
    return statement;
  }

  private StatementResult transactionStatement(Transaction control, List<Object> parameters) {
    if (control instanceof Transaction.Commit) {
      if (transaction == null) {
        throw EngineException.of(ErrorClass.NO_ACTIVE_TRANSACTION).parameter("action", "commit").at(control.span())
            .build();
      }
      commit();
      return new StatementResult.Done();
    }
    if (control instanceof Transaction.Rollback) {
      rollback();
      return new StatementResult.Done();
    }
    if (transaction != null) {
      return inTransaction(() -> {
        throw nested(control);
      });
    }
    if (control instanceof Transaction.Begin) {
      transaction = engine.transactions().begin(user());
      return new StatementResult.Done();
    }
    return atomic((Transaction.Atomic) control, parameters);
  }

  private static EngineException nested(Statement statement) {
    return EngineException.of(ErrorClass.TRANSACTION_NOT_SUPPORTED).subClass("NESTED_TRANSACTION", "A transaction"
        + " is already active; transactions do not nest.").at(statement.span()).build();
  }

  /**
   * {@code BEGIN ATOMIC ... END}: its writes run in one transaction that commits when the last one succeeds and rolls
   * back when any fails. It returns the rows they changed.
   */
  private StatementResult atomic(Transaction.Atomic block, List<Object> parameters) {
    ClientTransaction atomic = engine.transactions().begin(user());
    transaction = atomic;
    try {
      long rows = 0;
      for (Statement statement : block.statements()) {
        if (statement instanceof Transaction) {
          throw nested(statement);
        }
        if (!(statement instanceof Dml dml)) {
          throw EngineException.of(ErrorClass.TRANSACTION_NOT_SUPPORTED).subClass("COMMAND", "BEGIN ATOMIC runs"
              + " INSERT, UPDATE, DELETE and MERGE statements.").at(statement.span()).build();
        }
        rows += atomic.run(() -> write(dml, List.of(parameters))[0]);
      }
      atomic.commit(engine.catalog());
      return new StatementResult.UpdateCount(rows);
    } finally {
      transaction = null;
      engine.transactions().ended(atomic);
      atomic.rollback();
    }
  }

  private StatementResult run(String sql, Statement statement, List<Object> parameters) {
    if (statement instanceof Query query) {
      Planned planned = plan(sql, query);
      OpenFiles files = OpenFiles.all(planned.query().fileReads());
      RowCursor cursor;
      try {
        cursor = transaction != null
            ? transaction.query(planned.query().statement(), parameters, FETCH_SIZE, files.runtime(), files::close)
            : engine.storage().query(planned.query().statement(), parameters, FETCH_SIZE, files.runtime(),
                files::close);
      } catch (RuntimeException e) {
        files.close();
        throw e;
      }
      return new StatementResult.Rows(planned.columns(), cursor);
    }
    if (statement instanceof Dml dml) {
      return new StatementResult.UpdateCount(write(dml, List.of(parameters))[0]);
    }
    if (statement instanceof Show.ShowVolumes show) {
      return new VolumeExecutor(context()).show(show);
    }
    if (statement instanceof Show.DescribeVolume describe) {
      return new VolumeExecutor(context()).describe(describe);
    }
    if (statement instanceof Show show) {
      return new ShowExecutor(context()).execute(show);
    }
    if (statement instanceof FileCommand command) {
      return new FileCommandExecutor(context()).execute(command, parameters);
    }
    if (statement instanceof CopyInto copy) {
      return new CopyIntoExecutor(context()).execute(copy);
    }
    if (statement instanceof Explain explain && explain.statement() instanceof Pipeline.Refresh refresh) {
      return ExplainExecutor.explained(explain, new StreamingTables(context(), engine.flowPlans()).explain(refresh));
    }
    if (statement instanceof Explain explain) {
      return new ExplainExecutor(context()).explain(explain);
    }
    if (statement instanceof Access access) {
      return new AccessExecutor(context()).execute(access);
    }
    if (statement instanceof Pipeline.CreateFlowTable create) {
      StreamingTables tables = new StreamingTables(context(), engine.flowPlans());
      tables.create(create);
      return new StatementResult.UpdateCount(tables.rowsWritten());
    }
    if (statement instanceof Pipeline.CreateFlow create) {
      StreamingTables tables = new StreamingTables(context(), engine.flowPlans());
      tables.createFlow(create);
      return new StatementResult.UpdateCount(tables.rowsWritten());
    }
    if (statement instanceof Pipeline.AlterSchedule alter) {
      new StreamingTables(context(), engine.flowPlans()).alterSchedule(alter);
      return new StatementResult.Done();
    }
    if (statement instanceof Pipeline.Refresh refresh) {
      return new StreamingTables(context(), engine.flowPlans()).refresh(refresh);
    }
    return ddl((Ddl) statement);
  }

  /** Runs a write once per parameter set and keeps what it generated for SHOW GENERATED KEYS. */
  private long[] write(Dml dml, List<List<Object>> parameterSets) {
    generatedKeys = GeneratedKeys.NONE;
    DmlExecutor executor = new DmlExecutor(context());
    long[] counts = executor.executeBatch(dml, parameterSets);
    generatedKeys = executor.generatedKeys();
    return counts;
  }

  private StatementResult showGeneratedKeys() {
    if (generatedKeys.columns().isEmpty()) {
      return new StatementResult.Rows(List.of(new ResultColumn("GENERATED_KEY", SqlType.BIGINT, true)),
          new ListCursor(List.of()));
    }
    return new StatementResult.Rows(generatedKeys.columns(), new ListCursor(generatedKeys.rows()));
  }

  /**
   * CREATE TEMP VIEW: checked as a query of this session now (names, privileges, the column list's arity), kept with
   * the catalog and schema it resolves names in, and gone with the session.
   */
  private void createTempView(Ddl.CreateTempView create) {
    String key = create.name().toLowerCase(Locale.ROOT);
    if (tempViews.containsKey(key) && !create.orReplace()) {
      if (create.ifNotExists()) {
        return;
      }
      throw EngineException.of(ErrorClass.TEMP_TABLE_OR_VIEW_ALREADY_EXISTS)
          .parameter("relationName", Errors.quote(create.name())).at(create.span()).build();
    }
    requireNotRecursive(key, create.query(), new java.util.ArrayList<>(List.of(create.name())), create.span());
    PlannedQuery planned = PlannedQuery.of(context().translator().analyze(create.query()));
    if (!planned.fileReads().isEmpty() || !planned.bindsOnlyConstants()) {
      throw Errors.notSupported("read_files or parameter markers in a temporary view", create.span());
    }
    if (!create.columns().isEmpty() && create.columns().size() != planned.columns().size()) {
      throw EngineException.of(ErrorClass.ASSIGNMENT_ARITY_MISMATCH).parameter("numTarget", create.columns().size())
          .parameter("numExpr", planned.columns().size()).at(create.span()).build();
    }
    tempViews.put(key, new TempView(create.name(), create.columns(), create.queryText(), catalog, schema));
    tempViewsChanged();
  }

  /** A temporary view may not read itself, directly or through the session's other temporary views. */
  private void requireNotRecursive(String key, io.flowgate.engine.sql.tree.Node query, List<String> path, Span span) {
    for (List<String> name : io.flowgate.engine.sql.analyzer.TablesRead.of(query)) {
      if (name.size() != 1) {
        continue;
      }
      String read = name.get(0).toLowerCase(Locale.ROOT);
      TempView through = tempViews.get(read);
      if (read.equals(key)) {
        path.add(name.get(0));
        throw EngineException.of(ErrorClass.RECURSIVE_VIEW).parameter("viewIdent", Errors.quote(path.get(0)))
            .parameter("newPath", String.join(" -> ", path.stream().map(Errors::quote).toList())).at(span).build();
      }
      if (through != null && !path.contains(through.name())) {
        path.add(through.name());
        requireNotRecursive(key, io.flowgate.engine.sql.parser.SqlParser.parseStatement(through.queryText())
            .statement(), path, span);
        path.remove(path.size() - 1);
      }
    }
  }

  private void tempViewsChanged() {
    tempViewsStamp = tempViews.isEmpty() ? 0 : TEMP_VIEW_STAMPS.incrementAndGet();
  }

  /** Plans a query, or takes its cached plan; a plan that reads files is not cached, since files change. */
  private Planned plan(String sql, Query query) {
    PlanKey key = new PlanKey(sql, user(), catalog, schema, timeZone, engine.catalog().generation(), tempViewsStamp);
    return engine.cachedPlan(key).orElseGet(() -> {
      PlannedQuery planned = PlannedQuery.of(context().translator().analyze(query));
      Planned described = new Planned(planned, QueryDescriber.columns(planned.columns()));
      if (planned.fileReads().isEmpty()) {
        engine.cachePlan(key, described);
      }
      return described;
    });
  }

  /**
   * The session's configuration: STATEMENT_TIMEOUT (seconds, 0 to 172800; 0 is the gateway's own bound), ANSI_MODE
   * (also spark.sql.ansi.enabled; true only, as Flowgate computes by the ANSI rules) and TIMEZONE (a region such as
   * {@code America/Los_Angeles}, or an offset such as {@code +02:00}; also named {@code spark.sql.session.timeZone},
   * and set by {@code SET TIME ZONE}) are the parameters this gateway has; any other is CONFIG_NOT_AVAILABLE, as on
   * the vendor's SQL warehouses. {@code spark.databricks.delta.retentionDurationCheck.enabled} (true by default)
   * says whether VACUUM's RETAIN may be shorter than the table's retention. {@code SET} alone lists them.
   */
  private StatementResult setConfig(Ddl.SetConfig set) {
    if (set.key().isEmpty() && !set.reset()) {
      return configRows(List.of(List.of(ANSI_MODE, "true"),
          List.of(STATEMENT_TIMEOUT, String.valueOf(timeout().toSeconds())),
          List.of(Ddl.SetConfig.TIME_ZONE, timeZone.getId()),
          List.of(RETENTION_CHECK, String.valueOf(vacuumRetentionCheck))));
    }
    if (set.key().isEmpty()) {
      statementTimeout = Optional.empty();
      timeZone = SessionContext.UTC;
      vacuumRetentionCheck = true;
      return new StatementResult.Done();
    }
    String key = set.key().get().toUpperCase(java.util.Locale.ROOT);
    if (key.equals(Ddl.SetConfig.TIME_ZONE) || key.equals("SPARK.SQL.SESSION.TIMEZONE")) {
      if (set.reset()) {
        timeZone = SessionContext.UTC;
      } else if (set.value().isPresent()) {
        timeZone = zone(set.value().get(), set.span());
      } else {
        return configRows(List.of(List.of(set.key().get(), timeZone.getId())));
      }
      return new StatementResult.Done();
    }
    if (key.equals(ANSI_MODE) || key.equals("SPARK.SQL.ANSI.ENABLED")) {
      // Flowgate computes by the ANSI rules only: the setting can be read and set to what it is
      if (set.value().isPresent() && !set.value().get().strip().equalsIgnoreCase("true")) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", set.key().get())
            .parameter("functionName", "SET").parameter("message", "Flowgate computes by the ANSI rules only, so it"
                + " takes true").at(set.span()).build();
      }
      return set.value().isEmpty() && !set.reset() ? configRows(List.of(List.of(set.key().get(), "true")))
          : new StatementResult.Done();
    }
    if (key.equalsIgnoreCase(RETENTION_CHECK)) {
      if (set.value().isEmpty() && !set.reset()) {
        return configRows(List.of(List.of(set.key().get(), String.valueOf(vacuumRetentionCheck))));
      }
      String value = set.reset() ? "true" : set.value().get().strip().toLowerCase(java.util.Locale.ROOT);
      if (!value.equals("true") && !value.equals("false")) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", set.key().get())
            .parameter("functionName", "SET").parameter("message", "it takes true or false").at(set.span()).build();
      }
      vacuumRetentionCheck = value.equals("true");
      return new StatementResult.Done();
    }
    if (!key.equals(STATEMENT_TIMEOUT)) {
      throw EngineException.of(ErrorClass.CONFIG_NOT_AVAILABLE).parameter("config", set.key().get())
          .at(set.span()).build();
    }
    if (set.reset()) {
      statementTimeout = Optional.empty();
      return new StatementResult.Done();
    }
    if (set.value().isPresent()) {
      long seconds;
      try {
        seconds = Long.parseLong(set.value().get().strip());
      } catch (NumberFormatException notANumber) {
        seconds = -1;
      }
      if (seconds < 0 || seconds > MAX_STATEMENT_TIMEOUT_SECONDS) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", STATEMENT_TIMEOUT)
            .parameter("functionName", "SET").parameter("message", "it takes a whole number of seconds from 0 to "
                + MAX_STATEMENT_TIMEOUT_SECONDS).at(set.span()).build();
      }
      statementTimeout = Optional.of(java.time.Duration.ofSeconds(seconds));
      return new StatementResult.Done();
    }
    return configRows(List.of(List.of(STATEMENT_TIMEOUT, String.valueOf(timeout().toSeconds()))));
  }

  private static StatementResult configRows(List<List<Object>> rows) {
    List<ResultColumn> columns = List.of(new ResultColumn("key", SqlType.STRING, false),
        new ResultColumn("value", SqlType.STRING, false));
    return new StatementResult.Rows(columns, new ListCursor(rows));
  }

  /**
   * A session time zone by name: a region id, an offset ({@code +02:00}, {@code UTC+2}), or {@code LOCAL}, the
   * gateway's own zone. Three-letter abbreviations other than UTC and GMT are ambiguous and refused, as Spark does.
   */
  static java.time.ZoneId zone(String name, Span span) {
    String text = name.strip();
    if (text.equals(Ddl.SetConfig.LOCAL_TIME_ZONE)) {
      return java.time.ZoneId.systemDefault();
    }
    try {
      if (text.length() == 3 && !text.equalsIgnoreCase("UTC") && !text.equalsIgnoreCase("GMT")) {
        throw new java.time.DateTimeException("an abbreviation");
      }
      return java.time.ZoneId.of(text.equalsIgnoreCase("Z") ? "UTC" : text);
    } catch (java.time.DateTimeException unknown) {
      throw EngineException.of(ErrorClass.INVALID_CONF_VALUE).subClass("TIME_ZONE",
          "cannot resolve the given timezone.").parameter("confValue", "'" + name + "'")
          .parameter("confName", "spark.sql.session.timeZone").at(span).build();
    }
  }

  void setTimeZone(String name) {
    timeZone = zone(name, Span.NONE);
  }

  /** The session time zone, as {@code current_timezone()} gives it. */
  public java.time.ZoneId timeZone() {
    return timeZone;
  }

  private static final String STATEMENT_TIMEOUT = "STATEMENT_TIMEOUT";
  private static final String ANSI_MODE = "ANSI_MODE";
  private static final String RETENTION_CHECK = "spark.databricks.delta.retentionDurationCheck.enabled";

  /** The running statements this user may see; a statement that carries a password is not shown. */
  private StatementResult showStatements() {
    List<ResultColumn> columns = List.of(new ResultColumn("statement_id", SqlType.STRING, false),
        new ResultColumn("user", SqlType.STRING, false), new ResultColumn("started", SqlType.TIMESTAMP, false),
        new ResultColumn("elapsed_ms", SqlType.BIGINT, false), new ResultColumn("state", SqlType.STRING, false),
        new ResultColumn("statement_text", SqlType.STRING, false));
    List<List<Object>> rows = new java.util.ArrayList<>();
    java.time.Instant now = java.time.Instant.now();
    for (RunningStatement statement : engine.running().visibleTo(user())) {
      String text = statement.text().toUpperCase(Locale.ROOT).contains("PASSWORD")
          ? "(a statement with a password, not shown)"
          : statement.text().length() > 1_000 ? statement.text().substring(0, 1_000) + "..." : statement.text();
      rows.add(List.of(statement.id(), statement.user(),
          java.time.LocalDateTime.ofInstant(statement.started(), java.time.ZoneOffset.UTC),
          java.time.Duration.between(statement.started(), now).toMillis(),
          statement.canceled() ? "CANCELING" : "RUNNING", text));
    }
    return new StatementResult.Rows(columns, new ListCursor(rows));
  }

  private StatementResult ddl(Ddl ddl) {
    DdlExecutor executor = new DdlExecutor(context());
    if (ddl instanceof Ddl.SetConfig set) {
      return setConfig(set);
    }
    if (ddl instanceof Ddl.ShowStatements) {
      return showStatements();
    }
    if (ddl instanceof Ddl.ShowGeneratedKeys) {
      return showGeneratedKeys();
    }
    if (ddl instanceof Ddl.RestoreTable restore) {
      return new RestoreTable(context()).restore(restore);
    }
    if (ddl instanceof Ddl.Vacuum vacuum) {
      return new VacuumTable(context(), vacuumRetentionCheck).vacuum(vacuum);
    }
    if (ddl instanceof Ddl.CancelStatement cancel) {
      engine.running().cancel(cancel.id(), user());
      return new StatementResult.Done();
    }
    if (ddl instanceof Ddl.Use use) {
      if (use.target() == Ddl.UseTarget.CATALOG) {
        useCatalog(use.name().get(0));
      } else if (use.name().size() == 2) {
        String previous = catalog;
        useCatalog(use.name().get(0));
        try {
          useSchema(use.name().get(1));
        } catch (RuntimeException e) {
          useCatalog(previous);
          throw e;
        }
      } else if (use.name().size() == 1) {
        useSchema(use.name().get(0));
      } else {
        throw Errors.schemaNotFound(use.name(), use.span());
      }
    } else if (ddl instanceof Ddl.CreateCatalog create) {
      executor.createCatalog(create);
    } else if (ddl instanceof Ddl.DropCatalog drop) {
      executor.dropCatalog(drop);
      if (drop.name().equalsIgnoreCase(catalog)) {
        catalog = CatalogService.DEFAULT_CATALOG;
        schema = CatalogService.DEFAULT_SCHEMA;
      }
    } else if (ddl instanceof Ddl.CreateSchema create) {
      executor.createSchema(create);
    } else if (ddl instanceof Ddl.DropSchema drop) {
      executor.dropSchema(drop);
    } else if (ddl instanceof Ddl.CreateTable create) {
      executor.createTable(create);
    } else if (ddl instanceof Ddl.CreateView create) {
      executor.createView(create);
    } else if (ddl instanceof Ddl.CreateTempView create) {
      createTempView(create);
    } else if (ddl instanceof Ddl.DropTable drop && drop.view() && drop.name().size() == 1
        && tempViews.containsKey(drop.name().get(0).toLowerCase(Locale.ROOT))) {
      tempViews.remove(drop.name().get(0).toLowerCase(Locale.ROOT));
      tempViewsChanged();
    } else if (ddl instanceof Ddl.DropTable drop) {
      executor.dropTable(drop);
    } else if (ddl instanceof Ddl.Truncate truncate) {
      executor.truncate(truncate);
    } else if (ddl instanceof Ddl.CreateFunction create) {
      new RoutineExecutor(context()).create(create);
    } else if (ddl instanceof Ddl.DropFunction drop) {
      new RoutineExecutor(context()).drop(drop);
    } else if (ddl instanceof Ddl.CreateVolume create) {
      new VolumeExecutor(context()).create(create);
    } else if (ddl instanceof Ddl.DropVolume drop) {
      new VolumeExecutor(context()).drop(drop);
    } else if (ddl instanceof Ddl.SetPolicy set) {
      new PolicyExecutor(context()).set(set);
    } else if (ddl instanceof Ddl.AlterTableProperties alter) {
      executor.alterTableProperties(alter);
    } else if (ddl instanceof Ddl.AddColumns add) {
      executor.addColumns(add);
    } else if (ddl instanceof Ddl.ChangeColumns change) {
      new ColumnChanges(context()).change(change);
    } else if (ddl instanceof Ddl.AddCheckConstraint add) {
      new CheckConstraints(context()).add(add);
    } else if (ddl instanceof Ddl.DropConstraint drop) {
      new CheckConstraints(context()).drop(drop);
    } else if (ddl instanceof Ddl.AddKeyConstraint add) {
      new KeyConstraints(context()).add(add);
    } else if (ddl instanceof Ddl.DropKey drop) {
      new KeyConstraints(context()).drop(drop);
    } else if (ddl instanceof Ddl.AlterViewQuery alter) {
      executor.alterView(alter);
    } else if (ddl instanceof Ddl.CreateTableLike like) {
      executor.createTableLike(like);
    } else if (ddl instanceof Ddl.RenameTable rename) {
      executor.renameTable(rename);
    } else if (ddl instanceof Ddl.CommentOn comment) {
      executor.commentOn(comment);
    } else if (ddl instanceof Ddl.TableCommand command) {
      executor.tableCommand(command);
    }
    return new StatementResult.Done();
  }
}
