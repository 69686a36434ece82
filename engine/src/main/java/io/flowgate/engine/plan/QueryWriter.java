package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.sql.analyzer.AnalyzedChange;
import io.flowgate.engine.sql.analyzer.AnalyzedInsert;
import io.flowgate.engine.sql.analyzer.AnalyzedMerge;
import io.flowgate.engine.sql.analyzer.AnalyzedQuery;
import io.flowgate.engine.sql.analyzer.AnalyzedRelation;
import io.flowgate.engine.sql.analyzer.AnalyzedSelect;
import io.flowgate.engine.sql.analyzer.TranslatedQuery;
import io.flowgate.engine.sql.tree.QueryBody.SetOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes analyzed queries and writes (INSERT, UPDATE, DELETE, MERGE) as H2 SQL; {@link RelationWriter} writes their
 * FROM clauses. A block's output
 * columns are named by position ({@code c1, c2, ...}), so nothing the user named reaches H2 except as a quoted
 * identifier of a table's own column; every row a write writes is stamped with the write's commit version.
 */
final class QueryWriter {
  private QueryWriter() {}

  static Sql query(AnalyzedQuery query) {
    if (query instanceof AnalyzedSelect select) {
      return select(select);
    }
    if (query instanceof AnalyzedQuery.Value value) {
      return Sql.of("SELECT {}", ExpressionWriter.write(value.value()));
    }
    if (query instanceof AnalyzedQuery.InlineRows values) {
      List<Sql> rows = values.rows().stream().map(row -> Sql.of("({})", ExpressionWriter.all(row))).toList();
      return Sql.of("SELECT * FROM (VALUES {}) {}({})", Sql.list(rows), Sql.name(values.alias()),
          columns("", values.width()));
    }
    if (query instanceof AnalyzedQuery.Nested nested) {
      return Sql.of("({})", query(nested.query()));
    }
    if (query instanceof AnalyzedQuery.SetOperation operation) {
      return setOperation(operation);
    }
    if (query instanceof AnalyzedQuery.Full full) {
      return full(full);
    }
    AnalyzedQuery.Once once = (AnalyzedQuery.Once) query;
    Sql name = Sql.name(once.name());
    return Sql.of(once.unlimited() ? "WITH {} AS ({} FETCH FIRST 2147483647 ROWS ONLY) SELECT * FROM {}"
        : "WITH {} AS ({}) SELECT * FROM {}", name, query(once.query()), name);
  }

  private static Sql full(AnalyzedQuery.Full query) {
    List<Sql> sql = new ArrayList<>();
    if (!query.with().isEmpty()) {
      List<Sql> items = query.with().stream().map(QueryWriter::withItem).toList();
      sql.add(Sql.of(query.recursive() ? "WITH RECURSIVE {} " : "WITH {} ", Sql.list(items)));
    }
    sql.add(query(query.body()));
    if (!query.orderBy().isEmpty()) {
      sql.add(Sql.of(" ORDER BY {}", ExpressionWriter.sortKeys(query.orderBy())));
    }
    query.limit().ifPresent(limit -> sql.add(Sql.of(" LIMIT {}", ExpressionWriter.write(limit))));
    query.offset().ifPresent(offset -> sql.add(Sql.of(" OFFSET {}", ExpressionWriter.write(offset))));
    return Sql.join("", sql);
  }

  private static Sql withItem(AnalyzedQuery.WithItem item) {
    if (item instanceof AnalyzedQuery.Cte cte) {
      return Sql.of("{}({}) AS ({})", Sql.name(cte.name()), columns("", cte.width()), query(cte.query()));
    }
    AnalyzedQuery.RecursiveCte cte = (AnalyzedQuery.RecursiveCte) item;
    return Sql.of("{}({}) AS (SELECT {}, 0 FROM ({}) {} UNION ALL {})", Sql.name(cte.name()),
        columns("", cte.width() + 1), columns(cte.alias(), cte.width()), query(cte.anchor()), Sql.name(cte.alias()),
        query(cte.step()));
  }

