package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.AutoCdc;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.CreateTable;
import io.flowgate.engine.sql.tree.Ddl.CreateView;
import io.flowgate.engine.sql.tree.Ddl.ForeignKey;
import io.flowgate.engine.sql.tree.Ddl.Identity;
import io.flowgate.engine.sql.tree.Ddl.PrimaryKey;
import io.flowgate.engine.sql.tree.Ddl.SourceExpression;
import io.flowgate.engine.sql.tree.Ddl.TableClauses;
import io.flowgate.engine.sql.tree.Ddl.TableConstraint;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.QueryBody;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Parses CREATE TABLE and CREATE VIEW: the column specification and the table clauses of the seeds. */
final class TableDdlParser {
  private final TokenCursor cursor;
  private final QueryParser queries;
  private final ExpressionParser expressions;
  /** The MASK clauses of the column list being parsed, until its table's clauses take them. */
  private final List<Ddl.PolicyClause> masks = new ArrayList<>();

  TableDdlParser(TokenCursor cursor, QueryParser queries) {
    this.cursor = cursor;
    this.queries = queries;
    this.expressions = queries.expressions();
  }

  /** The optional parenthesized column list of a table: columns and table constraints. */
  record Specification(List<ColumnDefinition> columns, List<TableConstraint> constraints) {}

  Specification specification() {
    List<ColumnDefinition> columns = new ArrayList<>();
    List<TableConstraint> constraints = new ArrayList<>();
    if (cursor.isSymbol("(") && !queries.startsQuery()) {
      cursor.next();
      do {
        if (cursor.isWord("CONSTRAINT") && cursor.isWord(2, "EXPECT")) {
          constraints.add(expectation());
        } else if (cursor.isWord("CONSTRAINT") || cursor.isWord("PRIMARY") || cursor.isWord("FOREIGN")) {
          constraints.add(tableConstraint());
        } else {
          columns.add(column(constraints));
        }
      } while (cursor.acceptSymbol(","));
      cursor.expectSymbol(")");
    }
    return new Specification(columns, constraints);
  }

  private Ddl.Expectation expectation() {
    Span span = cursor.span();
    cursor.expectWord("CONSTRAINT");
    String name = cursor.anyIdentifier();
    cursor.expectWord("EXPECT");
    cursor.expectSymbol("(");
    SourceExpression condition = sourceExpression();
    cursor.expectSymbol(")");
    Ddl.ViolationAction action = Ddl.ViolationAction.WARN;
    if (cursor.acceptWords("ON", "VIOLATION")) {
      if (cursor.acceptWords("DROP", "ROW")) {
        action = Ddl.ViolationAction.DROP_ROW;
      } else {
        cursor.expectWords("FAIL", "UPDATE");
        action = Ddl.ViolationAction.FAIL_UPDATE;
      }
    }
    return new Ddl.Expectation(span, name, condition, action);
  }

  /** After {@code CREATE [OR REPLACE]} and {@code TABLE}: a plain table, or a managed table that flows write. */
  io.flowgate.engine.sql.tree.Statement createTable(Span span, boolean orReplace) {
    boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
    List<String> name = cursor.qualifiedName();
    if (cursor.isWord("CLONE") || ((cursor.isWord("SHALLOW") || cursor.isWord("DEEP")) && cursor.isWord(1, "CLONE"))) {
      cursor.acceptWord("SHALLOW");
      cursor.acceptWord("DEEP");
      cursor.expectWord("CLONE");
      List<String> source = cursor.qualifiedName();
      cursor.skipStatement();
      return new Ddl.TableCommand(span, "CLONE", source);
    }
    if (cursor.acceptWord("LIKE")) {
      if (orReplace) {
        throw Errors.notSupported("CREATE OR REPLACE TABLE ... LIKE", span);
      }
      List<String> source = cursor.qualifiedName();
      return new Ddl.CreateTableLike(span, name, ifNotExists, source, tableClauses());
    }
    Specification specification = specification();
    TableClauses clauses = tableClauses();
    Span flowSpan = cursor.span();
    if (cursor.acceptWord("FLOW")) {
      if (orReplace) {
        throw Errors.notSupported("CREATE OR REPLACE TABLE ... FLOW", span);
      }
      Pipeline.FlowQuery flow = flowClause(flowSpan, false);
      return new Pipeline.CreateFlowTable(span, Pipeline.DatasetKind.TABLE, name, false, ifNotExists,
          specification.columns(),
          specification.constraints(), clauses, Optional.of(flow), false);
    }
    Optional<Query> asQuery = Optional.empty();
    if (cursor.acceptWord("AS")) {
      asQuery = Optional.of(queries.query());
    }
    return new CreateTable(span, name, orReplace, ifNotExists, specification.columns(), specification.constraints(),
        clauses, asQuery);
  }

