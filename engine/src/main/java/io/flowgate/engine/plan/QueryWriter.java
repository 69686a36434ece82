package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an analyzed SELECT block as H2 SQL. Its output columns are named by position ({@code c1, c2, ...}), so
 * nothing the user named reaches H2 except as a quoted identifier of a table's own column.
 */
final class QueryWriter {
  private QueryWriter() {}

  static Sql select(AnalyzedSelect select) {
    List<Analyzed> outputs = new ArrayList<>(select.outputs());
    select.qualify().ifPresent(qualify -> outputs.add(qualify.condition()));
    List<Sql> sql = new ArrayList<>();
    String distinct = select.distinct() && select.qualify().isEmpty() ? "SELECT DISTINCT {}" : "SELECT {}";
    sql.add(Sql.of(distinct, outputList(outputs)));
    if (!select.from().isEmpty()) {
      sql.add(Sql.of(" FROM {}", select.from()));
    }
    if (!select.where().isEmpty()) {
      sql.add(Sql.of(" WHERE {}", Sql.and(select.where().stream().map(ExpressionWriter::write).toList())));
    }
    if (!select.groupBy().isEmpty()) {
      sql.add(Sql.of(" GROUP BY {}", ExpressionWriter.all(select.groupBy())));
    }
    select.having().ifPresent(having -> sql.add(Sql.of(" HAVING {}", ExpressionWriter.write(having))));
    Sql block = Sql.join("", sql);
    if (select.qualify().isEmpty()) {
      return block;
    }
    // QUALIFY filters rows after window functions and before DISTINCT: a query around the block keeps those rows
    String alias = select.qualify().get().alias();
    List<Sql> kept = new ArrayList<>();
    for (int i = 0; i < select.outputs().size(); i++) {
      kept.add(TranslatedQuery.output(Sql.column(alias, TranslatedQuery.positional(i)), i));
    }
    return Sql.of((select.distinct() ? "SELECT DISTINCT {}" : "SELECT {}") + " FROM ({}) {} WHERE {}",
        Sql.list(kept), block, Sql.name(alias), Sql.column(alias, TranslatedQuery.positional(select.outputs().size())));
  }

  private static Sql outputList(List<Analyzed> outputs) {
    List<Sql> items = new ArrayList<>();
    for (int i = 0; i < outputs.size(); i++) {
      items.add(TranslatedQuery.output(ExpressionWriter.write(outputs.get(i)), i));
    }
    return Sql.list(items);
  }
}
