package io.flowgate.engine.plan;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.DmlAnalyzer;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.tree.Dml.Delete;
import io.flowgate.engine.sql.tree.Dml.Insert;
import io.flowgate.engine.sql.tree.Dml.Merge;
import io.flowgate.engine.sql.tree.Dml.Update;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Span;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The H2 statements of INSERT, UPDATE, DELETE and MERGE into a resolved table, as {@link DmlAnalyzer} analyzed them. */
public final class DmlPlanner {
  private final DmlAnalyzer analyzer;

  public DmlPlanner(QueryTranslator queries) {
    this.analyzer = new DmlAnalyzer(queries);
  }

  public Sql insert(Insert insert, TableInfo table) {
    return QueryWriter.insert(analyzer.insert(insert, table));
  }

  public Sql update(Update update, TableInfo table) {
    return QueryWriter.update(analyzer.update(update, table));
  }

  public Sql delete(Delete delete, TableInfo table) {
    return QueryWriter.delete(analyzer.delete(delete, table));
  }

  public Sql merge(Merge merge, TableInfo table) {
    return QueryWriter.merge(analyzer.merge(merge, table));
  }

  /** A MERGE's WHEN NOT MATCHED BY SOURCE clauses, which run before it (see {@link DmlAnalyzer#bySource}). */
  public List<Sql> bySource(Merge merge, TableInfo table) {
    DmlAnalyzer.BySource bySource = analyzer.bySource(merge, table);
    return Stream.concat(bySource.delete().map(QueryWriter::delete).stream(),
        bySource.update().map(QueryWriter::update).stream()).toList();
  }

  /** A flow's append with its expectations, written (see {@link DmlAnalyzer.FlowWrite}). */
  public record FlowStatements(H2Statement insert, Optional<H2Statement> metrics, Optional<H2Statement> firstFailure,
      List<String> columnNames) {}

  public FlowStatements flowInsert(Insert insert, TableInfo table, List<DmlAnalyzer.Check> checks) {
    DmlAnalyzer.FlowWrite write = analyzer.flowInsert(insert, table, checks);
    return new FlowStatements(QueryWriter.insert(write.insert()).statement(),
        write.metrics().map(query -> QueryWriter.query(query).statement()),
        write.firstFailure().map(query -> QueryWriter.query(query).statement()), write.columnNames());
  }

  /** REPLACE WHERE's statements, written (see {@link DmlAnalyzer#replaceWhere}). */
  public record Replacement(Optional<H2Statement> outside, Sql delete) {}

  public Replacement replaceWhere(Expression predicate, Query query, List<String> columns, TableInfo table,
      Span span) {
    DmlAnalyzer.Replacement replacement = analyzer.replaceWhere(predicate, query, columns, table, span);
    return new Replacement(replacement.outside().map(outside -> PlannedQuery.of(outside).statement()),
        QueryWriter.delete(replacement.delete()));
  }
}
