package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.RowValue;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.QueryDescriber;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.plan.CdcPlanner;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.AutoCdc;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a batch of AUTO CDC change events to its target, so that the target is a function of the set of events,
 * whatever order and batches they came in: late events re-stitch history, deletes stay as tombstones, and
 * replaying an event changes nothing. The state beside the target ({@code FG_DATA."E<target id>"}) takes one of
 * two layouts:
 * <ul>
 *   <li><b>latest</b> (SCD TYPE 1 without IGNORE NULL UPDATES): a key's state is its newest event alone, so the
 *       target row keeps its sequence in a hidden column and the store keeps only tombstones and the newest
 *       truncate ({@link CdcLatest});
 *   <li><b>events</b> (SCD TYPE 2, or IGNORE NULL UPDATES, where older events still matter): the store keeps every
 *       event, and a batch recomputes each key it touches from all of that key's events in sequence order (a
 *       truncate touches every key).
 * </ul>
 * The layout a state was built for is written on the store; a flow that declares another needs a full refresh.
 */
final class CdcApply {
  static final String START_AT = "__START_AT";
  static final String END_AT = "__END_AT";
  static final int UPSERT = 0;
  static final int DELETE = 1;
  static final int TRUNCATE = 2;
  private static final int FROM_NOWHERE = -1;
  private static final int FROM_START = -2;
  private static final int FROM_END = -3;

  /** One change event: its key, sequence, kind and kept values, and the order it arrived in. */
  record Event(List<Object> key, Object sequence, int op, Object[] values, long arrival, long ordinal) {}

  /**
   * A batch's events, validated and without those an expectation dropped, how many were upserts and deletes, and
   * the expectation counts ({@link Result#checks}).
   */
  record Batch(List<Event> events, long upserts, long deletes, boolean truncates, List<Long> checks) {}

  /** A row the target holds for a key; SCD TYPE 2 versions carry their interval. */
  record Version(Object[] values, Object start, Object end) {}

  /**
   * What a batch did; with expectations, {@code checks} counts the batch's events, those passing each expectation
   * and those kept (passing every DROP ROW one), else it is empty.
   */
  record Result(long upserts, long deletes, long rowsWritten, List<Long> checks) {}

  private final AutoCdc spec;
  private final CdcPlanner.Events events;
  /** The target once known: a table being created has none yet, and its columns come from here. */
  private final TableInfo target;
  private final String flowName;
  /** The target's expectations, in the order of the events query's check columns. */
  private final List<ExpectationInfo> expectations;
  private final String store;
  private final List<SqlType> keyTypes = new ArrayList<>();
  private final SqlType sequenceType;
  private final List<SqlType> keptTypes = new ArrayList<>();
  private final boolean[] ignoreNulls;
  private final boolean[] tracked;
  private final List<ResultColumn> described;
  /** The target's column types, parsed once. */
  private final List<SqlType> targetTypes;
  /** Whether a key's newest event is its whole state (the latest layout). */
  private final boolean latestOnly;
  /** Per target column, where its value comes from ({@link #sources()}). */
  private final int[] sources;

  CdcApply(AutoCdc spec, CdcPlanner.Events events, List<ResultColumn> described) {
    this(spec, events, described, null, "", List.of());
  }

  private CdcApply(AutoCdc spec, CdcPlanner.Events events, List<ResultColumn> described, TableInfo target,
      String flowName, List<ExpectationInfo> expectations) {
    this.spec = spec;
    this.events = events;
    this.target = target;
    this.flowName = flowName;
    this.expectations = List.copyOf(expectations);
    this.store = target == null ? null : StoreNames.eventStore(target.id());
    this.targetTypes = target == null ? List.of()
        : target.columns().stream().map(column -> SqlParser.parseType(column.type())).toList();
    this.described = described;
    this.sources = target == null ? new int[0] : sources();
    this.latestOnly = spec.scdType() == 1 && spec.ignoreNullUpdates().isEmpty();
    int keys = events.keys().size();
    for (int i = 0; i < keys; i++) {
      keyTypes.add(QueryDescriber.storedType(described.get(i), spec.span()));
    }
    this.sequenceType = QueryDescriber.storedType(described.get(keys), spec.span());
    if (sequenceType.kind() == TypeKind.MAP || sequenceType.kind() == TypeKind.BINARY
        || sequenceType.kind() == TypeKind.ARRAY) {
      throw validation("NON_ORDERABLE_SEQUENCE", "The sequencing expression has the type " + sequenceType.sql()
          + ", which cannot be ordered. Sequence by a number, a string, a date or time, or a STRUCT of them.", 0);
    }
    for (int i = keys + CdcPlanner.FIXED_COLUMNS; i < described.size() - events.checks(); i++) {
      SqlType type = QueryDescriber.storedType(described.get(i), spec.span());
      if (type.kind() == TypeKind.ARRAY && (type.children().get(0).kind() == TypeKind.STRUCT
          || type.children().get(0).kind() == TypeKind.MAP)) {
        throw Errors.notSupported("an AUTO CDC column of type " + type.sql(), spec.span());
      }
      keptTypes.add(type);
    }
    List<String> kept = events.kept();
    this.ignoreNulls = new boolean[kept.size()];
    this.tracked = new boolean[kept.size()];
    for (int i = 0; i < kept.size(); i++) {
      String name = kept.get(i);
      boolean key = events.keys().stream().anyMatch(name::equalsIgnoreCase);
      ignoreNulls[i] = spec.ignoreNullUpdates().map(set -> set.contains(name)).orElse(false);
      tracked[i] = !key && spec.trackHistory().map(set -> set.contains(name)).orElse(true);
    }
  }

