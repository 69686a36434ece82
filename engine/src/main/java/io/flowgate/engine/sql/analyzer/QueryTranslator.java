package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.PipelineIds;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.FunctionInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.FileAreas;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.analyzer.TranslatedQuery.OutputColumn;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Query.WithQuery;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody.AllColumns;
import io.flowgate.engine.sql.tree.QueryBody.Nested;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SetOperation;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.QueryBody.Values;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation.Derived;
import io.flowgate.engine.sql.tree.Relation.Join;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.sql.tree.Relation.LateralView;
import io.flowgate.engine.sql.tree.Relation.TableFunction;
import io.flowgate.engine.sql.tree.Relation.TableRef;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.sql.tree.TreeVisitor;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Resolves a query against the catalog and writes the H2 SQL that computes it. Every relation gets a generated
 * alias ({@code r1, r2, ...}) and every output column a positional name ({@code c1, c2, ...}), so nothing the
 * user named reaches H2 except as a quoted identifier of a table's own column. One instance per statement.
 */
public final class QueryTranslator {
  private static final int MAX_VIEW_DEPTH = 32;

  private final CatalogService catalog;
  /** Asked before every read: SELECT on tables and views, EXECUTE on functions, files, event logs. */
  private final AccessControl access;
  private final SessionContext session;
  /**
   * Whose privileges reads are checked against: the user, or inside a view, a SQL function or a policy, its owner
   * (identity functions still answer for the user).
   */
  private final String reader;
  private final ParameterTypes parameterTypes;
  private final ExpressionTranslator expressions;
  private final int[] nextAlias;
  private int viewDepth;
  /** Collects the sources read at run time: STREAM reads (in a flow's query) and read_files calls. */
  private final StreamSources sources;
  /** The tables and views this translator resolved, in the order the statement names them (see PlannedQuery). */
  private final List<Analysis.Read> reads = new ArrayList<>();

  /** A CTE in scope: its H2 name and columns. */
  /**
   * A CTE as its readers see it. While the step of a recursive CTE is planned, {@code recursionLimit} is its MAX
   * RECURSION LEVEL, and the H2 CTE has one more column: each row's level.
   */
  private record Cte(String h2Name, TranslatedQuery query, Optional<Integer> recursionLimit) {}

  /** A FROM clause analyzed: its relations, the columns they make visible, and the conditions they bring. */
  record From(AnalyzedRelation relation, Scope scope, List<Analyzed> filters) {
    From {
      filters = List.copyOf(filters);
    }

    /** A relation with no conditions of its own. */
    static From of(AnalyzedRelation relation, Scope scope) {
      return new From(relation, scope, List.of());
    }

    /** This clause's relations with a generator's rows joined to each row (one row of nothing without FROM). */
    From generating(Generators.Expansion expansion, Scope generated, Supplier<String> oneRow) {
      List<Analyzed> conditions = new ArrayList<>(filters);
      expansion.predicate().ifPresent(conditions::add);
      AnalyzedRelation base = relation instanceof AnalyzedRelation.None ? new AnalyzedRelation.OneRow(oneRow.get())
          : relation;
      return new From(expansion.joinedTo(base), generated, conditions);
    }
  }

  /** A translator for definitions read later (views, column expressions): no run-time sources. */
  public QueryTranslator(CatalogService catalog, AccessControl access, SessionContext session) {
    this(catalog, access, session, StreamSources.none());
  }

  /**
   * A translator whose statement may read {@code read_files}, and in a flow's query {@code STREAM(t)}: the rows
   * {@code t} gained since a checkpoint.
   */
  public QueryTranslator(CatalogService catalog, AccessControl access, SessionContext session,
      StreamSources sources) {
    this(catalog, access, session, new ParameterTypes(), new int[1], 0, sources, session.user());
  }

  private QueryTranslator(CatalogService catalog, AccessControl access, SessionContext session,
      ParameterTypes parameterTypes, int[] nextAlias, int viewDepth, StreamSources sources, String reader) {
    this.reader = reader;
    this.catalog = catalog;
    this.access = access;
    this.session = session;
    this.parameterTypes = parameterTypes;
    this.nextAlias = nextAlias;
    this.viewDepth = viewDepth;
    this.sources = sources;
    this.expressions = new ExpressionTranslator(this, parameterTypes, session, false);
  }

  /** A top-level query analyzed: names resolved, privileges checked, policies applied, every value typed. */
  public Analysis analyze(Query query) {
    TranslatedQuery translated = translate(query, Optional.empty(), Map.of());
    return new Analysis(translated.query(), translated.columns().stream()
        .map(column -> new Analysis.Column(column.name(), column.type().orElse(SqlType.STRING), column.nullable()))
        .toList(), sources.fileReads(), reads, parameterTypes.list(-1));
  }

  /** The tables and views the statement this translator translated so far names (see {@link Analysis}). */
  public List<Analysis.Read> reads() {
    return List.copyOf(reads);
  }

  /** The read_files calls of what this translator translated so far; their rows are staged before it runs. */
  public List<StreamSources.FileRead> fileReads() {
    return sources.fileReads();
  }

  /**
   * The types the statement translated so far expects for its first {@code count} client parameters (in {@code ?}
   * order); empty where nothing around a parameter tells.
   */
  public List<Optional<SqlType>> parameterTypes(int count) {
    return parameterTypes.list(count);
  }

  ExpressionTranslator expressions() {
    return expressions;
  }

  CatalogService catalog() {
    return catalog;
  }

  /**
   * A translator for a SQL function's body or a table's policies: names resolve in {@code catalog}.{@code schema},
   * as the same user, with this statement's parameters and aliases. Nesting is bounded (a function calling itself).
   */
  QueryTranslator nested(String catalogName, String schemaName, String owner, Span span) {
    if (viewDepth >= MAX_VIEW_DEPTH) {
      throw Errors.notSupported("SQL functions or views nested more than " + MAX_VIEW_DEPTH
          + " deep (a function that calls itself?)", span);
    }
    return new QueryTranslator(catalog, access, session.at(catalogName, schemaName), parameterTypes, nextAlias,
        viewDepth + 1, StreamSources.none(), owner);
  }

