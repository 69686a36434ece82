package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Access;
import io.flowgate.engine.sql.tree.CopyInto;
import io.flowgate.engine.sql.tree.Ddl.UseTarget;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Dml.Assignment;
import io.flowgate.engine.sql.tree.Dml.MergeAction;
import io.flowgate.engine.sql.tree.Dml.MergeClause;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Explain;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.SecurableKind;
import io.flowgate.engine.sql.tree.Show;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.Statement;
import io.flowgate.engine.sql.tree.Transaction;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Dispatches on a statement's first words to the family that parses it. */
final class StatementParser {
  private final TokenCursor cursor;
  private final QueryParser queries;
  private final ExpressionParser expressions;
  private final TableDdlParser tables;

  StatementParser(TokenCursor cursor) {
    this.cursor = cursor;
    this.queries = new QueryParser(cursor);
    this.expressions = queries.expressions();
    this.tables = new TableDdlParser(cursor, queries);
  }

  Statement statement() {
    Span span = cursor.span();
    if (queries.startsQuery()) {
      return queries.query();
    }
    if (cursor.acceptWord("EXPLAIN")) {
      Explain.Mode mode = cursor.acceptWord("EXTENDED") ? Explain.Mode.EXTENDED
          : cursor.acceptWord("FORMATTED") ? Explain.Mode.FORMATTED : Explain.Mode.SIMPLE;
      return new Explain(span, mode, statement());
    }
    if (cursor.isWord("SHOW") && cursor.isWord(1, "STATEMENTS")) {
      cursor.expectWords("SHOW", "STATEMENTS");
      return new Ddl.ShowStatements(span);
    }
    if (cursor.isWord("SHOW") && cursor.isWord(1, "GENERATED")) {
      cursor.expectWords("SHOW", "GENERATED", "KEYS");
      return new Ddl.ShowGeneratedKeys(span);
    }
    if (cursor.isWord("BEGIN")) {
      return begin(span);
    }
    if (cursor.acceptWord("COMMIT")) {
      transactionWord();
      return new Transaction.Commit(span);
    }
    if (cursor.acceptWord("ROLLBACK")) {
      transactionWord();
      return new Transaction.Rollback(span);
    }
    if (cursor.acceptWord("CREATE")) {
      return create(span);
    }
    if (cursor.acceptWord("DROP")) {
      return drop(span);
    }
    if (cursor.acceptWord("USE")) {
      if (cursor.acceptWord("CATALOG")) {
        return new Ddl.Use(span, UseTarget.CATALOG, List.of(cursor.anyIdentifier()));
      }
      if (!cursor.acceptWord("SCHEMA")) {
        cursor.acceptWord("DATABASE");
      }
      return new Ddl.Use(span, UseTarget.SCHEMA, cursor.qualifiedName());
    }
    if (cursor.acceptWord("INSERT")) {
      return insert(span);
    }
    if (cursor.acceptWord("UPDATE")) {
      return update(span);
    }
    if (cursor.acceptWord("DELETE")) {
      cursor.expectWord("FROM");
      List<String> target = cursor.qualifiedName();
      Optional<String> alias = tableAlias();
      Optional<Expression> where = cursor.acceptWord("WHERE") ? Optional.of(expressions.expression()) : Optional.empty();
      return new Dml.Delete(span, target, alias, where);
    }
    if (cursor.acceptWord("MERGE")) {
      return merge(span);
    }
    if (cursor.acceptWord("SHOW")) {
      return show(span);
    }
    if (cursor.isWord("GRANT") || cursor.isWord("REVOKE") && !cursor.isWord(1, "ACCESS")) {
      boolean grant = cursor.next().text().equalsIgnoreCase("GRANT");
      List<String> privileges = new ArrayList<>();
      do {
        StringBuilder privilege = new StringBuilder(cursor.anyIdentifier());
        while (!cursor.isSymbol(",") && !cursor.isWord("ON")) {
          privilege.append(' ').append(cursor.anyIdentifier());
        }
        privileges.add(privilege.toString());
      } while (cursor.acceptSymbol(","));
      cursor.expectWord("ON");
      SecurableKind kind = securable();
      List<String> name = securableName(kind);
      cursor.expectWord(grant ? "TO" : "FROM");
      return new Access.Grant(span, grant, privileges, kind, name, principalName());
    }
    if (cursor.isWord("REVOKE") && cursor.isWord(1, "ACCESS")) {
      cursor.expectWords("REVOKE", "ACCESS", "TOKEN");
      return new Access.RevokeToken(span, cursor.peek().type() == TokenType.STRING ? cursor.expectString()
          : cursor.anyIdentifier());
    }
    if (cursor.acceptWord("VACUUM")) {
      return vacuum(span);
    }
    if (cursor.acceptWords("TRUNCATE", "TABLE")) {
      List<String> table = cursor.qualifiedName();
      return new Ddl.Truncate(span, table);
    }
    if (cursor.isWord("ALTER") && (cursor.isWord(1, "USER") || cursor.isWord(1, "GROUP"))) {
      cursor.next();
      return alterPrincipal(span);
    }
    if (cursor.isWord("ALTER") || cursor.isWord("ANALYZE") || cursor.isWord("RESTORE") || cursor.isWord("COPY")
        || cursor.isWord("GENERATE")) {
      return tableCommand(span);
    }
    if (cursor.isWord("APPLY") && cursor.isWord(1, "CHANGES")) {
      return applyChanges(span);
    }
    if (cursor.acceptWord("REFRESH")) {
      if (!cursor.acceptWords("MATERIALIZED", "VIEW")) {
        cursor.acceptWord("STREAMING");
        cursor.expectWord("TABLE");
      }
      List<String> name = cursor.qualifiedName();
      boolean full = cursor.acceptWord("FULL");
      if (cursor.isWord("WHERE")) {
        // A partial refresh rewrites the target rows the predicate selects, which a streaming table's append-only
        // checkpoints cannot express.
        throw Errors.notSupported("REFRESH ... WHERE (refresh the whole table, or FULL)", cursor.span());
      }
      boolean async = false;
      if (cursor.acceptWord("ASYNC")) {
        async = true;
      } else {
        cursor.acceptWord("SYNC");
      }
      return new Pipeline.Refresh(span, name, full, async);
    }
    if (cursor.acceptWord("DESCRIBE") || cursor.acceptWord("DESC")) {
      return describe(span);
    }
    if (cursor.acceptWord("PUT")) {
      Expression source = cursor.peek().type() == TokenType.STRING
          ? new Expression.Literal(cursor.span(), Expression.LiteralKind.STRING, cursor.expectString())
          : expressions.expression();
      cursor.expectWord("INTO");
      String path = cursor.expectString();
      return new io.flowgate.engine.sql.tree.FileCommand.Put(span, source, path, cursor.acceptWord("OVERWRITE"));
    }
    if (cursor.acceptWord("GET")) {
      String path = cursor.expectString();
      cursor.expectWord("TO");
      return new io.flowgate.engine.sql.tree.FileCommand.Get(span, path, cursor.expectString());
    }
    if (cursor.acceptWord("REMOVE")) {
      return new io.flowgate.engine.sql.tree.FileCommand.Remove(span, cursor.expectString());
    }
    if (cursor.acceptWord("LIST")) {
      String path = cursor.expectString();
      Optional<Long> limit = Optional.empty();
      if (cursor.acceptWord("LIMIT")) {
        Span at = cursor.span();
        String text = cursor.next().text();
        try {
          limit = Optional.of(Long.parseLong(text)).filter(rows -> rows >= 0);
        } catch (NumberFormatException e) {
          // reported below
        }
        if (limit.isEmpty()) {
          throw Errors.syntax(text, ": expected a number of files", at);
        }
      }
      return new io.flowgate.engine.sql.tree.FileCommand.ListFiles(span, path, limit);
    }
    if (cursor.acceptWords("COMMENT", "ON")) {
      return commentOn(span);
    }
    if (cursor.acceptWords("CANCEL", "STATEMENT")) {
      return new Ddl.CancelStatement(span, cursor.expectString());
    }
    if (cursor.acceptWord("SET")) {
      if (cursor.acceptWord("CATALOG")) {
        return new Ddl.Use(span, UseTarget.CATALOG, List.of(cursor.anyIdentifier()));
      }
      if (cursor.acceptWord("SCHEMA") || cursor.acceptWord("DATABASE")) {
        return new Ddl.Use(span, UseTarget.SCHEMA, cursor.qualifiedName());
      }
      return setConfig(span, false);
    }
    if (cursor.acceptWord("RESET")) {
      return setConfig(span, true);
    }
    throw cursor.unexpected("");
  }

