package io.flowgate.engine.exec;

import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.analyzer.Calls;
import io.flowgate.engine.sql.analyzer.ExpressionNames;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Explain;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.SqlFormatter;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.sql.tree.TreeScanner;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * EXPLAIN: the statement planned and checked as if it were to run (names resolved, privileges checked, so an EXPLAIN
 * fails as the statement would), then described instead of run. It tells what the statement names and how each
 * SELECT block filters and aggregates; a read through a row filter or column masks says so, and never what they
 * are, nor what a view reads inside, so it shows nothing the user could not see by running the statement.
 */
public final class ExplainExecutor {
  private final ExecutionContext context;

  public ExplainExecutor(ExecutionContext context) {
    this.context = context;
  }

  public StatementResult explain(Explain explain) {
    Statement statement = explain.statement();
    List<String> lines = header(explain);
    if (statement instanceof Query query) {
      Analysis analysis = context.translator().analyze(query);
      List<ResultColumn> columns = QueryDescriber.columns(analysis.columns());
      lines.add("Output: " + columns.stream().map(column -> column.name() + " " + typeName(column.type())
          + (column.nullable() ? "" : " NOT NULL")).collect(Collectors.joining(", ")));
      reads(analysis.reads(), analysis.fileReads(), lines);
    } else if (statement instanceof Dml dml) {
      DmlExecutor.Planned planned = new DmlExecutor(context).plan(dml);
      lines.add("Writes: " + planned.table().name() + " (" + operation(dml) + ")");
      reads(planned.translator().reads(), planned.translator().fileReads(), lines);
    } else {
      throw io.flowgate.engine.error.Errors.notSupported("EXPLAIN of a " + kind(statement) + " statement (EXPLAIN"
          + " takes a query, INSERT, UPDATE, DELETE, MERGE or REFRESH)", explain.span());
    }
    blocks(statement, lines);
    return plan(lines);
  }

  /**
   * The plan of a statement another part of the engine analyzed (a REFRESH: the pipeline's), {@code analysis} its
   * lines.
   */
  public static StatementResult explained(Explain explain, List<String> analysis) {
    List<String> lines = header(explain);
    lines.addAll(analysis);
    return plan(lines);
  }

  private static List<String> header(Explain explain) {
    List<String> lines = new ArrayList<>();
    if (explain.mode() != Explain.Mode.SIMPLE) {
      lines.add("== Statement ==");
      lines.add(SqlFormatter.format(explain.statement()));
    }
    lines.add("== Analysis ==");
    return lines;
  }

  private static StatementResult plan(List<String> lines) {
    return new StatementResult.Rows(List.of(new ResultColumn("plan", SqlType.STRING, false)),
        new ListCursor(List.of(List.of(String.join("\n", lines)))));
  }

  private static void reads(List<Analysis.Read> reads, List<StreamSources.FileRead> files, List<String> lines) {
    for (Analysis.Read read : reads) {
      StringBuilder line = new StringBuilder("Reads: ").append(read.table()).append(" (")
          .append(read.kind().map(ExplainExecutor::kindName)
              .orElse("information schema view"));
      if (read.streaming()) {
        line.append(", new rows since the flow's checkpoint");
      }
      if (read.rowFilter()) {
        line.append(", row filter applied");
      }
      if (read.maskedColumns() > 0) {
        line.append(", ").append(read.maskedColumns()).append(read.maskedColumns() == 1 ? " column" : " columns")
            .append(" masked");
      }
      lines.add(line.append(')').toString());
    }
    for (StreamSources.FileRead file : files) {
      lines.add("Reads files: " + file.files().base() + " (" + file.files().format()
          + (file.streaming() ? ", files not read before" : "") + ")");
    }
  }

  /** One line per SELECT block, in the order the statement has them. */
  private static void blocks(Statement statement, List<String> lines) {
    List<Select> selects = new ArrayList<>();
    TreeScanner<Void> scanner = new TreeScanner<>() {
      @Override
      protected Void visitSelect(Select select, Void context) {
        selects.add(select);
        return super.visitSelect(select, context);
      }
    };
    roots(statement).forEach(root -> scanner.visit(root, null));
    for (int i = 0; i < selects.size(); i++) {
      Select select = selects.get(i);
      StringBuilder line = new StringBuilder("Block ").append(i + 1).append(": SELECT");
      select.where().ifPresent(where -> line.append("; filter ").append(SqlFormatter.format(where)));
      if (!select.groupBy().isEmpty()) {
        line.append("; grouped by ").append(select.groupBy().stream().map(SqlFormatter::format)
            .collect(Collectors.joining(", ")));
      }
      List<String> aggregates = calls(select, Calls.aggregates(FunctionRegistry.TRAITS));
      if (!aggregates.isEmpty()) {
        line.append("; aggregates ").append(String.join(", ", aggregates));
      }
      select.having().ifPresent(having -> line.append("; having ").append(SqlFormatter.format(having)));
      List<String> windows = calls(select, Calls.windows());
      if (!windows.isEmpty()) {
        line.append("; window functions ").append(String.join(", ", windows));
      }
      if (select.distinct()) {
        line.append("; distinct");
      }
      lines.add(line.toString());
    }
  }

  /** Where a statement's SELECT blocks are: a query is one tree, a write's are its source and expressions. */
  private static List<Node> roots(Statement statement) {
    List<Node> roots = new ArrayList<>();
    if (statement instanceof Dml.Insert insert) {
      roots.add(insert.source());
    } else if (statement instanceof Dml.Update update) {
      update.assignments().forEach(assignment -> roots.add(assignment.value()));
      update.where().ifPresent(roots::add);
    } else if (statement instanceof Dml.Delete delete) {
      delete.where().ifPresent(roots::add);
    } else if (statement instanceof Dml.Merge merge) {
      roots.add(merge.source());
      roots.add(merge.on());
      for (Dml.MergeClause clause : merge.clauses()) {
        clause.condition().ifPresent(roots::add);
        clause.assignments().forEach(assignment -> roots.add(assignment.value()));
        roots.addAll(clause.values());
      }
    } else {
      roots.add(statement);
    }
    return roots;
  }

  /** The names of the block's own calls that {@code which} picks, nested SELECT blocks left out. */
  private static List<String> calls(Select select, Predicate<FunctionCall> which) {
    List<String> found = new ArrayList<>();
    for (Node child : TreeScanner.children(select)) {
      Calls.of(child, which).forEach(call -> found.add(ExpressionNames.name(call)));
    }
    return found;
  }

  private static String operation(Dml dml) {
    if (dml instanceof Dml.Insert insert) {
      return insert.overwrite() ? "INSERT OVERWRITE" : "INSERT";
    }
    return dml instanceof Dml.Update ? "UPDATE" : dml instanceof Dml.Delete ? "DELETE" : "MERGE";
  }

  private static String kindName(TableKind kind) {
    return kind == TableKind.MANAGED ? "table" : kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static String typeName(SqlType type) {
    return type.sql().toUpperCase(Locale.ROOT);
  }

  private static String kind(Statement statement) {
    return statement.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(Locale.ROOT);
  }
}
