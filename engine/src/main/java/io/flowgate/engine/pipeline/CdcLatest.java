package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.SqlText;
import io.flowgate.engine.plan.CdcPlanner;
import io.flowgate.engine.plan.ChangeFeed;
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
  private final CdcApply apply;
  private final TableInfo target;
  private final List<String> targetKeys;
  private final List<SqlType> keyTypes;
  private final SqlType sequenceType;
  private final boolean truncates;
  private final String store;

  CdcLatest(CdcApply apply, TableInfo target, List<String> targetKeys, List<SqlType> keyTypes, SqlType sequenceType,
      boolean truncates) {
    this.apply = apply;
    this.target = target;
    this.targetKeys = targetKeys;
    this.keyTypes = keyTypes;
    this.sequenceType = sequenceType;
    this.truncates = truncates;
    this.store = SqlText.eventStore(target.id());
  }

  /** Applies the batch that {@code eventsQuery} reads with {@code runtime}, as target commit {@code version}. */
  CdcApply.Result apply(Connection connection, H2Statement eventsQuery, Map<String, Object> runtime, long version)
      throws SQLException {
    List<ExpectationInfo> expectations = apply.expectations();
    String all = events(eventsQuery.sql());
    List<Binding> reads = eventsQuery.bindings();
    Object[] summary = H2Storage.firstRow(connection, new H2Statement(summary(all), reads), runtime);
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
        throw firstViolation(connection, all, reads, runtime);
      }
    }
    List<Long> checks = apply.checkCounts(total, passed, kept);
    apply.checkNulls(nullSequences, nullKeys, version);
    if (upserts + deletes + batchTruncates == 0) {
      return new CdcApply.Result(0, 0, 0, checks);
    }
    // The events no DROP ROW expectation dropped.
    String events = expectations.isEmpty() ? all : "(SELECT * FROM " + all + " WHERE " + kept() + ")";
    long written = 0;
    Object truncate = truncates ? storedTruncate(connection) : null;
    if (batchTruncates > 0) {
      Object newest = null;
      for (Object[] row : H2Storage.allRows(connection, new H2Statement("SELECT \"S\" FROM " + events
          + " WHERE \"OP\" = " + CdcApply.TRUNCATE, reads), List.of(), runtime)) {
        newest = newest == null || CdcApply.compare(row[0], newest) > 0 ? row[0] : newest;
      }
      if (truncate == null || CdcApply.compare(newest, truncate) > 0) {
        truncate = newest;
        written += truncateBefore(connection, truncate, version);
      }
    }
    String changes = distinctKeys < upserts + deletes ? newestPerKey(events)
        : "(SELECT * FROM " + events + " WHERE \"OP\" <> " + CdcApply.TRUNCATE + ")";
    boolean tombstones = H2Storage.firstRow(connection, new H2Statement("SELECT 1 FROM " + SqlText.table(store)
        + " WHERE \"OP\" = " + CdcApply.DELETE + " LIMIT 1", List.of()), Map.of()) != null;
    if (deletes > 0) {
      bury(connection, changes, reads, runtime);
    }
    written += merge(connection, changes, reads, runtime, truncate, tombstones, version);
    if (tombstones) {
      unbury(connection, changes, reads, runtime, truncate);
    }
    return new CdcApply.Result(upserts, deletes, written, checks);
  }

  /**
   * The events query as a derived table of named columns: K0.., S (sequence), OP (0 upsert, 1 delete, 2 truncate),
   * V0.. (kept columns), X0.. (whether the event passes each expectation).
   */
  private String events(String eventsSql) {
    int keys = keyTypes.size();
    int keptColumns = apply.keptNames().size();
    List<String> named = new ArrayList<>();
    List<String> select = new ArrayList<>();
    int fixed = keys + CdcPlanner.FIXED_COLUMNS;
    int columns = fixed + keptColumns + apply.expectations().size();
    for (int c = 0; c < columns; c++) {
      named.add("\"C" + c + "\"");
    }
    for (int k = 0; k < keys; k++) {
      select.add("e.\"C" + k + "\" \"K" + k + "\"");
    }
    select.add("e.\"C" + keys + "\" \"S\"");
    select.add("CASE WHEN e.\"C" + (keys + 2) + "\" THEN " + CdcApply.TRUNCATE + " WHEN e.\"C" + (keys + 1)
        + "\" THEN " + CdcApply.DELETE + " ELSE " + CdcApply.UPSERT + " END \"OP\"");
    for (int v = 0; v < keptColumns; v++) {
      select.add("e.\"C" + (fixed + v) + "\" \"V" + v + "\"");
    }
    for (int c = 0; c < apply.expectations().size(); c++) {
      select.add("e.\"C" + (fixed + keptColumns + c) + "\" IS TRUE \"X" + c + "\"");
    }
    return "(SELECT " + String.join(", ", select) + " FROM (" + eventsSql + ") e (" + String.join(", ", named)
        + "))";
  }

  /**
   * Of the events an expectation keeps: upserts, deletes, truncates, NULL sequences, NULL keys per key column, and
   * distinct keys; then all events, those kept, and those passing each expectation.
   */
  private String summary(String events) {
    String kept = kept() + " AND ";
    List<String> counts = new ArrayList<>();
    counts.add("COUNT(*) FILTER (WHERE " + kept + "\"OP\" = " + CdcApply.UPSERT + ")");
    counts.add("COUNT(*) FILTER (WHERE " + kept + "\"OP\" = " + CdcApply.DELETE + ")");
    counts.add("COUNT(*) FILTER (WHERE " + kept + "\"OP\" = " + CdcApply.TRUNCATE + ")");
    counts.add("COUNT(*) FILTER (WHERE " + kept + "\"S\" IS NULL)");
    for (int k = 0; k < keyTypes.size(); k++) {
      counts.add("COUNT(*) FILTER (WHERE " + kept + "\"OP\" <> " + CdcApply.TRUNCATE + " AND \"K" + k
          + "\" IS NULL)");
    }
    counts.add("COUNT(DISTINCT " + keyRow("") + ") FILTER (WHERE " + kept + "\"OP\" <> " + CdcApply.TRUNCATE + ")");
    counts.add("COUNT(*)");
    counts.add("COUNT(*) FILTER (WHERE " + kept() + ")");
    for (int c = 0; c < apply.expectations().size(); c++) {
      counts.add("COUNT(*) FILTER (WHERE \"X" + c + "\")");
    }
    return "SELECT " + String.join(", ", counts) + " FROM " + events + " b";
  }

  /** Whether an event passes every DROP ROW expectation. */
  private String kept() {
    List<String> passes = new ArrayList<>(List.of("TRUE"));
    for (int c = 0; c < apply.expectations().size(); c++) {
      if (apply.expectations().get(c).action() == ExpectationInfo.Action.DROP_ROW) {
        passes.add("\"X" + c + "\"");
      }
    }
    return String.join(" AND ", passes);
  }

  /** The error for the first event that fails an ON VIOLATION FAIL UPDATE expectation. */
  private EngineException firstViolation(Connection connection, String events, List<Binding> reads,
      Map<String, Object> runtime) throws SQLException {
    List<String> columns = new ArrayList<>();
    for (int v = 0; v < apply.keptNames().size(); v++) {
      columns.add("\"V" + v + "\"");
    }
    List<String> failing = new ArrayList<>();
    for (int c = 0; c < apply.expectations().size(); c++) {
      columns.add("\"X" + c + "\"");
      if (apply.expectations().get(c).action() == ExpectationInfo.Action.FAIL_UPDATE) {
        failing.add("\"X" + c + "\"");
      }
    }
    Object[] row = H2Storage.firstRow(connection, new H2Statement("SELECT " + String.join(", ", columns) + " FROM "
        + events + " b WHERE NOT (" + String.join(" AND ", failing) + ") LIMIT 1", reads), runtime);
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
  private String newestPerKey(String events) {
    return "(SELECT * FROM (SELECT x.*, ROW_NUMBER() OVER (PARTITION BY " + keyRow("x.")
        + " ORDER BY x.\"S\" DESC, x.\"ARRIVAL\" DESC) \"NEWEST\" FROM (SELECT y.*, ROW_NUMBER() OVER () \"ARRIVAL\""
        + " FROM " + events + " y WHERE y.\"OP\" <> " + CdcApply.TRUNCATE + ") x) z WHERE z.\"NEWEST\" = 1)";
  }

  /** Deletes leave a tombstone, or move one later, where the key's row is not newer than the delete. */
  private void bury(Connection connection, String changes, List<Binding> reads, Map<String, Object> runtime)
      throws SQLException {
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add("b.\"K" + k + "\"");
    }
    H2Storage.update(connection, new H2Statement("MERGE INTO " + SqlText.table(store) + " d USING (SELECT * FROM "
        + changes + " c WHERE c.\"OP\" = " + CdcApply.DELETE + ") b ON " + keyMatch("d.\"K", "b.") + " AND d.\"OP\" = "
        + CdcApply.DELETE + " WHEN MATCHED AND " + atLeast("b.\"S\"", "d.\"S\"", sequenceType)
        + " THEN UPDATE SET \"S\" = b.\"S\" WHEN NOT MATCHED AND NOT EXISTS (SELECT 1 FROM "
        + SqlText.table(target.storageName()) + " t WHERE " + targetKeyMatch() + " AND NOT "
        + atLeast("b.\"S\"", "t." + SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN), sequenceType) + ") THEN INSERT VALUES ("
        + String.join(", ", keys) + ", b.\"S\", " + CdcApply.DELETE + ")", reads), List.of(), runtime);
  }

  /**
   * The one MERGE that writes the target: a key's row is deleted or updated by a delete or upsert at least as new
   * as the row, and a missing key is inserted by an upsert that no newer truncate or tombstone outranks.
   */
  private long merge(Connection connection, String changes, List<Binding> reads, Map<String, Object> runtime,
      Object truncate, boolean tombstones, long version) throws SQLException {
    String sequence = SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN);
    String newer = atLeast("b.\"S\"", "t." + sequence, sequenceType);
    List<String> names = new ArrayList<>();
    List<String> values = apply.targetExpressions("b.");
    List<String> sets = new ArrayList<>();
    for (int c = 0; c < values.size(); c++) {
      String name = SqlText.quote(target.columns().get(c).name());
      names.add(name);
      sets.add(name + " = " + values.get(c));
    }
    names.add(SqlText.quote(SqlText.VERSION_COLUMN));
    values.add(Long.toString(version));
    sets.add(SqlText.quote(SqlText.VERSION_COLUMN) + " = " + version);
    String sequenceValue = "CAST(b.\"S\" AS " + sequenceType.h2Type() + ")";
    names.add(sequence);
    values.add(sequenceValue);
    sets.add(sequence + " = " + sequenceValue);
    List<Binding> bindings = new ArrayList<>(reads);
    String insertWhen = "b.\"OP\" = " + CdcApply.UPSERT;
    if (truncate != null) {
      insertWhen += " AND " + atLeast("b.\"S\"", sequenceValue(truncate, bindings), sequenceType);
    }
    if (tombstones) {
      insertWhen += " AND NOT EXISTS (SELECT 1 FROM " + SqlText.table(store) + " d WHERE " + keyMatch("d.\"K", "b.")
          + " AND d.\"OP\" = " + CdcApply.DELETE + " AND NOT " + atLeast("b.\"S\"", "d.\"S\"", sequenceType) + ")";
    }
    H2Statement merge = new H2Statement("MERGE INTO " + SqlText.table(target.storageName())
        + " t USING " + changes + " b ON " + targetKeyMatch()
        + " WHEN MATCHED AND b.\"OP\" = " + CdcApply.DELETE + " AND " + newer + " THEN DELETE"
        + " WHEN MATCHED AND b.\"OP\" = " + CdcApply.UPSERT + " AND " + newer + " THEN UPDATE SET "
        + String.join(", ", sets) + " WHEN NOT MATCHED AND " + insertWhen + " THEN INSERT (" + String.join(", ", names)
        + ") VALUES (" + String.join(", ", values) + ")", bindings);
    return ChangeFeed.enabled(target) ? ChangeFeed.recordMerge(connection, target, merge, List.of(), runtime, version)
        : H2Storage.update(connection, merge, List.of(), runtime);
  }

  /** Removes the tombstones of keys that an upsert of the batch brought back. */
  private void unbury(Connection connection, String changes, List<Binding> reads, Map<String, Object> runtime,
      Object truncate) throws SQLException {
    List<Binding> bindings = new ArrayList<>(reads);
    String upserts = "c.\"OP\" = " + CdcApply.UPSERT;
    if (truncate != null) {
      upserts += " AND " + atLeast("c.\"S\"", sequenceValue(truncate, bindings), sequenceType);
    }
    H2Storage.update(connection, new H2Statement("MERGE INTO " + SqlText.table(store) + " d USING (SELECT * FROM "
        + changes + " c WHERE " + upserts + ") b ON " + keyMatch("d.\"K", "b.") + " AND d.\"OP\" = "
        + CdcApply.DELETE + " WHEN MATCHED AND " + atLeast("b.\"S\"", "d.\"S\"", sequenceType) + " THEN DELETE",
        bindings), List.of(), runtime);
  }

  /** Removes the rows older than a new truncate and keeps it as the store's newest truncate. */
  private long truncateBefore(Connection connection, Object truncate, long version) throws SQLException {
    List<Binding> bindings = new ArrayList<>();
    String value = sequenceValue(truncate, bindings);
    H2Statement delete = new H2Statement("DELETE FROM " + SqlText.table(target.storageName()) + " t WHERE NOT "
        + atLeast("t." + SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN), value, sequenceType), bindings);
    long removed = H2Storage.update(connection, ChangeFeed.enabled(target)
        ? ChangeFeed.recordOld(target, "delete", version, delete) : delete, List.of(), Map.of());
    H2Storage.update(connection, new H2Statement("DELETE FROM " + SqlText.table(store) + " WHERE \"OP\" = "
        + CdcApply.TRUNCATE, List.of()), List.of(), Map.of());
    List<Binding> row = new ArrayList<>();
    List<String> values = new ArrayList<>();
    keyTypes.forEach(type -> values.add("NULL"));
    values.add(sequenceValue(truncate, row));
    values.add(Integer.toString(CdcApply.TRUNCATE));
    H2Storage.update(connection, new H2Statement("INSERT INTO " + SqlText.table(store) + " VALUES ("
        + String.join(", ", values) + ")", row), List.of(), Map.of());
    return removed;
  }

  private Object storedTruncate(Connection connection) throws SQLException {
    Object[] row = H2Storage.firstRow(connection, new H2Statement("SELECT \"S\" FROM " + SqlText.table(store)
        + " WHERE \"OP\" = " + CdcApply.TRUNCATE, List.of()), Map.of());
    return row == null ? null : row[0];
  }

  /**
   * A sequence value as SQL whose parameters are appended to {@code bindings}, numbered (as the events query's
   * are) so that the value may be used more than once.
   */
  private String sequenceValue(Object value, List<Binding> bindings) {
    List<Object> parts = new ArrayList<>();
    CdcApply.flatten(value, sequenceType, parts);
    StringBuilder sql = new StringBuilder();
    int next = 0;
    for (char c : CdcApply.placeholder(sequenceType).toCharArray()) {
      if (c == '?') {
        bindings.add(new Binding.Constant(parts.get(next++)));
        sql.append('?').append(bindings.size());
      } else {
        sql.append(c);
      }
    }
    return sql.toString();
  }

  /**
   * {@code a} is not older than {@code b} in sequence order ({@link CdcApply#compare}): a STRUCT field by field, a
   * NULL (a field of a STRUCT, or the sequence of a row written without one) before any value. Fields are compared
   * one by one because SQL's row comparison is unknown where a field is NULL, and a row with a NULL field is neither
   * NULL nor NOT NULL.
   */
  static String atLeast(String a, String b, SqlType type) {
    return "NOT " + before(a, b, type);
  }

  private static String before(String a, String b, SqlType type) {
    if (type.kind() != TypeKind.STRUCT) {
      return "(" + a + " IS NULL AND " + b + " IS NOT NULL OR COALESCE(" + a + " < " + b + ", FALSE))";
    }
    String order = "FALSE";
    for (int i = type.children().size() - 1; i >= 0; i--) {
      String field = "." + SqlText.quote(type.fieldNames().get(i));
      String left = "(" + a + ")" + field;
      String right = "(" + b + ")" + field;
      order = "(" + before(left, right, type.children().get(i)) + " OR " + left + " IS NOT DISTINCT FROM " + right
          + " AND " + order + ")";
    }
    return order;
  }

  private String targetKeyMatch() {
    List<String> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add("t." + SqlText.quote(targetKeys.get(k)) + " = b.\"K" + k + "\"");
    }
    return String.join(" AND ", conditions);
  }

  private String keyMatch(String storeKey, String batch) {
    List<String> conditions = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      conditions.add(storeKey + k + "\" = " + batch + "\"K" + k + "\"");
    }
    return String.join(" AND ", conditions);
  }

  /** The batch's key columns as one value, for DISTINCT and PARTITION BY. */
  private String keyRow(String prefix) {
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      keys.add(prefix + "\"K" + k + "\"");
    }
    return keys.size() == 1 ? keys.get(0) : "ROW(" + String.join(", ", keys) + ")";
  }

  private static long count(Object value) {
    return ((Number) value).longValue();
  }
}