  private Statement create(Span span) {
    boolean orReplace = cursor.acceptWords("OR", "REPLACE");
    boolean orRefresh = !orReplace && cursor.acceptWords("OR", "REFRESH");
    boolean pipelinePrivate = (cursor.isWord("PRIVATE") || cursor.isWord("TEMPORARY"))
        && (cursor.isWord(1, "STREAMING") || cursor.isWord(1, "MATERIALIZED"))
        && (cursor.acceptWord("PRIVATE") || cursor.acceptWord("TEMPORARY"));
    if (cursor.acceptWords("MATERIALIZED", "VIEW")) {
      // OR REPLACE and OR REFRESH both give the view a new definition, recomputed at once.
      return tables.createMaterializedView(span, orRefresh || orReplace, pipelinePrivate);
    }
    if (cursor.acceptWords("STREAMING", "TABLE")) {
      if (orReplace) {
        throw Errors.createOrReplaceStreamingTable(span);
      }
      return tables.createStreamingTable(span, orRefresh, pipelinePrivate);
    }
    if (orRefresh) {
      throw cursor.unexpected("STREAMING TABLE");
    }
    if (cursor.acceptWord("FLOW")) {
      return createFlow(span);
    }
    if (cursor.isWord("VOLUME") || cursor.isWord("EXTERNAL") && cursor.isWord(1, "VOLUME")) {
      if (orReplace) {
        throw cursor.unexpected("VOLUME (a volume is not replaced: drop it first)");
      }
      boolean external = cursor.acceptWord("EXTERNAL");
      cursor.expectWord("VOLUME");
      boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
      List<String> name = cursor.qualifiedName();
      Optional<String> location = cursor.acceptWord("LOCATION") ? Optional.of(cursor.expectString()) : Optional.empty();
      Optional<String> comment = cursor.acceptWord("COMMENT") ? Optional.of(cursor.expectString()) : Optional.empty();
      return new Ddl.CreateVolume(span, name, external, ifNotExists, location, comment);
    }
    if (cursor.acceptWord("USER")) {
      String name = principalName();
      return new Access.CreateUser(span, name, password());
    }
    if (cursor.acceptWords("ACCESS", "TOKEN")) {
      Optional<String> user = cursor.acceptWords("FOR", "USER") ? Optional.of(principalName()) : Optional.empty();
      Optional<String> comment = cursor.acceptWord("COMMENT") ? Optional.of(cursor.expectString()) : Optional.empty();
      Optional<Integer> days = Optional.empty();
      if (cursor.acceptWord("LIFETIME")) {
        Span at = cursor.span();
        days = Optional.of(positiveInteger(at));
        cursor.expectWord("DAYS");
      }
      return new Access.CreateToken(span, user, comment, days);
    }
    if (cursor.acceptWord("GROUP")) {
      return new Access.CreateGroup(span, principalName());
    }
    if (cursor.acceptWord("CATALOG")) {
      boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
      String name = cursor.anyIdentifier();
      Optional<String> comment = cursor.acceptWord("COMMENT") ? Optional.of(cursor.expectString()) : Optional.empty();
      return new Ddl.CreateCatalog(span, name, ifNotExists, comment);
    }
    if (cursor.acceptWord("SCHEMA") || cursor.acceptWord("DATABASE")) {
      boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
      List<String> name = cursor.qualifiedName();
      Optional<String> comment = cursor.acceptWord("COMMENT") ? Optional.of(cursor.expectString()) : Optional.empty();
      return new Ddl.CreateSchema(span, name, ifNotExists, comment);
    }
    if (cursor.acceptWord("TABLE")) {
      return tables.createTable(span, orReplace);
    }
    if (cursor.acceptWord("VIEW")) {
      return tables.createView(span, orReplace);
    }
    if ((cursor.isWord("TEMP") || cursor.isWord("TEMPORARY")) && cursor.isWord(1, "VIEW")) {
      cursor.next();
      cursor.next();
      Ddl.CreateView view = tables.createView(span, orReplace);
      if (view.name().size() != 1) {
        throw EngineException.of(ErrorClass.TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS)
            .parameter("actualName", Errors.quote(view.name())).at(span).build();
      }
      return new Ddl.CreateTempView(span, view.name().get(0), orReplace, view.ifNotExists(), view.columns(),
          view.query(), view.queryText());
    }
    if (cursor.acceptWord("FUNCTION")) {
      return createFunction(span, orReplace);
    }
    if (cursor.isWord("MATERIALIZED") || cursor.isWord("PRIVATE") || cursor.isWord("TEMPORARY")) {
      throw Errors.notSupported("CREATE " + cursor.peek().text().toUpperCase(java.util.Locale.ROOT)
          + " (not in this version of Flowgate)", cursor.span());
    }
    throw cursor.unexpected("CATALOG, SCHEMA, TABLE or VIEW");
  }

