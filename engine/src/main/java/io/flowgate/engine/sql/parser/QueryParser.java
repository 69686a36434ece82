package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.WindowSpec;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Query.WithQuery;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.QueryBody.AllColumns;
import io.flowgate.engine.sql.tree.QueryBody.Nested;
import io.flowgate.engine.sql.tree.QueryBody.Select;
import io.flowgate.engine.sql.tree.QueryBody.SelectItem;
import io.flowgate.engine.sql.tree.QueryBody.SetOperation;
import io.flowgate.engine.sql.tree.QueryBody.SetOperator;
import io.flowgate.engine.sql.tree.QueryBody.SingleColumn;
import io.flowgate.engine.sql.tree.QueryBody.Values;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Relation.Derived;
import io.flowgate.engine.sql.tree.Relation.Join;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.sql.tree.Relation.TableFunction;
import io.flowgate.engine.sql.tree.Relation.TableRef;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Parses queries: WITH, SELECT blocks, set operations, VALUES, FROM with joins, ORDER BY, LIMIT and OFFSET. */
final class QueryParser {
  private final TokenCursor cursor;
  private final ExpressionParser expressions;

  QueryParser(TokenCursor cursor) {
    this.cursor = cursor;
    this.expressions = new ExpressionParser(cursor, this);
  }

  ExpressionParser expressions() {
    return expressions;
  }

  boolean startsQuery() {
    return cursor.isWord("SELECT") || cursor.isWord("WITH") || cursor.isWord("VALUES") || cursor.isWord("FROM")
        || (cursor.isSymbol("(") && startsQueryAt(1));
  }

  boolean startsQueryAt(int ahead) {
    Token token = cursor.peek(ahead);
    return token.isWord("SELECT") || token.isWord("WITH") || token.isWord("VALUES")
        || (token.isSymbol("(") && startsQueryAt(ahead + 1));
  }

  Query query() {
    cursor.enter();
    try {
      return nestedQuery();
    } finally {
      cursor.leave();
    }
  }

  private Query nestedQuery() {
    Span span = cursor.span();
    List<WithQuery> with = new ArrayList<>();
    if (cursor.acceptWord("WITH")) {
      boolean recursive = cursor.acceptWord("RECURSIVE");
      do {
        Span withSpan = cursor.span();
        String name = cursor.identifier();
        List<String> columns = cursor.isSymbol("(") ? cursor.identifierList() : List.of();
        Optional<Integer> maxLevel = Optional.empty();
        if (cursor.acceptWords("MAX", "RECURSION")) {
          cursor.expectWord("LEVEL");
          Span levelSpan = cursor.span();
          long level = cursor.expectInteger();
          if (level <= 0 || level > Integer.MAX_VALUE) {
            throw Errors.syntax(Long.toString(level), ": MAX RECURSION LEVEL must be a positive INT", levelSpan);
          }
          maxLevel = Optional.of((int) level);
        }
        cursor.acceptWord("AS");
        cursor.expectSymbol("(");
        Query query = query();
        cursor.expectSymbol(")");
        with.add(new WithQuery(withSpan, name, columns, query, recursive, maxLevel));
      } while (cursor.acceptSymbol(","));
    }
    QueryBody body = setOperation();
    List<SortItem> orderBy = List.of();
    if (cursor.acceptWords("ORDER", "BY") || cursor.acceptWords("SORT", "BY")) {
      orderBy = cursor.isWord("ALL") ? List.of(expressions.sortOptions(allColumnsKey())) : expressions.sortItems();
    }
    Optional<Expression> limit = Optional.empty();
    Optional<Expression> offset = Optional.empty();
    for (int i = 0; i < 2; i++) {
      if (limit.isEmpty() && cursor.acceptWord("LIMIT")) {
        limit = cursor.acceptWord("ALL") ? Optional.empty() : Optional.of(expressions.expression());
      } else if (offset.isEmpty() && cursor.acceptWord("OFFSET")) {
        offset = Optional.of(expressions.expression());
      }
    }
    return new Query(span, with, body, orderBy, limit, offset);
  }

  private QueryBody setOperation() {
    QueryBody left = intersect();
    while (cursor.isWord("UNION") || cursor.isWord("EXCEPT") || cursor.isWord("MINUS")) {
      Span span = cursor.span();
      String word = cursor.next().text().toUpperCase(Locale.ROOT);
      SetOperator operator = word.equals("UNION") ? SetOperator.UNION : SetOperator.EXCEPT;
      boolean all = setQuantifier();
      left = new SetOperation(span, operator, all, left, intersect());
    }
    return left;
  }

