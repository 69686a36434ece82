package io.flowgate.engine.plan;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.AnalyzedRelation;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.FileColumns;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.analyzer.TranslatedQuery;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an analyzed FROM clause as H2 SQL: how its relations join, and how H2 reads each kind of rows (a table's
 * stored rows, a version of them, a flow's window of them or of their change feed, staged files, a range of
 * numbers, an event log).
 */
final class RelationWriter {
  private RelationWriter() {}

  static Sql write(AnalyzedRelation relation) {
    if (relation instanceof AnalyzedRelation.StoredTable table) {
      return Sql.table(table.storageName());
    }
    if (relation instanceof AnalyzedRelation.Derived derived) {
      return Sql.of("({})", QueryWriter.query(derived.query()));
    }
    if (relation instanceof AnalyzedRelation.TableVersion version) {
      return tableVersion(version);
    }
    if (relation instanceof AnalyzedRelation.StreamWindow window) {
      return streamWindow(window);
    }
    if (relation instanceof AnalyzedRelation.ChangeFeedWindow feed) {
      return changeFeedWindow(feed);
    }
    if (relation instanceof AnalyzedRelation.FileRows files) {
      return fileRows(files);
    }
    if (relation instanceof AnalyzedRelation.NumberRange range) {
      return numberRange(range);
    }
    if (relation instanceof AnalyzedRelation.EventLog log) {
      return eventLog(log);
    }
    if (relation instanceof AnalyzedRelation.Named named) {
      return Sql.name(named.name());
    }
    if (relation instanceof AnalyzedRelation.Aliased aliased) {
      return Sql.of("{} {}", write(aliased.relation()), Sql.name(aliased.alias()));
    }
    if (relation instanceof AnalyzedRelation.Protected rows) {
      List<Sql> columns = rows.columns().stream().map(column -> Sql.of("{} AS {}", ExpressionWriter.write(
          column.value()), Sql.name(column.name()))).toList();
      Sql where = rows.filter().map(filter -> Sql.of(" WHERE {}", ExpressionWriter.write(filter))).orElse(Sql.EMPTY);
      return Sql.of("(SELECT {} FROM {} {}{})", Sql.list(columns), write(rows.rows()), Sql.name(rows.inner()),
          where);
    }
    if (relation instanceof AnalyzedRelation.OneRow one) {
      return Sql.of("(VALUES (1)) {}", Sql.name(one.alias()));
    }
    if (relation instanceof AnalyzedRelation.Join join) {
      return join(join);
    }
    if (relation instanceof AnalyzedRelation.FullJoin full) {
      return fullJoin(full);
    }
    if (relation instanceof AnalyzedRelation.Numbers numbers) {
      return Sql.of("SYSTEM_RANGE(1, {})", Sql.number(numbers.last()));
    }
    throw Errors.internal("no relation to write for " + relation.getClass().getSimpleName(), null);
  }

  private static Sql join(AnalyzedRelation.Join join) {
    String keyword = switch (join.type()) {
      case INNER -> join.condition().isEmpty() ? "CROSS JOIN" : "INNER JOIN";
      case LEFT -> "LEFT OUTER JOIN";
      case RIGHT -> "RIGHT OUTER JOIN";
      case CROSS -> "CROSS JOIN";
      case FULL, LEFT_SEMI, LEFT_ANTI -> throw Errors.internal("no " + join.type() + " join in H2", null);
    };
    Sql left = write(join.left());
    Sql right = write(join.right());
    return join.condition().isEmpty() ? Sql.of("{} " + keyword + " {}", left, right)
        : Sql.of("{} " + keyword + " {} ON {}", left, right, ExpressionWriter.write(join.condition().get()));
  }

  /** The left join's rows and then the right rows without a match, as one derived table. */
  private static Sql fullJoin(AnalyzedRelation.FullJoin full) {
    Sql left = write(full.left());
    Sql right = write(full.right());
    Sql condition = ExpressionWriter.write(full.condition());
    return Sql.of("(SELECT {} FROM {} LEFT OUTER JOIN {} ON {} UNION ALL SELECT {} FROM {}"
        + " WHERE NOT EXISTS (SELECT 1 FROM {} WHERE {})) {}", named(full.matched()), left, right, condition,
        named(full.unmatched()), right, left, condition, Sql.name(full.alias()));
  }