  /**
   * {@code VACUUM t [LITE | FULL] [RETAIN n HOURS] [DRY RUN]}, the clauses in any order as the dialect takes them;
   * LITE and FULL read the same here (the store lists no files).
   */
  private Statement vacuum(Span span) {
    List<String> table = cursor.qualifiedName();
    Optional<java.math.BigDecimal> retainHours = Optional.empty();
    boolean dryRun = false;
    boolean mode = false;
    while (!cursor.atEnd() && !cursor.isSymbol(";")) {
      if (!mode && (cursor.acceptWord("LITE") || cursor.acceptWord("FULL"))) {
        mode = true;
      } else if (retainHours.isEmpty() && cursor.acceptWord("RETAIN")) {
        Token number = cursor.peek();
        if (number.type() != TokenType.INTEGER && number.type() != TokenType.DECIMAL) {
          throw cursor.unexpected("a number of hours");
        }
        cursor.next();
        retainHours = Optional.of(new java.math.BigDecimal(number.text().replaceAll("(?i)(BD|[LSYDF])$", "")));
        cursor.expectWord("HOURS");
      } else if (!dryRun && cursor.acceptWords("DRY", "RUN")) {
        dryRun = true;
      } else {
        throw cursor.unexpected("LITE, FULL, RETAIN n HOURS or DRY RUN");
      }
    }
    return new Ddl.Vacuum(span, table, retainHours, dryRun);
  }

  private Statement tableCommand(Span span) {
    String command;
    if (cursor.acceptWord("ALTER")) {
      // A materialized view's schedule, row filter and masks change as a streaming table's do.
      if (cursor.acceptWords("STREAMING", "TABLE") || cursor.acceptWords("MATERIALIZED", "VIEW")) {
        return alterStreamingTable(span);
      }
      if (cursor.acceptWord("VIEW")) {
        return tables.alterView(span);
      }
      cursor.expectWord("TABLE");
      return alterTable(span);
    } else if (cursor.acceptWord("ANALYZE")) {
      command = "ANALYZE TABLE";
      cursor.expectWord("TABLE");
    } else if (cursor.acceptWord("RESTORE")) {
      cursor.acceptWord("TABLE");
      List<String> table = cursor.qualifiedName();
      cursor.acceptWord("TO");
      boolean version = cursor.isWord("VERSION");
      if (!version && !cursor.isWord("TIMESTAMP")) {
        throw cursor.unexpected("VERSION AS OF or TIMESTAMP AS OF");
      }
      cursor.next();
      cursor.expectWords("AS", "OF");
      return new Ddl.RestoreTable(span, table, new Relation.AsOf(version, expressions.primary()));
    } else if (cursor.acceptWord("COPY")) {
      cursor.expectWord("INTO");
      return copyInto(span);
    } else {
      cursor.expectWord("GENERATE");
      command = "GENERATE " + cursor.anyIdentifier();
      cursor.expectWords("FOR", "TABLE");
    }
    List<String> table = cursor.qualifiedName();
    cursor.skipStatement();
    return new Ddl.TableCommand(span, command, table);
  }

  /** What follows {@code COPY INTO}: see {@link CopyInto}. */
  private Statement copyInto(Span span) {
    List<String> target = cursor.qualifiedName();
    boolean byPosition = cursor.acceptWords("BY", "POSITION");
    List<String> columns = !byPosition && cursor.isSymbol("(") ? cursor.identifierList() : List.of();
    cursor.expectWord("FROM");
    List<QueryBody.SelectItem> select = List.of();
    boolean query = cursor.acceptSymbol("(");
    if (query) {
      cursor.expectWord("SELECT");
      select = queries.selectList();
      cursor.expectWord("FROM");
    }
    String path = cursor.expectString();
    boolean credential = false;
    if (cursor.acceptWord("WITH")) {
      credential = true;
      cursor.skipParenthesized();
    }
    if (query) {
      cursor.expectSymbol(")");
    }
    cursor.expectWord("FILEFORMAT");
    cursor.expectSymbol("=");
    String format = cursor.anyIdentifier().toLowerCase(java.util.Locale.ROOT);
    Optional<CopyInto.Validate> validate = Optional.empty();
    if (cursor.acceptWord("VALIDATE")) {
      Optional<Long> rows = Optional.empty();
      if (!cursor.acceptWord("ALL") && cursor.peek().type() == TokenType.INTEGER) {
        rows = Optional.of(cursor.expectInteger());
        cursor.expectWord("ROWS");
      }
      validate = Optional.of(new CopyInto.Validate(rows));
    }
    List<String> files = List.of();
    Optional<String> pattern = Optional.empty();
    if (cursor.acceptWord("FILES")) {
      cursor.expectSymbol("=");
      cursor.expectSymbol("(");
      List<String> names = new ArrayList<>();
      do {
        names.add(cursor.expectString());
      } while (cursor.acceptSymbol(","));
      cursor.expectSymbol(")");
      files = names;
    } else if (cursor.acceptWord("PATTERN")) {
      cursor.expectSymbol("=");
      pattern = Optional.of(cursor.expectString());
    }
    Map<String, String> formatOptions = cursor.acceptWord("FORMAT_OPTIONS") ? cursor.propertyList() : Map.of();
    Map<String, String> copyOptions = cursor.acceptWord("COPY_OPTIONS") ? cursor.propertyList() : Map.of();
    return new CopyInto(span, target, byPosition, columns, select, path, format, validate, credential, files,
        pattern, formatOptions, copyOptions);
  }

  /**
   * {@code SET}, {@code SET key}, {@code SET key = value}, {@code RESET [key]}: the session's configuration; {@code
   * SET TIME ZONE {LOCAL | 'zone'}} sets its {@code TIMEZONE}.
   */
  private Statement setConfig(Span span, boolean reset) {
    if (cursor.atEnd() || cursor.isSymbol(";")) {
      return new Ddl.SetConfig(span, Optional.empty(), Optional.empty(), reset);
    }
    if (!reset && cursor.acceptWords("TIME", "ZONE")) {
      if (cursor.acceptWord("INTERVAL")) {
        throw Errors.notSupported("SET TIME ZONE INTERVAL (name the offset as a string, such as '+01:00')", span);
      }
      String zone = cursor.acceptWord("LOCAL") ? Ddl.SetConfig.LOCAL_TIME_ZONE : cursor.expectString();
      return new Ddl.SetConfig(span, Optional.of(Ddl.SetConfig.TIME_ZONE), Optional.of(zone), false);
    }
    String key = String.join(".", cursor.qualifiedName());
    Optional<String> value = Optional.empty();
    if (!reset && cursor.acceptSymbol("=")) {
      if (cursor.atEnd() || cursor.isSymbol(";")) {
        throw cursor.unexpected("a value");
      }
      value = Optional.of(cursor.next().text());
    }
    return new Ddl.SetConfig(span, Optional.of(key), value, reset);
  }