  /** The columns of ALTER TABLE ... ADD COLUMNS: {@code (c type ..., ...)} or {@code c type ..., ...}. */
  List<ColumnDefinition> addedColumns() {
    boolean parenthesized = cursor.acceptSymbol("(");
    List<TableConstraint> constraints = new ArrayList<>();
    List<ColumnDefinition> columns = new ArrayList<>();
    do {
      columns.add(column(constraints));
    } while (cursor.acceptSymbol(","));
    if (parenthesized) {
      cursor.expectSymbol(")");
    }
    if (!constraints.isEmpty()) {
      throw Errors.notSupported("a key constraint in ADD COLUMNS", constraints.get(0).span());
    }
    return columns;
  }

  private ColumnDefinition column(List<TableConstraint> constraints) {
    Span span = cursor.span();
    String name = cursor.anyIdentifier();
    SqlType type = expressions.type();
    boolean notNull = false;
    Optional<SourceExpression> defaultValue = Optional.empty();
    Optional<SourceExpression> generated = Optional.empty();
    Optional<Identity> identity = Optional.empty();
    Optional<String> comment = Optional.empty();
    while (true) {
      Span clause = cursor.span();
      if (cursor.acceptWords("NOT", "NULL")) {
        notNull = once(notNull, clause, "NOT NULL");
      } else if (cursor.acceptWord("NULL")) {
        continue;
      } else if (cursor.acceptWord("DEFAULT")) {
        requireAbsent(defaultValue.isPresent(), clause, "DEFAULT");
        defaultValue = Optional.of(sourceExpression());
      } else if (cursor.acceptWord("COMMENT")) {
        requireAbsent(comment.isPresent(), clause, "COMMENT");
        comment = Optional.of(cursor.expectString());
      } else if (cursor.acceptWord("GENERATED")) {
        requireAbsent(generated.isPresent() || identity.isPresent(), clause, "GENERATED");
        if (cursor.acceptWords("ALWAYS", "AS")) {
          if (cursor.acceptWord("IDENTITY")) {
            identity = Optional.of(identityOptions(true));
          } else {
            cursor.expectSymbol("(");
            generated = Optional.of(sourceExpression());
            cursor.expectSymbol(")");
          }
        } else {
          cursor.expectWords("BY", "DEFAULT", "AS", "IDENTITY");
          identity = Optional.of(identityOptions(false));
        }
      } else if (cursor.isWord("CONSTRAINT") || (cursor.isWord("PRIMARY") && cursor.isWord(1, "KEY"))
          || (cursor.isWord("FOREIGN") && cursor.isWord(1, "KEY")) || cursor.isWord("REFERENCES")) {
        constraints.add(columnConstraint(name));
      } else if (cursor.acceptWord("MASK")) {
        List<String> function = cursor.qualifiedName();
        Ddl.PolicyCall call = cursor.acceptWords("USING", "COLUMNS") ? policyCall(clause, function)
            : new Ddl.PolicyCall(clause, function, List.of(), List.of());
        masks.add(new Ddl.PolicyClause(Optional.of(name), call));
      } else {
        break;
      }
    }
    return new ColumnDefinition(span, name, type, notNull, defaultValue, generated, identity, comment);
  }

  /** {@code (arg, ...)} of a policy: columns or literals, each kept with its text. */
  Ddl.PolicyCall policyCall(Span span, List<String> function) {
    cursor.expectSymbol("(");
    List<Expression> arguments = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    if (!cursor.isSymbol(")")) {
      do {
        Span start = cursor.span();
        arguments.add(expressions.expression());
        texts.add(cursor.textFrom(start));
      } while (cursor.acceptSymbol(","));
    }
    cursor.expectSymbol(")");
    return new Ddl.PolicyCall(span, function, arguments, texts);
  }

