package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.DdlExecutor;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.TableClauses;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CREATE OR REFRESH of an existing streaming table (and a pipeline's definition of a table flows write) is
 * declarative: the statement is the table's whole definition, and what it leaves out goes (the vendor's page:
 * metadata a refresh does not specify is deleted). Its comment, properties, partitioning, clustering, informational
 * keys, masks and row filter replace the old ones. A declared schema may add columns after the existing ones and
 * change a column's NOT NULL or comment; a change that would drop, move or retype a column, or change how one is
 * computed, is refused, since the rows already in the table were written under the old definition and a refresh
 * only adds to them. A materialized view is the exception: a refresh recomputes all its rows, so its columns simply
 * become the new definition's.
 */
final class Redefinition {
  private Redefinition() {}

  /**
   * The table's columns under the new definition; {@code added} are new at its end, {@code nullability} the
   * existing columns whose NOT NULL changes (true: they become nullable).
   */
  record Columns(List<ColumnInfo> columns, List<ColumnDefinition> added, Map<String, Boolean> nullability,
      boolean rebuilt) {
    Columns(List<ColumnInfo> columns, List<ColumnDefinition> added, Map<String, Boolean> nullability) {
      this(columns, added, nullability, false);
    }
  }

  /**
   * A materialized view's columns are its new query's (or its declared ones) whatever they were: a refresh
   * recomputes every row, so nothing written under the old definition stays. {@code rebuilt} when a column is
   * dropped, moved, renamed, retyped or computed otherwise: the rows then go into a new store table of that shape.
   */
  static Columns recomputed(TableInfo table, List<ColumnDefinition> definitions) {
    List<ColumnInfo> wanted = DdlExecutor.columnInfos(definitions);
    List<ColumnInfo> current = table.columns();
    boolean same = wanted.size() == current.size();
    for (int i = 0; same && i < wanted.size(); i++) {
      ColumnInfo now = wanted.get(i);
      ColumnInfo old = current.get(i);
      same = now.name().equals(old.name()) && now.type().equalsIgnoreCase(old.type())
          && now.nullable() == old.nullable() && now.defaultSql().equals(old.defaultSql())
          && now.generatedSql().equals(old.generatedSql()) && now.identity().equals(old.identity());
    }
    return new Columns(wanted, List.of(), Map.of(), !same);
  }

  static Columns declared(TableInfo table, List<ColumnDefinition> declared, Span span) {
    List<ColumnInfo> wanted = DdlExecutor.columnInfos(declared);
    List<ColumnInfo> current = table.columns();
    Map<String, Boolean> nullability = new LinkedHashMap<>();
    for (int i = 0; i < current.size(); i++) {
      ColumnInfo old = current.get(i);
      if (i >= wanted.size() || !wanted.get(i).name().equalsIgnoreCase(old.name())) {
        boolean moved = wanted.stream().anyMatch(column -> column.name().equalsIgnoreCase(old.name()));
        throw incompatible(table, (moved ? "moves column " : "drops column ") + Errors.quote(old.name()), span);
      }
      ColumnInfo now = wanted.get(i);
      if (!now.type().equalsIgnoreCase(old.type())) {
        throw incompatible(table, "changes the type of column " + Errors.quote(old.name()) + " from "
            + old.type().toUpperCase(java.util.Locale.ROOT) + " to " + now.type().toUpperCase(java.util.Locale.ROOT),
            span);
      }
      if (!now.defaultSql().equals(old.defaultSql()) || !now.generatedSql().equals(old.generatedSql())
          || !now.identity().equals(old.identity())) {
        throw incompatible(table, "changes the DEFAULT, GENERATED or IDENTITY of column " + Errors.quote(old.name()),
            span);
      }
      if (now.nullable() != old.nullable()) {
        nullability.put(old.name(), now.nullable());
      }
    }
    return new Columns(wanted, declared.subList(current.size(), declared.size()), nullability);
  }

  /** Without a declared schema the columns stay those the flows wrote; their comments go with the old definition. */
  static Columns inferred(TableInfo table, List<ColumnDefinition> missing) {
    List<ColumnInfo> columns = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      columns.add(new ColumnInfo(column.name(), column.type(), column.nullable(), column.defaultSql(),
          column.generatedSql(), column.identity(), Optional.empty()));
    }
    columns.addAll(DdlExecutor.columnInfos(missing));
    return new Columns(columns, missing, Map.of());
  }

  /** The table as the statement defines it, before its masks and row filter are resolved. */
  static TableInfo table(TableInfo table, String storageName, Columns columns, TableClauses clauses,
      List<KeyInfo> keys) {
    return new TableInfo(table.id(), table.name(), table.kind(), storageName, columns.columns(),
        clauses.comment(), clauses.properties(), clauses.partitionBy(), clauses.clusterBy(), clauses.clusterAuto(),
        clauses.location(),
        table.viewSql(), keys, table.owner(), table.created(), table.pipelinePrivate(), List.of());
  }

  private static EngineException incompatible(TableInfo table, String change, Span span) {
    return EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED).subClass("INCOMPATIBLE_SCHEMA_CHANGE",
        "the new definition of <tableName> <change>, which the rows already in it were not written for. Keep the"
            + " column as it is, or drop the table and create it again.")
        .parameter("operation", "CREATE OR REFRESH").parameter("tableName", Errors.quote(table.name().parts()))
        .parameter("change", change).at(span).build();
  }
}