  /** The same flow, applied to {@code table} as flow {@code flowName}, whose events the expectations check. */
  CdcApply forTarget(TableInfo table, String flowName, List<ExpectationInfo> expectations) {
    return new CdcApply(spec, events, described, table, flowName, expectations);
  }


  /** The columns the target keeps: the kept columns, and for SCD TYPE 2 the interval of the sequence's type. */
  List<ColumnDefinition> targetColumns(Span span) {
    List<ColumnDefinition> columns = new ArrayList<>();
    for (int i = 0; i < keptTypes.size(); i++) {
      columns.add(column(span, events.kept().get(i), keptTypes.get(i)));
    }
    if (spec.scdType() == 2) {
      columns.add(column(span, START_AT, sequenceType));
      columns.add(column(span, END_AT, sequenceType));
    }
    return columns;
  }

  private static ColumnDefinition column(Span span, String name, SqlType type) {
    return new ColumnDefinition(span, name, type, false, Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty());
  }

  /**
   * Makes the store, the target's index on its keys and, for the latest layout, the target's sequence column, once
   * per layout. A store built for another layout is rebuilt when it and the target are empty (a new flow, or after
   * a full refresh); otherwise the flow fails with {@link ErrorClass#AUTOCDC_INCOMPATIBLE_STATE}.
   */
  void prepare(H2Storage storage) {
    String layout = layout();
    Object[] stored = storage.inTransaction(connection -> H2Storage.firstRow(connection, Sql.of(
        "SELECT REMARKS FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
        Sql.text(StoreNames.DATA_SCHEMA), Sql.text(store)).statement(), Map.of()));
    if (stored != null && layout.equals(stored[0])) {
      return;
    }
    if (stored != null) {
      boolean empty = storage.inTransaction(connection -> isEmpty(connection, store)
          && isEmpty(connection, target.storageName()));
      if (!empty) {
        throw EngineException.of(ErrorClass.AUTOCDC_INCOMPATIBLE_STATE)
            .parameter("tableName", Errors.quote(target.name().parts()))
            .parameter("stored", stored[0] == null ? "an earlier layout" : stored[0])
            .parameter("declared", layout).at(spec.span()).build();
      }
      storage.dropTable(store);
      storage.execute(Sql.of("DROP INDEX IF EXISTS {}.{}", Sql.name(StoreNames.DATA_SCHEMA),
          Sql.name(target.storageName() + "_CDC")));
      unclusterTarget(storage);
      storage.execute(Sql.of("ALTER TABLE {} DROP COLUMN IF EXISTS {}", Sql.table(target.storageName()),
          Sql.name(StoreNames.CDC_SEQUENCE_COLUMN)));
    }
    List<Sql> keyColumns = new ArrayList<>();
    List<Sql> columns = new ArrayList<>();
    for (int i = 0; i < keyTypes.size(); i++) {
      columns.add(Sql.of("{} {}", Sql.name("K" + i), Sql.type(keyTypes.get(i))));
      keyColumns.add(Sql.name("K" + i));
    }
    columns.add(Sql.of("{} {}", Sql.name("S"), Sql.type(sequenceType)));
    columns.add(Sql.of("{} TINYINT NOT NULL", Sql.name("OP")));
    if (!latestOnly) {
      for (int i = 0; i < keptTypes.size(); i++) {
        columns.add(Sql.of("{} {}", Sql.name("V" + i), Sql.type(keptTypes.get(i))));
      }
      columns.add(Sql.of("{} BIGINT NOT NULL", Sql.name("ARRIVAL")));
      columns.add(Sql.of("{} BIGINT NOT NULL", Sql.name("ORD")));
    }
    storage.execute(Sql.of("CREATE TABLE {} ({})", Sql.table(store), Sql.list(columns)));
    storage.execute(index(store, store + "_K", keyColumns));
    if (latestOnly) {
      storage.execute(Sql.of("ALTER TABLE {} ADD COLUMN IF NOT EXISTS {} {}", Sql.table(target.storageName()),
          Sql.name(StoreNames.CDC_SEQUENCE_COLUMN), Sql.type(sequenceType)));
    } else {
      storage.execute(index(store, store + "_A", List.of(Sql.name("ARRIVAL"))));
    }
    List<Sql> targetKeys = events.keys().stream().map(key -> Sql.name(targetColumn(key))).toList();
    if (latestOnly && keyTypes.size() == 1 && keyTypes.get(0).isIntegral()) {
      // H2 keeps the rows of a table whose primary key, one integer column, was added while it was empty in that
      // key's order: the MERGE then finds a key's row in one tree walk, with no secondary index to keep.
      storage.execute(Sql.of("ALTER TABLE {} ALTER COLUMN {} SET NOT NULL", Sql.table(target.storageName()),
          targetKeys.get(0)));
      storage.execute(Sql.of("ALTER TABLE {} ADD CONSTRAINT IF NOT EXISTS {}.{} PRIMARY KEY ({})",
          Sql.table(target.storageName()), Sql.name(StoreNames.DATA_SCHEMA), Sql.name(clusteredKey()),
          targetKeys.get(0)));
    } else {
      storage.execute(index(target.storageName(), target.storageName() + "_CDC", targetKeys));
    }
    // Written last: a store without its layout (a crash in between) is rebuilt on the next update.
    storage.execute(Sql.of("COMMENT ON TABLE {} IS {}", Sql.table(store), Sql.text(layout)));
  }