  private QueryBody intersect() {
    QueryBody left = queryTerm();
    while (cursor.isWord("INTERSECT")) {
      Span span = cursor.next().span();
      boolean all = setQuantifier();
      left = new SetOperation(span, SetOperator.INTERSECT, all, left, queryTerm());
    }
    return left;
  }

  private boolean setQuantifier() {
    if (cursor.acceptWord("ALL")) {
      return true;
    }
    cursor.acceptWord("DISTINCT");
    return false;
  }

  private QueryBody queryTerm() {
    Span span = cursor.span();
    if (cursor.isSymbol("(")) {
      cursor.next();
      Query query = query();
      cursor.expectSymbol(")");
      return new Nested(span, query);
    }
    if (cursor.isWord("VALUES")) {
      return values();
    }
    if (cursor.isWord("FROM")) {
      // FROM t [SELECT ...]: the dialect's FROM-first form
      cursor.next();
      Relation from = from();
      if (cursor.isWord("SELECT")) {
        return select(Optional.of(from));
      }
      return Select.of(span, List.of(new AllColumns(span, List.of())), Optional.of(from), Optional.empty());
    }
    if (!cursor.isWord("SELECT")) {
      throw cursor.unexpected("SELECT, VALUES or a parenthesized query");
    }
    return select(Optional.empty());
  }

  Values values() {
    Span span = cursor.span();
    cursor.expectWord("VALUES");
    List<List<Expression>> rows = new ArrayList<>();
    do {
      if (cursor.acceptSymbol("(")) {
        rows.add(expressions.expressionList());
        cursor.expectSymbol(")");
      } else {
        rows.add(List.of(expressions.expression()));
      }
    } while (cursor.acceptSymbol(","));
    return new Values(span, rows);
  }

  private Select select(Optional<Relation> fromFirst) {
    Map<String, WindowSpec> enclosing = expressions.namedWindows(windowClauseAhead());
    try {
      return selectBlock(fromFirst);
    } finally {
      expressions.namedWindows(enclosing);
    }
  }

  /**
   * The named windows of the SELECT block the cursor is at. The WINDOW clause comes after the select list that uses
   * its names, so it is read first and the cursor goes back; its place is found by scanning this block's tokens at
   * its own depth of parentheses.
   */
  private Map<String, WindowSpec> windowClauseAhead() {
    int mark = cursor.mark();
    int depth = 0;
    try {
      for (cursor.next(); !cursor.atEnd() && !cursor.isSymbol(";"); cursor.next()) {
        if (cursor.isSymbol("(")) {
          depth++;
        } else if (cursor.isSymbol(")") && --depth < 0) {
          return Map.of();
        } else if (depth == 0 && (cursor.isWord("UNION") || cursor.isWord("INTERSECT") || cursor.isWord("EXCEPT")
            && !cursor.isSymbol(1, "(") || cursor.isWord("MINUS") || cursor.isWord("SELECT"))) {
          return Map.of();
        } else if (depth == 0 && cursor.isWord("WINDOW") && cursor.isWord(2, "AS")) {
          cursor.next();
          int parameters = cursor.parameterCount();
          Map<String, WindowSpec> windows = expressions.windowDefinitions();
          if (cursor.parameterCount() != parameters) {
            throw Errors.notSupported("a parameter marker in a WINDOW clause", cursor.span());
          }
          return windows;
        }
      }
      return Map.of();
    } finally {
      cursor.reset(mark);
    }
  }

  /** A select list, {@code item [, item ...]} (COPY INTO's SELECT over files has one too). */
  List<SelectItem> selectList() {
    List<SelectItem> items = new ArrayList<>();
    do {
      items.add(selectItem());
    } while (cursor.acceptSymbol(","));
    return items;
  }

