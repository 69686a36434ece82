package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.sql.analyzer.DmlAnalyzer;
import io.flowgate.engine.sql.analyzer.StreamSources;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.CopyInto;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * COPY INTO: an INSERT of the rows of {@code read_files} over the files the table has not loaded before, in one
 * transaction with the record of those files ({@code FG_SYS.COPIED_FILES}), so running it again, or after a failure,
 * loads each file once. Without a SELECT the files' columns meet the table's by name (a CSV without a header, or BY
 * POSITION, by position): the table's columns are declared as the read's schema, so values are read as their
 * column's type (what does not fit is NULL) and the files' other fields are left out. With a SELECT, its items are
 * the rows, matched to the table's columns by name (BY POSITION: by position), over the files' inferred columns.
 */
public final class CopyIntoExecutor {
  private static final Set<String> COPY_OPTIONS = Set.of("force", "mergeschema");

  private final ExecutionContext context;

  public CopyIntoExecutor(ExecutionContext context) {
    this.context = context;
  }

  public StatementResult execute(CopyInto copy) {
    Span span = copy.span();
    if (copy.credential()) {
      throw Errors.notSupported("a credential in COPY INTO's source (the files are read from the ingest roots or a"
          + " volume)", span);
    }
    Map<String, String> copyOptions = lowerCaseKeys(copy.copyOptions());
    for (String option : copyOptions.keySet()) {
      if (!COPY_OPTIONS.contains(option)) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", Errors.quote(option))
            .parameter("functionName", "`COPY_OPTIONS`").parameter("message", "COPY INTO takes force and"
                + " mergeSchema").at(span).build();
      }
    }
    Map<String, String> formatOptions = lowerCaseKeys(copy.formatOptions());
    // mergeSchema may come among the format options too; it is the copy's, not the reader's
    String formatMergeSchema = formatOptions.remove("mergeschema");
    boolean mergeSchema = isTrue(copyOptions.get("mergeschema")) || isTrue(formatMergeSchema);
    TableInfo target = context.translator().resolveTable(copy.target(), span);
    if (target.kind().writtenByFlows()) {
      throw Errors.unsupportedOnStreamingTable(target.name().parts(), "COPY INTO", span);
    }
    // VALIDATE changes nothing, so it checks against the table as it is
    TableInfo table = mergeSchema && copy.columns().isEmpty() && copy.validate().isEmpty()
        ? mergeSchema(copy, target, formatOptions) : target;
    Dml.Insert load = insert(copy, table, formatOptions);
    Optional<Long> validatedRows = copy.validate().flatMap(CopyInto.Validate::rows);
    if (validatedRows.isPresent()) {
      Query source = load.source();
      load = new Dml.Insert(load.span(), load.target(), false, load.columns(), load.byName(), new Query(source.span(),
          source.with(), source.body(), source.orderBy(), Optional.of(new Expression.Literal(span,
              Expression.LiteralKind.INTEGER, Long.toString(validatedRows.get()))), source.offset()),
          load.replaceWhere());
    }
    DmlExecutor.Planned planned = new DmlExecutor(context).plan(load);
    StreamSources.FileRead read = planned.translator().fileReads().get(0);
    boolean force = isTrue(copyOptions.get("force"));
    CatalogService catalog = context.catalog();
    if (copy.validate().isPresent()) {
      return validate(table, planned, read, force);
    }
    if (!force && context.storage().read(connection -> catalog.copiedFiles(connection, table.id()))
        .containsAll(read.files().files().stream().map(Path::toString).toList())) {
      return result(0); // nothing new: no commit
    }
    long rows = context.storage().inTransaction(connection -> VersionedWrite.commit(catalog, connection, table.id(),
        context.session().user(), version -> {
          // read after the table's version is taken, which locks its row: two COPY INTOs take turns, and the second
          // sees the files the first loaded
          List<Path> fresh = freshFiles(connection, table, read, force);
          long written = write(connection, table, planned, read, fresh, version);
          for (Path file : fresh) {
            catalog.recordCopiedFile(connection, table.id(), file.toString());
          }
          return new VersionedWrite.Written<>(written, CommitOperation.COPY_INTO, Map.of(),
              Map.of("numOutputRows", written, "numFiles", (long) fresh.size()));
        }));
    return result(rows);
  }

  /** The files of the read that the table has not loaded (all of them, with force). */
  private List<Path> freshFiles(Connection connection, TableInfo table, StreamSources.FileRead read, boolean force)
      throws SQLException {
    Set<String> loaded = force ? Set.of() : context.catalog().copiedFiles(connection, table.id());
    return read.files().files().stream().filter(file -> !loaded.contains(file.toString())).toList();
  }

  /** Appends the rows of {@code fresh} as {@code version}; the rows written. */
  private static long write(Connection connection, TableInfo table, DmlExecutor.Planned planned,
      StreamSources.FileRead read, List<Path> fresh, long version) throws SQLException {
    if (fresh.isEmpty()) {
      return 0;
    }
    try (OpenFiles files = new OpenFiles()) {
      files.open(read, fresh);
      Map<String, Object> runtime = new HashMap<>(files.runtime());
      runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
      return DmlExecutor.insertRecorded(connection, table, planned.statement(), runtime, version);
    }
  }

  /** The rows VALIDATE shows: the vendor's preview of at most 50. */
  private static final int PREVIEW_ROWS = 50;

  /**
   * VALIDATE [ALL | n ROWS]: the load (of its first n rows) runs as it would, with every check a write makes (values
   * that must fit their columns, NOT NULL, CHECK constraints, generated columns), in a transaction that is then
   * rolled back, so nothing is written and no file is recorded. Answers up to 50 of the rows it would have written.
   */
  private StatementResult validate(TableInfo table, DmlExecutor.Planned planned, StreamSources.FileRead read,
      boolean force) {
    List<List<Object>> preview = new ArrayList<>();
    try {
      context.storage().inTransaction(connection -> VersionedWrite.commit(context.catalog(), connection, table.id(),
          context.session().user(), version -> {
            write(connection, table, planned, read, freshFiles(connection, table, read, force), version);
            Sql columns = Sql.list(table.columns().stream().map(ColumnInfo::name).map(Sql::name).toList());
            for (Object[] row : H2Storage.allRows(connection, Sql.of("SELECT {} FROM {} WHERE {} = CAST({} AS BIGINT)"
                + " LIMIT {}", columns, Sql.table(table.storageName()), Sql.name(StoreNames.VERSION_COLUMN),
                Sql.constant(version), Sql.constant(PREVIEW_ROWS)).statement(), List.of(), Map.of())) {
              preview.add(java.util.Arrays.asList(row));
            }
            throw new Validated();
          }));
    } catch (Validated rolledBack) {
      // the load held: nothing of it stays
    }
    return new StatementResult.Rows(table.columns().stream().map(column -> new ResultColumn(column.name(),
        SqlParser.parseType(column.type()), true)).toList(), new ListCursor(preview));
  }

  /** Ends a validating load's transaction, which rolls it back. */
  private static final class Validated extends RuntimeException {
    Validated() {
      super(null, null, false, false);
    }
  }

  /** The vendor's answer to COPY INTO: the rows it changed and inserted, the same rows here. */
  private static StatementResult result(long rows) {
    return new StatementResult.Rows(List.of(new ResultColumn("num_affected_rows", SqlType.BIGINT, false),
        new ResultColumn("num_inserted_rows", SqlType.BIGINT, false)),
        new ListCursor(List.of(List.of(rows, rows))));
  }

  /**
   * mergeSchema: the columns of the files (or of the SELECT over them) that the table lacks are added first
   * ({@link DdlExecutor#evolve}), and the load then fills them.
   */
  private TableInfo mergeSchema(CopyInto copy, TableInfo table, Map<String, String> formatOptions) {
    if (positional(copy, formatOptions)) {
      throw Errors.notSupported("COPY INTO with mergeSchema from columns matched by position (name them: a CSV"
          + " header, or a SELECT)", copy.span());
    }
    Relation files = new Relation.TableFunction(copy.span(), "read_files", readArguments(copy, formatOptions),
        Optional.empty(), List.of());
    Relation source = copy.select().isEmpty() ? files : new Relation.Derived(copy.span(), select(copy.span(),
        copy.select(), files), Optional.of("source"), List.of());
    // the reader's rescued data column is not one of the files' columns
    String rescued = formatOptions.getOrDefault("rescueddatacolumn", "_rescued_data");
    List<Ddl.ColumnDefinition> added = new DmlAnalyzer(context.translator()).missingColumns(source, table,
        "COPY INTO with mergeSchema").stream().filter(column -> !column.name().equalsIgnoreCase(rescued)).toList();
    return new DdlExecutor(context).evolve(table, added, "COPY INTO with mergeSchema", copy.span())
        ? context.translator().resolveTable(copy.target(), copy.span()) : table;
  }

  /** Whether the files' columns are matched to the table's by position: BY POSITION, or CSV without a header. */
  private static boolean positional(CopyInto copy, Map<String, String> formatOptions) {
    return copy.byPosition() || copy.format().equals("csv") && !isTrue(formatOptions.getOrDefault("header", "false"));
  }

  /** read_files' arguments for the source: its path, format and options, as the vendor's reader takes them. */
  private static List<Expression> readArguments(CopyInto copy, Map<String, String> formatOptions) {
    Span span = copy.span();
    Map<String, String> options = new LinkedHashMap<>(formatOptions);
    if (copy.format().equals("csv")) {
      // a CSV file has no header unless the options say so
      options.putIfAbsent("header", "false");
    }
    String inferSchema = options.remove("inferschema");
    if (inferSchema != null) {
      options.put("infercolumntypes", inferSchema);
    }
    List<Expression> arguments = new ArrayList<>();
    arguments.add(text(span, source(copy)));
    arguments.add(named(span, "format", copy.format()));
    options.forEach((key, value) -> arguments.add(named(span, key, value)));
    return arguments;
  }

  private static Query select(Span span, List<QueryBody.SelectItem> items, Relation files) {
    return Query.of(new QueryBody.Select(span, false, items, Optional.of(files), Optional.empty(), List.of(),
        List.of(), Optional.empty(), Optional.empty()));
  }

  /** The INSERT that COPY INTO runs, over every file its source names; the executor narrows it to new ones. */
  private static Dml.Insert insert(CopyInto copy, TableInfo table, Map<String, String> formatOptions) {
    Span span = copy.span();
    boolean csv = copy.format().equals("csv");
    List<Expression> arguments = readArguments(copy, formatOptions);
    boolean positional = positional(copy, formatOptions);
    if (copy.byPosition() && !csv) {
      throw Errors.notSupported("COPY INTO ... BY POSITION from " + copy.format() + " files (their columns have"
          + " names; BY POSITION is for CSV)", span);
    }
    List<QueryBody.SelectItem> items = copy.select();
    List<String> targets = List.of();
    if (items.isEmpty()) {
      List<ColumnInfo> loaded = loadedColumns(copy, table);
      StringBuilder schema = new StringBuilder();
      List<QueryBody.SelectItem> columns = new ArrayList<>();
      for (int i = 0; i < loaded.size(); i++) {
        String name = positional ? "_c" + i : loaded.get(i).name();
        schema.append(i == 0 ? "" : ", ").append(name).append(' ').append(loaded.get(i).type());
        columns.add(new QueryBody.SingleColumn(span, new Expression.ColumnRef(span, List.of(name)), Optional.empty()));
      }
      arguments.add(named(span, "schema", schema.toString()));
      items = columns;
      targets = loaded.stream().map(ColumnInfo::name).toList();
    }
    Relation files = new Relation.TableFunction(span, "read_files", arguments, Optional.empty(), List.of());
    Query source = select(span, items, files);
    boolean byName = !copy.select().isEmpty() && !copy.byPosition() && copy.columns().isEmpty();
    return new Dml.Insert(span, copy.target(), false, targets.isEmpty() ? copy.columns() : targets, byName, source);
  }

  /**
   * The table's columns a COPY INTO without a SELECT fills (those named, else all but generated and identity
   * columns), which a read can declare: scalar columns.
   */
  private static List<ColumnInfo> loadedColumns(CopyInto copy, TableInfo table) {
    List<ColumnInfo> loaded = new ArrayList<>();
    if (!copy.columns().isEmpty()) {
      for (String name : copy.columns()) {
        loaded.add(table.column(name).orElseThrow(() -> Errors.unresolvedColumn(List.of(name),
            table.columns().stream().map(ColumnInfo::name).toList(), copy.span())));
      }
    } else {
      table.columns().stream().filter(column -> column.generatedSql().isEmpty() && column.identity().isEmpty())
          .forEach(loaded::add);
    }
    for (ColumnInfo column : loaded) {
      TypeKind kind = SqlParser.parseType(column.type()).kind();
      if (kind == TypeKind.ARRAY || kind == TypeKind.MAP || kind == TypeKind.STRUCT || kind == TypeKind.BINARY
          || column.name().contains(" ")) {
        throw Errors.notSupported("COPY INTO the column " + Errors.quote(column.name()) + " of type "
            + column.type() + " without a SELECT (files are read as scalar columns: load it with COPY INTO "
            + Errors.quote(table.name().parts()) + " FROM (SELECT ... FROM 'path') and the function that makes"
            + " the value)", copy.span());
      }
    }
    return loaded;
  }

  /** The path read_files reads: the source folder, narrowed by FILES or PATTERN. */
  private static String source(CopyInto copy) {
    String folder = copy.path().endsWith("/") ? copy.path().substring(0, copy.path().length() - 1) : copy.path();
    if (!copy.files().isEmpty()) {
      return folder + "/" + (copy.files().size() == 1 ? copy.files().get(0)
          : "{" + String.join(",", copy.files()) + "}");
    }
    return copy.pattern().map(pattern -> folder + "/" + pattern).orElse(copy.path());
  }

  private static Expression text(Span span, String value) {
    return new Expression.Literal(span, Expression.LiteralKind.STRING, value);
  }

  /** {@code name => 'value'}, as the parser writes a named argument. */
  private static Expression named(Span span, String name, String value) {
    return new Expression.FunctionCall(span, "=>", false, List.of(text(span, name), text(span, value)), false,
        Optional.empty(), Optional.empty());
  }

  private static Map<String, String> lowerCaseKeys(Map<String, String> options) {
    Map<String, String> lowered = new LinkedHashMap<>();
    options.forEach((key, value) -> lowered.put(key.toLowerCase(Locale.ROOT), value));
    return lowered;
  }

  private static boolean isTrue(String value) {
    return value != null && value.strip().equalsIgnoreCase("true");
  }
}