  /** The name of the primary key that clusters an SCD 1 target on its one integer key. */
  private String clusteredKey() {
    return target.storageName() + "_CDC_KEY";
  }

  /**
   * Drops the target's clustering primary key, if it has one, and lets its column hold NULL again unless the table
   * declares it NOT NULL: under another layout it is an ordinary column.
   */
  private void unclusterTarget(H2Storage storage) {
    List<Object[]> keyColumns = storage.inTransaction(connection -> H2Storage.allRows(connection, Sql.of(
        "SELECT COLUMN_NAME FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE WHERE CONSTRAINT_SCHEMA = {}"
            + " AND CONSTRAINT_NAME = {}", Sql.text(StoreNames.DATA_SCHEMA), Sql.text(clusteredKey())).statement(),
        List.of(), Map.of()));
    storage.execute(Sql.of("ALTER TABLE {} DROP CONSTRAINT IF EXISTS {}.{}", Sql.table(target.storageName()),
        Sql.name(StoreNames.DATA_SCHEMA), Sql.name(clusteredKey())));
    for (Object[] row : keyColumns) {
      String column = (String) row[0];
      boolean declaredNotNull = target.columns().stream()
          .anyMatch(declared -> declared.name().equals(column) && !declared.nullable());
      if (!declaredNotNull) {
        storage.execute(Sql.of("ALTER TABLE {} ALTER COLUMN {} SET NULL", Sql.table(target.storageName()),
            Sql.name(column)));
      }
    }
  }

