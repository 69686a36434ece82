package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.RowValue;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.SqlText;
import io.flowgate.engine.plan.CdcPlanner;
import io.flowgate.engine.plan.ChangeFeed;
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
    this.store = target == null ? null : SqlText.eventStore(target.id());
    this.targetTypes = target == null ? List.of()
        : target.columns().stream().map(column -> SqlParser.parseType(column.type())).toList();
    this.described = described;
    this.sources = target == null ? new int[0] : sources();
    this.latestOnly = spec.scdType() == 1 && spec.ignoreNullUpdates().isEmpty();
    int keys = events.keys().size();
    for (int i = 0; i < keys; i++) {
      keyTypes.add(concrete(described.get(i).type()));
    }
    this.sequenceType = concrete(described.get(keys).type());
    if (sequenceType.kind() == TypeKind.MAP || sequenceType.kind() == TypeKind.BINARY
        || sequenceType.kind() == TypeKind.ARRAY) {
      throw validation("NON_ORDERABLE_SEQUENCE", "The sequencing expression has the type " + sequenceType.sql()
          + ", which cannot be ordered. Sequence by a number, a string, a date or time, or a STRUCT of them.", 0);
    }
    for (int i = keys + CdcPlanner.FIXED_COLUMNS; i < described.size() - events.checks(); i++) {
      SqlType type = concrete(described.get(i).type());
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

  private static SqlType concrete(SqlType type) {
    return type.kind() == TypeKind.VOID ? SqlType.STRING : type;
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
    Object[] stored = storage.inTransaction(connection -> H2Storage.firstRow(connection, new H2Statement(
        "SELECT REMARKS FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = " + SqlText.literal(SqlText.DATA_SCHEMA)
            + " AND TABLE_NAME = " + SqlText.literal(store), List.of()), Map.of()));
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
      storage.execute("DROP INDEX IF EXISTS " + SqlText.quote(SqlText.DATA_SCHEMA) + "."
          + SqlText.quote(target.storageName() + "_CDC"));
      storage.execute("ALTER TABLE " + SqlText.table(target.storageName()) + " DROP COLUMN IF EXISTS "
          + SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN));
    }
    List<String> keyColumns = new ArrayList<>();
    List<String> columns = new ArrayList<>();
    for (int i = 0; i < keyTypes.size(); i++) {
      columns.add("\"K" + i + "\" " + keyTypes.get(i).h2Type());
      keyColumns.add("\"K" + i + "\"");
    }
    columns.add("\"S\" " + sequenceType.h2Type());
    columns.add("\"OP\" TINYINT NOT NULL");
    if (!latestOnly) {
      for (int i = 0; i < keptTypes.size(); i++) {
        columns.add("\"V" + i + "\" " + keptTypes.get(i).h2Type());
      }
      columns.add("\"ARRIVAL\" BIGINT NOT NULL");
      columns.add("\"ORD\" BIGINT NOT NULL");
    }
    storage.execute("CREATE TABLE " + SqlText.table(store) + " (" + String.join(", ", columns) + ")");
    storage.execute(index(store, store + "_K", keyColumns));
    if (latestOnly) {
      storage.execute("ALTER TABLE " + SqlText.table(target.storageName()) + " ADD COLUMN IF NOT EXISTS "
          + SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN) + " " + sequenceType.h2Type());
    } else {
      storage.execute(index(store, store + "_A", List.of("\"ARRIVAL\"")));
    }
    List<String> targetKeys = events.keys().stream().map(key -> SqlText.quote(targetColumn(key))).toList();
    storage.execute(index(target.storageName(), target.storageName() + "_CDC", targetKeys));
    // Written last: a store without its layout (a crash in between) is rebuilt on the next update.
    storage.execute("COMMENT ON TABLE " + SqlText.table(store) + " IS " + SqlText.literal(layout));
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
    return H2Storage.firstRow(connection, new H2Statement("SELECT 1 FROM " + SqlText.table(table) + " LIMIT 1",
        List.of()), Map.of()) == null;
  }

  private static String index(String table, String name, List<String> columns) {
    return "CREATE INDEX IF NOT EXISTS " + SqlText.quote(SqlText.DATA_SCHEMA) + "." + SqlText.quote(name) + " ON "
        + SqlText.table(table) + " (" + String.join(", ", columns) + ")";
  }

  /**
   * The distinct keys of the batch with arrival {@code version}, as a derived table {@code b}. The version is an
   * engine-made number written into the SQL: with it as a parameter H2 neither uses the index on ARRIVAL nor keeps
   * an IN subquery's result, and re-runs it for every row.
   */
  private String batchKeys(long version) {
    List<String> keyColumns = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keyColumns.add("\"K" + k + "\"");
    }
    return "(SELECT DISTINCT " + String.join(", ", keyColumns) + " FROM " + SqlText.table(store)
        + " WHERE \"ARRIVAL\" = " + version + " AND \"OP\" <> " + TRUNCATE + ") b";
  }

  /** Applies the batch the events query reads with {@code runtime}, as target commit {@code version}. */
  Result apply(Connection connection, Map<String, Object> runtime, long version) throws SQLException {
    if (latestOnly) {
      return new CdcLatest(this, target, events.keys().stream().map(this::targetColumn).toList(), keyTypes,
          sequenceType, spec.truncateWhen().isPresent())
          .apply(connection, events.query().statement(), runtime, version);
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
      for (Object[] row : H2Storage.allRows(connection, new H2Statement("SELECT \"S\" FROM " + SqlText.table(store)
          + " WHERE \"OP\" = " + TRUNCATE, List.of()), List.of(), Map.of())) {
        truncateSequences.add(row[0]);
      }
    }
    truncateSequences.sort(CdcApply::compare);
    // The keys this batch touched (every key, when it truncates), with all their events, oldest first.
    String touched = truncates ? "SELECT * FROM " + SqlText.table(store) + " e"
        : "SELECT e.* FROM " + batchKeys(version) + " JOIN " + SqlText.table(store) + " e ON " + keyMatch("b", "e");
    Map<List<Object>, List<Event>> byKey = new LinkedHashMap<>();
    for (Object[] row : H2Storage.allRows(connection, new H2Statement(touched, List.of()), List.of(), Map.of())) {
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
    if (ChangeFeed.enabled(target)) {
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
    try (H2Storage.Batched insert = H2Storage.batched(connection, targetInsert())) {
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
    try (H2Storage.Batched insert = H2Storage.batched(connection, targetInsert());
        H2Storage.Batched update = H2Storage.batched(connection, ChangeFeed.enabled(target)
            ? ChangeFeed.recordOld(target, "delete", version, targetUpdate()) : targetUpdate())) {
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
  private H2Statement targetUpdate() {
    List<String> sets = new ArrayList<>();
    for (int c = 0; c < target.columns().size(); c++) {
      sets.add(SqlText.quote(target.columns().get(c).name()) + " = " + placeholder(targetTypes.get(c)));
    }
    sets.add(SqlText.quote(SqlText.VERSION_COLUMN) + " = ?");
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(SqlText.quote(targetColumn(events.keys().get(k))) + " = " + placeholder(keyTypes.get(k)));
    }
    return new H2Statement("UPDATE " + SqlText.table(target.storageName()) + " SET " + String.join(", ", sets)
        + " WHERE " + String.join(" AND ", keys), List.of());
  }

  private EngineException validation(String subClass, String message, long batch) {
    return EngineException.of(ErrorClass.AUTOCDC_MICROBATCH_VALIDATION).subClass(subClass, "<detail>")
        .parameter("tableName", target == null ? "(new)" : Errors.quote(target.name().parts()))
        .parameter("batchId", batch)
        .parameter("detail", message).build();
  }

  private String keyMatch(String left, String right) {
    List<String> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add(left + ".\"K" + k + "\" = " + right + ".\"K" + k + "\"");
    }
    return String.join(" AND ", conditions);
  }

  private void storeEvents(Connection connection, List<Event> batch) throws SQLException {
    List<String> placeholders = new ArrayList<>();
    keyTypes.forEach(type -> placeholders.add(placeholder(type)));
    placeholders.add(placeholder(sequenceType));
    placeholders.add("?");
    keptTypes.forEach(type -> placeholders.add(placeholder(type)));
    placeholders.add("?");
    placeholders.add("?");
    try (H2Storage.Batched insert = H2Storage.batched(connection, new H2Statement("INSERT INTO "
        + SqlText.table(store) + " VALUES (" + String.join(", ", placeholders) + ")", List.of()))) {
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
    boolean feed = ChangeFeed.enabled(target);
    if (everything) {
      if (feed) {
        H2Storage.update(connection, ChangeFeed.recordAll(target, "delete", version), List.of(), Map.of());
      }
      H2Storage.deleteAll(connection, target.storageName());
      return;
    }
    List<String> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add(SqlText.quote(targetColumn(events.keys().get(k))) + " = " + placeholder(keyTypes.get(k)));
    }
    H2Statement delete = new H2Statement("DELETE FROM " + SqlText.table(target.storageName()) + " WHERE "
        + String.join(" AND ", conditions), List.of());
    try (H2Storage.Batched batch = H2Storage.batched(connection, feed
        ? ChangeFeed.recordOld(target, "delete", version, delete) : delete)) {
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
  private H2Statement targetInsert() {
    List<String> names = new ArrayList<>();
    List<String> placeholders = new ArrayList<>();
    for (int c = 0; c < target.columns().size(); c++) {
      names.add(SqlText.quote(target.columns().get(c).name()));
      placeholders.add(placeholder(targetTypes.get(c)));
    }
    names.add(SqlText.quote(SqlText.VERSION_COLUMN));
    placeholders.add("?");
    return new H2Statement("INSERT INTO " + SqlText.table(target.storageName()) + " (" + String.join(", ", names)
        + ") VALUES (" + String.join(", ", placeholders) + ")", List.of());
  }

  /**
   * Each target column's value as SQL over a row of kept columns named {@code V0..} (qualified by {@code row}):
   * the latest layout's MERGE writes them. Columns no kept column fills are NULL, as in {@link #targetValues}.
   */
  List<String> targetExpressions(String row) {
    List<String> values = new ArrayList<>();
    for (int c = 0; c < sources.length; c++) {
      values.add(sources[c] >= 0 ? "CAST(" + row + "\"V" + sources[c] + "\" AS " + targetTypes.get(c).h2Type() + ")"
          : "NULL");
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

  static String placeholder(SqlType type) {
    if (type.kind() == TypeKind.STRUCT || type.kind() == TypeKind.MAP) {
      List<SqlType> parts = type.kind() == TypeKind.MAP
          ? List.of(SqlType.array(type.children().get(0)), SqlType.array(type.children().get(1))) : type.children();
      List<String> fields = new ArrayList<>();
      parts.forEach(part -> fields.add(placeholder(part)));
      return "CASE WHEN CAST(? AS BOOLEAN) THEN NULL ELSE CAST(ROW(" + String.join(", ", fields) + ") AS "
          + type.h2Type() + ") END";
    }
    return "CAST(? AS " + type.h2Type() + ")";
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