  SourceExpression sourceExpression() {
    Span start = cursor.span();
    Expression expression = expressions.expression();
    return new SourceExpression(expression, cursor.textFrom(start));
  }

  private static boolean once(boolean seen, Span span, String clause) {
    requireAbsent(seen, span, clause);
    return true;
  }

  private static void requireAbsent(boolean present, Span span, String clause) {
    if (present) {
      throw Errors.syntax(clause, " (the clause is given twice)", span);
    }
  }

  private Identity identityOptions(boolean always) {
    long start = 1;
    long step = 1;
    if (cursor.acceptSymbol("(")) {
      while (!cursor.acceptSymbol(")")) {
        if (cursor.acceptWords("START", "WITH")) {
          start = cursor.expectInteger();
        } else if (cursor.acceptWords("INCREMENT", "BY")) {
          step = cursor.expectInteger();
        } else {
          throw cursor.unexpected("START WITH, INCREMENT BY or ')'");
        }
      }
    }
    return new Identity(always, start, step);
  }

  TableConstraint tableConstraint() {
    Span span = cursor.span();
    Optional<String> name = Optional.empty();
    if (cursor.acceptWord("CONSTRAINT")) {
      name = Optional.of(cursor.anyIdentifier());
    }
    if (cursor.acceptWords("PRIMARY", "KEY")) {
      List<String> columns = keyColumns();
      skipConstraintOptions();
      return new PrimaryKey(span, name, columns);
    }
    cursor.expectWords("FOREIGN", "KEY");
    List<String> columns = keyColumns();
    cursor.expectWord("REFERENCES");
    List<String> table = cursor.qualifiedName();
    List<String> referenced = cursor.isSymbol("(") ? cursor.identifierList() : List.of();
    skipConstraintOptions();
    return new ForeignKey(span, name, columns, table, referenced);
  }

  /**
   * A key declared on its column: {@code [CONSTRAINT name] {PRIMARY KEY | [FOREIGN KEY] REFERENCES parent
   * [(column)]}} with the informational options.
   */
  private TableConstraint columnConstraint(String column) {
    Span span = cursor.span();
    Optional<String> name = Optional.empty();
    if (cursor.acceptWord("CONSTRAINT")) {
      name = Optional.of(cursor.anyIdentifier());
    }
    if (cursor.acceptWords("PRIMARY", "KEY")) {
      skipConstraintOptions();
      return new PrimaryKey(span, name, List.of(column));
    }
    if (cursor.acceptWords("FOREIGN", "KEY")) {
      cursor.expectWord("REFERENCES");
    } else if (!cursor.acceptWord("REFERENCES")) {
      throw cursor.unexpected("PRIMARY KEY, FOREIGN KEY or REFERENCES");
    }
    List<String> table = cursor.qualifiedName();
    List<String> referenced = cursor.isSymbol("(") ? cursor.identifierList() : List.of();
    skipConstraintOptions();
    return new ForeignKey(span, name, List.of(column), table, referenced);
  }

  private List<String> keyColumns() {
    cursor.expectSymbol("(");
    List<String> names = new ArrayList<>();
    do {
      names.add(cursor.anyIdentifier());
      cursor.acceptWord("TIMESERIES");
    } while (cursor.acceptSymbol(","));
    cursor.expectSymbol(")");
    return names;
  }

  /** Informational constraint options (NOT ENFORCED, RELY, ...) change nothing here. */
  private void skipConstraintOptions() {
    while (cursor.acceptWords("NOT", "ENFORCED") || cursor.acceptWord("ENFORCED") || cursor.acceptWord("RELY")
        || cursor.acceptWord("NORELY") || cursor.acceptWords("DEFERRABLE") || cursor.acceptWords("NOT", "DEFERRABLE")
        || cursor.acceptWords("INITIALLY", "DEFERRED") || cursor.acceptWords("MATCH", "FULL")
        || cursor.acceptWords("ON", "UPDATE", "NO", "ACTION") || cursor.acceptWords("ON", "DELETE", "NO", "ACTION")
        || cursor.acceptWords("ENABLE", "NOVALIDATE")) {
      // keep consuming
    }
  }

