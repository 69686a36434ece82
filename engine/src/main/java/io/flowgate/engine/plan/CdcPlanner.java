package io.flowgate.engine.plan;

import io.flowgate.catalog.CatalogService;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.FileAreas;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.tree.AutoCdc;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plans the read side of an AUTO CDC flow: the query that yields a batch's change events, one row each, as the key
 * columns, the sequence value, whether the event is a delete, whether it is a truncate, then the columns the
 * target keeps. Names in KEYS, COLUMNS, IGNORE NULL UPDATES ON and TRACK HISTORY ON are the source's columns.
 */
public final class CdcPlanner {
  /** Columns of the events query between the keys and the kept columns: sequence, delete, truncate. */
  public static final int FIXED_COLUMNS = 3;

  /**
   * The events query and the names of its key and kept columns, as the source spells them; after the kept columns
   * it has one column per expectation of the target, its condition over the event (it passes only when TRUE).
   */
  public record Events(PlannedQuery query, List<String> keys, List<String> kept, int checks) {
    public Events {
      keys = List.copyOf(keys);
      kept = List.copyOf(kept);
    }
  }

  private CdcPlanner() {}

  /** Plans the events query; {@code checks} are the target's expectations, evaluated on each change event. */
  public static Events plan(CatalogService catalog, AccessControl access, SessionContext session,
      StreamSources sources,
      FileAreas files, AutoCdc cdc, List<Expression> checks) {
    Span span = cdc.span();
    // The source's columns, from a translation of its own so that the flow's sources are collected only once.
    Analysis whole = new QueryTranslator(catalog, access, session, StreamSources.forFlow(files))
        .analyze(select(span, List.of(new QueryBody.AllColumns(span, List.of())), cdc));
    List<String> sourceColumns = whole.columns().stream().map(Analysis.Column::name).toList();
    List<String> keys = resolve(cdc.keys(), sourceColumns, span);
    List<String> kept = new ArrayList<>();
    if (cdc.columns().isPresent() && !cdc.columns().get().allExcept()) {
      kept.addAll(resolve(cdc.columns().get().names(), sourceColumns, span));
    } else {
      cdc.columns().ifPresent(except -> resolve(except.names(), sourceColumns, span));
      sourceColumns.stream().filter(column -> cdc.columns().map(set -> set.contains(column)).orElse(true))
          .forEach(kept::add);
    }
    for (String key : keys) {
      if (kept.stream().noneMatch(key::equalsIgnoreCase)) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "COLUMNS")
            .parameter("functionName", "AUTO CDC").parameter("message", "the target must keep the key column "
                + Errors.quote(List.of(key))).at(span).build();
      }
    }
    cdc.ignoreNullUpdates().ifPresent(set -> resolve(set.names(), kept, span));
    cdc.trackHistory().ifPresent(set -> resolve(set.names(), kept, span));

    List<QueryBody.SelectItem> items = new ArrayList<>();
    keys.forEach(key -> items.add(column(span, key)));
    items.add(new QueryBody.SingleColumn(span, cdc.sequenceBy(), Optional.empty()));
    items.add(new QueryBody.SingleColumn(span, cdc.deleteWhen().orElse(FALSE(span)), Optional.empty()));
    items.add(new QueryBody.SingleColumn(span, cdc.truncateWhen().orElse(FALSE(span)), Optional.empty()));
    kept.forEach(name -> items.add(column(span, name)));
    checks.forEach(check -> items.add(new QueryBody.SingleColumn(span, check, Optional.empty())));
    PlannedQuery events = PlannedQuery.of(new QueryTranslator(catalog, access, session, sources).analyze(select(span,
        items, cdc)));
    return new Events(events, keys, kept, checks.size());
  }

  private static Expression FALSE(Span span) {
    return new Expression.Literal(span, Expression.LiteralKind.BOOLEAN, "false");
  }

  private static QueryBody.SelectItem column(Span span, String name) {
    return new QueryBody.SingleColumn(span, new Expression.ColumnRef(span, List.of(name)), Optional.empty());
  }

  private static Query select(Span span, List<QueryBody.SelectItem> items, AutoCdc cdc) {
    return new Query(span, List.of(), QueryBody.Select.of(span, items, Optional.of(cdc.source()),
        Optional.empty()), List.of(), Optional.empty(),
        Optional.empty());
  }

  /** The named columns as {@code among} spells them; an unknown one is an unresolved column. */
  private static List<String> resolve(List<String> names, List<String> among, Span span) {
    List<String> resolved = new ArrayList<>();
    for (String name : names) {
      resolved.add(among.stream().filter(name::equalsIgnoreCase).findFirst()
          .orElseThrow(() -> Errors.unresolvedColumn(List.of(name), among, span)));
    }
    return resolved;
  }
}