  private Select selectBlock(Optional<Relation> fromFirst) {
    Span span = cursor.span();
    cursor.expectWord("SELECT");
    boolean distinct = cursor.acceptWord("DISTINCT");
    if (!distinct) {
      cursor.acceptWord("ALL");
    }
    List<SelectItem> items = selectList();
    Optional<Relation> from = fromFirst;
    if (from.isEmpty() && cursor.acceptWord("FROM")) {
      from = Optional.of(from());
    }
    Optional<Expression> where = cursor.acceptWord("WHERE") ? Optional.of(expressions.expression()) : Optional.empty();
    List<Expression> groupBy = List.of();
    List<List<Integer>> groupingSets = List.of();
    if (cursor.acceptWords("GROUP", "BY")) {
      if (cursor.isWord("ALL")) {
        groupBy = List.of(allColumnsKey());
      } else {
        GroupByParser.GroupBy clause = GroupByParser.parse(cursor, expressions);
        groupBy = clause.keys();
        groupingSets = clause.sets();
      }
    }
    Optional<Expression> having = cursor.acceptWord("HAVING") ? Optional.of(expressions.expression()) : Optional.empty();
    Optional<Expression> qualify = Optional.empty();
    boolean window = false;
    for (int clause = 0; clause < 2; clause++) {
      if (qualify.isEmpty() && cursor.acceptWord("QUALIFY")) {
        qualify = Optional.of(expressions.expression());
      } else if (!window && cursor.acceptWord("WINDOW")) {
        // read ahead already (windowClauseAhead); read again to pass over it
        expressions.windowDefinitions();
        window = true;
      }
    }
    return new Select(span, distinct, items, from, where, groupBy, groupingSets, having, qualify);
  }

  /**
   * {@code GROUP BY ALL} and {@code ORDER BY ALL} as a reference to a column named {@code all}: the translator reads
   * it as every select item (every output column) unless a column of that name exists.
   */
  private Expression allColumnsKey() {
    Span span = cursor.next().span();
    return new Expression.ColumnRef(span, List.of("all"));
  }

  private SelectItem selectItem() {
    Span span = cursor.span();
    if (cursor.acceptSymbol("*")) {
      return new AllColumns(span, List.of(), except());
    }
    // qualified star: a.*, a.b.*
    int ahead = 0;
    while (cursor.peek(ahead).type() == TokenType.WORD || cursor.peek(ahead).type() == TokenType.QUOTED_IDENTIFIER) {
      if (!cursor.peek(ahead + 1).isSymbol(".")) {
        break;
      }
      if (cursor.peek(ahead + 2).isSymbol("*")) {
        List<String> qualifier = new ArrayList<>();
        for (int i = 0; i <= ahead; i += 2) {
          qualifier.add(cursor.next().text());
          cursor.next();
        }
        cursor.next();
        return new AllColumns(span, qualifier, except());
      }
      ahead += 2;
    }
    Expression expression = expressions.expression();
    return new SingleColumn(span, expression, alias());
  }

  /** {@code EXCEPT (c, ...)} after a star: the columns it leaves out (not the set operation, which takes a query). */
  private List<String> except() {
    if (cursor.isWord("EXCEPT") && cursor.isSymbol(1, "(") && !startsQueryAt(2)) {
      cursor.next();
      return cursor.identifierList();
    }
    return List.of();
  }

  private Optional<String> alias() {
    if (cursor.acceptWord("AS")) {
      return Optional.of(cursor.anyIdentifier());
    }
    // In an AUTO CDC spec the source is followed by KEYS (...), which is not the source's alias.
    if (cdcSource && cursor.isWord("KEYS") && cursor.isSymbol(1, "(") || startsPivot()) {
      return Optional.empty();
    }
    if (cursor.isIdentifier()) {
      return Optional.of(cursor.identifier());
    }
    return Optional.empty();
  }

  /** The source of an AUTO CDC spec: one relation, read up to its {@code KEYS} clause. */
  Relation cdcSource() {
    cdcSource = true;
    try {
      return relationPrimary();
    } finally {
      cdcSource = false;
    }
  }

  private boolean cdcSource;

  Relation from() {
    Relation relation = joined();
    while (cursor.acceptSymbol(",")) {
      Span span = cursor.span();
      relation = new Join(span, JoinType.CROSS, relation, joined(), Optional.empty(), List.of(), false);
    }
    while (cursor.isWord("LATERAL") && cursor.isWord(1, "VIEW")) {
      relation = lateralView(relation);
    }
    return pivoted(relation);
  }

  /** Whether PIVOT or UNPIVOT follows: words that would otherwise read as an alias. */
  private boolean startsPivot() {
    return (cursor.isWord("PIVOT") || cursor.isWord("UNPIVOT")) && cursor.isSymbol(1, "(")
        || cursor.isWord("UNPIVOT") && (cursor.isWord(1, "INCLUDE") || cursor.isWord(1, "EXCLUDE"));
  }