  private static Sql setOperation(AnalyzedQuery.SetOperation operation) {
    String operator = operation.operator().name();
    Sql left = query(operation.left());
    Sql right = query(operation.right());
    if (!operation.all() || operation.operator() == SetOperator.UNION) {
      return Sql.of("({}) " + operator + (operation.all() ? " ALL " : " ") + "({})", left, right);
    }
    // number the copies of each row, apply the set operation to (row, copy number), and drop the number
    Sql list = columns("", operation.width());
    Sql numbered = Sql.of(", ROW_NUMBER() OVER (PARTITION BY {}) AS {} FROM (", list, Sql.name("n"));
    List<String> aliases = operation.aliases();
    return Sql.of("SELECT {} FROM (SELECT {}{}{}) {} " + operator + " SELECT {}{}{}) {}) {}", list, list, numbered,
        left, Sql.name(aliases.get(0)), list, numbered, right, Sql.name(aliases.get(1)), Sql.name(aliases.get(2)));
  }

  /** {@code "c1", ..., "c<width>"}, qualified by {@code relation} when it is not empty. */
  static Sql columns(String relation, int width) {
    List<Sql> names = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      names.add(Sql.column(relation, TranslatedQuery.positional(i)));
    }
    return Sql.list(names);
  }

  static Sql select(AnalyzedSelect select) {
    List<Analyzed> outputs = new ArrayList<>(select.outputs());
    select.qualify().ifPresent(qualify -> outputs.add(qualify.condition()));
    List<Sql> sql = new ArrayList<>();
    String keyword = select.distinct() ? "SELECT DISTINCT {}" : "SELECT {}";
    // QUALIFY filters rows after window functions and before DISTINCT, so DISTINCT goes to the query around it
    sql.add(Sql.of(select.qualify().isEmpty() ? keyword : "SELECT {}", outputList(outputs)));
    if (!(select.from() instanceof AnalyzedRelation.None)) {
      sql.add(Sql.of(" FROM {}", RelationWriter.write(select.from())));
    }
    if (!select.where().isEmpty()) {
      sql.add(Sql.of(" WHERE {}", ExpressionWriter.allOf(select.where())));
    }
    if (!select.groupBy().isEmpty()) {
      sql.add(Sql.of(" GROUP BY {}", ExpressionWriter.all(select.groupBy())));
    }
    select.having().ifPresent(having -> sql.add(Sql.of(" HAVING {}", ExpressionWriter.write(having))));
    Sql block = Sql.join("", sql);
    if (select.qualify().isEmpty()) {
      return block;
    }
    String alias = select.qualify().get().alias();
    List<Sql> kept = new ArrayList<>();
    for (int i = 0; i < select.outputs().size(); i++) {
      kept.add(output(Sql.column(alias, TranslatedQuery.positional(i)), i));
    }
    return Sql.of(keyword + " FROM ({}) {} WHERE {}",
        Sql.list(kept), block, Sql.name(alias), Sql.column(alias, TranslatedQuery.positional(select.outputs().size())));
  }

  static Sql insert(AnalyzedInsert insert) {
    List<Sql> columns = new ArrayList<>(insert.columns().stream().map(Sql::name).toList());
    columns.add(Sql.name(StoreNames.VERSION_COLUMN));
    Sql into = Sql.of("INSERT INTO {}({})", Sql.table(insert.storageName()), Sql.list(columns));
    if (insert.source() instanceof AnalyzedInsert.Rows rows) {
      List<Sql> tuples = new ArrayList<>();
      for (List<Analyzed> row : rows.rows()) {
        List<Sql> cells = new ArrayList<>(row.stream().map(ExpressionWriter::write).toList());
        cells.add(commitVersion());
        tuples.add(Sql.of("({})", Sql.list(cells)));
      }
      return Sql.of("{} VALUES {}", into, Sql.list(tuples));
    }
    AnalyzedInsert.Query query = (AnalyzedInsert.Query) insert.source();
    List<Sql> values = new ArrayList<>(query.values().stream().map(ExpressionWriter::write).toList());
    values.add(insert.counted() ? Sql.of("FG_SYS.ROW_WRITTEN(CAST({} AS VARCHAR), {})",
        Sql.param(Binding.Runtime.ROW_COUNTER), commitVersion()) : commitVersion());
    Sql where = insert.checks().isEmpty() ? Sql.EMPTY : Sql.of(" WHERE {}", ExpressionWriter.allOf(insert.checks()));
    return Sql.of("{} SELECT {} FROM ({}) {}{}", into, Sql.list(values), query(query.query()),
        Sql.name(query.alias()), where);
  }

  /** H2's MERGE; without a clause of its own (only BY SOURCE ones), one that does nothing, as H2 needs one. */
  static Sql merge(AnalyzedMerge merge) {
    List<Sql> sql = new ArrayList<>();
    sql.add(Sql.of("MERGE INTO {} {} USING {} ON {}", Sql.table(merge.storageName()), Sql.name(merge.alias()),
        RelationWriter.write(merge.source()), ExpressionWriter.write(merge.on())));
    if (merge.clauses().isEmpty()) {
      sql.add(Sql.of(" WHEN MATCHED AND FALSE THEN DELETE"));
    }
    for (AnalyzedMerge.When clause : merge.clauses()) {
      sql.add(Sql.of(clause.matched() ? " WHEN MATCHED" : " WHEN NOT MATCHED"));
      clause.condition().ifPresent(condition -> sql.add(Sql.of(" AND {}", ExpressionWriter.write(condition))));
      sql.add(Sql.of(" THEN "));
      if (clause.action() instanceof AnalyzedMerge.Update update) {
        sql.add(Sql.of("UPDATE SET {}", sets(update.assignments())));
      } else if (clause.action() instanceof AnalyzedMerge.Insert insert) {
        List<Sql> columns = new ArrayList<>();
        List<Sql> values = new ArrayList<>();
        for (AnalyzedChange.Assignment value : insert.values()) {
          columns.add(Sql.name(value.column()));
          values.add(ExpressionWriter.write(value.value()));
        }
        columns.add(Sql.name(StoreNames.VERSION_COLUMN));
        values.add(commitVersion());
        sql.add(Sql.of("INSERT ({}) VALUES ({})", Sql.list(columns), Sql.list(values)));
      } else {
        sql.add(Sql.of("DELETE"));
      }
    }
    return Sql.join("", sql);
  }

  static Sql update(AnalyzedChange update) {
    return Sql.of("UPDATE {} {} SET {}{}", Sql.table(update.storageName()), Sql.name(update.alias()),
        sets(update.assignments()), where(update));
  }

  /** {@code column = value, ...}, and the commit version stamped on the row. */
  private static Sql sets(List<AnalyzedChange.Assignment> assignments) {
    List<Sql> sets = new ArrayList<>();
    for (AnalyzedChange.Assignment assignment : assignments) {
      sets.add(Sql.of("{} = {}", Sql.name(assignment.column()), ExpressionWriter.write(assignment.value())));
    }
    sets.add(versionAssignment());
    return Sql.list(sets);
  }

  /** The row stamped with the write's commit version. */
  private static Sql versionAssignment() {
    return Sql.of("{} = {}", Sql.name(StoreNames.VERSION_COLUMN), commitVersion());
  }


  static Sql delete(AnalyzedChange delete) {
    return Sql.of("DELETE FROM {} {}{}", Sql.table(delete.storageName()), Sql.name(delete.alias()), where(delete));
  }

  private static Sql where(AnalyzedChange change) {
    return change.where().map(condition -> Sql.of(" WHERE {}", ExpressionWriter.write(condition))).orElse(Sql.EMPTY);
  }

  /** The commit version a write stamps on its rows; the executor binds it inside the write's transaction. */
  private static Sql commitVersion() {
    return Sql.of("CAST({} AS BIGINT)", Sql.param(Binding.Runtime.COMMIT_VERSION));
  }

  /** {@code value AS "c<index + 1>"}: an output column of a generated query. */
  static Sql output(Sql value, int index) {
    return Sql.of("{} AS {}", value, Sql.name(TranslatedQuery.positional(index)));
  }

  private static Sql outputList(List<Analyzed> outputs) {
    List<Sql> items = new ArrayList<>();
    for (int i = 0; i < outputs.size(); i++) {
      items.add(output(ExpressionWriter.write(outputs.get(i)), i));
    }
    return Sql.list(items);
  }
}