  TableClauses tableClauses() {
    Optional<String> using = Optional.empty();
    List<String> partitionBy = List.of();
    List<String> clusterBy = List.of();
    boolean clusterAuto = false;
    Optional<String> location = Optional.empty();
    Optional<String> comment = Optional.empty();
    Map<String, String> properties = new LinkedHashMap<>();
    boolean partitioned = false;
    boolean clustered = false;
    boolean withProperties = false;
    Optional<String> schedule = Optional.empty();
    List<Ddl.PolicyClause> policies = new ArrayList<>();
    while (true) {
      Span span = cursor.span();
      if (cursor.acceptWord("USING")) {
        requireAbsent(using.isPresent(), span, "USING");
        using = Optional.of(cursor.anyIdentifier());
      } else if (cursor.acceptWords("PARTITIONED", "BY")) {
        partitioned = once(partitioned, span, "PARTITIONED BY");
        partitionBy = cursor.identifierList();
      } else if (cursor.acceptWords("CLUSTER", "BY")) {
        clustered = once(clustered, span, "CLUSTER BY");
        if (cursor.acceptWord("AUTO")) {
          clusterAuto = true;
        } else if (cursor.acceptWord("NONE")) {
          clusterBy = List.of();
        } else {
          clusterBy = cursor.identifierList();
        }
      } else if (cursor.isWord("DEFAULT") && cursor.isWord(1, "COLLATION")) {
        // The seed pages' one table default is UTF8_BINARY, which string columns have anyway.
        cursor.expectWords("DEFAULT", "COLLATION");
        Span collationSpan = cursor.span();
        if (expressions.collation() != io.flowgate.engine.type.Collation.UTF8_BINARY) {
          throw Errors.notSupported("DEFAULT COLLATION other than UTF8_BINARY (give a column its collation:"
              + " STRING COLLATE UTF8_LCASE)", collationSpan);
        }
      } else if (cursor.acceptWord("LOCATION")) {
        requireAbsent(location.isPresent(), span, "LOCATION");
        location = Optional.of(cursor.expectString());
      } else if (cursor.acceptWord("COMMENT")) {
        requireAbsent(comment.isPresent(), span, "COMMENT");
        comment = Optional.of(cursor.expectString());
      } else if (cursor.acceptWord("TBLPROPERTIES")) {
        withProperties = once(withProperties, span, "TBLPROPERTIES");
        properties.putAll(cursor.propertyList());
      } else if (cursor.isWord("WITH") && cursor.isWord(1, "ROW")) {
        cursor.expectWords("WITH", "ROW", "FILTER");
        requireAbsent(policies.stream().anyMatch(policy -> policy.column().isEmpty()), span, "ROW FILTER");
        List<String> function = cursor.qualifiedName();
        cursor.expectWord("ON");
        policies.add(new Ddl.PolicyClause(Optional.empty(), policyCall(span, function)));
      } else if (cursor.isWord("SCHEDULE") || (cursor.isWord("TRIGGER") && cursor.isWord(1, "ON"))) {
        requireAbsent(schedule.isPresent(), span, "SCHEDULE");
        schedule = Optional.of(schedule());
      } else {
        policies.addAll(masks);
        masks.clear();
        return new TableClauses(using, partitionBy, clusterBy, clusterAuto, location, comment, properties,
            schedule, policies);
      }
    }
  }

  private static final Map<String, Integer> EVERY_LIMITS = Map.of("HOUR", 72, "DAY", 31, "WEEK", 8);