  /** {@code source} followed by any number of PIVOT and UNPIVOT clauses, each read over what precedes it. */
  private Relation pivoted(Relation source) {
    while (startsPivot()) {
      source = cursor.isWord("PIVOT") ? pivot(source) : unpivot(source);
    }
    return source;
  }

  private Relation pivot(Relation source) {
    Span span = cursor.span();
    cursor.next();
    cursor.expectSymbol("(");
    List<SingleColumn> aggregates = new ArrayList<>();
    do {
      Span itemSpan = cursor.span();
      aggregates.add(new SingleColumn(itemSpan, expressions.expression(), alias()));
    } while (cursor.acceptSymbol(","));
    cursor.expectWord("FOR");
    List<ColumnRef> columns = columnNames();
    cursor.expectWord("IN");
    cursor.expectSymbol("(");
    List<Relation.PivotValue> values = new ArrayList<>();
    do {
      Span valueSpan = cursor.span();
      List<Expression> tuple = new ArrayList<>();
      if (columns.size() > 1 && cursor.acceptSymbol("(")) {
        tuple.addAll(expressions.arguments());
        cursor.expectSymbol(")");
      } else {
        tuple.add(expressions.expression());
      }
      values.add(new Relation.PivotValue(valueSpan, tuple, alias()));
    } while (cursor.acceptSymbol(","));
    cursor.expectSymbol(")");
    cursor.expectSymbol(")");
    return new Relation.Pivot(span, source, aggregates, columns, values, alias());
  }

  private Relation unpivot(Relation source) {
    Span span = cursor.span();
    cursor.next();
    boolean includeNulls = false;
    if (cursor.isWord("INCLUDE") || cursor.isWord("EXCLUDE")) {
      includeNulls = cursor.next().text().equalsIgnoreCase("INCLUDE");
      cursor.expectWord("NULLS");
    }
    cursor.expectSymbol("(");
    List<String> valueColumns = cursor.isSymbol("(") ? cursor.identifierList() : List.of(cursor.anyIdentifier());
    cursor.expectWord("FOR");
    String nameColumn = cursor.anyIdentifier();
    cursor.expectWord("IN");
    cursor.expectSymbol("(");
    List<Relation.UnpivotGroup> groups = new ArrayList<>();
    do {
      Span groupSpan = cursor.span();
      groups.add(new Relation.UnpivotGroup(groupSpan, columnNames(), alias()));
    } while (cursor.acceptSymbol(","));
    cursor.expectSymbol(")");
    cursor.expectSymbol(")");
    return new Relation.Unpivot(span, source, includeNulls, valueColumns, nameColumn, groups, alias());
  }

  /** {@code col} or {@code (col {, col})}. */
  private List<ColumnRef> columnNames() {
    boolean several = cursor.acceptSymbol("(");
    List<ColumnRef> columns = new ArrayList<>();
    do {
      Span span = cursor.span();
      columns.add(new ColumnRef(span, cursor.qualifiedName()));
    } while (several && cursor.acceptSymbol(","));
    if (several) {
      cursor.expectSymbol(")");
    }
    return columns;
  }

  /** {@code LATERAL VIEW [OUTER] generator(args) [alias] [[AS] col {, col}]} after the relations of FROM. */
  private Relation lateralView(Relation source) {
    Span span = cursor.span();
    cursor.next();
    cursor.next();
    boolean outer = cursor.acceptWord("OUTER");
    String function = String.join(".", cursor.qualifiedName()).toLowerCase(Locale.ROOT);
    cursor.expectSymbol("(");
    List<Expression> arguments = cursor.isSymbol(")") ? List.of() : expressions.arguments();
    cursor.expectSymbol(")");
    Optional<String> alias = cursor.isIdentifier() ? Optional.of(cursor.identifier()) : Optional.empty();
    List<String> columns = new ArrayList<>();
    if (cursor.acceptWord("AS") || (alias.isPresent() && cursor.isIdentifier())) {
      do {
        columns.add(cursor.anyIdentifier());
      } while (cursor.acceptSymbol(","));
    }
    return new Relation.LateralView(span, source, function, arguments, outer, alias, columns);
  }