  /** The layout this flow's state needs, in words, as the store is labelled with it. */
  private String layout() {
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(events.keys().get(k) + " " + keyTypes.get(k).sql());
    }
    String common = "KEYS (" + String.join(", ", keys) + ") SEQUENCE BY " + sequenceType.sql();
    if (latestOnly) {
      return "the latest event per key, " + common;
    }
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < keptTypes.size(); i++) {
      kept.add(events.kept().get(i) + " " + keptTypes.get(i).sql());
    }
    return "every event, " + common + " COLUMNS (" + String.join(", ", kept) + ")";
  }

  private static boolean isEmpty(Connection connection, String table) throws SQLException {
    return H2Storage.firstRow(connection, Sql.of("SELECT 1 FROM {} LIMIT 1", Sql.table(table)).statement(),
        Map.of()) == null;
  }

  private static Sql index(String table, String name, List<Sql> columns) {
    return Sql.of("CREATE INDEX IF NOT EXISTS {}.{} ON {} ({})", Sql.name(StoreNames.DATA_SCHEMA), Sql.name(name),
        Sql.table(table), Sql.list(columns));
  }

  /**
   * The distinct keys of the batch with arrival {@code version}, as a derived table {@code b}. The version is an
   * engine-made number written into the SQL: with it as a parameter H2 neither uses the index on ARRIVAL nor keeps
   * an IN subquery's result, and re-runs it for every row.
   */
  private Sql batchKeys(long version) {
    List<Sql> keyColumns = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keyColumns.add(Sql.name("K" + k));
    }
    return Sql.of("(SELECT DISTINCT {} FROM {} WHERE {} = {} AND {} <> {}) b", Sql.list(keyColumns),
        Sql.table(store), Sql.name("ARRIVAL"), Sql.number(version), Sql.name("OP"), Sql.number(TRUNCATE));
  }

  /** Applies the batch the events query reads with {@code runtime}, as target commit {@code version}. */
  Result apply(Connection connection, Map<String, Object> runtime, long version) throws SQLException {
    if (latestOnly) {
      return new CdcLatest(this, target, events.keys().stream().map(this::targetColumn).toList(), keyTypes,
          sequenceType, spec.truncateWhen().isPresent())
          .apply(connection, events.query().sql(), runtime, version);
    }
    Batch batch = validate(H2Storage.allRows(connection, events.query().statement(), List.of(), runtime), version);
    if (batch.events().isEmpty()) {
      return new Result(0, 0, 0, batch.checks());
    }
    return new Result(batch.upserts(), batch.deletes(), applyEvents(connection, batch, version), batch.checks());
  }

  /** The batch's events, after the checks that fail it as a whole: no NULL sequence, no NULL key but in truncates. */
  private Batch validate(List<Object[]> rows, long version) {
    int keys = keyTypes.size();
    List<Event> batch = new ArrayList<>();
    long nullSequences = 0;
    long[] nullKeys = new long[keys];
    long upserts = 0;
    long deletes = 0;
    boolean truncates = false;
    int checksAt = keys + CdcPlanner.FIXED_COLUMNS + keptTypes.size();
    long[] passed = new long[expectations.size()];
    long kept = 0;
    for (int r = 0; r < rows.size(); r++) {
      Object[] row = rows.get(r);
      boolean keep = true;
      List<String> violated = new ArrayList<>();
      for (int c = 0; c < expectations.size(); c++) {
        if (Boolean.TRUE.equals(row[checksAt + c])) {
          passed[c]++;
        } else if (expectations.get(c).action() == ExpectationInfo.Action.DROP_ROW) {
          keep = false;
        } else if (expectations.get(c).action() == ExpectationInfo.Action.FAIL_UPDATE) {
          violated.add(expectations.get(c).name());
        }
      }
      if (!violated.isEmpty()) {
        throw ExpectationViolation.of(flowName, events.kept(), Arrays.copyOfRange(row, checksAt - keptTypes.size(),
            checksAt), violated);
      }
      if (!keep) {
        continue;
      }
      kept++;
      int op = Boolean.TRUE.equals(row[keys + 2]) ? TRUNCATE : Boolean.TRUE.equals(row[keys + 1]) ? DELETE : UPSERT;
      List<Object> key = Arrays.asList(Arrays.copyOf(row, keys));
      if (isNull(row[keys])) {
        nullSequences++;
      }
      for (int k = 0; k < keys && op != TRUNCATE; k++) {
        nullKeys[k] += isNull(row[k]) ? 1 : 0;
      }
      upserts += op == UPSERT ? 1 : 0;
      deletes += op == DELETE ? 1 : 0;
      truncates |= op == TRUNCATE;
      int values = keys + CdcPlanner.FIXED_COLUMNS;
      batch.add(new Event(key, row[keys], op, Arrays.copyOfRange(row, values, values + keptTypes.size()), version,
          r));
    }
    checkNulls(nullSequences, nullKeys, version);
    return new Batch(batch, upserts, deletes, truncates, checkCounts(rows.size(), passed, kept));
  }

  /** NULL as SQL's IS NULL sees it: a STRUCT whose fields are all NULL is NULL too (the latest layout asks H2). */
  private static boolean isNull(Object value) {
    return value == null || value instanceof RowValue row && Arrays.stream(row.fields()).allMatch(CdcApply::isNull);
  }

  /** The expectation counts of a batch: its events, those passing each expectation, those kept; none without. */
  List<Long> checkCounts(long total, long[] passed, long kept) {
    if (expectations.isEmpty()) {
      return List.of();
    }
    List<Long> counts = new ArrayList<>(List.of(total));
    Arrays.stream(passed).forEach(counts::add);
    counts.add(kept);
    return counts;
  }

  /** The target's expectations, in the order of the events query's check columns. */
  List<ExpectationInfo> expectations() {
    return expectations;
  }

  String flowName() {
    return flowName;
  }

  List<String> keptNames() {
    return events.kept();
  }

  /** Fails the batch when it has rows with a NULL sequence, or (truncates aside) a NULL key column. */
  void checkNulls(long nullSequences, long[] nullKeys, long version) {
    if (nullSequences > 0) {
      throw validation("NULL_SEQUENCE", "The microbatch contains " + nullSequences + " row(s) with a null sequencing"
          + " value. All rows must have a non-null sequencing value.", version);
    }
    if (Arrays.stream(nullKeys).anyMatch(count -> count > 0)) {
      Map<String, Long> counts = new LinkedHashMap<>();
      for (int k = 0; k < nullKeys.length; k++) {
        if (nullKeys[k] > 0) {
          counts.put(events.keys().get(k), nullKeys[k]);
        }
      }
      throw validation("NULL_KEY", "The microbatch contains rows with null values in the following key column(s): "
          + counts + ". All rows must have non-null values for every key column.", version);
    }
  }

  /** The events layout: keeps the batch's events, then recomputes every key it touched from all its events. */
  private long applyEvents(Connection connection, Batch batch, long version) throws SQLException {
    int keys = keyTypes.size();
    boolean truncates = batch.truncates();
    storeEvents(connection, batch.events());
    List<Object> truncateSequences = new ArrayList<>();
    if (spec.truncateWhen().isPresent()) {
      // Only a flow with APPLY AS TRUNCATE has truncates to look for (a scan of its event store).
      for (Object[] row : H2Storage.allRows(connection, Sql.of("SELECT {} FROM {} WHERE {} = {}", Sql.name("S"),
          Sql.table(store), Sql.name("OP"), Sql.number(TRUNCATE)).statement(), List.of(), Map.of())) {
        truncateSequences.add(row[0]);
      }
    }
    truncateSequences.sort(CdcApply::compare);
    // The keys this batch touched (every key, when it truncates), with all their events, oldest first.
    Sql touched = truncates ? Sql.of("SELECT * FROM {} e", Sql.table(store))
        : Sql.of("SELECT e.* FROM {} JOIN {} e ON {}", batchKeys(version), Sql.table(store), keyMatch("b", "e"));
    Map<List<Object>, List<Event>> byKey = new LinkedHashMap<>();
    for (Object[] row : H2Storage.allRows(connection, touched.statement(), List.of(), Map.of())) {
      int op = ((Number) row[keys + 1]).intValue();
      if (op == TRUNCATE) {
        continue;
      }
      List<Object> key = Arrays.asList(Arrays.copyOf(row, keys));
      byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(new Event(key, row[keys], op,
          Arrays.copyOfRange(row, keys + 2, keys + 2 + keptTypes.size()), ((Number) row[row.length - 2]).longValue(),
          ((Number) row[row.length - 1]).longValue()));
    }
    for (List<Event> keyEvents : byKey.values()) {
      keyEvents.sort(Comparator.comparing(Event::sequence, CdcApply::compare)
          .thenComparingLong(Event::arrival).thenComparingLong(Event::ordinal));
    }
    long written = spec.scdType() == 1 && !truncates
        ? applyScd1InPlace(connection, byKey, truncateSequences, version)
        : rewrite(connection, byKey, truncates, truncateSequences, version);
    if (ChangeDataFeed.enabled(target)) {
      // Removed rows were recorded as deletes; the rows written again pair with them into update images.
      H2Storage.update(connection, ChangeFeed.recordWritten(target, "insert", version), List.of(), Map.of());
      List<String> identity = new ArrayList<>(events.keys().stream().map(this::targetColumn).toList());
      if (spec.scdType() == 2) {
        identity.add(START_AT);
      }
      ChangeFeed.pairRewrites(connection, target, identity, version);
    }
    return written;
  }

  /** Deletes the touched keys' rows and writes them again from their events. */
  private long rewrite(Connection connection, Map<List<Object>, List<Event>> byKey, boolean truncates,
      List<Object> truncateSequences, long version) throws SQLException {
    removeTouched(connection, truncates, byKey.keySet(), version);
    long written = 0;
    try (H2Storage.Batched insert = H2Storage.batched(connection, targetInsert().statement())) {
      for (List<Event> keyEvents : byKey.values()) {
        for (Version row : spec.scdType() == 2 ? scd2(keyEvents) : scd1(keyEvents, truncateSequences)) {
          insert.add(targetValues(row, version));
          written++;
        }
      }
    }
    return written;
  }

  /**
   * SCD TYPE 1 without a truncate in the batch: a key's state before the batch (its other events) and after it say
   * whether its row is inserted, updated in place, deleted, or left alone, so unchanged rows are not rewritten.
   */
  private long applyScd1InPlace(Connection connection, Map<List<Object>, List<Event>> byKey,
      List<Object> truncateSequences, long version) throws SQLException {
    List<List<Object>> removed = new ArrayList<>();
    long written = 0;
    try (H2Storage.Batched insert = H2Storage.batched(connection, targetInsert().statement());
        H2Storage.Batched update = H2Storage.batched(connection, ChangeDataFeed.enabled(target)
            ? ChangeFeed.recordOld(target, "delete", version, targetUpdate()) : targetUpdate().statement())) {
      for (Map.Entry<List<Object>, List<Event>> key : byKey.entrySet()) {
        List<Event> earlier = key.getValue().stream().filter(event -> event.arrival() != version).toList();
        List<Version> before = scd1(earlier, truncateSequences);
        List<Version> after = scd1(key.getValue(), truncateSequences);
        if (after.isEmpty()) {
          if (!before.isEmpty()) {
            removed.add(key.getKey());
          }
        } else if (before.isEmpty()) {
          insert.add(targetValues(after.get(0), version));
          written++;
        } else if (!Arrays.deepEquals(before.get(0).values(), after.get(0).values())) {
          List<Object> values = targetValues(after.get(0), version);
          for (int k = 0; k < keyTypes.size(); k++) {
            flatten(key.getKey().get(k), keyTypes.get(k), values);
          }
          update.add(values);
          written++;
        }
      }
    }
    removeTouched(connection, false, removed, version);
    return written;
  }

  /** UPDATE of a key's row: every column and the version, then the key. */
  private Sql targetUpdate() {
    Parameters row = new Parameters();
    List<Sql> sets = new ArrayList<>();
    for (int c = 0; c < target.columns().size(); c++) {
      sets.add(Sql.of("{} = {}", Sql.name(target.columns().get(c).name()), placeholder(targetTypes.get(c), row)));
    }
    sets.add(Sql.of("{} = {}", Sql.name(StoreNames.VERSION_COLUMN), row.get()));
    return Sql.of("UPDATE {} SET {} WHERE {}", Sql.table(target.storageName()), Sql.list(sets), keyEquals(row));
  }

  /** The target's key columns each equal to the next parameters of {@code row}. */
  private Sql keyEquals(Parameters row) {
    List<Sql> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(Sql.of("{} = {}", Sql.name(targetColumn(events.keys().get(k))), placeholder(keyTypes.get(k), row)));
    }
    return Sql.and(keys);
  }

  /** The client parameters of a statement run once per row of values, numbered in the order the values come. */
  static final class Parameters implements java.util.function.Supplier<Sql> {
    private int next;

    @Override
    public Sql get() {
      return Sql.param(new Binding.UserParameter(next++));
    }
  }

  private EngineException validation(String subClass, String message, long batch) {
    return EngineException.of(ErrorClass.AUTOCDC_MICROBATCH_VALIDATION).subClass(subClass, "<detail>")
        .parameter("tableName", target == null ? "(new)" : Errors.quote(target.name().parts()))
        .parameter("batchId", batch)
        .parameter("detail", message).build();
  }

  /** The key columns of the fixed, unquoted aliases {@code left} and {@code right} are equal. */
  private Sql keyMatch(String left, String right) {
    List<Sql> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      Sql key = Sql.name("K" + k);
      conditions.add(Sql.of(left + ".{} = " + right + ".{}", key, key));
    }
    return Sql.and(conditions);
  }

  private void storeEvents(Connection connection, List<Event> batch) throws SQLException {
    Parameters row = new Parameters();
    List<Sql> placeholders = new ArrayList<>();
    keyTypes.forEach(type -> placeholders.add(placeholder(type, row)));
    placeholders.add(placeholder(sequenceType, row));
    placeholders.add(row.get());
    keptTypes.forEach(type -> placeholders.add(placeholder(type, row)));
    placeholders.add(row.get());
    placeholders.add(row.get());
    try (H2Storage.Batched insert = H2Storage.batched(connection, Sql.of("INSERT INTO {} VALUES ({})",
        Sql.table(store), Sql.list(placeholders)).statement())) {
      for (Event event : batch) {
        List<Object> values = new ArrayList<>();
        for (int k = 0; k < keyTypes.size(); k++) {
          flatten(event.key().get(k), keyTypes.get(k), values);
        }
        flatten(event.sequence(), sequenceType, values);
        values.add(event.op());
        for (int i = 0; i < keptTypes.size(); i++) {
          flatten(event.values()[i], keptTypes.get(i), values);
        }
        values.add(event.arrival());
        values.add(event.ordinal());
        insert.add(values);
      }
    }
  }

  /**
   * Removes the target's rows of the touched keys, one key at a time through the index on the target's keys (a
   * set-based DELETE ... IN (subquery) makes H2 re-run the subquery for every row it deletes).
   */
  private void removeTouched(Connection connection, boolean everything, Collection<List<Object>> keys, long version)
      throws SQLException {
    boolean feed = ChangeDataFeed.enabled(target);
    if (everything) {
      if (feed) {
        H2Storage.update(connection, ChangeFeed.recordAll(target, "delete", version), List.of(), Map.of());
      }
      H2Storage.deleteAll(connection, target.storageName());
      return;
    }
    Sql delete = Sql.of("DELETE FROM {} WHERE {}", Sql.table(target.storageName()), keyEquals(new Parameters()));
    try (H2Storage.Batched batch = H2Storage.batched(connection, feed
        ? ChangeFeed.recordOld(target, "delete", version, delete) : delete.statement())) {
      for (List<Object> key : keys) {
        List<Object> values = new ArrayList<>();
        for (int k = 0; k < keyTypes.size(); k++) {
          flatten(key.get(k), keyTypes.get(k), values);
        }
        batch.add(values);
      }
    }
  }

  /** SCD TYPE 1: the state after the key's events in order; a delete or truncate leaves no row. */
  private List<Version> scd1(List<Event> keyEvents, List<Object> truncateSequences) {
    Object[] state = null;
    int nextTruncate = 0;
    for (Event event : keyEvents) {
      while (nextTruncate < truncateSequences.size()
          && compare(truncateSequences.get(nextTruncate), event.sequence()) <= 0) {
        state = null;
        nextTruncate++;
      }
      state = event.op() == DELETE ? null : merge(state, event.values());
    }
    if (state != null && nextTruncate < truncateSequences.size()) {
      state = null; // a truncate after the key's last event
    }
    return state == null ? List.of() : List.of(new Version(state, null, null));
  }

  /**
   * SCD TYPE 2: a version per change of a tracked column, closed by the next version or a delete; a change of
   * untracked columns only, or a second event at the version's own sequence, updates the open version in place.
   */
  private List<Version> scd2(List<Event> keyEvents) {
    List<Version> versions = new ArrayList<>();
    Object[] open = null;
    Object start = null;
    for (Event event : keyEvents) {
      if (event.op() == DELETE) {
        if (open != null) {
          versions.add(new Version(open, start, event.sequence()));
          open = null;
        }
        continue;
      }
      Object[] values = merge(open, event.values());
      if (open != null && (sameTracked(open, values) || compare(start, event.sequence()) == 0)) {
        open = values;
        continue;
      }
      if (open != null) {
        versions.add(new Version(open, start, event.sequence()));
      }
      open = values;
      start = event.sequence();
    }
    if (open != null) {
      versions.add(new Version(open, start, null));
    }
    return versions;
  }

  /** An upsert over the current state: IGNORE NULL UPDATES keeps the stored value where the event has NULL. */
  private Object[] merge(Object[] state, Object[] event) {
    if (state == null) {
      return event;
    }
    Object[] merged = event.clone();
    for (int i = 0; i < merged.length; i++) {
      if (merged[i] == null && ignoreNulls[i]) {
        merged[i] = state[i];
      }
    }
    return merged;
  }

  private boolean sameTracked(Object[] a, Object[] b) {
    for (int i = 0; i < a.length; i++) {
      if (tracked[i] && !Arrays.deepEquals(new Object[] {a[i]}, new Object[] {b[i]})) {
        return false;
      }
    }
    return true;
  }

  /** Sequence order: numbers, strings, dates and times by their natural order, a STRUCT field by field. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a instanceof RowValue left && b instanceof RowValue right) {
      Object[] x = left.fields();
      Object[] y = right.fields();
      for (int i = 0; i < Math.min(x.length, y.length); i++) {
        int order = compare(x[i], y[i]);
        if (order != 0) {
          return order;
        }
      }
      return Integer.compare(x.length, y.length);
    }
    return ((Comparable) a).compareTo(b);
  }

  // Writing rows: STRUCT and MAP values go to H2 as ROW(...) of their fields, bound one by one, after a flag that
  // says the whole value is NULL.

  /** INSERT of a target row: every column, then the version. */
  private Sql targetInsert() {
    Parameters row = new Parameters();
    List<Sql> names = new ArrayList<>();
    List<Sql> placeholders = new ArrayList<>();
    for (int c = 0; c < target.columns().size(); c++) {
      names.add(Sql.name(target.columns().get(c).name()));
      placeholders.add(placeholder(targetTypes.get(c), row));
    }
    names.add(Sql.name(StoreNames.VERSION_COLUMN));
    placeholders.add(row.get());
    return Sql.of("INSERT INTO {} ({}) VALUES ({})", Sql.table(target.storageName()), Sql.list(names),
        Sql.list(placeholders));
  }

  /**
   * Each target column's value as SQL over a row of kept columns named {@code V0..} (qualified by the fixed,
   * unquoted alias {@code row}): the latest layout's MERGE writes them. Columns no kept column fills are NULL, as in
   * {@link #targetValues}.
   */
  List<Sql> targetExpressions(String row) {
    List<Sql> values = new ArrayList<>();
    for (int c = 0; c < sources.length; c++) {
      values.add(sources[c] >= 0 ? Sql.cast(Sql.of(row + ".{}", Sql.name("V" + sources[c])), targetTypes.get(c))
          : Sql.of("NULL"));
    }
    return values;
  }

  List<Object> targetValues(Version row, long version) {
    List<Object> values = new ArrayList<>();
    for (int c = 0; c < sources.length; c++) {
      Object value = switch (sources[c]) {
        case FROM_START -> row.start();
        case FROM_END -> row.end();
        case FROM_NOWHERE -> null;
        default -> row.values()[sources[c]];
      };
      flatten(value, targetTypes.get(c), values);
    }
    values.add(version);
    return values;
  }

  /**
   * Where each target column's value comes from: the index of a kept column, or the SCD TYPE 2 interval, or nowhere
   * (a column another flow or the declared schema added).
   */
  private int[] sources() {
    int[] sources = new int[target.columns().size()];
    for (int c = 0; c < sources.length; c++) {
      String name = target.columns().get(c).name();
      sources[c] = FROM_NOWHERE;
      if (spec.scdType() == 2 && name.equalsIgnoreCase(START_AT)) {
        sources[c] = FROM_START;
      } else if (spec.scdType() == 2 && name.equalsIgnoreCase(END_AT)) {
        sources[c] = FROM_END;
      } else {
        for (int i = 0; i < events.kept().size(); i++) {
          if (events.kept().get(i).equalsIgnoreCase(name)) {
            sources[c] = i;
          }
        }
      }
    }
    return sources;
  }

  private String targetColumn(String name) {
    return target.columns().stream().map(ColumnInfo::name).filter(name::equalsIgnoreCase).findFirst().orElse(name);
  }

  /**
   * A value of {@code type} from the next values {@code parameters} gives, in the order {@link #flatten} lays a value
   * out: a STRUCT or MAP as its NULL flag, then its fields.
   */
  static Sql placeholder(SqlType type, java.util.function.Supplier<Sql> parameters) {
    if (type.kind() == TypeKind.STRUCT || type.kind() == TypeKind.MAP) {
      List<SqlType> parts = type.kind() == TypeKind.MAP
          ? List.of(SqlType.array(type.children().get(0)), SqlType.array(type.children().get(1))) : type.children();
      Sql isNull = parameters.get();
      List<Sql> fields = new ArrayList<>();
      parts.forEach(part -> fields.add(placeholder(part, parameters)));
      return Sql.of("CASE WHEN CAST({} AS BOOLEAN) THEN NULL ELSE {} END", isNull, Sql.cast(Sql.of("ROW({})",
          Sql.list(fields)), type));
    }
    return Sql.cast(parameters.get(), type);
  }

  static void flatten(Object value, SqlType type, List<Object> values) {
    if (type.kind() == TypeKind.STRUCT || type.kind() == TypeKind.MAP) {
      List<SqlType> parts = type.kind() == TypeKind.MAP
          ? List.of(SqlType.array(type.children().get(0)), SqlType.array(type.children().get(1))) : type.children();
      values.add(value == null);
      Object[] fields = value instanceof RowValue row ? row.fields() : new Object[parts.size()];
      for (int i = 0; i < parts.size(); i++) {
        flatten(fields[i], parts.get(i), values);
      }
      return;
    }
    values.add(value);
  }
}