  /**
   * A read of {@code table} through its row filter and column masks: {@code rows} (its stored rows, or a version or
   * window of them) as a {@link AnalyzedRelation.Protected} read that masks columns and keeps the rows the filter
   * passes, so every later reference, in any clause, sees only that. Policies are analyzed in the table's own
   * scope: only its columns are visible to them. {@code passThrough} are further columns of {@code rows} (a change
   * feed's) that policies leave alone.
   */
  AnalyzedRelation protect(TableInfo table, AnalyzedRelation rows, List<String> passThrough, Span span) {
    if (table.policies().isEmpty()) {
      return rows;
    }
    String inner = newAlias();
    Scope own = tableScope(table, inner, List.of());
    QueryTranslator policies = nested(table.name().catalog(), table.name().schema(), table.owner(), span);
    List<AnalyzedRelation.ProtectedColumn> columns = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      Optional<PolicyInfo> mask = table.mask(column.name());
      Analyzed value = mask.isPresent()
          ? policies.policy(table, mask.get(), own, span).value()
          : new Analyzed.ColumnValue(inner, column.name());
      columns.add(new AnalyzedRelation.ProtectedColumn(column.name(), value));
    }
    for (String column : passThrough) {
      columns.add(new AnalyzedRelation.ProtectedColumn(column, new Analyzed.ColumnValue(inner, column)));
    }
    Optional<Analyzed> filter = Optional.empty();
    if (table.rowFilter().isPresent()) {
      Typed condition = policies.policy(table, table.rowFilter().get(), own, span);
      if (condition.type().filter(type -> type.kind() != TypeKind.BOOLEAN && type.kind() != TypeKind.VOID)
          .isPresent()) {
        throw EngineException.of(ErrorClass.QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY)
            .subClass("NON_BOOLEAN_RETURN_TYPE", "the row filter function must return BOOLEAN.").at(span).build();
      }
      filter = Optional.of(condition.value());
    }
    return new AnalyzedRelation.Protected(rows, inner, columns, filter);
  }

  /** Reading a table or view needs SELECT on it (and USE on its catalog and schema), checked for the reader. */
  private void requireSelect(TableInfo table, Span span) {
    access.require(reader, GrantInfo.Securable.TABLE, table.name().parts(), "SELECT", span);
  }

  /** Calling a SQL function needs EXECUTE on it, checked for the reader (a policy's: the table's owner). */
  void requireExecute(FunctionInfo function, Span span) {
    access.require(reader, GrantInfo.Securable.FUNCTION, function.name().parts(), "EXECUTE", span);
  }

  /** Plans a table's reads through its policies once, so that a policy that cannot be planned fails now. */
  public void checkPolicies(TableInfo table, Span span) {
    protect(table, new AnalyzedRelation.StoredTable(table.storageName()), List.of(), span);
  }

  /**
   * The type of a SQL function's body, planned where it will be (its catalog and schema, its parameters alone in
   * scope); empty when only H2 will know it (most built-in functions are typed by H2).
   */
  public Optional<SqlType> functionBodyType(TableName name, List<FunctionInfo.Parameter> parameters, String body, Span span) {
    List<Scope.Column> scope = new ArrayList<>();
    for (FunctionInfo.Parameter parameter : parameters) {
      SqlType type = SqlParser.parseType(parameter.type());
      scope.add(Scope.Column.bound(parameter.name(), new Analyzed.Cast(new Analyzed.NullValue(), type), type));
    }
    Typed typed = nested(name.catalog(), name.schema(), reader, span).expressions().translate(SqlParser.parseExpression(body),
        new Scope(scope, Optional.empty()));
    return typed.type();
  }

  /** A policy's function called on its arguments, planned in {@code own} (for a mask, its column comes first). */
  Typed policy(TableInfo table, PolicyInfo policy, Scope own, Span span) {
    ErrorClass incompatible = policy.rowFilter() ? ErrorClass.QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY
        : ErrorClass.QUERIED_TABLE_INCOMPATIBLE_WITH_COLUMN_MASK_POLICY;
    FunctionInfo function = catalog.function(policy.function()).orElseThrow(() -> EngineException.of(incompatible)
        .subClass("FUNCTION_NOT_FOUND", "the function <function> no longer exists.")
        .parameter("function", Errors.quote(policy.function().parts())).at(span).build());
    // A mask's own column comes first, by name; the stored arguments are dialect text (columns or literals).
    List<Expression> expressionsOf = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    policy.column().ifPresent(column -> {
      expressionsOf.add(new ColumnRef(span, List.of(column)));
      texts.add(column);
    });
    for (String text : policy.arguments()) {
      expressionsOf.add(SqlParser.parseExpression(text));
      texts.add(text);
    }
    List<Typed> arguments = new ArrayList<>();
    for (int i = 0; i < expressionsOf.size(); i++) {
      try {
        arguments.add(expressions.translate(expressionsOf.get(i), own));
      } catch (EngineException e) {
        throw EngineException.of(incompatible).subClass("ARGUMENT_NOT_FOUND_IN_TARGET_TABLE",
            "the argument <argument> is no longer a column of the table.").parameter("argument", texts.get(i))
            .at(span).build();
      }
    }
    return expressions.call(function, arguments, span);
  }

  SessionContext session() {
    return session;
  }

  String newAlias() {
    return "r" + (++nextAlias[0]);
  }

  // Shared with DML planning, which translates its source query and expressions over a target table.

  TranslatedQuery translate(Query query, Optional<Scope> outer) {
    return translate(query, outer, Map.of());
  }

  TranslatedQuery translateSubquery(Query query, Scope outer) {
    return translate(query, Optional.of(outer), currentCtes);
  }

  /**
   * A scalar subquery. One of a single value and nothing else ({@code (SELECT NULL)}) is an
   * {@link AnalyzedQuery.Value}; one that reads nothing of the query around it is computed {@link AnalyzedQuery.Once}.
   */
  TranslatedQuery translateScalarSubquery(Query query, Scope outer) {
    if (query.with().isEmpty() && query.orderBy().isEmpty() && query.limit().isEmpty() && query.offset().isEmpty()
        && query.body() instanceof Select select && select.from().isEmpty() && select.where().isEmpty()
        && select.groupBy().isEmpty() && select.having().isEmpty() && select.qualify().isEmpty()
        && !select.distinct() && select.items().size() == 1 && select.items().get(0) instanceof SingleColumn single
        && generator(select, Scope.empty(Optional.of(outer))).isEmpty()) {
      Scope scope = Scope.empty(Optional.of(outer));
      Typed value = expressions.translate(single.expression(), scope);
      String name = single.alias().orElseGet(() -> outputName(single.expression(), scope));
      return new TranslatedQuery(new AnalyzedQuery.Value(value.value()), List.of(new OutputColumn(name,
          value.type())));
    }
    Optional<TranslatedQuery> grouped = decorrelated(query, outer);
    if (grouped.isPresent()) {
      return grouped.get();
    }
    Scope.Correlation correlation = new Scope.Correlation();
    TranslatedQuery translated = translateSubquery(query, outer.watched(correlation));
    if (correlation.found() || !query.with().isEmpty()) {
      return translated;
    }
    // H2 would evaluate it again for every row that reads it, even one that reads nothing of that row
    return new TranslatedQuery(new AnalyzedQuery.Once("w" + (++nextAlias[0]), translated.query(), false),
        translated.columns());
  }

  /**
   * A correlated scalar subquery over one stored table, as its aggregate grouped by the correlated keys (see
   * {@link Decorrelation}); empty where it does not have that shape. H2 must run the grouped query once and keep its
   * rows, which the subquery then searches by key: FETCH FIRST keeps it from pushing the key comparison into the
   * query (which would run it again for every outer row), and a WITH from running it lazily (which keeps nothing).
   */
  private Optional<TranslatedQuery> decorrelated(Query query, Scope outer) {
    Optional<Decorrelation.Rewritten> grouped = Decorrelation.scalarTable(query)
        .flatMap(table -> innerColumns(table, query))
        .flatMap(inner -> Decorrelation.grouped(query, inner::resolves));
    if (grouped.isEmpty()) {
      return Optional.empty();
    }
    TranslatedQuery rows = translate(grouped.get().query(), Optional.empty(), currentCtes);
    int keys = grouped.get().outerKeys().size();
    String alias = newAlias();
    AnalyzedRelation kept = new AnalyzedRelation.Aliased(new AnalyzedRelation.Derived(new AnalyzedQuery.Once(
        "w" + (++nextAlias[0]), rows.query(), true)), alias);
    AnalyzedQuery value = new AnalyzedSelect(false, List.of(new Analyzed.ColumnValue(alias,
        TranslatedQuery.positional(keys))), kept, List.of(keysMatch(alias, rows, grouped.get().outerKeys(), outer)),
        List.of(), Optional.empty(), Optional.empty());
    if (Decorrelation.countsRows(query)) {
      // A key with no rows has no group, and its count is 0. Not written as an aggregate: next to a window function
      // H2 reads another row's columns inside an aggregate of a correlated subquery.
      value = new AnalyzedQuery.Value(Analyzed.call("coalesce", new Analyzed.Subquery(value),
          new Analyzed.Cast(Analyzed.number(0), SqlType.BIGINT)));
    }
    return Optional.of(new TranslatedQuery(value, List.of(rows.columns().get(keys))));
  }

  /**
   * {@code EXISTS (query)}: when the subquery reads one stored table correlated by equalities, membership of the
   * outer keys among the table's (see {@link Decorrelation}), else the subquery as it is.
   */
  Analyzed exists(Query query, Scope outer) {
    Optional<Decorrelation.Rewritten> keys = Decorrelation.existsTable(query)
        .flatMap(table -> innerColumns(table, query))
        .flatMap(inner -> Decorrelation.keys(query, inner::resolves));
    if (keys.isPresent()) {
      int readsBefore = reads.size();
      TranslatedQuery rows = translate(keys.get().query(), Optional.empty(), currentCtes);
      List<Typed> outerKeys = new ArrayList<>();
      for (Expression key : keys.get().outerKeys()) {
        outerKeys.add(expressions.translate(key, outer));
      }
      if (sameKinds(rows, outerKeys)) {
        Analyzed in = new Analyzed.InQuery(outerKeys.stream().map(Typed::value).toList(), rows.query(), false);
        return Analyzed.call("coalesce", in, new Analyzed.BooleanValue(false));
      }
      // the subquery is read as it is below, so the table counts once
      reads.subList(readsBefore, reads.size()).clear();
    }
    return new Analyzed.Exists(translateSubquery(query, outer).query());
  }

  /**
   * Whether each outer key compares with its inner one as the dialect's = would, with no cast between them: numbers,
   * or simple values of one kind (and one collation).
   */
  private static boolean sameKinds(TranslatedQuery rows, List<Typed> outerKeys) {
    for (int i = 0; i < outerKeys.size(); i++) {
      Optional<SqlType> inner = rows.columns().get(i).type();
      Optional<SqlType> outer = outerKeys.get(i).type();
      if (inner.isEmpty() || outer.isEmpty() || !(inner.get().isNumeric() && outer.get().isNumeric()
          || inner.get().kind() == outer.get().kind() && inner.get().children().isEmpty()
          && inner.get().collation() == outer.get().collation())) {
        return false;
      }
    }
    return true;
  }

  /** {@code alias.c1 = outer key 1 AND ...}: the rows of {@code rows} for the outer row's keys. */
  private Analyzed keysMatch(String alias, TranslatedQuery rows, List<Expression> outerKeys, Scope outer) {
    List<Scope.Column> keys = new ArrayList<>();
    for (int i = 0; i < outerKeys.size(); i++) {
      keys.add(new Scope.Column(alias, List.of(), "__fg_key" + i, TranslatedQuery.positional(i),
          rows.columns().get(i).type(), true));
    }
    Scope keyScope = new Scope(keys, Optional.of(outer));
    List<Analyzed> matches = new ArrayList<>();
    for (int i = 0; i < outerKeys.size(); i++) {
      Span span = outerKeys.get(i).span();
      matches.add(expressions.filter(new Expression.Binary(span, Expression.BinaryOperator.EQUAL,
          new ColumnRef(span, List.of("__fg_key" + i)), outerKeys.get(i)), keyScope).value());
    }
    return Analyzed.allOf(matches);
  }

  /**
   * The columns of the one table a subquery reads, when decorrelating it pays: a stored managed table (not a CTE,
   * a view or a temporary view) with no index that leads with a column the subquery compares with the outer row,
   * which H2 would search per outer row (the index of a declared key, {@link KeyIndexes}).
   */
  private Optional<Scope> innerColumns(TableRef reference, Query query) {
    if (reference.name().size() == 1
        && (currentCtes.containsKey(reference.name().get(0).toLowerCase(Locale.ROOT))
        || session.tempViews().containsKey(reference.name().get(0).toLowerCase(Locale.ROOT)))
        || InformationSchema.isInformationSchema(qualify(reference.name(), reference.span()))) {
      return Optional.empty();
    }
    TableInfo table = resolveTable(reference.name(), reference.span());
    if (table.kind() != TableKind.MANAGED) {
      return Optional.empty();
    }
    if (KeyColumns.leadingColumns(table).stream()
        .anyMatch(column -> Decorrelation.comparesColumn((Select) query.body(), column))) {
      return Optional.empty();
    }
    int readsBefore = reads.size();
    Scope inner = from(reference, Optional.empty()).scope();
    // the table is read by the rewritten query; this look at its columns is not a read of its own
    reads.subList(readsBefore, reads.size()).clear();
    return Optional.of(inner);
  }

  private Map<String, Cte> currentCtes = Map.of();

  private TranslatedQuery translate(Query query, Optional<Scope> outer, Map<String, Cte> inherited) {
    Map<String, Cte> saved = currentCtes;
    try {
      Map<String, Cte> ctes = new HashMap<>(inherited);
      List<AnalyzedQuery.WithItem> withItems = new ArrayList<>();
      for (WithQuery with : query.with()) {
        currentCtes = Map.copyOf(ctes);
        String h2Name = "w" + (++nextAlias[0]);
        String name = with.name().toLowerCase(Locale.ROOT);
        if (RecursiveCtes.readsItself(with)) {
          TranslatedQuery anchor = recursiveCte(with, h2Name, outer, ctes, withItems);
          ctes.put(name, new Cte(h2Name, anchor, Optional.empty()));
          continue;
        }
        TranslatedQuery body = translate(with.query(), outer, ctes);
        body = renameColumns(body, with.columns(), with.span());
        withItems.add(new AnalyzedQuery.Cte(h2Name, body.columns().size(), body.query()));
        ctes.put(name, new Cte(h2Name, body, Optional.empty()));
      }
      currentCtes = Map.copyOf(ctes);
      Body body = body(query.body(), outer);
      List<Analyzed.SortKey> orderBy = query.orderBy().isEmpty() ? List.of() : orderBy(query.orderBy(), body);
      Optional<Analyzed> limit = query.limit().map(count -> rowCount(count, "LIMIT"));
      Optional<Analyzed> offset = query.offset().map(count -> rowCount(count, "OFFSET"));
      if (withItems.isEmpty() && orderBy.isEmpty() && limit.isEmpty() && offset.isEmpty()) {
        return body.query();
      }
      return new TranslatedQuery(new AnalyzedQuery.Full(withItems, body.query().query(), orderBy, limit, offset),
          body.query().columns());
    } finally {
      currentCtes = saved;
    }
  }

  /**
   * A recursive CTE as H2's: {@code name(c1, ..., cn, level) AS (anchor with level 0 UNION ALL step)}, the step
   * planned with the CTE's name meaning the anchor's columns (see {@link RecursiveCtes}). Gives the CTE's columns: the
   * anchor's names and types, any of them NULL.
   */
  private TranslatedQuery recursiveCte(WithQuery with, String h2Name, Optional<Scope> outer, Map<String, Cte> ctes,
      List<AnalyzedQuery.WithItem> withItems) {
    RecursiveCtes.Parts parts = RecursiveCtes.parts(with);
    TranslatedQuery anchor = renameColumns(body(parts.anchor(), outer).query(), with.columns(), with.span());
    List<OutputColumn> columns = anchor.columns().stream()
        .map(column -> new OutputColumn(column.name(), column.type(), true)).toList();
    TranslatedQuery self = new TranslatedQuery(anchor.query(), columns);
    ctes.put(with.name().toLowerCase(Locale.ROOT), new Cte(h2Name, self,
        Optional.of(with.maxRecursionLevel().orElse(RecursiveCtes.DEFAULT_MAX_LEVEL))));
    currentCtes = Map.copyOf(ctes);
    Body step = select(RecursiveCtes.step(parts, columns.stream().map(OutputColumn::type).toList()), outer);
    if (step.query().columns().size() != columns.size() + 1) {
      throw EngineException.of(ErrorClass.NUM_COLUMNS_MISMATCH).parameter("operator", "UNION ALL")
          .parameter("firstNumColumns", columns.size()).parameter("invalidOrdinalNum", "second")
          .parameter("invalidNumColumns", step.query().columns().size() - 1).at(parts.step().span()).build();
    }
    withItems.add(new AnalyzedQuery.RecursiveCte(h2Name, columns.size(), anchor.query(), newAlias(),
        step.query().query()));
    return self;
  }

  /** The row count of LIMIT or OFFSET: an expression of constants, known before any row is read. */
  private Analyzed rowCount(Expression count, String clause) {
    FoldableArguments.requireRowCount(count, clause, FunctionRegistry.TRAITS);
    return expressions.translate(count, Scope.empty(Optional.empty())).value();
  }

  /**
   * A translated query body and, for a single SELECT block, the scope its ORDER BY may also use and how an ORDER BY
   * key reads there.
   */
  private record Body(TranslatedQuery query, Optional<Scope> fromScope, List<Expression> items,
      UnaryOperator<Expression> orderKey) {
    Body(TranslatedQuery query, Optional<Scope> fromScope, List<Expression> items) {
      this(query, fromScope, items, UnaryOperator.identity());
    }
  }

  private List<Analyzed.SortKey> orderBy(List<SortItem> items, Body body) {
    List<Analyzed.SortKey> keys = new ArrayList<>();
    List<OutputColumn> columns = body.query().columns();
    if (items.size() == 1 && isAllColumnsKey(List.of(items.get(0).key()), body.fromScope().orElse(Scope.empty(
        Optional.empty()))) && columns.stream().noneMatch(column -> column.name().equalsIgnoreCase("all"))) {
      // ORDER BY ALL: every output column, in order, each with the item's direction
      SortItem all = items.get(0);
      for (int i = 0; i < columns.size(); i++) {
        keys.add(ExpressionTranslator.sortKey(positional(i), all));
      }
      return keys;
    }
    for (SortItem item : items) {
      Analyzed key = null;
      if (item.key() instanceof Literal literal && literal.kind() == LiteralKind.INTEGER) {
        int position = AggregationAnalyzer.position(literal);
        if (position < 1 || position > columns.size()) {
          throw EngineException.of(ErrorClass.ORDER_BY_POS_OUT_OF_RANGE).parameter("index", literal.text())
              .parameter("size", columns.size()).at(literal.span()).build();
        }
        key = positional(position - 1);
      } else if (item.key() instanceof ColumnRef reference && reference.parts().size() == 1) {
        for (int i = 0; i < columns.size(); i++) {
          if (columns.get(i).name().equalsIgnoreCase(reference.name())) {
            key = positional(i);
            break;
          }
        }
      }
      if (key == null) {
        if (body.fromScope().isEmpty()) {
          // ORDER BY over a set operation sees only its output columns
          throw Errors.unresolvedColumn(item.key() instanceof ColumnRef ref ? ref.parts() : List.of(
              ExpressionNames.name(item.key())), columns.stream().map(OutputColumn::name).toList(), item.span());
        }
        key = expressions.translate(body.orderKey().apply(item.key()), body.fromScope().get()).value();
      }
      keys.add(ExpressionTranslator.sortKey(key, item));
    }
    return keys;
  }

  /** The output column of {@code index}, by its positional name. */
  private static Analyzed positional(int index) {
    return new Analyzed.ColumnValue("", TranslatedQuery.positional(index));
  }

  private Body body(QueryBody body, Optional<Scope> outer) {
    return bodies.visit(body, outer);
  }

  private final Bodies bodies = new Bodies();

  private final class Bodies extends TreeVisitor<Body, Optional<Scope>> {
    @Override
    protected Body visitSelect(Select select, Optional<Scope> outer) {
      return select(select, outer);
    }

    @Override
    protected Body visitValues(Values values, Optional<Scope> outer) {
      return new Body(values(values, outer), Optional.empty(), List.of());
    }

    @Override
    protected Body visitNested(Nested nested, Optional<Scope> outer) {
      TranslatedQuery inner = translate(nested.query(), outer, currentCtes);
      // A query in parentheses stays one (not a derived table), so it may still refer to an outer query's columns.
      return new Body(new TranslatedQuery(new AnalyzedQuery.Nested(inner.query()), inner.columns()), Optional.empty(),
          List.of());
    }

    @Override
    protected Body visitSetOperation(SetOperation operation, Optional<Scope> outer) {
      return new Body(setOperation(operation, outer), Optional.empty(), List.of());
    }
  }

  private TranslatedQuery setOperation(SetOperation operation, Optional<Scope> outer) {
    TranslatedQuery left = body(operation.left(), outer).query();
    TranslatedQuery right = body(operation.right(), outer).query();
    if (left.columns().size() != right.columns().size()) {
      throw EngineException.of(ErrorClass.NUM_COLUMNS_MISMATCH).parameter("operator", operation.operator().name())
          .parameter("firstNumColumns", left.columns().size()).parameter("invalidOrdinalNum", "second")
          .parameter("invalidNumColumns", right.columns().size()).at(operation.span()).build();
    }
    List<OutputColumn> columns = new ArrayList<>();
    for (int i = 0; i < left.columns().size(); i++) {
      OutputColumn column = left.columns().get(i);
      Optional<SqlType> other = right.columns().get(i).type();
      if (column.type().isPresent() && other.isPresent() && !SqlType.unionCompatible(column.type().get(),
          other.get())) {
        throw EngineException.of(ErrorClass.INCOMPATIBLE_COLUMN_TYPE).parameter("operator", operation.operator()
            .name()).parameter("columnOrdinalNumber", ordinal(i + 1)).parameter("tableOrdinalNumber", "second")
            .parameter("dataType1", other.get().sql()).parameter("dataType2", column.type().get().sql())
            .at(operation.span()).build();
      }
      OutputColumn second = right.columns().get(i);
      columns.add(new OutputColumn(column.name(), widen(column.type(), second.type()),
          column.nullable() || second.nullable()));
    }
    List<String> aliases = operation.all() && operation.operator() != QueryBody.SetOperator.UNION
        ? List.of(newAlias(), newAlias(), newAlias()) : List.of();
    return new TranslatedQuery(new AnalyzedQuery.SetOperation(operation.operator(), operation.all(), left.query(),
        right.query(), columns.size(), aliases), columns);
  }

  /**
   * The rows of a VALUES list as H2 tuples, with each column's type the common type of its cells, and whether a cell
   * of it can be NULL.
   */
  record ValuesRows(List<List<Typed>> cells, List<Optional<SqlType>> types, List<Boolean> nullable) {
    /** The rows' analyzed values. */
    List<List<Analyzed>> values() {
      return cells.stream().map(row -> row.stream().map(Typed::value).toList()).toList();
    }
  }

  /** VALUES rows; with {@code defaults} (INSERT ... VALUES) a cell may be the keyword DEFAULT. */
  ValuesRows valuesRows(Values values, Scope scope, boolean defaults) {
    int width = values.rows().get(0).size();
    List<List<Typed>> rows = new ArrayList<>();
    List<Optional<SqlType>> types = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (List<Expression> row : values.rows()) {
      if (row.size() != width) {
        throw EngineException.of(ErrorClass.INVALID_INLINE_TABLE).subClass("NUM_COLUMNS_MISMATCH",
            "Inline table expected <expectedNumCols> columns but found <actualNumCols> columns in row <rowIndex>.")
            .parameter("expectedNumCols", width).parameter("actualNumCols", row.size())
            .parameter("rowIndex", rows.size()).at(values.span()).build();
      }
      List<Typed> cells = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        Typed cell = defaults && row.get(i) instanceof Expression.Default ? new Typed(new Analyzed.DefaultValue(), Optional.empty())
            : expressions.translate(row.get(i), scope);
        cells.add(cell);
        if (types.size() <= i) {
          types.add(cell.type());
          nullable.add(cell.nullable());
        } else {
          types.set(i, widen(types.get(i), cell.type()));
          nullable.set(i, nullable.get(i) || cell.nullable());
        }
      }
      rows.add(cells);
    }
    return new ValuesRows(rows, types, nullable);
  }

  /**
   * The type of a column whose values have the types {@code a} and {@code b}: their common type; a parameter's
   * (empty) takes the other's. Types without a common one keep the first, and the store decides whether the values
   * convert.
   */
  static Optional<SqlType> widen(Optional<SqlType> a, Optional<SqlType> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return a.or(() -> b);
    }
    return Optional.of(TypeRules.common(a.get(), b.get()).orElse(a.get()));
  }

  private TranslatedQuery values(Values values, Optional<Scope> outer) {
    ValuesRows rows = valuesRows(values, Scope.empty(outer), false);
    List<OutputColumn> columns = new ArrayList<>();
    for (int i = 0; i < rows.types().size(); i++) {
      columns.add(new OutputColumn("col" + (i + 1), rows.types().get(i), rows.nullable().get(i)));
    }
    return new TranslatedQuery(new AnalyzedQuery.InlineRows(rows.values(), columns.size(), newAlias()), columns);
  }

  private Body select(Select select, Optional<Scope> outer) {
    From from = select.from().map(relation -> from(relation, outer))
        .orElseGet(() -> new From(new AnalyzedRelation.None(), Scope.empty(outer), List.of()));
    if (!select.groupingSets().isEmpty()) {
      return groupingSets(select, from);
    }
    if (isAllColumnsKey(select.groupBy(), from.scope())) {
      select = groupedByAll(select);
    }
    if (SplitAggregation.needed(select) && select.items().stream().allMatch(item -> item instanceof SingleColumn)) {
      return splitAggregation(select, from);
    }
    return select(select, from);
  }

  /** A grouped block whose array functions read its aggregates, as two blocks (see {@link SplitAggregation}). */
  private Body splitAggregation(Select select, From from) {
    Scope scope = from.scope();
    List<Expression> itemExpressions = select.items().stream().map(item -> ((SingleColumn) item).expression())
        .toList();
    AggregationAnalyzer.check(select, itemExpressions, reference -> columnOf(reference, scope),
        FunctionRegistry.TRAITS);
    List<Expression> keys = new ArrayList<>();
    for (Expression key : select.groupBy()) {
      keys.add(groupKey(key, scope, select.items(), itemExpressions));
    }
    GroupingSets.Grouped split = SplitAggregation.split(select, keys, from, expressions, newAlias(),
        expression -> outputName(expression, scope));
    Body body = select(split.select(), split.from());
    return new Body(body.query(), body.fromScope(), body.items(), split.orderKey());
  }

  private Body select(Select select, From from) {
    Scope scope = from.scope();
    Optional<Generator> generator = generator(select, scope);
    if (generator.isPresent()) {
      from = from.generating(generator.get().expansion(), scope, this::newAlias);
    }
    List<Analyzed> outputs = new ArrayList<>();
    List<OutputColumn> columns = new ArrayList<>();
    List<Expression> itemExpressions = new ArrayList<>();
    List<Scope.Column> aliases = new ArrayList<>();
    for (SelectItem item : select.items()) {
      if (generator.isPresent() && generator.get().item() == item) {
        for (int i = 0; i < generator.get().columns().size(); i++) {
          outputs.add(generator.get().expansion().values().get(i));
          columns.add(generator.get().columns().get(i));
          itemExpressions.add(((SingleColumn) item).expression());
        }
      } else if (item instanceof AllColumns all) {
        List<Scope.Column> expanded = scope.expand(all.qualifier(), all.span());
        if (expanded.isEmpty()) {
          throw EngineException.of(ErrorClass.INVALID_USAGE_OF_STAR_OR_REGEX)
              .parameter("elem", "'*'").parameter("prettyName", "query without FROM").at(all.span()).build();
        }
        expanded = except(expanded, all);
        for (Scope.Column column : expanded) {
          outputs.add(column.value());
          columns.add(new OutputColumn(column.name(), column.type(), column.nullable()));
          itemExpressions.add(new ColumnRef(all.span(), List.of(column.name())));
        }
      } else {
        SingleColumn single = (SingleColumn) item;
        Typed value = expressions.translate(single.expression(), scope);
        if (single.expression() instanceof Expression.Parameter) {
          // A bare parameter has no type to take from where it stands: it is a STRING, as PostgreSQL reads an
          // untyped parameter as text (CAST it for another type).
          value = Typed.of(new Analyzed.Cast(expressions.expect(value, Optional.of(SqlType.STRING)).value(),
              SqlType.STRING), SqlType.STRING);
        }
        String name = single.alias().orElseGet(() -> outputName(single.expression(), scope));
        if (single.alias().isPresent()) {
          aliases.add(new Scope.Column("", List.of(), name, name, value.type(), true, Optional.of(value.value()),
              value.nullable()));
        }
        outputs.add(value.value());
        columns.add(new OutputColumn(name, value.type(), value.nullable()));
        itemExpressions.add(single.expression());
      }
    }
    AggregationAnalyzer.check(select, itemExpressions, reference -> columnOf(reference, scope), FunctionRegistry.TRAITS);
    List<Analyzed> where = new ArrayList<>(from.filters());
    select.where().ifPresent(condition -> where.add(expressions.filter(condition, scope).value()));
    List<Analyzed> keys = new ArrayList<>();
    for (Expression key : select.groupBy()) {
      keys.add(expressions.translate(groupKey(key, scope, select.items(), itemExpressions), scope).value());
    }
    // HAVING and QUALIFY may name a select alias where no column of FROM has that name, as in Spark.
    Scope aliased = scope.join(new Scope(aliases, Optional.empty()));
    Optional<Analyzed> having = select.having().map(condition -> expressions.filter(condition, aliased).value());
    Optional<AnalyzedSelect.Qualify> qualify = select.qualify().map(condition -> new AnalyzedSelect.Qualify(
        expressions.filter(condition, aliased).value(), newAlias()));
    TranslatedQuery query = new TranslatedQuery(new AnalyzedSelect(select.distinct(), outputs, from.relation(), where,
        keys, having, qualify), columns);
    // ORDER BY after QUALIFY sees only the block's output columns
    return qualify.isPresent() ? new Body(query, Optional.empty(), List.of())
        : new Body(query, Optional.of(scope), itemExpressions);
  }

  /**
   * Whether GROUP BY (or ORDER BY) is {@code ALL}: the parser reads it as a column named {@code all}, which it is
   * when the relation has one.
   */
  private static boolean isAllColumnsKey(List<Expression> keys, Scope scope) {
    return keys.size() == 1 && keys.get(0) instanceof ColumnRef reference && reference.parts().size() == 1
        && reference.name().equals("all") && columnOf(reference, scope).isEmpty();
  }

  /** {@code GROUP BY ALL}: the block grouped by each select item that holds no aggregate, as in the dialect. */
  private static Select groupedByAll(Select select) {
    List<Expression> keys = new ArrayList<>();
    for (SelectItem item : select.items()) {
      if (item instanceof SingleColumn single
          && Calls.of(single.expression(), Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty()) {
        keys.add(single.expression());
      }
    }
    return new Select(select.span(), select.distinct(), select.items(), select.from(), select.where(), keys,
        List.of(), select.having(), select.qualify());
  }

  /** The columns of a star without those its EXCEPT names; each name must be one of them. */
  private static List<Scope.Column> except(List<Scope.Column> expanded, AllColumns all) {
    if (all.except().isEmpty()) {
      return expanded;
    }
    for (String name : all.except()) {
      if (expanded.stream().noneMatch(column -> column.name().equalsIgnoreCase(name))) {
        throw Errors.unresolvedColumn(List.of(name), expanded.stream().map(Scope.Column::name).toList(),
            all.span());
      }
    }
    return expanded.stream().filter(column -> all.except().stream().noneMatch(column.name()::equalsIgnoreCase))
        .toList();
  }

  /** The column a reference of this block names, if it names one of its FROM clause's columns. */
  static Optional<Object> columnOf(ColumnRef reference, Scope scope) {
    try {
      Scope.Resolved resolved = scope.resolve(reference);
      return resolved.outer() ? Optional.empty() : Optional.of(resolved.column());
    } catch (EngineException notAColumnHere) {
      return Optional.empty();
    }
  }

  /**
   * A generator in a select list ({@code explode(a)}, {@code posexplode(m)}, ...): its expansion (see
   * {@link Generators}) and the columns it adds in place of its select item.
   */
  private record Generator(SelectItem item, Generators.Expansion expansion, List<OutputColumn> columns) {}

  private Optional<Generator> generator(Select select, Scope scope) {
    List<SingleColumn> generators = select.items().stream().filter(item -> item instanceof SingleColumn single
        && single.expression() instanceof Expression.FunctionCall call
        && Generators.isGenerator(call.name())).map(SingleColumn.class::cast).toList();
    if (generators.isEmpty()) {
      return Optional.empty();
    }
    if (generators.size() > 1) {
      throw EngineException.of(ErrorClass.UNSUPPORTED_GENERATOR).subClass("MULTI_GENERATOR",
          "only one generator allowed per SELECT clause but found <num>: <generators>.")
          .parameter("num", generators.size()).parameter("generators", generators.stream()
              .map(g -> ((Expression.FunctionCall) g.expression()).name()).toList().toString())
          .at(select.span()).build();
    }
    SingleColumn item = generators.get(0);
    Expression.FunctionCall call = (Expression.FunctionCall) item.expression();
    if (!select.groupBy().isEmpty() || select.having().isPresent()) {
      throw Errors.notSupported(call.name() + " with GROUP BY or HAVING in the same SELECT (explode in a subquery)",
          call.span());
    }
    Generators.Expansion expansion = Generators.expand(call.name(), call.arguments(), scope, expressions, newAlias(),
        call.span());
    List<OutputColumn> columns = new ArrayList<>(expansion.columns());
    if (item.alias().isPresent()) {
      // the alias names the element (a map's value)
      int last = columns.size() - 1;
      columns.set(last, columns.get(last).renamed(item.alias().get()));
    }
    return Optional.of(new Generator(item, expansion, columns));
  }

  /** A column keeps the name the table gave it; anything else (a struct field too) is named by the dialect's rule. */
  private static String outputName(Expression expression, Scope scope) {
    if (expression instanceof ColumnRef reference) {
      try {
        return scope.resolve(reference).column().name();
      } catch (EngineException fieldOfAStruct) {
        return reference.name();
      }
    }
    return ExpressionNames.name(expression);
  }

  private static String ordinal(int n) {
    return n + (n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
      case 1 -> "st";
      case 2 -> "nd";
      case 3 -> "rd";
      default -> "th";
    });
  }

  /**
   * The expression a GROUP BY key stands for: itself, the select item at a position, or the select item of an alias
   * (when no column of the block has that name).
   */
  private static Expression groupKey(Expression key, Scope scope, List<SelectItem> items,
      List<Expression> itemExpressions) {
    if (key instanceof Literal literal && literal.kind() == LiteralKind.INTEGER) {
      // AggregationAnalyzer has checked that the position is in the select list
      return itemExpressions.get(AggregationAnalyzer.position(literal) - 1);
    }
    if (key instanceof ColumnRef reference && reference.parts().size() == 1 && columnOf(reference, scope).isEmpty()) {
      for (SelectItem item : items) {
        if (item instanceof SingleColumn single && single.alias().isPresent()
            && single.alias().get().equalsIgnoreCase(reference.name())) {
          return single.expression();
        }
      }
    }
    return key;
  }

  /**
   * GROUPING SETS, ROLLUP or CUBE: checked as a block grouped by all of its keys, then planned as a plain GROUP BY
   * (see {@link GroupingSets}).
   */
  private Body groupingSets(Select select, From from) {
    Scope scope = from.scope();
    List<SelectItem> items = new ArrayList<>();
    List<Expression> itemExpressions = new ArrayList<>();
    for (SelectItem item : select.items()) {
      if (item instanceof AllColumns all) {
        for (Scope.Column column : except(scope.expand(all.qualifier(), all.span()), all)) {
          ColumnRef reference = new ColumnRef(all.span(), Scope.append(column.qualifier(), column.name()));
          items.add(new SingleColumn(all.span(), reference, Optional.of(column.name())));
          itemExpressions.add(reference);
        }
      } else {
        items.add(item);
        itemExpressions.add(((SingleColumn) item).expression());
      }
    }
    Select expanded = new Select(select.span(), select.distinct(), items, select.from(), select.where(),
        select.groupBy(), select.groupingSets(), select.having(), select.qualify());
    AggregationAnalyzer.check(expanded, itemExpressions, reference -> columnOf(reference, scope),
        FunctionRegistry.TRAITS);
    List<Expression> keys = new ArrayList<>();
    for (Expression key : select.groupBy()) {
      keys.add(groupKey(key, scope, items, itemExpressions));
    }
    List<Analyzed> filters = new ArrayList<>(from.filters());
    select.where().ifPresent(where -> filters.add(expressions.filter(where, scope).value()));
    GroupingSets.Grouped plain = GroupingSets.plain(expanded, keys, new From(from.relation(), scope, filters), expressions,
        newAlias(), expression -> outputName(expression, scope));
    Body body = select(plain.select(), plain.from());
    return new Body(body.query(), body.fromScope(), body.items(), plain.orderKey());
  }


  From from(Relation relation, Optional<Scope> outer) {
    return relations.visit(relation, outer);
  }

  private final Relations relations = new Relations();

  private final class Relations extends TreeVisitor<From, Optional<Scope>> {
    @Override
    protected From visitTableRef(TableRef table, Optional<Scope> outer) {
      return tableRef(table, outer);
    }

    @Override
    protected From visitDerived(Derived derived, Optional<Scope> outer) {
      TranslatedQuery query = renameColumns(translate(derived.query(), outer, currentCtes), derived.columnAliases(),
          derived.span());
      String alias = newAlias();
      List<String> qualifier = derived.alias().map(List::of).orElse(List.of());
      return From.of(derived(query, alias), scopeOf(query, alias, qualifier, outer));
    }

    @Override
    protected From visitTableFunction(TableFunction function, Optional<Scope> outer) {
      return tableFunction(function, outer);
    }

    @Override
    protected From visitStream(Relation.Stream stream, Optional<Scope> outer) {
      return stream(stream, outer);
    }

    @Override
    protected From visitStreamFunction(Relation.StreamFunction function, Optional<Scope> outer) {
      if (!function.function().name().equals("read_files")) {
        throw Errors.unresolvedRoutine(function.function().name(), List.of("system.builtin"), function.span());
      }
      if (!sources.inFlow()) {
        throw Errors.notSupported("STREAM outside the query of a streaming table or flow", function.span());
      }
      return readFiles(function.function(), true, outer);
    }

    @Override
    protected From visitLateralView(LateralView view, Optional<Scope> outer) {
      String name = view.function();
      if (!Generators.isGenerator(name)) {
        throw notAGenerator(name, view.span());
      }
      String function = view.outer() && !name.endsWith("_outer") ? name + "_outer" : name;
      return generated(from(view.source(), outer), function, view.arguments(), view.alias(), view.columns(),
          view.span());
    }

    @Override
    protected From visitJoin(Join join, Optional<Scope> outer) {
      return join(join, outer);
    }

    @Override
    protected From visitSample(Relation.Sample sample, Optional<Scope> outer) {
      return from(sampled(sample), outer);
    }

    @Override
    protected From visitPivot(Relation.Pivot pivot, Optional<Scope> outer) {
      From source = from(pivot.source(), outer);
      return block(select(Pivots.pivot(pivot, source.scope(), expressions), source), pivot.alias(), outer);
    }

    @Override
    protected From visitUnpivot(Relation.Unpivot unpivot, Optional<Scope> outer) {
      From source = from(unpivot.source(), outer);
      String stack = "\0unpivot";
      List<String> columns = new ArrayList<>(List.of(unpivot.nameColumn()));
      columns.addAll(unpivot.valueColumns());
      From rows = generated(source, "stack", Pivots.stackArguments(unpivot, source.scope()), Optional.of(stack),
          columns, unpivot.span());
      return block(select(Pivots.unpivot(unpivot, source.scope(), stack), rows), unpivot.alias(), outer);
    }
  }

  /**
   * TABLESAMPLE as the subquery it stands for, under the source's alias (a table's name without one): {@code n ROWS}
   * its first n rows, {@code p PERCENT} each row with chance p / 100, {@code BUCKET x OUT OF y} with chance 1 / y (the
   * vendor's buckets are random fractions too).
   */
  private static Relation sampled(Relation.Sample sample) {
    Span span = sample.span();
    Relation source;
    Optional<String> alias;
    List<String> columns = List.of();
    if (sample.source() instanceof TableRef table) {
      source = new TableRef(table.span(), table.name(), Optional.empty());
      alias = Optional.of(table.alias().orElse(table.name().get(table.name().size() - 1)));
    } else {
      Derived derived = (Derived) sample.source();
      source = new Derived(derived.span(), derived.query(), Optional.empty(), List.of());
      alias = derived.alias();
      columns = derived.columnAliases();
    }
    Expression first = sample.values().get(0);
    Optional<Expression> where = Optional.empty();
    Optional<Expression> limit = Optional.empty();
    switch (sample.method()) {
      case ROWS -> limit = Optional.of(first);
      case PERCENT -> {
        sampleBound(first, 0, 100, "the percentage must be a number literal from 0 to 100");
        where = Optional.of(chance(span, new Expression.Binary(span, Expression.BinaryOperator.DIVIDE, first,
            new Expression.Literal(span, Expression.LiteralKind.DECIMAL, "100.0"))));
      }
      case BUCKET -> {
        Expression total = sample.values().get(1);
        sampleBound(total, 1, Integer.MAX_VALUE, "the bucket count must be a positive integer literal");
        sampleBound(first, 1, Double.parseDouble(((Expression.Literal) total).text()),
            "the bucket must be an integer literal from 1 to the bucket count");
        where = Optional.of(chance(span, new Expression.Binary(span, Expression.BinaryOperator.DIVIDE,
            new Expression.Literal(span, Expression.LiteralKind.DECIMAL, "1.0"), total)));
      }
    }
    Query query = new Query(span, List.of(), Select.of(span, List.of(new AllColumns(span, List.of(), List.of())),
        Optional.of(source), where), List.of(), limit, Optional.empty());
    return new Derived(span, query, alias, columns);
  }

  private static Expression chance(Span span, Expression fraction) {
    Expression random = new Expression.FunctionCall(span, "rand", false, List.of(), false, Optional.empty(),
        Optional.empty());
    return new Expression.Binary(span, Expression.BinaryOperator.LESS, random, fraction);
  }

  private static void sampleBound(Expression value, double low, double high, String message) {
    boolean valid = value instanceof Expression.Literal literal && (literal.kind() == Expression.LiteralKind.INTEGER
        || literal.kind() == Expression.LiteralKind.DECIMAL)
        && Double.parseDouble(literal.text().replaceAll("[a-zA-Z]+$", "")) >= low
        && Double.parseDouble(literal.text().replaceAll("[a-zA-Z]+$", "")) <= high;
    if (!valid) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`size`")
          .parameter("functionName", "`TABLESAMPLE`").parameter("message", message).at(value.span()).build();
    }
  }

  /** A planned select block read as a relation, under {@code alias} if it has one. */
  private From block(Body body, Optional<String> alias, Optional<Scope> outer) {
    String h2Alias = newAlias();
    List<String> qualifier = alias.map(List::of).orElse(List.of());
    return From.of(derived(body.query(), h2Alias), scopeOf(body.query(), h2Alias, qualifier, outer));
  }

  private static TranslatedQuery renameColumns(TranslatedQuery query, List<String> names, Span span) {
    if (names.isEmpty()) {
      return query;
    }
    if (names.size() != query.columns().size()) {
      throw EngineException.of(ErrorClass.ASSIGNMENT_ARITY_MISMATCH).parameter("numExpr", names.size())
          .parameter("numTarget", query.columns().size()).at(span).build();
    }
    return query.renamed(names);
  }

  /** The scope of a table's own columns under {@code alias}, for DML and table expressions. */
  static Scope tableScope(TableInfo table, String alias, List<String> qualifier) {
    List<Scope.Column> columns = new ArrayList<>();
    for (ColumnInfo column : table.columns()) {
      columns.add(new Scope.Column(alias, qualifier, column.name(), column.name(),
          Optional.of(SqlParser.parseType(column.type())), false).withNullable(column.nullable()));
    }
    return new Scope(columns, Optional.empty());
  }

  static Scope scopeOf(TranslatedQuery query, String alias, List<String> qualifier, Optional<Scope> outer) {
    return scopeOf(query.columns(), alias, qualifier, outer);
  }

  /** The scope of a relation whose columns, named by position, are {@code output}. */
  private static Scope scopeOf(List<OutputColumn> output, String alias, List<String> qualifier,
      Optional<Scope> outer) {
    List<Scope.Column> columns = new ArrayList<>();
    for (int i = 0; i < output.size(); i++) {
      OutputColumn column = output.get(i);
      columns.add(new Scope.Column(alias, qualifier, column.name(), TranslatedQuery.positional(i), column.type(),
          false).withNullable(column.nullable()));
    }
    return new Scope(columns, outer);
  }

  private From tableRef(TableRef reference, Optional<Scope> outer) {
    if (reference.asOf().isPresent()) {
      return TimeTravel.read(this, reference, outer);
    }
    if (reference.name().size() == 1) {
      Cte cte = currentCtes.get(reference.name().get(0).toLowerCase(Locale.ROOT));
      if (cte != null) {
        String alias = newAlias();
        List<String> qualifier = List.of(reference.alias().orElse(reference.name().get(0)));
        Scope scope = scopeOf(cte.query(), alias, qualifier, outer);
        if (cte.recursionLimit().isPresent()) {
          Analyzed level = new Analyzed.NextLevel(new Analyzed.ColumnValue(alias, TranslatedQuery.positional(
              cte.query().columns().size())), cte.recursionLimit().get());
          scope = scope.join(new Scope(List.of(new Scope.Column(alias, qualifier, RecursiveCtes.NEXT_LEVEL,
              RecursiveCtes.NEXT_LEVEL, Optional.of(SqlType.INT), true, Optional.of(level), false)),
              Optional.empty()));
        }
        return From.of(new AnalyzedRelation.Aliased(new AnalyzedRelation.Named(cte.h2Name()), alias), scope);
      }
      // A one-part name means the session's temporary view before any table, as in the dialect.
      TempView temporary = session.tempViews().get(reference.name().get(0).toLowerCase(Locale.ROOT));
      if (temporary != null) {
        TranslatedQuery view = expandTempView(temporary, reference.span());
        String alias = newAlias();
        List<String> qualifier = List.of(reference.alias().orElse(temporary.name()));
        return From.of(derived(view, alias), scopeOf(view, alias, qualifier, outer));
      }
    }
    TableName qualified = qualify(reference.name(), reference.span());
    if (InformationSchema.isInformationSchema(qualified)) {
      String inner = newAlias();
      TranslatedQuery view = InformationSchema.relation(catalog, access, qualified, inner, reader)
          .orElseThrow(() -> Errors.tableOrViewNotFound(qualified.parts(), reference.span()));
      String alias = newAlias();
      List<String> qualifier = reference.alias().map(List::of).orElse(qualified.parts());
      reads.add(new Analysis.Read(qualified, Optional.empty(), false, 0, false));
      return From.of(derived(view, alias), scopeOf(view, alias, qualifier, outer));
    }
    TableInfo table = resolveTable(reference.name(), reference.span());
    requireSelect(table, reference.span());
    reads.add(read(table, false));
    String alias = newAlias();
    List<String> qualifier = reference.alias().map(List::of).orElse(table.name().parts());
    if (table.kind() == TableKind.VIEW) {
      TranslatedQuery view = expandView(table, reference.span());
      return From.of(derived(view, alias), scopeOf(view, alias, qualifier, outer));
    }
    Scope scope = new Scope(tableScope(table, alias, qualifier).columns(), outer);
    return new From(new AnalyzedRelation.Aliased(protect(table, new AnalyzedRelation.StoredTable(
        table.storageName()), List.of(), reference.span()), alias), scope, List.of());
  }

  /** A query read as a relation under {@code alias}. */
  private static AnalyzedRelation derived(TranslatedQuery query, String alias) {
    return new AnalyzedRelation.Aliased(new AnalyzedRelation.Derived(query.query()), alias);
  }

  /** A read of the rows of {@code table} as {@code version} had them: as any read of the table. */
  From tableAsOf(TableInfo table, long version, TableRef reference, Optional<Scope> outer) {
    requireSelect(table, reference.span());
    reads.add(read(table, false));
    String alias = newAlias();
    List<String> qualifier = reference.alias().map(List::of).orElse(table.name().parts());
    Scope scope = new Scope(tableScope(table, alias, qualifier).columns(), outer);
    AnalyzedRelation rows = new AnalyzedRelation.TableVersion(table.storageName(), table.columns().stream()
        .map(ColumnInfo::name).toList(), version);
    return From.of(new AnalyzedRelation.Aliased(protect(table, rows, List.of(), reference.span()), alias), scope);
  }

  private static Analysis.Read read(TableInfo table, boolean streaming) {
    int masked = (int) table.columns().stream().filter(column -> table.mask(column.name()).isPresent()).count();
    return new Analysis.Read(table.name(), Optional.of(table.kind()), table.rowFilter().isPresent(), masked,
        streaming);
  }

  /** A temporary view's query, read as this translator's reader, with the session's other temporary views. */
  private TranslatedQuery expandTempView(TempView view, Span span) {
    SessionContext home = new SessionContext(session.user(), view.catalog(), view.schema(), session.tempViews(),
        session.timeZone());
    QueryTranslator inner = expanding(List.of(view.name()), home, reader, span);
    TranslatedQuery query = expand(inner, view.queryText(), view.columns(), span);
    reads.addAll(inner.reads);
    return query;
  }

  /** A catalog view's query: names resolve where it was created, its reads are checked as its owner's. */
  private TranslatedQuery expandView(TableInfo view, Span span) {
    SessionContext home = session.at(view.name().catalog(), view.name().schema());
    return expand(expanding(view.name().parts(), home, view.owner(), span), view.viewSql().orElseThrow(),
        view.columns().stream().map(ColumnInfo::name).toList(), span);
  }

  /** The translator of a view's query, one level deeper; views nest at most {@value #MAX_VIEW_DEPTH} deep. */
  private QueryTranslator expanding(List<String> name, SessionContext home, String viewReader, Span span) {
    if (viewDepth >= MAX_VIEW_DEPTH) {
      throw EngineException.of(ErrorClass.VIEW_EXCEED_MAX_NESTED_DEPTH).parameter("viewName",
          Errors.quote(name)).parameter("maxNestedDepth", MAX_VIEW_DEPTH).at(span).build();
    }
    return new QueryTranslator(catalog, access, home, parameterTypes, nextAlias, viewDepth + 1, StreamSources.none(),
        viewReader);
  }

  /** A view's stored query translated by {@code inner}, its columns named as the view names them. */
  private static TranslatedQuery expand(QueryTranslator inner, String text, List<String> names, Span span) {
    Statement statement = SqlParser.parseStatement(text).statement();
    TranslatedQuery query = inner.translate((Query) statement, Optional.empty(), Map.of());
    return renameColumns(query, names.size() == query.columns().size() ? names : List.of(), span);
  }

  /**
   * A streaming read: the source's rows whose commit version lies in the flow's window, which the flow runner binds
   * when it runs ({@link StreamSources} names the bindings), less the commits it was told to skip.
   */
  private From stream(Relation.Stream stream, Optional<Scope> outer) {
    if (!sources.inFlow()) {
      throw Errors.notSupported("STREAM outside the query of a streaming table or flow", stream.span());
    }
    TableInfo table = resolveTable(stream.name(), stream.span());
    if (table.kind() == TableKind.VIEW) {
      throw Errors.notSupported("STREAM over a view", stream.span());
    }
    requireSelect(table, stream.span());
    reads.add(read(table, true));
    StreamSources.Source source = sources.add(table, stream.options(), stream.span());
    StreamSources.Keys keys = source.keys();
    if (source.changeFeed()) {
      return changeFeed(stream, table, keys, outer);
    }
    AnalyzedRelation rows = new AnalyzedRelation.StreamWindow(table.storageName(), keys);
    String alias = newAlias();
    List<String> qualifier = stream.alias().map(List::of).orElse(table.name().parts());
    Scope scope = new Scope(tableScope(table, alias, qualifier).columns(), outer);
    return From.of(new AnalyzedRelation.Aliased(protect(table, rows, List.of(), stream.span()), alias), scope);
  }

  /**
   * {@code STREAM(t) WITH (readChangeFeed = true)}: the row images of the table's changes in the flow's version
   * window, with {@code _change_type}, {@code _commit_version} and {@code _commit_timestamp}.
   */
  private From changeFeed(Relation.Stream stream, TableInfo table, StreamSources.Keys keys, Optional<Scope> outer) {
    AnalyzedRelation rows = new AnalyzedRelation.ChangeFeedWindow(table.id(), table.columns().stream()
        .map(ColumnInfo::name).toList(), keys);
    String alias = newAlias();
    List<String> qualifier = stream.alias().map(List::of).orElse(table.name().parts());
    List<Scope.Column> columns = new ArrayList<>(tableScope(table, alias, qualifier).columns());
    columns.add(new Scope.Column(alias, qualifier, ChangeDataFeed.CHANGE_TYPE, ChangeDataFeed.CHANGE_TYPE,
        Optional.of(SqlType.STRING), false));
    columns.add(new Scope.Column(alias, qualifier, ChangeDataFeed.COMMIT_VERSION, ChangeDataFeed.COMMIT_VERSION,
        Optional.of(SqlType.BIGINT), false));
    columns.add(new Scope.Column(alias, qualifier, ChangeDataFeed.COMMIT_TIMESTAMP, ChangeDataFeed.COMMIT_TIMESTAMP,
        Optional.of(SqlType.TIMESTAMP), false));
    return From.of(new AnalyzedRelation.Aliased(protect(table, rows, List.of(ChangeDataFeed.CHANGE_TYPE,
        ChangeDataFeed.COMMIT_VERSION, ChangeDataFeed.COMMIT_TIMESTAMP), stream.span()), alias), new Scope(columns, outer));
  }

  /**
   * {@code [STREAM] read_files(path, option => value, ...)}: the rows of the files the statement reads (a stream:
   * those not read before), which H2 pulls from {@code FG_SYS.READ_FILES} for the batch the executor opened;
   * {@code _metadata} is hidden from {@code *}.
   */
  private From readFiles(TableFunction function, boolean streaming, Optional<Scope> outer) {
    String path = null;
    Map<String, String> options = new HashMap<>();
    for (Expression argument : function.arguments()) {
      if (argument instanceof Expression.FunctionCall named && named.name().equals("=>")
          && named.arguments().get(1) instanceof Literal value) {
        options.put(((Literal) named.arguments().get(0)).text().toLowerCase(Locale.ROOT), value.text());
      } else if (path == null && argument instanceof Literal literal
          && literal.kind() == LiteralKind.STRING) {
        path = literal.text();
      } else {
        throw Errors.typeMismatch("read_files", "it takes a path string and option => literal pairs",
            function.span());
      }
    }
    if (path == null) {
      throw Errors.wrongArguments("read_files", "a path and options", function.arguments().size(), function.span());
    }
    StreamSources.FileRead read = addFiles(path, options, streaming, function.span());
    List<OutputColumn> columns = new ArrayList<>();
    for (Map.Entry<String, SqlType> column : read.schema().entrySet()) {
      columns.add(new OutputColumn(column.getKey(), Optional.of(column.getValue())));
    }
    // The rescued data column is _rescued_data inside, and named as the rescuedDataColumn option says outside.
    String rescued = options.getOrDefault("rescueddatacolumn", "_rescued_data");
    if (read.schema().keySet().stream().anyMatch(rescued::equalsIgnoreCase) || rescued.isBlank()) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`rescuedDataColumn`")
          .parameter("functionName", "`read_files`").parameter("message", Errors.quote(rescued)
              + " must be a name that is not one of the files' columns").at(function.span()).build();
    }
    columns.add(new OutputColumn(rescued, Optional.of(SqlType.STRING)));
    columns.add(new OutputColumn("_metadata", Optional.of(FileColumns.METADATA)));
    AnalyzedRelation rows = new AnalyzedRelation.FileRows(read.key(), read.batch(), List.copyOf(
        read.schema().keySet()));
    String alias = newAlias();
    List<String> qualifier = function.alias().map(List::of).orElse(List.of("read_files"));
    Scope scope = scopeOf(columns, alias, qualifier, outer);
    List<Scope.Column> visible = new ArrayList<>(scope.columns());
    visible.set(visible.size() - 1, visible.get(visible.size() - 1).hide());
    return From.of(new AnalyzedRelation.Aliased(rows, alias), scope.withColumns(visible));
  }

  /**
   * A volume's files are read by those with READ VOLUME on it, inside its folder; other paths only by those the
   * administrator allows (SELECT ON ANY FILE), inside the ingest roots.
   */
  private StreamSources.FileRead addFiles(String path, Map<String, String> options, boolean streaming, Span span) {
    Optional<VolumeFiles.Located> volume = sources.files().flatMap(files -> VolumeFiles.locate(path, reader,
        VolumeFiles.READ, catalog, access, files, span));
    if (volume.isPresent()) {
      return sources.addFiles(volume.get().local(), options, streaming, List.of(volume.get().folder()), span);
    }
    access.require(reader, GrantInfo.Securable.ANY_FILE, List.of(), "SELECT", span);
    return sources.addFiles(path, options, streaming, sources.files().map(FileAreas::ingestRoots).orElse(List.of()),
        span);
  }

  /**
   * Resolves a one-, two- or three-part table name against the session's current catalog and schema. A pipeline's
   * private dataset resolves only in a flow's query.
   */
  public TableInfo resolveTable(List<String> name, Span span) {
    TableName qualified = qualify(name, span);
    if (sources.inFlow()) {
      Optional<TableInfo> own = privateDataset(qualified);
      if (own.isPresent()) {
        return own.get();
      }
    }
    Optional<TableInfo> table = catalog.table(qualified);
    if (table.isEmpty()) {
      catalog.unreadableTable(qualified).ifPresent(unreadable -> {
        throw Errors.tableMetadataUnreadable(qualified.parts(), unreadable.reason(), span);
      });
    }
    // Private datasets are found by their pipeline's flows above (and, kept by older stores under the names they
    // were written with, by any flow); never by the name of their own schema.
    return table.filter(found -> !found.pipelinePrivate()
        || sources.inFlow() && !PrivateDatasets.reserved(found.name().schema()))
        .orElseThrow(() -> Errors.tableOrViewNotFound(qualified.parts(), span));
  }

  /** The target of a flow being defined: in a pipeline, its private dataset of that name first. */
  public TableInfo resolveFlowTarget(List<String> name, Span span) {
    return privateDataset(qualify(name, span)).orElseGet(() -> resolveTable(name, span));
  }

  /** The private dataset of the session's pipeline that {@code name} names, if there is one. */
  private Optional<TableInfo> privateDataset(TableName name) {
    return session.pipeline().flatMap(pipeline -> catalog.table(PrivateDatasets.stored(name, pipeline)));
  }

  public TableName qualify(List<String> name, Span span) {
    List<String> parts = name.stream().map(part -> part.toLowerCase(Locale.ROOT)).toList();
    return switch (parts.size()) {
      case 1 -> new TableName(session.catalog(), session.schema(), parts.get(0));
      case 2 -> new TableName(session.catalog(), parts.get(0), parts.get(1));
      case 3 -> new TableName(parts.get(0), parts.get(1), parts.get(2));
      default -> throw EngineException.of(ErrorClass.INVALID_SCHEMA_OR_RELATION_NAME)
          .parameter("name", Errors.quote(name)).at(span).build();
    };
  }

  private From tableFunction(TableFunction function, Optional<Scope> outer) {
    if (Generators.isGenerator(function.name())) {
      return generated(new From(new AnalyzedRelation.None(), Scope.empty(outer), List.of()), function.name(), function.arguments(),
          Optional.of(function.alias().orElse(function.name())), function.columnAliases(), function.span());
    }
    if (function.name().equals("event_log")) {
      return eventLog(function, outer);
    }
    if (function.name().equals("read_files")) {
      return readFiles(function, false, outer);
    }
    if (!function.name().equals("range")) {
      throw Errors.unresolvedRoutine(function.name(), List.of("system.builtin"), function.span());
    }
    int count = function.arguments().size();
    if (count < 1 || count > 4) {
      throw Errors.wrongArguments("range", "1 to 4", count, function.span());
    }
    Scope none = Scope.empty(outer);
    List<Analyzed> arguments = new ArrayList<>();
    List<String> parameters = count == 1 ? List.of("end") : List.of("start", "end", "step", "numPartitions");
    for (int i = 0; i < count; i++) {
      Expression argument = function.arguments().get(i);
      FoldableArguments.require(argument, "range", parameters.get(i), "BIGINT", FunctionRegistry.TRAITS);
      arguments.add(new Analyzed.RequiredArgument(new Analyzed.Cast(expressions.translate(argument, none).value(),
          SqlType.BIGINT), "range", parameters.get(i)));
    }
    Analyzed start = count == 1 ? new Analyzed.Number(BigDecimal.ZERO) : arguments.get(0);
    Analyzed end = count == 1 ? arguments.get(0) : arguments.get(1);
    Analyzed step = count >= 3 ? arguments.get(2) : new Analyzed.Number(BigDecimal.ONE);
    String alias = newAlias();
    String columnName = function.columnAliases().isEmpty() ? "id" : function.columnAliases().get(0);
    List<String> qualifier = function.alias().map(List::of).orElse(List.of("range"));
    Scope scope = new Scope(List.of(new Scope.Column(alias, qualifier, columnName, TranslatedQuery.positional(0),
        Optional.of(SqlType.BIGINT), false)), outer);
    return From.of(new AnalyzedRelation.Aliased(new AnalyzedRelation.NumberRange(start, end, step), alias), scope);
  }

  /**
   * {@code event_log(TABLE(name))} or {@code event_log('<pipeline id>')}: a table's event log (a streaming table's,
   * a materialized view's, a managed table's flows'), newest
   * last, with the vendor's columns; {@code origin} is a struct, as the vendor's queries read it
   * ({@code origin.update_id}).
   */
  private From eventLog(TableFunction function, Optional<Scope> outer) {
    if (function.arguments().size() != 1) {
      throw Errors.wrongArguments("event_log", "1 (TABLE(name) or a pipeline id)", function.arguments().size(),
          function.span());
    }
    Expression argument = function.arguments().get(0);
    TableInfo table;
    if (argument instanceof Expression.TableArgument named) {
      table = resolveTable(named.name(), named.span());
    } else if (argument instanceof Literal literal && literal.kind() == LiteralKind.STRING) {
      table = PipelineIds.tableId(literal.text()).stream().mapToObj(catalog::tableById)
          .flatMap(Optional::stream).findFirst().orElseThrow(() -> EngineException.of(
              ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`pipeline_id`")
              .parameter("functionName", "`event_log`").parameter("message", "no pipeline has the id "
                  + Errors.quote(literal.text())).at(literal.span()).build());
    } else {
      throw Errors.typeMismatch("event_log", "it takes TABLE(name) or a pipeline id string", argument.span());
    }
    // a managed table that flows write (CREATE FLOW ... INSERT INTO) has their updates in its log
    if (!table.kind().writtenByFlows() && !(table.kind() == TableKind.MANAGED && catalog.hasFlows(table.id()))) {
      throw Errors.notAStreamingTable("event_log", table.name().parts(), argument.span());
    }
    // As the vendor's: a pipeline's event log is its owner's (its messages can quote data and errors).
    access.requireOwner(reader, GrantInfo.Securable.TABLE, table.name().parts(), argument.span());
    List<OutputColumn> output = AnalyzedRelation.EventLog.COLUMNS.stream().map(column -> new OutputColumn(column,
        Optional.of(AnalyzedRelation.EventLog.type(column)))).toList();
    AnalyzedRelation log = new AnalyzedRelation.EventLog(table.id(), PipelineIds.of(table.id()),
        String.join(".", table.name().parts()), table.name().table(), newAlias());
    String alias = newAlias();
    List<String> qualifier = function.alias().map(List::of).orElse(List.of("event_log"));
    return From.of(new AnalyzedRelation.Aliased(log, alias), scopeOf(output, alias, qualifier, outer));
  }

  /**
   * The rows of {@code source}, each joined to the rows a generator makes of it (a LATERAL VIEW, a generator in
   * FROM, or {@code t, LATERAL explode(t.a)}); {@code names} rename the generated columns.
   */
  private From generated(From source, String function, List<Expression> arguments, Optional<String> alias,
      List<String> names, Span span) {
    Generators.Expansion expansion = Generators.expand(function, arguments, source.scope(), expressions, newAlias(),
        span);
    if (!names.isEmpty() && names.size() != expansion.columns().size()) {
      throw EngineException.of(ErrorClass.UDTF_ALIAS_NUMBER_MISMATCH)
          .parameter("aliasesSize", expansion.columns().size()).parameter("aliasesNames", names.size())
          .at(span).build();
    }
    List<Scope.Column> columns = new ArrayList<>();
    for (int i = 0; i < expansion.columns().size(); i++) {
      OutputColumn column = expansion.columns().get(i);
      String name = names.isEmpty() ? column.name() : names.get(i);
      columns.add(new Scope.Column("", alias.map(List::of).orElse(List.of()), name, name, column.type(), false,
          Optional.of(expansion.values().get(i)), true));
    }
    return source.generating(expansion, source.scope().join(new Scope(columns, Optional.empty())), this::newAlias);
  }

  private static EngineException notAGenerator(String name, Span span) {
    return EngineException.of(ErrorClass.UNSUPPORTED_GENERATOR).subClass("NOT_GENERATOR",
        "<functionName> is expected to be a generator, which it is not.").parameter("functionName", name)
        .at(span).build();
  }

  private From join(Join join, Optional<Scope> outer) {
    if (join.right() instanceof TableFunction function && Generators.isGenerator(function.name())) {
      // FROM t, LATERAL explode(t.a): the generator reads the rows on its left
      if (join.type() != JoinType.CROSS && !(join.type() == JoinType.INNER && join.on().isEmpty()
          && join.using().isEmpty() && !join.natural())) {
        throw Errors.notSupported(function.name() + " on the right of a " + join.type() + " JOIN (use LATERAL VIEW"
            + " OUTER for the rows without elements)", join.span());
      }
      return generated(from(join.left(), outer), function.name(), function.arguments(),
          Optional.of(function.alias().orElse(function.name())), function.columnAliases(), function.span());
    }
    From left = from(join.left(), outer);
    From right = from(join.right(), outer);
    List<Analyzed> filters = new ArrayList<>(left.filters());
    filters.addAll(right.filters());
    Scope combined = left.scope().join(right.scope());
    List<String> using = join.using();
    if (join.natural()) {
      using = left.scope().columns().stream().map(Scope.Column::name)
          .filter(name -> right.scope().columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name)))
          .toList();
    }
    Optional<Analyzed> condition = Optional.empty();
    List<Scope.Column[]> usingPairs = new ArrayList<>();
    if (!using.isEmpty()) {
      List<Analyzed> equalities = new ArrayList<>();
      List<Scope.Column> rightColumns = new ArrayList<>(right.scope().columns());
      for (String name : using) {
        ColumnRef reference = new ColumnRef(join.span(), List.of(name));
        Scope.Column leftColumn = left.scope().resolve(reference).column();
        Scope.Column rightColumn = new Scope(right.scope().columns(), Optional.empty()).resolve(reference).column();
        equalities.add(new Analyzed.Binary(Expression.BinaryOperator.EQUAL, leftColumn.value(), rightColumn.value()));
        usingPairs.add(new Scope.Column[] {leftColumn, rightColumn});
        rightColumns.replaceAll(column -> column == rightColumn ? column.hide() : column);
      }
      combined = left.scope().join(right.scope().withColumns(rightColumns));
      condition = Optional.of(Analyzed.allOf(equalities));
    } else if (join.on().isPresent()) {
      condition = Optional.of(expressions.joinCondition(join.on().get(), combined).value());
    }
    if (join.type() == JoinType.LEFT_SEMI || join.type() == JoinType.LEFT_ANTI) {
      // Only the left side's columns remain; the right side becomes a test of each left row.
      Analyzed exists = new Analyzed.RowsExist(right.relation(), condition);
      filters.add(join.type() == JoinType.LEFT_SEMI ? exists : new Analyzed.Not(exists));
      return new From(left.relation(), left.scope(), filters);
    }
    if (join.type() == JoinType.FULL) {
      if (!filters.isEmpty()) {
        throw Errors.notSupported("a semi or anti join inside a FULL OUTER JOIN", join.span());
      }
      return fullJoin(left, right, condition.orElse(new Analyzed.BooleanValue(true)), usingPairs, outer);
    }
    return new From(new AnalyzedRelation.Join(join.type(), left.relation(), right.relation(), condition),
        padded(combined, left.scope().columns().size(), join.type()), filters);
  }

  /** After an outer join the padded side's columns can be NULL, whatever their tables say; the left side's come first. */
  private static Scope padded(Scope joined, int leftColumns, JoinType type) {
    if (type != JoinType.LEFT && type != JoinType.RIGHT) {
      return joined;
    }
    List<Scope.Column> columns = new ArrayList<>(joined.columns());
    for (int i = 0; i < columns.size(); i++) {
      if (i < leftColumns == (type == JoinType.RIGHT)) {
        columns.set(i, columns.get(i).withNullable(true));
      }
    }
    return joined.withColumns(columns);
  }

  /**
   * H2 has no FULL OUTER JOIN: it becomes the left join plus the right rows without a match, as a derived table
   * whose columns are renamed {@code j1, j2, ...}; a USING column is the non-NULL one of its two sides.
   */
  private From fullJoin(From left, From right, Analyzed condition, List<Scope.Column[]> usingPairs,
      Optional<Scope> outer) {
    String alias = newAlias();
    List<Analyzed> matched = new ArrayList<>();
    List<Analyzed> unmatched = new ArrayList<>();
    List<Scope.Column> columns = new ArrayList<>();
    for (Scope.Column column : left.scope().columns()) {
      boolean merged = usingPairs.stream().anyMatch(pair -> pair[0] == column);
      columns.add(new Scope.Column(alias, column.qualifier(), column.name(), AnalyzedRelation.FullJoin.column(
          matched.size()), column.type(), column.hidden() || merged));
      matched.add(column.value());
      unmatched.add(typedNull(column));
    }
    for (Scope.Column column : right.scope().columns()) {
      boolean merged = usingPairs.stream().anyMatch(pair -> pair[1] == column);
      columns.add(new Scope.Column(alias, column.qualifier(), column.name(), AnalyzedRelation.FullJoin.column(
          matched.size()), column.type(), column.hidden() || merged));
      matched.add(column.value());
      unmatched.add(column.value());
    }
    List<Scope.Column> visible = new ArrayList<>();
    for (Scope.Column[] pair : usingPairs) {
      visible.add(new Scope.Column(alias, List.of(), pair[0].name(), AnalyzedRelation.FullJoin.column(
          matched.size()), pair[0].type(), false));
      matched.add(Analyzed.call("coalesce", pair[0].value(), pair[1].value()));
      unmatched.add(pair[1].value());
    }
    visible.addAll(columns);
    return new From(new AnalyzedRelation.FullJoin(left.relation(), right.relation(), condition, matched, unmatched,
        alias), new Scope(visible, outer), List.of());
  }

  private static Analyzed typedNull(Scope.Column column) {
    return column.type().filter(type -> type.kind() != io.flowgate.engine.type.TypeKind.VOID)
        .<Analyzed>map(type -> new Analyzed.Cast(new Analyzed.NullValue(), type)).orElse(new Analyzed.NullValue());
  }

}