  private Relation joined() {
    Relation left = pivoted(relationPrimary());
    while (true) {
      Span span = cursor.span();
      boolean natural = cursor.acceptWord("NATURAL");
      JoinType type = joinType();
      if (type == null) {
        if (natural) {
          throw cursor.unexpected("JOIN");
        }
        return left;
      }
      Relation right = pivoted(relationPrimary());
      Optional<Expression> on = Optional.empty();
      List<String> using = List.of();
      if (type != JoinType.CROSS && !natural) {
        if (cursor.acceptWord("ON")) {
          on = Optional.of(expressions.expression());
        } else if (cursor.acceptWord("USING")) {
          using = cursor.identifierList();
        } else if (type != JoinType.INNER) {
          throw cursor.unexpected("ON or USING");
        }
      }
      left = new Join(span, type, left, right, on, using, natural);
    }
  }

  private JoinType joinType() {
    if (cursor.acceptWord("JOIN")) {
      return JoinType.INNER;
    }
    if (cursor.acceptWords("INNER", "JOIN")) {
      return JoinType.INNER;
    }
    if (cursor.acceptWords("CROSS", "JOIN")) {
      return JoinType.CROSS;
    }
    for (String side : List.of("LEFT", "RIGHT", "FULL")) {
      if (cursor.isWord(side) && (cursor.isWord(1, "JOIN") || cursor.isWord(1, "OUTER")
          || cursor.isWord(1, "SEMI") || cursor.isWord(1, "ANTI"))) {
        cursor.next();
        if (side.equals("LEFT") && cursor.acceptWord("SEMI")) {
          cursor.expectWord("JOIN");
          return JoinType.LEFT_SEMI;
        }
        if (side.equals("LEFT") && cursor.acceptWord("ANTI")) {
          cursor.expectWord("JOIN");
          return JoinType.LEFT_ANTI;
        }
        cursor.acceptWord("OUTER");
        cursor.expectWord("JOIN");
        return JoinType.valueOf(side);
      }
    }
    if (cursor.isWord("SEMI") && cursor.isWord(1, "JOIN")) {
      cursor.next();
      cursor.next();
      return JoinType.LEFT_SEMI;
    }
    if (cursor.isWord("ANTI") && cursor.isWord(1, "JOIN")) {
      cursor.next();
      cursor.next();
      return JoinType.LEFT_ANTI;
    }
    return null;
  }

  private Relation relationPrimary() {
    Span span = cursor.span();
    if (cursor.isSymbol("(")) {
      if (startsQueryAt(1)) {
        cursor.next();
        Query query = query();
        cursor.expectSymbol(")");
        return derived(span, query);
      }
      cursor.next();
      Relation inner = from();
      cursor.expectSymbol(")");
      return inner;
    }
    if (cursor.isWord("VALUES")) {
      return derived(span, Query.of(values()));
    }
    if (cursor.isWord("STREAM") && cursor.peek(1).type() == TokenType.WORD && cursor.peek(2).isSymbol("(")) {
      cursor.next();
      Relation function = relationPrimary();
      if (!(function instanceof TableFunction tableFunction)) {
        throw cursor.unexpected("a table-valued function");
      }
      return new Relation.StreamFunction(span, tableFunction);
    }
    if (cursor.isWord("STREAM") && (cursor.peek(1).isSymbol("(") || cursor.peek(1).type() == TokenType.QUOTED_IDENTIFIER
        || (cursor.peek(1).type() == TokenType.WORD && !cursor.peek(2).isSymbol("(")
            && !cursor.isWord(1, "WHERE") && !cursor.isWord(1, "JOIN") && !cursor.isWord(1, "AS")))) {
      return stream(span);
    }
    cursor.acceptWord("LATERAL");
    List<String> name = cursor.qualifiedName();
    if (cursor.isSymbol("(")) {
      cursor.next();
      List<Expression> arguments = cursor.isSymbol(")") ? List.of() : expressions.arguments();
      cursor.expectSymbol(")");
      Optional<String> alias = alias();
      List<String> columns = alias.isPresent() && cursor.isSymbol("(") ? cursor.identifierList() : List.of();
      return new TableFunction(span, String.join(".", name).toLowerCase(Locale.ROOT), arguments, alias, columns);
    }
    Optional<Relation.AsOf> asOf = Optional.empty();
    if (cursor.isSymbol("@")) {
      asOf = Optional.of(atSuffix());
    } else if ((cursor.isWord("VERSION") || cursor.isWord("TIMESTAMP")) && cursor.isWord(1, "AS")
        && cursor.isWord(2, "OF")) {
      boolean version = cursor.next().text().equalsIgnoreCase("VERSION");
      cursor.next();
      cursor.next();
      asOf = Optional.of(new Relation.AsOf(version, expressions.primary()));
    }
    if (cursor.isWord("TABLESAMPLE") && cursor.isSymbol(1, "(")) {
      SampleClause sample = sample();
      return new Relation.Sample(span, new TableRef(span, name, alias(), asOf), sample.method(), sample.values());
    }
    return new TableRef(span, name, alias(), asOf);
  }

