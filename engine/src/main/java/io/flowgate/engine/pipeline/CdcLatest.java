package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.plan.CdcPlanner;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The latest layout of AUTO CDC state, for SCD TYPE 1 without IGNORE NULL UPDATES: a key's state is its newest
 * event, so a live key is its target row, which keeps that event's sequence in a hidden column; a deleted key is a
 * tombstone in the store (its keys, the delete's sequence, OP 1); and the newest truncate is one store row (OP 2).
 *
 * <p>A batch is applied inside H2 by a few set-based statements over the events query, so neither the gateway's
 * heap nor a statement per row bounds it: one aggregate validates and counts the batch; a truncate newer than the
 * stored one removes the rows older than it; the batch's deletes leave tombstones where the key holds nothing newer;
 * one MERGE deletes, updates or inserts each key's row from the key's newest event; and the upserts that outrank a
 * tombstone remove it. Ties go to the later arrival, as in the events layout. Each statement reads the batch once
 * and touches the target only through the index on its keys, so applying costs O(batch) lookups and writes whatever
 * the target's size; the tombstone statements run only when the batch deletes or the store has tombstones. With
 * the target's change data feed on, the MERGE and the truncate record their row images ({@link ChangeFeed}).
 */
final class CdcLatest {
  private static final Sql UPSERT = Sql.number(CdcApply.UPSERT);
  private static final Sql DELETE = Sql.number(CdcApply.DELETE);
  private static final Sql TRUNCATE = Sql.number(CdcApply.TRUNCATE);
  private static final Sql S = Sql.name("S");
  private static final Sql OP = Sql.name("OP");

  private final CdcApply apply;
  private final TableInfo target;
  private final List<String> targetKeys;
  private final List<SqlType> keyTypes;
  private final SqlType sequenceType;
  private final boolean truncates;
  private final Sql store;

  CdcLatest(CdcApply apply, TableInfo target, List<String> targetKeys, List<SqlType> keyTypes, SqlType sequenceType,
      boolean truncates) {
    this.apply = apply;
    this.target = target;
    this.targetKeys = targetKeys;
    this.keyTypes = keyTypes;
    this.sequenceType = sequenceType;
    this.truncates = truncates;
    this.store = Sql.table(StoreNames.eventStore(target.id()));
  }

  /** Applies the batch that {@code eventsQuery} reads with {@code runtime}, as target commit {@code version}. */
  CdcApply.Result apply(Connection connection, Sql eventsQuery, Map<String, Object> runtime, long version)
      throws SQLException {
    List<ExpectationInfo> expectations = apply.expectations();
    Sql all = events(eventsQuery);
    Object[] summary = H2Storage.firstRow(connection, summary(all).statement(), runtime);
    int at = 0; // the summary's columns, in the order summary() lists them
    long upserts = count(summary[at++]);
    long deletes = count(summary[at++]);
    long batchTruncates = count(summary[at++]);
    long nullSequences = count(summary[at++]);
    long[] nullKeys = new long[keyTypes.size()];
    for (int k = 0; k < nullKeys.length; k++) {
      nullKeys[k] = count(summary[at++]);
    }
    long distinctKeys = count(summary[at++]);
    long total = count(summary[at++]);
    long kept = count(summary[at++]);
    long[] passed = new long[expectations.size()];
    for (int c = 0; c < passed.length; c++) {
      passed[c] = count(summary[at++]);
      if (passed[c] < total && expectations.get(c).action() == ExpectationInfo.Action.FAIL_UPDATE) {
        throw firstViolation(connection, all, runtime);
      }
    }
    List<Long> checks = apply.checkCounts(total, passed, kept);
    apply.checkNulls(nullSequences, nullKeys, version);
    if (upserts + deletes + batchTruncates == 0) {
      return new CdcApply.Result(0, 0, 0, checks);
    }
    // The events no DROP ROW expectation dropped.
    Sql events = expectations.isEmpty() ? all : Sql.of("(SELECT * FROM {} WHERE {})", all, kept());
    long written = 0;
    Object truncate = truncates ? storedTruncate(connection) : null;
    if (batchTruncates > 0) {
      Object newest = null;
      for (Object[] row : H2Storage.allRows(connection, Sql.of("SELECT {} FROM {} WHERE {} = {}", S, events, OP,
          TRUNCATE).statement(), List.of(), runtime)) {
        newest = newest == null || CdcApply.compare(row[0], newest) > 0 ? row[0] : newest;
      }
      if (truncate == null || CdcApply.compare(newest, truncate) > 0) {
        truncate = newest;
        written += truncateBefore(connection, truncate, version);
      }
    }
    Sql changes = distinctKeys < upserts + deletes ? newestPerKey(events)
        : Sql.of("(SELECT * FROM {} WHERE {} <> {})", events, OP, TRUNCATE);
    boolean tombstones = H2Storage.firstRow(connection, Sql.of("SELECT 1 FROM {} WHERE {} = {} LIMIT 1", store, OP,
        DELETE).statement(), Map.of()) != null;
    if (deletes > 0) {
      bury(connection, changes, runtime);
    }
    written += merge(connection, changes, runtime, truncate, tombstones, version);
    if (tombstones) {
      unbury(connection, changes, runtime, truncate);
    }
    return new CdcApply.Result(upserts, deletes, written, checks);
  }

  /**
   * Column {@code name + index} of the batch's named columns, such as {@code "K0"}, qualified by {@code alias} (one
   * of the fixed, unquoted aliases of these statements) unless it is empty.
   */
  private static Sql column(String alias, String name, int index) {
    return at(alias, Sql.name(name + index));
  }

  /** {@code column} qualified by the fixed alias {@code alias} ({@code b.}, {@code t.}, ...), unless it is empty. */
  private static Sql at(String alias, Sql column) {
    return alias.isEmpty() ? column : Sql.of(alias + ".{}", column);
  }

  /**
   * The events query as a derived table of named columns: K0.., S (sequence), OP (0 upsert, 1 delete, 2 truncate),
   * V0.. (kept columns), X0.. (whether the event passes each expectation).
   */
  private Sql events(Sql eventsQuery) {
    int keys = keyTypes.size();
    int keptColumns = apply.keptNames().size();
    List<Sql> named = new ArrayList<>();
    List<Sql> select = new ArrayList<>();
    int fixed = keys + CdcPlanner.FIXED_COLUMNS;
    int columns = fixed + keptColumns + apply.expectations().size();
    for (int c = 0; c < columns; c++) {
      named.add(column("", "C", c));
    }
    for (int k = 0; k < keys; k++) {
      select.add(Sql.of("{} {}", column("e", "C", k), column("", "K", k)));
    }
    select.add(Sql.of("{} {}", column("e", "C", keys), S));
    select.add(Sql.of("CASE WHEN {} THEN {} WHEN {} THEN {} ELSE {} END {}", column("e", "C", keys + 2), TRUNCATE,
        column("e", "C", keys + 1), DELETE, UPSERT, OP));
    for (int v = 0; v < keptColumns; v++) {
      select.add(Sql.of("{} {}", column("e", "C", fixed + v), column("", "V", v)));
    }
    for (int c = 0; c < apply.expectations().size(); c++) {
      select.add(Sql.of("{} IS TRUE {}", column("e", "C", fixed + keptColumns + c), column("", "X", c)));
    }
    return Sql.of("(SELECT {} FROM ({}) e ({}))", Sql.list(select), eventsQuery, Sql.list(named));
  }

  /**
   * Of the events an expectation keeps: upserts, deletes, truncates, NULL sequences, NULL keys per key column, and
   * distinct keys; then all events, those kept, and those passing each expectation.
   */
  private Sql summary(Sql events) {
    Sql kept = kept();
    List<Sql> counts = new ArrayList<>();
    counts.add(Sql.of("COUNT(*) FILTER (WHERE {} AND {} = {})", kept, OP, UPSERT));
    counts.add(Sql.of("COUNT(*) FILTER (WHERE {} AND {} = {})", kept, OP, DELETE));
    counts.add(Sql.of("COUNT(*) FILTER (WHERE {} AND {} = {})", kept, OP, TRUNCATE));
    counts.add(Sql.of("COUNT(*) FILTER (WHERE {} AND {} IS NULL)", kept, S));
    for (int k = 0; k < keyTypes.size(); k++) {
      counts.add(Sql.of("COUNT(*) FILTER (WHERE {} AND {} <> {} AND {} IS NULL)", kept, OP, TRUNCATE,
          column("", "K", k)));
    }
    counts.add(Sql.of("COUNT(DISTINCT {}) FILTER (WHERE {} AND {} <> {})", keyRow(""), kept, OP, TRUNCATE));
    counts.add(Sql.of("COUNT(*)"));
    counts.add(Sql.of("COUNT(*) FILTER (WHERE {})", kept));
    for (int c = 0; c < apply.expectations().size(); c++) {
      counts.add(Sql.of("COUNT(*) FILTER (WHERE {})", column("", "X", c)));
    }
    return Sql.of("SELECT {} FROM {} b", Sql.list(counts), events);
  }

  /** Whether an event passes every DROP ROW expectation. */
  private Sql kept() {
    List<Sql> passes = new ArrayList<>(List.of(Sql.of("TRUE")));
    for (int c = 0; c < apply.expectations().size(); c++) {
      if (apply.expectations().get(c).action() == ExpectationInfo.Action.DROP_ROW) {
        passes.add(column("", "X", c));
      }
    }
    return Sql.and(passes);
  }

  /** The error for the first event that fails an ON VIOLATION FAIL UPDATE expectation. */
  private EngineException firstViolation(Connection connection, Sql events, Map<String, Object> runtime)
      throws SQLException {
    List<Sql> columns = new ArrayList<>();
    for (int v = 0; v < apply.keptNames().size(); v++) {
      columns.add(column("", "V", v));
    }
    List<Sql> failing = new ArrayList<>();
    for (int c = 0; c < apply.expectations().size(); c++) {
      columns.add(column("", "X", c));
      if (apply.expectations().get(c).action() == ExpectationInfo.Action.FAIL_UPDATE) {
        failing.add(column("", "X", c));
      }
    }
    Object[] row = H2Storage.firstRow(connection, Sql.of("SELECT {} FROM {} b WHERE NOT ({}) LIMIT 1",
        Sql.list(columns), events, Sql.and(failing)).statement(), runtime);
    List<String> violated = new ArrayList<>();
    for (int c = 0; c < apply.expectations().size(); c++) {
      ExpectationInfo expectation = apply.expectations().get(c);
      if (expectation.action() == ExpectationInfo.Action.FAIL_UPDATE
          && !Boolean.TRUE.equals(row[apply.keptNames().size() + c])) {
        violated.add(expectation.name());
      }
    }
    return ExpectationViolation.of(apply.flowName(), apply.keptNames(), row, violated);
  }

  /** Each key's newest event of the batch; of equal sequences, the later arrival. */
  private Sql newestPerKey(Sql events) {
    Sql arrival = Sql.name("ARRIVAL");
    Sql newest = Sql.name("NEWEST");
    return Sql.of("(SELECT * FROM (SELECT x.*, ROW_NUMBER() OVER (PARTITION BY {} ORDER BY x.{} DESC, x.{} DESC) {}"
        + " FROM (SELECT y.*, ROW_NUMBER() OVER () {} FROM {} y WHERE y.{} <> {}) x) z WHERE z.{} = 1)", keyRow("x"),
        S, arrival, newest, arrival, events, OP, TRUNCATE, newest);
  }

  /** Deletes leave a tombstone, or move one later, where the key's row is not newer than the delete. */
  private void bury(Connection connection, Sql changes, Map<String, Object> runtime) throws SQLException {
    List<Sql> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(column("b", "K", k));
    }
    Sql sequence = at("b", S);
    H2Storage.update(connection, Sql.of("MERGE INTO {} d USING (SELECT * FROM {} c WHERE c.{} = {}) b ON {} AND d.{}"
        + " = {} WHEN MATCHED AND {} THEN UPDATE SET {} = b.{} WHEN NOT MATCHED AND NOT EXISTS (SELECT 1 FROM {} t"
        + " WHERE {} AND NOT {}) THEN INSERT VALUES ({}, b.{}, {})", store, changes, OP, DELETE, keyMatch("d", "b"), OP,
        DELETE, atLeast(sequence, at("d", S), sequenceType), S, S, Sql.table(target.storageName()),
        targetKeyMatch(), atLeast(sequence, at("t", Sql.name(StoreNames.CDC_SEQUENCE_COLUMN)), sequenceType),
        Sql.list(keys), S, DELETE).statement(), List.of(), runtime);
  }

  /**
   * The one MERGE that writes the target: a key's row is deleted or updated by a delete or upsert at least as new
   * as the row, and a missing key is inserted by an upsert that no newer truncate or tombstone outranks.
   */
  private long merge(Connection connection, Sql changes, Map<String, Object> runtime, Object truncate,
      boolean tombstones, long version) throws SQLException {
    Sql sequence = Sql.name(StoreNames.CDC_SEQUENCE_COLUMN);
    Sql batchSequence = at("b", S);
    Sql newer = atLeast(batchSequence, at("t", Sql.name(StoreNames.CDC_SEQUENCE_COLUMN)), sequenceType);
    List<Sql> names = new ArrayList<>();
    List<Sql> values = new ArrayList<>(apply.targetExpressions("b"));
    List<Sql> sets = new ArrayList<>();
    for (int c = 0; c < values.size(); c++) {
      Sql name = Sql.name(target.columns().get(c).name());
      names.add(name);
      sets.add(Sql.of("{} = {}", name, values.get(c)));
    }
    names.add(Sql.name(StoreNames.VERSION_COLUMN));
    values.add(Sql.number(version));
    sets.add(Sql.of("{} = {}", Sql.name(StoreNames.VERSION_COLUMN), Sql.number(version)));
    Sql sequenceValue = Sql.cast(batchSequence, sequenceType);
    names.add(sequence);
    values.add(sequenceValue);
    sets.add(Sql.of("{} = {}", sequence, sequenceValue));
    List<Sql> insertWhen = new ArrayList<>(List.of(Sql.of("b.{} = {}", OP, UPSERT)));
    if (truncate != null) {
      insertWhen.add(atLeast(batchSequence, sequenceValue(truncate), sequenceType));
    }
    if (tombstones) {
      insertWhen.add(Sql.of("NOT EXISTS (SELECT 1 FROM {} d WHERE {} AND d.{} = {} AND NOT {})", store,
          keyMatch("d", "b"), OP, DELETE, atLeast(batchSequence, at("d", S), sequenceType)));
    }
    Sql merge = Sql.of("MERGE INTO {} t USING {} b ON {} WHEN MATCHED AND b.{} = {} AND {} THEN DELETE"
        + " WHEN MATCHED AND b.{} = {} AND {} THEN UPDATE SET {} WHEN NOT MATCHED AND {} THEN INSERT ({}) VALUES ({})",
        Sql.table(target.storageName()), changes, targetKeyMatch(), OP, DELETE, newer, OP, UPSERT, newer,
        Sql.list(sets), Sql.and(insertWhen), Sql.list(names), Sql.list(values));
    return ChangeDataFeed.enabled(target) ? ChangeFeed.recordMerge(connection, target, merge, List.of(), runtime, version)
        : H2Storage.update(connection, merge.statement(), List.of(), runtime);
  }

  /** Removes the tombstones of keys that an upsert of the batch brought back. */
  private void unbury(Connection connection, Sql changes, Map<String, Object> runtime, Object truncate)
      throws SQLException {
    List<Sql> upserts = new ArrayList<>(List.of(Sql.of("c.{} = {}", OP, UPSERT)));
    if (truncate != null) {
      upserts.add(atLeast(at("c", S), sequenceValue(truncate), sequenceType));
    }
    H2Storage.update(connection, Sql.of("MERGE INTO {} d USING (SELECT * FROM {} c WHERE {}) b ON {} AND d.{} = {}"
        + " WHEN MATCHED AND {} THEN DELETE", store, changes, Sql.and(upserts), keyMatch("d", "b"), OP, DELETE,
        atLeast(at("b", S), at("d", S), sequenceType)).statement(), List.of(), runtime);
  }

  /** Removes the rows older than a new truncate and keeps it as the store's newest truncate. */
  private long truncateBefore(Connection connection, Object truncate, long version) throws SQLException {
    Sql delete = Sql.of("DELETE FROM {} t WHERE NOT {}", Sql.table(target.storageName()),
        atLeast(at("t", Sql.name(StoreNames.CDC_SEQUENCE_COLUMN)), sequenceValue(truncate), sequenceType));
    long removed = H2Storage.update(connection, ChangeDataFeed.enabled(target)
        ? ChangeFeed.recordOld(target, "delete", version, delete) : delete.statement(), List.of(), Map.of());
    H2Storage.update(connection, Sql.of("DELETE FROM {} WHERE {} = {}", store, OP, TRUNCATE).statement(), List.of(),
        Map.of());
    List<Sql> values = new ArrayList<>();
    keyTypes.forEach(type -> values.add(Sql.of("NULL")));
    values.add(sequenceValue(truncate));
    values.add(TRUNCATE);
    H2Storage.update(connection, Sql.of("INSERT INTO {} VALUES ({})", store, Sql.list(values)).statement(), List.of(),
        Map.of());
    return removed;
  }

  private Object storedTruncate(Connection connection) throws SQLException {
    Object[] row = H2Storage.firstRow(connection, Sql.of("SELECT {} FROM {} WHERE {} = {}", S, store, OP, TRUNCATE)
        .statement(), Map.of());
    return row == null ? null : row[0];
  }

  /** A sequence value of the sequence's type, its parts bound as constants. */
  private Sql sequenceValue(Object value) {
    List<Object> parts = new ArrayList<>();
    CdcApply.flatten(value, sequenceType, parts);
    java.util.Iterator<Object> next = parts.iterator();
    return CdcApply.placeholder(sequenceType, () -> Sql.constant(next.next()));
  }

  /**
   * {@code a} is not older than {@code b} in sequence order ({@link CdcApply#compare}): a STRUCT field by field, a
   * NULL (a field of a STRUCT, or the sequence of a row written without one) before any value. Fields are compared
   * one by one because SQL's row comparison is unknown where a field is NULL, and a row with a NULL field is neither
   * NULL nor NOT NULL.
   */
  static Sql atLeast(Sql a, Sql b, SqlType type) {
    return Sql.of("NOT {}", before(a, b, type));
  }

  private static Sql before(Sql a, Sql b, SqlType type) {
    if (type.kind() != TypeKind.STRUCT) {
      return Sql.of("({} IS NULL AND {} IS NOT NULL OR COALESCE({} < {}, FALSE))", a, b, a, b);
    }
    Sql order = Sql.of("FALSE");
    for (int i = type.children().size() - 1; i >= 0; i--) {
      Sql field = Sql.name(type.fieldNames().get(i));
      Sql left = Sql.of("({}).{}", a, field);
      Sql right = Sql.of("({}).{}", b, field);
      order = Sql.of("({} OR {} IS NOT DISTINCT FROM {} AND {})", before(left, right, type.children().get(i)), left,
          right, order);
    }
    return order;
  }

  private Sql targetKeyMatch() {
    List<Sql> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add(Sql.of("{} = {}", at("t", Sql.name(targetKeys.get(k))), column("b", "K", k)));
    }
    return Sql.and(conditions);
  }

  /** The store's key columns under {@code store} equal the batch's under {@code batch}. */
  private Sql keyMatch(String storeAlias, String batchAlias) {
    List<Sql> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add(Sql.of("{} = {}", column(storeAlias, "K", k), column(batchAlias, "K", k)));
    }
    return Sql.and(conditions);
  }

  /** The batch's key columns as one value, for DISTINCT and PARTITION BY. */
  private Sql keyRow(String relation) {
    List<Sql> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(column(relation, "K", k));
    }
    return keys.size() == 1 ? keys.get(0) : Sql.of("ROW({})", Sql.list(keys));
  }

  private static long count(Object value) {
    return ((Number) value).longValue();
  }
}
