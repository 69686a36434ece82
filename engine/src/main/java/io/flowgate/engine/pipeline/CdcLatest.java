package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.plan.H2Statement;
import io.flowgate.engine.plan.SqlText;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest layout of AUTO CDC state, for SCD TYPE 1 without IGNORE NULL UPDATES: a key's state is its newest
 * event, so a live key is its target row, which keeps that event's sequence in a hidden column; a deleted key is a
 * tombstone in the store (its keys, the delete's sequence, OP 1); and the newest truncate is one store row (OP 2).
 *
 * <p>A batch reads its events joined to the target row and tombstone of each key, keeps each key's newest event,
 * and writes only where that event is newer than the key's state: an update or insert of the row, or its removal
 * and a tombstone. An upsert older than the newest truncate is dropped, and a truncate newer than the last removes
 * the rows older than it. Ties go to the later arrival, as in the events layout, and applying costs O(batch) index
 * lookups and writes whatever the target's size.
 */
final class CdcLatest {
  /** Lookup columns appended to each event row: the target row's id and sequence, the tombstone's id and sequence. */
  private static final int LOOKUPS = 4;

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

  /**
   * The events query with each event's key looked up in the target and the store. The events are the outer side
   * of LEFT JOINs, which H2 keeps first, so every lookup goes through an index on the keys.
   */
  H2Statement lookup(H2Statement eventsQuery, int eventColumns) {
    List<String> names = new ArrayList<>();
    for (int c = 0; c < eventColumns; c++) {
      names.add("\"C" + c + "\"");
    }
    List<String> onTarget = new ArrayList<>();
    List<String> onStore = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      onTarget.add("t." + SqlText.quote(targetKeys.get(k)) + " = e.\"C" + k + "\"");
      onStore.add("d.\"K" + k + "\" = e.\"C" + k + "\"");
    }
    // H2 gives a missing row's _ROWID_ as 0, so a row id counts only where the joined key is there.
    return new H2Statement("SELECT e.*, CASE WHEN t." + SqlText.quote(targetKeys.get(0)) + " IS NOT NULL THEN"
        + " t._ROWID_ END, t." + SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN) + ", CASE WHEN d.\"K0\" IS NOT NULL"
        + " THEN d._ROWID_ END, d.\"S\" FROM (" + eventsQuery.sql() + ") e (" + String.join(", ", names) + ") LEFT JOIN "
        + SqlText.table(target.storageName()) + " t ON " + String.join(" AND ", onTarget) + " LEFT JOIN "
        + SqlText.table(store) + " d ON " + String.join(" AND ", onStore), eventsQuery.bindings());
  }

  /** Applies the batch read by {@link #lookup} ({@code rows}) and returns how many target rows it wrote. */
  long apply(Connection connection, CdcApply.Batch batch, List<Object[]> rows, long version) throws SQLException {
    List<CdcApply.Event> events = batch.events();
    // In arrival order: rows of a first load then lie in the source's order, and later lookups and updates in the
    // same order touch neighbouring pages instead of the whole table.
    Map<List<Object>, Integer> newest = new LinkedHashMap<>();
    Object batchTruncate = null;
    for (int i = 0; i < events.size(); i++) {
      CdcApply.Event event = events.get(i);
      if (event.op() == CdcApply.TRUNCATE) {
        batchTruncate = max(batchTruncate, event.sequence());
        continue;
      }
      Integer seen = newest.get(event.key());
      if (seen == null || CdcApply.compare(event.sequence(), events.get(seen).sequence()) >= 0) {
        newest.put(event.key(), i);
      }
    }
    Object storedTruncate = truncates ? storedTruncate(connection) : null;
    Object truncate = max(storedTruncate, batchTruncate);
    long written = 0;
    try (H2Storage.Batched insert = H2Storage.batched(connection, apply.targetInsert(true));
        H2Storage.Batched update = H2Storage.batched(connection, apply.targetUpdate(true));
        H2Storage.Batched remove = H2Storage.batched(connection, deleteByRowId(target.storageName()));
        H2Storage.Batched bury = H2Storage.batched(connection, tombstoneInsert(CdcApply.DELETE));
        H2Storage.Batched rebury = H2Storage.batched(connection, new H2Statement("UPDATE " + SqlText.table(store)
            + " SET \"S\" = " + CdcApply.placeholder(sequenceType) + " WHERE _ROWID_ = ?", List.of()));
        H2Storage.Batched unbury = H2Storage.batched(connection, deleteByRowId(store))) {
      for (int i : newest.values()) {
        CdcApply.Event event = events.get(i);
        Object[] row = rows.get(i);
        int at = row.length - LOOKUPS;
        Object liveRow = row[at];
        Object tombstone = row[at + 2];
        Object state = liveRow != null ? row[at + 1] : tombstone != null ? row[at + 3] : null;
        if (state != null && CdcApply.compare(event.sequence(), state) < 0) {
          continue; // older than what the key holds
        }
        if (event.op() == CdcApply.DELETE) {
          if (liveRow != null) {
            remove.add(List.of(liveRow));
          }
          List<Object> values = new ArrayList<>();
          CdcApply.flatten(event.sequence(), sequenceType, values);
          if (tombstone != null) {
            values.add(tombstone);
            rebury.add(values);
          } else {
            List<Object> keyed = keyValues(event.key());
            keyed.addAll(values);
            bury.add(keyed);
          }
          continue;
        }
        if (truncate != null && CdcApply.compare(truncate, event.sequence()) > 0) {
          continue; // a newer truncate removed it (a live row older than that truncate goes below)
        }
        List<Object> values = apply.targetValues(new CdcApply.Version(event.values(), null, null), version);
        CdcApply.flatten(event.sequence(), sequenceType, values);
        if (liveRow != null) {
          values.add(liveRow);
          update.add(values);
        } else {
          insert.add(values);
          if (tombstone != null) {
            unbury.add(List.of(tombstone));
          }
        }
        written++;
      }
    }
    if (batchTruncate != null && (storedTruncate == null || CdcApply.compare(batchTruncate, storedTruncate) > 0)) {
      truncateBefore(connection, batchTruncate);
    }
    return written;
  }

  /** Removes the rows older than a new truncate and keeps it as the store's newest truncate. */
  private void truncateBefore(Connection connection, Object truncate) throws SQLException {
    String sequence = SqlText.quote(SqlText.CDC_SEQUENCE_COLUMN);
    try (H2Storage.Batched remove = H2Storage.batched(connection, deleteByRowId(target.storageName()))) {
      for (Object[] row : H2Storage.allRows(connection, new H2Statement("SELECT _ROWID_, " + sequence + " FROM "
          + SqlText.table(target.storageName()), List.of()), List.of(), Map.of())) {
        if (CdcApply.compare(row[1], truncate) < 0) {
          remove.add(List.of(row[0]));
        }
      }
    }
    H2Storage.update(connection, new H2Statement("DELETE FROM " + SqlText.table(store) + " WHERE \"OP\" = "
        + CdcApply.TRUNCATE, List.of()), List.of(), Map.of());
    List<Object> values = new ArrayList<>();
    keyTypes.forEach(type -> CdcApply.flatten(null, type, values));
    CdcApply.flatten(truncate, sequenceType, values);
    try (H2Storage.Batched insert = H2Storage.batched(connection, tombstoneInsert(CdcApply.TRUNCATE))) {
      insert.add(values);
    }
  }

  private Object storedTruncate(Connection connection) throws SQLException {
    Object[] row = H2Storage.firstRow(connection, new H2Statement("SELECT \"S\" FROM " + SqlText.table(store)
        + " WHERE \"OP\" = " + CdcApply.TRUNCATE, List.of()), Map.of());
    return row == null ? null : row[0];
  }

  private H2Statement tombstoneInsert(int op) {
    List<String> placeholders = new ArrayList<>();
    keyTypes.forEach(type -> placeholders.add(CdcApply.placeholder(type)));
    placeholders.add(CdcApply.placeholder(sequenceType));
    return new H2Statement("INSERT INTO " + SqlText.table(store) + " VALUES (" + String.join(", ", placeholders)
        + ", " + op + ")", List.of());
  }

  private static H2Statement deleteByRowId(String table) {
    return new H2Statement("DELETE FROM " + SqlText.table(table) + " WHERE _ROWID_ = ?", List.of());
  }

  private List<Object> keyValues(List<Object> key) {
    List<Object> values = new ArrayList<>();
    for (int k = 0; k < keyTypes.size(); k++) {
      CdcApply.flatten(key.get(k), keyTypes.get(k), values);
    }
    return values;
  }

  private static Object max(Object a, Object b) {
    return a == null ? b : b == null ? a : CdcApply.compare(a, b) >= 0 ? a : b;
  }
}