  /** {@code ALTER USER name [WITH] PASSWORD '..'} or {@code ALTER GROUP g {ADD | DROP} {USER | GROUP} a, b}. */
  private Statement alterPrincipal(Span span) {
    if (cursor.acceptWord("USER")) {
      String name = principalName();
      return new Access.AlterUserPassword(span, name, password());
    }
    cursor.expectWord("GROUP");
    String group = principalName();
    boolean add = cursor.acceptWord("ADD");
    if (!add) {
      cursor.expectWord("DROP");
    }
    boolean groups = cursor.acceptWord("GROUP");
    if (!groups) {
      cursor.expectWord("USER");
    }
    List<String> members = new ArrayList<>();
    do {
      members.add(principalName());
    } while (cursor.acceptSymbol(","));
    return new Access.AlterGroup(span, group, add, groups, members);
  }

  /**
   * {@code SET ROW FILTER f ON (..)}, {@code DROP ROW FILTER}, {@code ALTER COLUMN c SET MASK f [USING COLUMNS
   * (..)]} or {@code ALTER COLUMN c DROP MASK} after ALTER [STREAMING] TABLE name; empty for other forms.
   */
  private Optional<Statement> policy(Span span, List<String> table) {
    if (cursor.isWord("SET") && cursor.isWord(1, "ROW")) {
      cursor.expectWords("SET", "ROW", "FILTER");
      List<String> function = cursor.qualifiedName();
      cursor.expectWord("ON");
      return Optional.of(new Ddl.SetPolicy(span, table, Optional.empty(), Optional.of(tables.policyCall(span, function))));
    }
    if (cursor.acceptWords("DROP", "ROW", "FILTER")) {
      return Optional.of(new Ddl.SetPolicy(span, table, Optional.empty(), Optional.empty()));
    }
    if ((cursor.isWord("ALTER") || cursor.isWord("CHANGE")) && cursor.isWord(1, "COLUMN")
        && (cursor.isWord(3, "SET") || cursor.isWord(3, "DROP")) && cursor.isWord(4, "MASK")) {
      cursor.next();
      cursor.next();
      String column = cursor.anyIdentifier();
      if (cursor.acceptWords("DROP", "MASK")) {
        return Optional.of(new Ddl.SetPolicy(span, table, Optional.of(column), Optional.empty()));
      }
      cursor.expectWords("SET", "MASK");
      List<String> function = cursor.qualifiedName();
      Ddl.PolicyCall call = cursor.acceptWords("USING", "COLUMNS") ? tables.policyCall(span, function)
          : new Ddl.PolicyCall(span, function, List.of(), List.of());
      return Optional.of(new Ddl.SetPolicy(span, table, Optional.of(column), Optional.of(call)));
    }
    return Optional.empty();
  }

  /**
   * {@code CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS] name ([p type [COMMENT '..']], ...) [RETURNS type]
   * [LANGUAGE SQL] [[NOT] DETERMINISTIC] [COMMENT '..'] [CONTAINS SQL | READS SQL DATA] RETURN expr}.
   */
  private Statement createFunction(Span span, boolean orReplace) {
    boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
    List<String> name = cursor.qualifiedName();
    cursor.expectSymbol("(");
    List<Ddl.FunctionParameter> parameters = new ArrayList<>();
    if (!cursor.isSymbol(")")) {
      do {
        Span at = cursor.span();
        String parameter = cursor.anyIdentifier();
        parameters.add(new Ddl.FunctionParameter(at, parameter, expressions.type()));
        if (cursor.isWord("DEFAULT")) {
          throw Errors.notSupported("parameter defaults in SQL functions", cursor.span());
        }
        if (cursor.acceptWord("COMMENT")) {
          cursor.expectString();
        }
      } while (cursor.acceptSymbol(","));
    }
    cursor.expectSymbol(")");
    Optional<SqlType> returns = Optional.empty();
    Optional<String> comment = Optional.empty();
    while (!cursor.isWord("RETURN")) {
      if (cursor.acceptWord("RETURNS")) {
        if (cursor.isWord("TABLE")) {
          throw Errors.notSupported("table functions (RETURNS TABLE)", cursor.span());
        }
        returns = Optional.of(expressions.type());
      } else if (cursor.acceptWord("LANGUAGE")) {
        if (!cursor.acceptWord("SQL")) {
          throw Errors.notSupported("functions in languages other than SQL", cursor.span());
        }
      } else if (cursor.acceptWords("NOT", "DETERMINISTIC") || cursor.acceptWord("DETERMINISTIC")
          || cursor.acceptWords("CONTAINS", "SQL") || cursor.acceptWords("READS", "SQL", "DATA")) {
        continue;
      } else if (cursor.acceptWord("COMMENT")) {
        comment = Optional.of(cursor.expectString());
      } else {
        throw cursor.unexpected("RETURNS, LANGUAGE SQL, DETERMINISTIC, COMMENT or RETURN");
      }
    }
    cursor.expectWord("RETURN");
    Span start = cursor.span();
    Expression body = expressions.expression();
    return new Ddl.CreateFunction(span, name, orReplace, ifNotExists, parameters, returns, body,
        cursor.textFrom(start), comment);
  }

  /** A user or group name: an identifier or a string (for names such as e-mail addresses), folded to lower case. */
  private String principalName() {
    String name = cursor.peek().type() == TokenType.STRING ? cursor.expectString() : cursor.anyIdentifier();
    return name.toLowerCase(java.util.Locale.ROOT);
  }

  /** The kind of object after ON in GRANT, REVOKE and SHOW GRANTS (a view or streaming table is a TABLE). */
  private SecurableKind securable() {
    if (cursor.acceptWords("ANY", "FILE")) {
      return SecurableKind.ANY_FILE;
    }
    if (cursor.acceptWord("CATALOG")) {
      return SecurableKind.CATALOG;
    }
    if (cursor.acceptWord("SCHEMA") || cursor.acceptWord("DATABASE")) {
      return SecurableKind.SCHEMA;
    }
    if (cursor.acceptWord("FUNCTION")) {
      return SecurableKind.FUNCTION;
    }
    if (cursor.acceptWord("VOLUME")) {
      return SecurableKind.VOLUME;
    }
    if (!cursor.acceptWord("TABLE") && !cursor.acceptWord("VIEW")) {
      cursor.acceptWords("STREAMING", "TABLE");
    }
    return SecurableKind.TABLE;
  }