  /**
   * {@code SCHEDULE [REFRESH] {EVERY n unit | CRON 'expr' [AT TIME ZONE 'tz']}} or {@code TRIGGER ON UPDATE [AT MOST
   * EVERY interval]}, in canonical text. EVERY takes 1 to 72 hours, 31 days or 8 weeks. A CRON without AT TIME ZONE
   * stays without one here: it means the session's time zone, which the executor adds.
   */
  String schedule() {
    Span span = cursor.span();
    if (cursor.acceptWord("TRIGGER")) {
      cursor.expectWords("ON", "UPDATE");
      if (!cursor.acceptWords("AT", "MOST", "EVERY")) {
        return "TRIGGER ON UPDATE";
      }
      cursor.acceptWord("INTERVAL");
      String amount = cursor.peek().type() == TokenType.STRING ? cursor.expectString()
          : String.valueOf(cursor.expectInteger());
      String unit = cursor.isAnyIdentifier() ? " " + cursor.anyIdentifier().toUpperCase(Locale.ROOT) : "";
      return "TRIGGER ON UPDATE AT MOST EVERY INTERVAL " + amount + unit;
    }
    cursor.expectWord("SCHEDULE");
    cursor.acceptWord("REFRESH");
    if (cursor.acceptWord("EVERY")) {
      long count = cursor.expectInteger();
      Span unitSpan = cursor.span();
      String unit = cursor.anyIdentifier().toUpperCase(Locale.ROOT);
      String singular = unit.endsWith("S") ? unit.substring(0, unit.length() - 1) : unit;
      Integer limit = EVERY_LIMITS.get(singular);
      if (limit == null) {
        throw cursor.unexpected("HOUR, HOURS, DAY, DAYS, WEEK or WEEKS");
      }
      if (count < 1 || count > limit) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "EVERY")
            .parameter("functionName", "SCHEDULE").parameter("message", "a schedule of every " + count + " "
                + unit + " is outside 1 to " + limit + " " + singular + "S").at(unitSpan).build();
      }
      return "EVERY " + count + " " + singular + "S";
    }
    if (cursor.acceptWord("CRON")) {
      Span cronSpan = cursor.span();
      String cron = cursor.expectString();
      requireQuartzCron(cron, cronSpan);
      if (!cursor.isWord("AT")) {
        // The session's time zone, which the statement's executor knows, completes it.
        return "CRON '" + cron.replace("'", "''") + "'";
      }
      cursor.expectWords("AT", "TIME", "ZONE");
      if (cursor.isWord("LOCAL")) {
        throw Errors.notSupported("AT TIME ZONE LOCAL in a schedule (name the time zone)", cursor.span());
      }
      Span zoneSpan = cursor.span();
      String zone = cursor.expectString();
      try {
        java.time.ZoneId.of(zone);
      } catch (java.time.DateTimeException unknown) {
        throw invalidSchedule("AT TIME ZONE", "the time zone '" + zone + "' is not a time zone id (such as"
            + " 'America/Los_Angeles' or 'UTC')", zoneSpan);
      }
      return "CRON '" + cron.replace("'", "''") + "' AT TIME ZONE '" + zone.replace("'", "''") + "'";
    }
    throw Errors.syntax(cursor.peek().text(), ": SCHEDULE takes EVERY or CRON", span);
  }

  /** A Quartz cron field: numbers, names (JAN, MON), and * ? / , - L W #. */
  private static final java.util.regex.Pattern CRON_FIELD = java.util.regex.Pattern.compile("[0-9A-Za-z*?/,#-]+");

  /**
   * The vendor's schedules take Quartz cron expressions: seconds, minutes, hours, day of month, month, day of week
   * and an optional year. A string of another shape is refused when the schedule is made, not when it would fire.
   */
  private static void requireQuartzCron(String cron, Span span) {
    String[] fields = cron.strip().split("\\s+");
    boolean shaped = (fields.length == 6 || fields.length == 7)
        && java.util.Arrays.stream(fields).allMatch(field -> CRON_FIELD.matcher(field).matches())
        && (fields[3].equals("?") || fields[5].equals("?"));
    if (!shaped) {
      throw invalidSchedule("CRON", "'" + cron + "' is not a Quartz cron expression (seconds, minutes, hours, day"
          + " of month, month, day of week with one of the two days '?', and an optional year: '0 0 * * * ?')",
          span);
    }
  }

  private static EngineException invalidSchedule(String parameter, String message, Span span) {
    return EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", parameter)
        .parameter("functionName", "SCHEDULE").parameter("message", message).at(span).build();
  }

  /** After {@code ALTER VIEW}: {@code name AS query}; the view's other ALTER forms are FEATURE_NOT_SUPPORTED. */
  io.flowgate.engine.sql.tree.Statement alterView(Span span) {
    List<String> name = cursor.qualifiedName();
    if (!cursor.acceptWord("AS")) {
      Span rest = cursor.span();
      cursor.skipStatement();
      throw Errors.notSupported("this form of ALTER VIEW (only ALTER VIEW name AS query)", rest);
    }
    Span start = cursor.span();
    Query query = queries.query();
    return new Ddl.AlterViewQuery(span, name, query, cursor.textFrom(start));
  }

  /** After {@code CREATE [OR REFRESH]} and {@code STREAMING TABLE}. */
  Pipeline.CreateFlowTable createStreamingTable(Span span, boolean orRefresh, boolean pipelinePrivate) {
    boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
    List<String> name = cursor.qualifiedName();
    Specification specification = specification();
    TableClauses clauses = tableClauses();
    Optional<Pipeline.FlowQuery> flow = Optional.empty();
    Span flowSpan = cursor.span();
    if (cursor.acceptWord("AS")) {
      Span start = cursor.span();
      Query query = queries.query();
      flow = Optional.of(new Pipeline.FlowQuery(flowSpan, false, query, cursor.textFrom(start)));
    } else if (cursor.acceptWord("FLOW")) {
      flow = Optional.of(flowClause(flowSpan, true));
    }
    return new Pipeline.CreateFlowTable(span, Pipeline.DatasetKind.STREAMING_TABLE, name, orRefresh, ifNotExists,
        specification.columns(), specification.constraints(), clauses, flow, pipelinePrivate);
  }

  /**
   * After {@code CREATE [OR REPLACE | OR REFRESH] MATERIALIZED VIEW}: a streaming table's specification and clauses,
   * then {@code AS query}, which its one flow recomputes whole on every refresh.
   */
  Pipeline.CreateFlowTable createMaterializedView(Span span, boolean orRefresh, boolean pipelinePrivate) {
    boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
    List<String> name = cursor.qualifiedName();
    Specification specification = specification();
    TableClauses clauses = tableClauses();
    Span flowSpan = cursor.span();
    cursor.expectWord("AS");
    Span start = cursor.span();
    Query query = queries.query();
    Pipeline.FlowQuery flow = new Pipeline.FlowQuery(flowSpan, false, query, "REPLACE WHERE TRUE BY NAME "
        + cursor.textFrom(start), Optional.empty(), Optional.of(new Expression.Literal(flowSpan,
            Expression.LiteralKind.BOOLEAN, "TRUE")), Optional.empty());
    return new Pipeline.CreateFlowTable(span, Pipeline.DatasetKind.MATERIALIZED_VIEW, name, orRefresh, ifNotExists,
        specification.columns(), specification.constraints(), clauses, Optional.of(flow), pipelinePrivate);
  }

  /**
   * After {@code FLOW}: {@code [IMPORT CHECKPOINT 'path'] INSERT [ONCE] BY NAME query}; AUTO CDC and REPLACE WHERE
   * are recognised and refused, on a managed table with the seeds' own reasons.
   */
  Pipeline.FlowQuery flowClause(Span span, boolean streaming) {
    if (cursor.isWord("AUTO") || cursor.isWord("APPLY")) {
      if (!streaming) {
        throw EngineException.of(ErrorClass.MANAGED_TABLE_DOES_NOT_SUPPORT_CDC).at(cursor.span()).build();
      }
      cursor.expectWords("AUTO", "CDC");
      return autoCdc(span);
    }
    if (cursor.isWord("REPLACE")) {
      if (!streaming) {
        throw Errors.notSupported("FLOW REPLACE WHERE on a managed table; only FLOW INSERT BY NAME is supported",
            cursor.span());
      }
      return replaceWhere(span);
    }
    Optional<String> checkpoint = Optional.empty();
    if (cursor.acceptWords("IMPORT", "CHECKPOINT")) {
      checkpoint = Optional.of(cursor.expectString());
    }
    cursor.expectWord("INSERT");
    Span onceSpan = cursor.span();
    boolean once = cursor.acceptWord("ONCE");
    if (once && checkpoint.isPresent()) {
      throw Errors.syntax("ONCE", ": IMPORT CHECKPOINT is only supported with FLOW INSERT BY NAME", onceSpan);
    }
    cursor.expectWords("BY", "NAME");
    Span start = cursor.span();
    Query query = queries.query();
    return new Pipeline.FlowQuery(span, once, query, cursor.textFrom(start), Optional.empty(), Optional.empty(),
        checkpoint);
  }

  /**
   * An AUTO CDC spec, from {@code FROM}: {@code FROM source KEYS (cols)}, then in any order, each at most once,
   * {@code IGNORE NULL UPDATES [ON cols]}, {@code APPLY AS DELETE WHEN c}, {@code APPLY AS TRUNCATE WHEN c},
   * {@code SEQUENCE BY e} (required), {@code COLUMNS cols}, {@code STORED AS SCD TYPE 1|2} and {@code TRACK HISTORY
   * ON cols}, where cols is {@code (a, b)}, {@code a, b} or {@code * EXCEPT (a, b)}.
   */
  Pipeline.FlowQuery autoCdc(Span span) {
    Span start = cursor.span();
    cursor.expectWord("FROM");
    Relation source = queries.cdcSource();
    cursor.expectWord("KEYS");
    List<String> keys = cursor.identifierList();
    Optional<AutoCdc.ColumnSet> ignoreNulls = Optional.empty();
    Optional<Expression> deleteWhen = Optional.empty();
    Optional<Expression> truncateWhen = Optional.empty();
    Optional<Expression> sequence = Optional.empty();
    Optional<AutoCdc.ColumnSet> columns = Optional.empty();
    Optional<Integer> scd = Optional.empty();
    Optional<AutoCdc.ColumnSet> track = Optional.empty();
    Span trackSpan = span;
    java.util.Set<String> seen = new java.util.HashSet<>();
    while (!cursor.atEnd() && !cursor.isSymbol(";")) {
      Span clause = cursor.span();
      if (cursor.acceptWords("IGNORE", "NULL", "UPDATES")) {
        once(seen, "IGNORE NULL UPDATES", clause);
        ignoreNulls = Optional.of(cursor.acceptWord("ON") ? columnSet() : new AutoCdc.ColumnSet(true, List.of()));
      } else if (cursor.acceptWords("APPLY", "AS", "DELETE", "WHEN")) {
        once(seen, "APPLY AS DELETE WHEN", clause);
        deleteWhen = Optional.of(queries.expressions().expression());
      } else if (cursor.acceptWords("APPLY", "AS", "TRUNCATE", "WHEN")) {
        once(seen, "APPLY AS TRUNCATE WHEN", clause);
        truncateWhen = Optional.of(queries.expressions().expression());
      } else if (cursor.acceptWords("SEQUENCE", "BY")) {
        once(seen, "SEQUENCE BY", clause);
        sequence = Optional.of(queries.expressions().expression());
      } else if (cursor.isWord("SYSTEM") && cursor.isWord(1, "SEQUENCE")) {
        throw Errors.notSupported("SYSTEM SEQUENCE BY (bitemporal AUTO CDC)", clause);
      } else if (cursor.acceptWord("COLUMNS")) {
        if (cursor.isWord("TO") && cursor.isWord(1, "UPDATE")) {
          throw Errors.notSupported("COLUMNS TO UPDATE (partial updates in AUTO CDC)", clause);
        }
        once(seen, "COLUMNS", clause);
        columns = Optional.of(columnSet());
      } else if (cursor.acceptWords("STORED", "AS")) {
        once(seen, "STORED AS", clause);
        if (cursor.isWord("BITEMPORAL")) {
          throw Errors.notSupported("STORED AS BITEMPORAL", clause);
        }
        cursor.expectWords("SCD", "TYPE");
        long type = cursor.expectInteger();
        if (type != 1 && type != 2) {
          throw Errors.syntax(String.valueOf(type), ": SCD TYPE is 1 or 2", clause);
        }
        scd = Optional.of((int) type);
      } else if (cursor.acceptWords("TRACK", "HISTORY", "ON")) {
        once(seen, "TRACK HISTORY", clause);
        trackSpan = clause;
        track = Optional.of(columnSet());
      } else {
        throw cursor.unexpected("an AUTO CDC clause (APPLY AS, SEQUENCE BY, COLUMNS, STORED AS, TRACK HISTORY, ...)");
      }
    }
    if (sequence.isEmpty()) {
      throw Errors.syntax("end of input", ": AUTO CDC needs SEQUENCE BY", cursor.span());
    }
    int scdType = scd.orElse(1);
    if (track.isPresent() && scdType != 2) {
      throw Errors.syntax("TRACK HISTORY", ": TRACK HISTORY requires STORED AS SCD TYPE 2", trackSpan);
    }
    if (truncateWhen.isPresent() && scdType == 2) {
      throw Errors.syntax("APPLY AS TRUNCATE WHEN", ": truncation is supported for SCD TYPE 1 only", span);
    }
    String text = cursor.textFrom(start);
    AutoCdc cdc = new AutoCdc(span, source, keys, ignoreNulls, deleteWhen, truncateWhen, sequence.get(), columns,
        scdType, track);
    // The flow's query is its source read whole, which is what a pipeline orders datasets by.
    Query sourceQuery = new Query(span, List.of(), QueryBody.Select.of(span,
        List.of(new QueryBody.AllColumns(span, List.of())), Optional.of(source), Optional.empty()), List.of(), Optional.empty(), Optional.empty());
    return new Pipeline.FlowQuery(span, false, sourceQuery, text, Optional.of(cdc), Optional.empty(),
        Optional.empty());
  }

  /**
   * {@code REPLACE WHERE predicate BY NAME query}: each update replaces the target's rows that match the predicate
   * with the query's rows. The flow keeps the text from {@code REPLACE}.
   */
  Pipeline.FlowQuery replaceWhere(Span span) {
    Span start = cursor.span();
    cursor.expectWords("REPLACE", "WHERE");
    Expression predicate = queries.expressions().expression();
    cursor.expectWords("BY", "NAME");
    Query query = queries.query();
    return new Pipeline.FlowQuery(span, false, query, cursor.textFrom(start), Optional.empty(),
        Optional.of(predicate), Optional.empty());
  }

  private void once(java.util.Set<String> seen, String clause, Span span) {
    if (!seen.add(clause)) {
      throw EngineException.of(ErrorClass.DUPLICATE_CLAUSES).parameter("clauseName", clause).at(span).build();
    }
  }

  /** {@code (a, b)}, {@code a, b} or {@code * EXCEPT (a, b)}. */
  private AutoCdc.ColumnSet columnSet() {
    if (cursor.acceptSymbol("*")) {
      cursor.expectWord("EXCEPT");
      return new AutoCdc.ColumnSet(true, cursor.identifierList());
    }
    if (cursor.isSymbol("(")) {
      return new AutoCdc.ColumnSet(false, cursor.identifierList());
    }
    List<String> names = new ArrayList<>();
    do {
      names.add(cursor.anyIdentifier());
    } while (cursor.acceptSymbol(","));
    return new AutoCdc.ColumnSet(false, names);
  }

  /** After {@code CREATE [OR REPLACE]} and {@code VIEW}. */
  CreateView createView(Span span, boolean orReplace) {
    boolean ifNotExists = cursor.acceptWords("IF", "NOT", "EXISTS");
    List<String> name = cursor.qualifiedName();
    List<String> columns = List.of();
    if (cursor.isSymbol("(")) {
      cursor.next();
      List<String> names = new ArrayList<>();
      do {
        names.add(cursor.anyIdentifier());
        if (cursor.acceptWord("COMMENT")) {
          cursor.expectString();
        }
      } while (cursor.acceptSymbol(","));
      cursor.expectSymbol(")");
      columns = names;
    }
    Optional<String> comment = Optional.empty();
    while (true) {
      if (cursor.acceptWord("COMMENT")) {
        comment = Optional.of(cursor.expectString());
      } else if (cursor.acceptWord("TBLPROPERTIES")) {
        cursor.propertyList();
      } else {
        break;
      }
    }
    cursor.expectWord("AS");
    Span start = cursor.span();
    Query query = queries.query();
    return new CreateView(span, name, orReplace, ifNotExists, columns, comment, query, cursor.textFrom(start));
  }
}