  /**
   * The short forms of time travel after a table's name: {@code t@v12} (version 12) and {@code t@20240131120000000}
   * ({@code yyyyMMddHHmmssSSS}, a time in the session's zone).
   */
  private Relation.AsOf atSuffix() {
    cursor.expectSymbol("@");
    Token token = cursor.next();
    String text = token.text();
    if (token.type() == TokenType.WORD && text.length() > 1 && (text.charAt(0) == 'v' || text.charAt(0) == 'V')
        && text.substring(1).chars().allMatch(Character::isDigit)) {
      return new Relation.AsOf(true, new Expression.Literal(token.span(), Expression.LiteralKind.INTEGER,
          text.substring(1)));
    }
    if (token.type() == TokenType.INTEGER && text.length() == 17) {
      String at = text.substring(0, 4) + "-" + text.substring(4, 6) + "-" + text.substring(6, 8) + " "
          + text.substring(8, 10) + ":" + text.substring(10, 12) + ":" + text.substring(12, 14) + "."
          + text.substring(14);
      return new Relation.AsOf(false, new Expression.Literal(token.span(), Expression.LiteralKind.STRING, at));
    }
    throw Errors.syntax("'" + text + "'", " (after @: v and a version, as in t@v12, or a time as yyyyMMddHHmmssSSS)",
        token.span());
  }

  /** {@code STREAM(name)} or {@code STREAM name}, then {@code WITH (options)} and an alias. */
  private Relation stream(Span span) {
    cursor.expectWord("STREAM");
    List<String> name;
    if (cursor.acceptSymbol("(")) {
      name = cursor.qualifiedName();
      cursor.expectSymbol(")");
    } else {
      name = cursor.qualifiedName();
    }
    java.util.Map<String, String> options = java.util.Map.of();
    if (cursor.isWord("WITH") && cursor.peek(1).isSymbol("(")) {
      cursor.next();
      options = cursor.optionList();
    }
    return new Relation.Stream(span, name, alias(), options);
  }

  private Relation derived(Span span, Query query) {
    Optional<SampleClause> sample = cursor.isWord("TABLESAMPLE") ? Optional.of(sample()) : Optional.empty();
    Optional<String> alias = alias();
    List<String> columns = alias.isPresent() && cursor.isSymbol("(") ? cursor.identifierList() : List.of();
    Relation derived = new Derived(span, query, alias, columns);
    return sample.<Relation>map(clause -> new Relation.Sample(span, derived, clause.method(), clause.values()))
        .orElse(derived);
  }

  private record SampleClause(Relation.SampleMethod method, List<Expression> values) {}

  /** {@code TABLESAMPLE (p PERCENT | n ROWS | BUCKET x OUT OF y)}. */
  private SampleClause sample() {
    cursor.next();
    cursor.expectSymbol("(");
    Relation.SampleMethod method;
    List<Expression> values;
    if (cursor.acceptWord("BUCKET")) {
      Expression bucket = expressions.expression();
      cursor.expectWord("OUT");
      cursor.expectWord("OF");
      values = List.of(bucket, expressions.expression());
      method = Relation.SampleMethod.BUCKET;
    } else {
      values = List.of(expressions.expression());
      if (cursor.acceptWord("PERCENT")) {
        method = Relation.SampleMethod.PERCENT;
      } else {
        cursor.expectWord("ROWS");
        method = Relation.SampleMethod.ROWS;
      }
    }
    cursor.expectSymbol(")");
    if (cursor.isWord("REPEATABLE")) {
      throw Errors.notSupported("TABLESAMPLE ... REPEATABLE (seed): Flowgate's samples are random each time",
          cursor.span());
    }
    return new SampleClause(method, values);
  }
}