  /** The name after the securable's kind; ANY FILE has none. */
  private List<String> securableName(SecurableKind kind) {
    return kind == SecurableKind.ANY_FILE ? List.of() : cursor.qualifiedName();
  }

  private int positiveInteger(Span at) {
    String text = cursor.next().text();
    try {
      int value = Integer.parseInt(text);
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw Errors.syntax(text, ": expected a positive number of days", at);
  }

  private String password() {
    cursor.acceptWord("WITH");
    cursor.expectWord("PASSWORD");
    return cursor.expectString();
  }

  /**
   * {@code DROP COLUMN[S] [IF EXISTS] c | (c, ...)}, {@code RENAME COLUMN c TO d} or {@code {ALTER | CHANGE} [COLUMN]
   * c {SET | DROP} NOT NULL} after ALTER TABLE name; empty for other forms.
   */
  private Optional<Ddl.ColumnChange> columnChange() {
    if (cursor.isWord("DROP") && (cursor.isWord(1, "COLUMN") || cursor.isWord(1, "COLUMNS"))) {
      cursor.next();
      cursor.next();
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      boolean parenthesized = cursor.acceptSymbol("(");
      List<String> columns = new ArrayList<>();
      do {
        columns.add(cursor.anyIdentifier());
      } while (cursor.acceptSymbol(","));
      if (parenthesized) {
        cursor.expectSymbol(")");
      }
      return Optional.of(new Ddl.ColumnChange.Drop(columns, ifExists));
    }
    if (cursor.acceptWords("RENAME", "COLUMN")) {
      String column = cursor.anyIdentifier();
      cursor.expectWord("TO");
      return Optional.of(new Ddl.ColumnChange.Rename(column, cursor.anyIdentifier()));
    }
    // (ALTER | CHANGE) [COLUMN] c (SET | DROP) (NOT NULL | DEFAULT), or TYPE type
    int named = cursor.isWord(1, "COLUMN") ? 2 : 1;
    if ((cursor.isWord("ALTER") || cursor.isWord("CHANGE")) && cursor.isWord(named + 1, "TYPE")) {
      for (int i = 0; i < named; i++) {
        cursor.next();
      }
      String column = cursor.anyIdentifier();
      cursor.expectWord("TYPE");
      return Optional.of(new Ddl.ColumnChange.Type(column, expressions.type()));
    }
    boolean altered = (cursor.isWord("ALTER") || cursor.isWord("CHANGE"))
        && (cursor.isWord(named + 1, "SET") || cursor.isWord(named + 1, "DROP"));
    boolean nullability = altered && cursor.isWord(named + 2, "NOT") && cursor.isWord(named + 3, "NULL");
    if (!nullability && !(altered && cursor.isWord(named + 2, "DEFAULT"))) {
      return Optional.empty();
    }
    for (int i = 0; i < named; i++) {
      cursor.next();
    }
    String column = cursor.anyIdentifier();
    boolean set = cursor.next().text().equalsIgnoreCase("SET");
    if (nullability) {
      cursor.expectWords("NOT", "NULL");
      return Optional.of(new Ddl.ColumnChange.Nullability(column, set));
    }
    cursor.expectWord("DEFAULT");
    return Optional.of(new Ddl.ColumnChange.Default(column, set ? Optional.of(tables.sourceExpression())
        : Optional.empty()));
  }

  /**
   * {@code ALTER TABLE name SET TBLPROPERTIES (..)} or {@code UNSET TBLPROPERTIES [IF EXISTS] (..)}; its other forms
   * are kept as a table command, which the executor refuses.
   */
  private Statement alterTable(Span span) {
    List<String> table = cursor.qualifiedName();
    if (cursor.acceptWords("SET", "TBLPROPERTIES")) {
      return new Ddl.AlterTableProperties(span, table, cursor.propertyList(), List.of(), false);
    }
    if (cursor.isWord("ADD") && cursor.isWord(1, "CONSTRAINT") && cursor.isWord(3, "CHECK")) {
      cursor.next();
      cursor.next();
      String name = cursor.anyIdentifier();
      cursor.expectWord("CHECK");
      cursor.expectSymbol("(");
      Ddl.SourceExpression condition = tables.sourceExpression();
      cursor.expectSymbol(")");
      cursor.acceptWord("ENFORCED");
      return new Ddl.AddCheckConstraint(span, table, name, condition);
    }
    if (cursor.isWord("ADD") && (cursor.isWord(1, "PRIMARY") || cursor.isWord(1, "FOREIGN")
        || cursor.isWord(1, "CONSTRAINT") && (cursor.isWord(3, "PRIMARY") || cursor.isWord(3, "FOREIGN")))) {
      cursor.next();
      return new Ddl.AddKeyConstraint(span, table, tables.tableConstraint());
    }
    if (cursor.acceptWords("DROP", "CONSTRAINT")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      String name = cursor.anyIdentifier();
      return new Ddl.DropConstraint(span, table, name, ifExists, cascade());
    }
    if (cursor.acceptWords("DROP", "PRIMARY", "KEY")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Ddl.DropKey(span, table, true, List.of(), ifExists, cascade());
    }
    if (cursor.acceptWords("DROP", "FOREIGN", "KEY")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Ddl.DropKey(span, table, false, cursor.identifierList(), ifExists, false);
    }
    Optional<Ddl.ColumnChange> columnChange = columnChange();
    if (columnChange.isPresent()) {
      return new Ddl.ChangeColumns(span, table, columnChange.get());
    }
    if ((cursor.isWord("ALTER") || cursor.isWord("CHANGE")) && cursor.isWord(1, "COLUMN")
        && cursor.isWord(3, "COMMENT")) {
      cursor.next();
      cursor.next();
      String column = cursor.anyIdentifier();
      cursor.expectWord("COMMENT");
      return new Ddl.CommentOn(span, table, Optional.of(column), Optional.of(cursor.expectString()));
    }
    Optional<Statement> policy = policy(span, table);
    if (policy.isPresent()) {
      return policy.get();
    }
    if (cursor.acceptWords("UNSET", "TBLPROPERTIES")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Ddl.AlterTableProperties(span, table, Map.of(), cursor.propertyKeys(), ifExists);
    }
    if (cursor.acceptWords("RENAME", "TO")) {
      return new Ddl.RenameTable(span, table, cursor.qualifiedName());
    }
    if (cursor.isWord("ADD") && (cursor.isWord(1, "COLUMN") || cursor.isWord(1, "COLUMNS"))) {
      cursor.next();
      cursor.next();
      return new Ddl.AddColumns(span, table, tables.addedColumns());
    }
    StringBuilder form = new StringBuilder("ALTER TABLE ...");
    for (int i = 0; i < 2 && cursor.peek(i).type() == TokenType.WORD; i++) {
      form.append(' ').append(cursor.peek(i).text().toUpperCase(java.util.Locale.ROOT));
    }
    cursor.skipStatement();
    return new Ddl.TableCommand(span, form.toString(), table);
  }

  /**
   * {@code ALTER STREAMING TABLE name {ADD | ALTER} schedule | DROP SCHEDULE}; its other forms (columns, row filters,
   * tags, owner) are kept as a table command, which the executor refuses.
   */
  private Statement alterStreamingTable(Span span) {
    List<String> table = cursor.qualifiedName();
    Optional<Statement> policy = policy(span, table);
    if (policy.isPresent()) {
      return policy.get();
    }
    if (cursor.acceptWord("ADD") || cursor.acceptWord("ALTER") && (cursor.isWord("SCHEDULE")
        || cursor.isWord("TRIGGER"))) {
      return new Pipeline.AlterSchedule(span, table, Optional.of(tables.schedule()));
    }
    if (cursor.acceptWords("DROP", "SCHEDULE")) {
      return new Pipeline.AlterSchedule(span, table, Optional.empty());
    }
    cursor.skipStatement();
    return new Ddl.TableCommand(span, "ALTER STREAMING TABLE", table);
  }

  /** {@code APPLY CHANGES INTO [LIVE.]target spec}: the older spelling of an AUTO CDC flow named after its target. */
  private Statement applyChanges(Span span) {
    cursor.expectWords("APPLY", "CHANGES", "INTO");
    List<String> target = new ArrayList<>(cursor.qualifiedName());
    if (target.size() > 1 && target.get(0).equalsIgnoreCase("LIVE")) {
      target.remove(0);
    }
    return new Pipeline.CreateFlow(span, target.get(target.size() - 1), Optional.empty(), target,
        tables.autoCdc(span));
  }

  private Statement createFlow(Span span) {
    Span nameSpan = cursor.span();
    List<String> name = cursor.qualifiedName();
    if (name.size() > 1) {
      throw EngineException.of(ErrorClass.MULTIPART_FLOW_NAME_NOT_SUPPORTED)
          .parameter("flowName", Errors.quote(name)).at(nameSpan).build();
    }
    Optional<String> comment = cursor.acceptWord("COMMENT") ? Optional.of(cursor.expectString()) : Optional.empty();
    cursor.expectWord("AS");
    Span flowSpan = cursor.span();
    if (cursor.acceptWords("AUTO", "CDC")) {
      boolean once = cursor.acceptWord("ONCE");
      if (cursor.isWord("FROM") && cursor.isWord(1, "SNAPSHOT")) {
        throw Errors.notSupported("AUTO CDC FROM SNAPSHOT (it has no SQL form; compare snapshots in a query)",
            cursor.span());
      }
      cursor.expectWord("INTO");
      List<String> target = cursor.qualifiedName();
      Pipeline.FlowQuery cdc = tables.autoCdc(flowSpan);
      return new Pipeline.CreateFlow(span, name.get(0), comment, target, new Pipeline.FlowQuery(cdc.span(), once,
          cdc.query(), cdc.queryText(), cdc.cdc(), Optional.empty(), Optional.empty()));
    }
    cursor.expectWord("INSERT");
    boolean once = false;
    if (cursor.acceptWord("INTO")) {
      once = cursor.acceptWord("ONCE");
    } else {
      cursor.expectWord("ONCE");
      once = true;
      cursor.expectWord("INTO");
    }
    List<String> target = cursor.qualifiedName();
    if (cursor.isWord("REPLACE")) {
      if (once) {
        throw cursor.unexpected("BY NAME");
      }
      return new Pipeline.CreateFlow(span, name.get(0), comment, target, tables.replaceWhere(flowSpan));
    }
    cursor.expectWords("BY", "NAME");
    Span start = cursor.span();
    Query query = queries.query();
    return new Pipeline.CreateFlow(span, name.get(0), comment, target,
        new Pipeline.FlowQuery(flowSpan, once, query, cursor.textFrom(start)));
  }

  private Statement drop(Span span) {
    if (cursor.acceptWord("VOLUME")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Ddl.DropVolume(span, cursor.qualifiedName(), ifExists);
    }
    if (cursor.acceptWord("FUNCTION")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Ddl.DropFunction(span, cursor.qualifiedName(), ifExists);
    }
    if (cursor.isWord("USER") || cursor.isWord("GROUP")) {
      boolean group = cursor.next().text().equalsIgnoreCase("GROUP");
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      return new Access.DropPrincipal(span, group, principalName(), ifExists);
    }
    if (cursor.acceptWord("CATALOG")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      String name = cursor.anyIdentifier();
      return new Ddl.DropCatalog(span, name, ifExists, cascade());
    }
    if (cursor.acceptWord("SCHEMA") || cursor.acceptWord("DATABASE")) {
      boolean ifExists = cursor.acceptWords("IF", "EXISTS");
      List<String> name = cursor.qualifiedName();
      return new Ddl.DropSchema(span, name, ifExists, cascade());
    }
    // A materialized view is dropped as the table it is.
    boolean materialized = cursor.acceptWords("MATERIALIZED", "VIEW");
    boolean view = !materialized && cursor.acceptWord("VIEW");
    if (!view && !materialized) {
      cursor.expectWord("TABLE");
    }
    boolean ifExists = cursor.acceptWords("IF", "EXISTS");
    List<String> name = cursor.qualifiedName();
    cursor.acceptWord("PURGE");
    return new Ddl.DropTable(span, name, ifExists, view);
  }

  private boolean cascade() {
    if (cursor.acceptWord("CASCADE")) {
      return true;
    }
    cursor.acceptWord("RESTRICT");
    return false;
  }

  private Statement insert(Span span) {
    boolean overwrite = cursor.acceptWord("OVERWRITE");
    if (!overwrite) {
      cursor.expectWord("INTO");
    } else {
      cursor.acceptWord("TABLE");
    }
    if (!overwrite) {
      cursor.acceptWord("TABLE");
    }
    List<String> target = cursor.qualifiedName();
    Optional<Expression> replaceWhere = Optional.empty();
    if (!overwrite && cursor.acceptWords("REPLACE", "WHERE")) {
      replaceWhere = Optional.of(expressions.expression());
    }
    List<String> columns = List.of();
    boolean byName = false;
    if (cursor.acceptWords("BY", "NAME")) {
      byName = true;
    } else if (cursor.isSymbol("(") && !queries.startsQuery()) {
      columns = cursor.identifierList();
    }
    Query source = queries.query();
    return new Dml.Insert(span, target, overwrite, columns, byName, source, replaceWhere);
  }

  private Statement update(Span span) {
    List<String> target = cursor.qualifiedName();
    Optional<String> alias = tableAlias();
    cursor.expectWord("SET");
    List<Assignment> assignments = assignments();
    Optional<Expression> where = cursor.acceptWord("WHERE") ? Optional.of(expressions.expression()) : Optional.empty();
    return new Dml.Update(span, target, alias, assignments, where);
  }

  private List<Assignment> assignments() {
    List<Assignment> assignments = new ArrayList<>();
    do {
      Span span = cursor.span();
      List<String> column = cursor.qualifiedName();
      cursor.expectSymbol("=");
      assignments.add(new Assignment(span, column.get(column.size() - 1), expressions.expression()));
    } while (cursor.acceptSymbol(","));
    return assignments;
  }

  private Optional<String> tableAlias() {
    if (cursor.acceptWord("AS")) {
      return Optional.of(cursor.anyIdentifier());
    }
    return cursor.isIdentifier() ? Optional.of(cursor.identifier()) : Optional.empty();
  }

  private Statement merge(Span span) {
    boolean schemaEvolution = cursor.acceptWords("WITH", "SCHEMA", "EVOLUTION");
    cursor.expectWord("INTO");
    List<String> target = cursor.qualifiedName();
    Optional<String> alias = tableAlias();
    cursor.expectWord("USING");
    Relation source = queries.from();
    cursor.expectWord("ON");
    Expression on = expressions.expression();
    List<MergeClause> clauses = new ArrayList<>();
    while (cursor.isWord("WHEN")) {
      Span clauseSpan = cursor.next().span();
      boolean matched = !cursor.acceptWord("NOT");
      cursor.expectWord("MATCHED");
      boolean bySource = false;
      if (cursor.acceptWord("BY")) {
        if (cursor.acceptWord("SOURCE")) {
          bySource = true;
        } else {
          cursor.expectWord("TARGET");
        }
      }
      Optional<Expression> condition = cursor.acceptWord("AND") ? Optional.of(expressions.expression()) : Optional.empty();
      cursor.expectWord("THEN");
      clauses.add(mergeAction(clauseSpan, matched, bySource, condition));
    }
    if (clauses.isEmpty()) {
      throw cursor.unexpected("WHEN");
    }
    return new Dml.Merge(span, schemaEvolution, target, alias, source, on, clauses);
  }

  private MergeClause mergeAction(Span span, boolean matched, boolean bySource, Optional<Expression> condition) {
    if (cursor.acceptWord("DELETE")) {
      return new MergeClause(span, matched, bySource, condition, MergeAction.DELETE, false, List.of(), List.of(), List.of());
    }
    if (cursor.acceptWord("UPDATE")) {
      cursor.expectWord("SET");
      if (cursor.acceptSymbol("*")) {
        return new MergeClause(span, matched, bySource, condition, MergeAction.UPDATE, true, List.of(), List.of(), List.of());
      }
      return new MergeClause(span, matched, bySource, condition, MergeAction.UPDATE, false, assignments(), List.of(),
          List.of());
    }
    cursor.expectWord("INSERT");
    if (cursor.acceptSymbol("*")) {
      return new MergeClause(span, matched, bySource, condition, MergeAction.INSERT, true, List.of(), List.of(), List.of());
    }
    List<String> columns = cursor.identifierList();
    cursor.expectWord("VALUES");
    cursor.expectSymbol("(");
    List<Expression> values = expressions.expressionList();
    cursor.expectSymbol(")");
    return new MergeClause(span, matched, bySource, condition, MergeAction.INSERT, false, List.of(), columns, values);
  }

  private Statement show(Span span) {
    if (cursor.acceptWords("ACCESS", "TOKENS")) {
      return new Show.ShowTokens(span);
    }
    if (cursor.acceptWord("GRANTS") || cursor.acceptWord("GRANT")) {
      Optional<String> principal = cursor.isWord("ON") ? Optional.empty() : Optional.of(principalName());
      cursor.expectWord("ON");
      SecurableKind kind = securable();
      return new Show.ShowGrants(span, principal, kind, securableName(kind));
    }
    if (cursor.isWord("USERS") || cursor.isWord("GROUPS")) {
      boolean groups = cursor.next().text().equalsIgnoreCase("GROUPS");
      return new Show.ShowPrincipals(span, groups, likePattern());
    }
    if (cursor.acceptWord("CATALOGS")) {
      return new Show.ShowCatalogs(span, likePattern());
    }
    if (cursor.acceptWord("SCHEMAS") || cursor.acceptWord("DATABASES")) {
      Optional<String> catalog = Optional.empty();
      if (cursor.acceptWord("FROM") || cursor.acceptWord("IN")) {
        catalog = Optional.of(cursor.anyIdentifier());
      }
      return new Show.ShowSchemas(span, catalog, likePattern());
    }
    if (cursor.isWord("TABLES") || cursor.isWord("VIEWS") || cursor.isWord("MATERIALIZED")) {
      Show.TableSet listed = cursor.acceptWords("MATERIALIZED", "VIEWS") ? Show.TableSet.MATERIALIZED_VIEWS
          : cursor.next().text().equalsIgnoreCase("VIEWS") ? Show.TableSet.VIEWS : Show.TableSet.TABLES;
      List<String> schema = List.of();
      if (cursor.acceptWord("FROM") || cursor.acceptWord("IN")) {
        schema = cursor.qualifiedName();
      }
      return new Show.ShowTables(span, schema, likePattern(), listed);
    }
    if (cursor.acceptWords("CURRENT", "SCHEMA") || cursor.acceptWords("CURRENT", "DATABASE")) {
      // a query of the session's names, as the dialect shows them
      return Query.of(io.flowgate.engine.sql.tree.QueryBody.Select.of(span, List.of(
          new io.flowgate.engine.sql.tree.QueryBody.SingleColumn(span, call(span, "current_catalog"),
              Optional.of("catalog")),
          new io.flowgate.engine.sql.tree.QueryBody.SingleColumn(span, call(span, "current_schema"),
              Optional.of("namespace"))), Optional.empty(), Optional.empty()));
    }
    if (cursor.acceptWord("VOLUMES")) {
      List<String> schema = List.of();
      if (cursor.acceptWord("FROM") || cursor.acceptWord("IN")) {
        schema = cursor.qualifiedName();
      }
      return new Show.ShowVolumes(span, schema, likePattern());
    }
    if (cursor.acceptWord("COLUMNS")) {
      if (!cursor.acceptWord("FROM")) {
        cursor.expectWord("IN");
      }
      List<String> table = cursor.qualifiedName();
      if (cursor.acceptWord("FROM") || cursor.acceptWord("IN")) {
        List<String> schema = new ArrayList<>(cursor.qualifiedName());
        schema.add(table.get(table.size() - 1));
        table = schema;
      }
      return new Show.ShowColumns(span, table);
    }
    if (cursor.isWord("FUNCTIONS") || ((cursor.isWord("USER") || cursor.isWord("SYSTEM") || cursor.isWord("ALL"))
        && cursor.isWord(1, "FUNCTIONS"))) {
      Show.FunctionSet which = Show.FunctionSet.ALL;
      if (!cursor.acceptWord("FUNCTIONS")) {
        which = Show.FunctionSet.valueOf(cursor.next().text().toUpperCase(java.util.Locale.ROOT));
        cursor.expectWord("FUNCTIONS");
      }
      return new Show.ShowFunctions(span, which, likePattern());
    }
    if (cursor.acceptWord("TBLPROPERTIES")) {
      List<String> table = cursor.qualifiedName();
      Optional<String> key = Optional.empty();
      if (cursor.isSymbol("(")) {
        List<String> keys = cursor.propertyKeys();
        if (keys.size() != 1) {
          throw cursor.unexpected("one property key");
        }
        key = Optional.of(keys.get(0));
      }
      return new Show.ShowTableProperties(span, table, key);
    }
    if (cursor.acceptWords("CREATE", "TABLE")) {
      return new Show.ShowCreateTable(span, cursor.qualifiedName());
    }
    throw cursor.unexpected("CATALOGS, SCHEMAS, TABLES, VOLUMES, COLUMNS, FUNCTIONS, TBLPROPERTIES or CREATE TABLE");
  }

  /** {@code COMMENT ON {TABLE t | COLUMN t.c} IS {'text' | NULL}}. */
  private Statement commentOn(Span span) {
    if (cursor.isWord("CATALOG") || cursor.isWord("SCHEMA") || cursor.isWord("DATABASE") || cursor.isWord("VOLUME")
        || cursor.isWord("CONNECTION") || cursor.isWord("PROVIDER") || cursor.isWord("RECIPIENT")
        || cursor.isWord("SHARE")) {
      throw Errors.notSupported("COMMENT ON " + cursor.peek().text().toUpperCase(java.util.Locale.ROOT)
          + " (comments on tables and columns are kept)", cursor.span());
    }
    boolean column = cursor.acceptWord("COLUMN");
    if (!column) {
      cursor.expectWord("TABLE");
    }
    List<String> name = cursor.qualifiedName();
    cursor.expectWord("IS");
    Optional<String> comment = cursor.acceptWord("NULL") ? Optional.empty() : Optional.of(cursor.expectString());
    if (!column) {
      return new Ddl.CommentOn(span, name, Optional.empty(), comment);
    }
    if (name.size() < 2) {
      throw cursor.unexpected("a column named with its table, such as t.c");
    }
    return new Ddl.CommentOn(span, name.subList(0, name.size() - 1), Optional.of(name.get(name.size() - 1)), comment);
  }

  private static Expression call(Span span, String name) {
    return new Expression.FunctionCall(span, name, false, List.of(), false, Optional.empty(), Optional.empty());
  }

  private Optional<String> likePattern() {
    cursor.acceptWord("LIKE");
    return cursor.peek().type() == TokenType.STRING ? Optional.of(cursor.expectString()) : Optional.empty();
  }

  private Statement describe(Span span) {
    if (cursor.acceptWord("VOLUME")) {
      return new Show.DescribeVolume(span, cursor.qualifiedName());
    }
    if (cursor.acceptWord("FUNCTION")) {
      boolean extended = cursor.acceptWord("EXTENDED");
      return new Show.DescribeFunction(span, cursor.qualifiedName(), extended);
    }
    if (cursor.acceptWord("HISTORY")) {
      List<String> table = cursor.qualifiedName();
      java.util.OptionalLong limit = java.util.OptionalLong.empty();
      if (cursor.acceptWord("LIMIT")) {
        limit = java.util.OptionalLong.of(cursor.expectInteger());
      }
      return new Show.DescribeHistory(span, table, limit);
    }
    if (cursor.isWord("DETAIL") && cursor.isAnyIdentifier(1)) {
      cursor.next();
      return new Show.DescribeDetail(span, cursor.qualifiedName());
    }
    // DESCRIBE SCHEMA x, not DESCRIBE of a table named schema
    boolean namespace = cursor.isWord("SCHEMA") || cursor.isWord("DATABASE") || cursor.isWord("CATALOG");
    if (namespace && (cursor.isWord(1, "EXTENDED") || cursor.isAnyIdentifier(1))) {
      boolean catalog = cursor.next().text().equalsIgnoreCase("CATALOG");
      boolean extended = cursor.acceptWord("EXTENDED");
      return new Show.DescribeNamespace(span, catalog ? List.of(cursor.anyIdentifier()) : cursor.qualifiedName(),
          catalog, extended);
    }
    if (cursor.isWord("QUERY") && queries.startsQueryAt(1)) {
      cursor.next();
      return new Show.DescribeQuery(span, queries.query());
    }
    if (queries.startsQuery()) {
      return new Show.DescribeQuery(span, queries.query());
    }
    cursor.acceptWord("TABLE");
    boolean extended = cursor.acceptWord("EXTENDED") || cursor.acceptWord("FORMATTED");
    List<String> table = cursor.qualifiedName();
    if (!extended && cursor.isAnyIdentifier()) {
      return new Show.DescribeColumn(span, table, cursor.anyIdentifier());
    }
    return new Show.DescribeTable(span, table, extended);
  }

  /** {@code BEGIN TRANSACTION | WORK}, or {@code BEGIN ATOMIC statement; ... END}, each statement ended by a semicolon. */
  private Statement begin(Span span) {
    cursor.expectWord("BEGIN");
    if (!cursor.acceptWord("ATOMIC")) {
      if (!cursor.acceptWord("TRANSACTION")) {
        cursor.expectWord("WORK");
      }
      return new Transaction.Begin(span);
    }
    List<Statement> statements = new ArrayList<>();
    while (!cursor.acceptWord("END")) {
      if (cursor.atEnd()) {
        throw cursor.unexpected("END");
      }
      statements.add(statement());
      cursor.expectSymbol(";");
    }
    return new Transaction.Atomic(span, statements);
  }

  private void transactionWord() {
    if (!cursor.acceptWord("TRANSACTION")) {
      cursor.acceptWord("WORK");
    }
  }
}