  private static Sql named(List<Analyzed> values) {
    List<Sql> columns = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      columns.add(Sql.of("{} AS {}", ExpressionWriter.write(values.get(i)),
          Sql.name(AnalyzedRelation.FullJoin.column(i))));
    }
    return Sql.list(columns);
  }

  /** The rows stamped at or before the version and not taken away, and those later writes took away after it. */
  private static Sql tableVersion(AnalyzedRelation.TableVersion version) {
    Sql columns = Sql.list(version.columns().stream().map(Sql::name).toList());
    Sql stamped = Sql.name(StoreNames.VERSION_COLUMN);
    Sql at = Sql.of("CAST({} AS BIGINT)", Sql.constant(version.version()));
    return Sql.of("(SELECT {} FROM {} WHERE {} <= {} UNION ALL SELECT {} FROM {} WHERE {} <= {} AND {} > {})", columns,
        Sql.table(version.storageName()), stamped, at, columns, Sql.table(StoreNames.historyOf(version.storageName())),
        stamped, at, Sql.name(StoreNames.REMOVED_VERSION_COLUMN), at);
  }

  private static Sql streamWindow(AnalyzedRelation.StreamWindow window) {
    Sql version = Sql.name(StoreNames.VERSION_COLUMN);
    StreamSources.Keys keys = window.keys();
    // An inclusive lower bound lets H2's index start at the first new version instead of stepping over every row
    // of the last one read.
    return Sql.of("(SELECT * FROM {} WHERE {} >= CAST({} AS BIGINT) AND {} <= CAST({} AS BIGINT)"
        + " AND NOT ARRAY_CONTAINS(CAST({} AS BIGINT ARRAY), {}))", Sql.table(window.storageName()), version,
        Sql.param(keys.from()), version, Sql.param(keys.to()), Sql.param(keys.skip()), version);
  }

  private static Sql changeFeedWindow(AnalyzedRelation.ChangeFeedWindow feed) {
    Sql version = Sql.of("c.{}", Sql.name(ChangeDataFeed.COMMIT_VERSION));
    List<Sql> select = new ArrayList<>();
    for (String column : feed.columns()) {
      select.add(Sql.of("c.{}", Sql.name(column)));
    }
    select.add(Sql.of("c.{}", Sql.name(ChangeDataFeed.CHANGE_TYPE)));
    select.add(version);
    select.add(Sql.of("CAST(m.TS AS TIMESTAMP(6)) AS {}", Sql.name(ChangeDataFeed.COMMIT_TIMESTAMP)));
    return Sql.of("(SELECT {} FROM {} c JOIN FG_SYS.COMMITS m ON m.TABLE_ID = CAST({} AS BIGINT)"
        + " AND m.VERSION = {} WHERE {} >= CAST({} AS BIGINT) AND {} <= CAST({} AS BIGINT))", Sql.list(select),
        Sql.table(StoreNames.changeTable(feed.tableId())), Sql.constant(feed.tableId()), version, version,
        Sql.param(feed.keys().from()), version, Sql.param(feed.keys().to()));
  }

  /** The files' columns, their rescued data and their {@code _metadata} struct, named by position. */
  private static Sql fileRows(AnalyzedRelation.FileRows files) {
    List<Sql> select = new ArrayList<>(files.columns().stream().map(Sql::name).toList());
    select.add(Sql.name("_rescued_data"));
    select.add(Sql.cast(Sql.of("ROW({})", Sql.list(List.of(Sql.name("_fp"), Sql.name("_fn"), Sql.name("_fs"),
        Sql.name("_fmt")))), FileColumns.METADATA));
    List<Sql> named = new ArrayList<>();
    for (int i = 0; i < select.size(); i++) {
      named.add(QueryWriter.output(select.get(i), i));
    }
    // The read's key is a digest the engine made, so it may stand in the SQL text; H2 needs it there to know the
    // function's columns when it prepares the statement.
    return Sql.of("(SELECT {} FROM FG_SYS.READ_FILES({}, CAST({} AS CHARACTER VARYING)))", Sql.list(named),
        Sql.text(files.key()), Sql.param(files.batch()));
  }

  /** range(start, end, step) is half-open; SYSTEM_RANGE is closed, so it stops one step short of end. */
  private static Sql numberRange(AnalyzedRelation.NumberRange range) {
    Sql start = ExpressionWriter.write(range.start());
    Sql end = ExpressionWriter.write(range.end());
    Sql step = ExpressionWriter.write(range.step());
    return Sql.of("(SELECT X AS {} FROM SYSTEM_RANGE({}, {} - SIGN({}), {}) WHERE ({} > 0 AND X < {})"
        + " OR ({} < 0 AND X > {}))", Sql.name(TranslatedQuery.positional(0)), start, end, step, step, step, end, step,
        end);
  }

  /** The stored events, then those of batches running now (their progress so far: storage.LiveProgress), in order. */
  private static Sql eventLog(AnalyzedRelation.EventLog log) {
    Sql origin = Sql.cast(Sql.of("ROW({}, {}, UPDATE_ID, {}, FLOW_NAME)",
        Sql.cast(Sql.constant(log.pipelineId()), SqlType.STRING),
        Sql.cast(Sql.constant(log.pipelineName()), SqlType.STRING),
        Sql.cast(Sql.constant(log.datasetName()), SqlType.STRING)), AnalyzedRelation.EventLog.ORIGIN);
    List<Sql> values = List.of(Sql.of("ID"), Sql.of("{} || CAST(SEQ AS VARCHAR) || {}",
        Sql.text("{\"data_plane_id\":{\"seq_no\":"), Sql.text("}}")), origin, Sql.of("TS"), Sql.of("MESSAGE"),
        Sql.of("LEVEL"), Sql.text("STABLE"), Sql.of("ERROR"), Sql.of("DETAILS"), Sql.of("EVENT_TYPE"));
    List<Sql> select = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      select.add(QueryWriter.output(values.get(i), i));
    }
    Sql id = Sql.constant(log.tableId());
    return Sql.of("(SELECT {} FROM (SELECT SEQ, ID, UPDATE_ID, FLOW_NAME, TS, LEVEL, EVENT_TYPE, MESSAGE, ERROR,"
        + " DETAILS FROM FG_SYS.EVENTS WHERE TABLE_ID = CAST({} AS BIGINT) UNION ALL SELECT * FROM"
        + " FG_SYS.LIVE_EVENTS(CAST({} AS BIGINT))) {} ORDER BY SEQ)", Sql.list(select), id, id,
        Sql.name(log.alias()));
  }
}
