package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FunctionInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.Analyzed.OperationKind;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.Between;
import io.flowgate.engine.sql.tree.Expression.Binary;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.BoundKind;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.Cast;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Exists;
import io.flowgate.engine.sql.tree.Expression.Frame;
import io.flowgate.engine.sql.tree.Expression.FrameBound;
import io.flowgate.engine.sql.tree.Expression.FrameUnit;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.InList;
import io.flowgate.engine.sql.tree.Expression.InSubquery;
import io.flowgate.engine.sql.tree.Expression.IsBoolean;
import io.flowgate.engine.sql.tree.Expression.IsNull;
import io.flowgate.engine.sql.tree.Expression.Like;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.Parameter;
import io.flowgate.engine.sql.tree.Expression.ScalarSubquery;
import io.flowgate.engine.sql.tree.Expression.SortItem;
import io.flowgate.engine.sql.tree.Expression.Subscript;
import io.flowgate.engine.sql.tree.Expression.Unary;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression.WindowSpec;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeVisitor;
import io.flowgate.engine.type.IntervalField;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Translates a dialect expression into H2 SQL within a scope, applying the dialect's semantics where H2 differs:
 * {@code /} on integers gives a DOUBLE, CAST to an integer truncates, {@code ||} and concat are NULL if any
 * argument is NULL, booleans cast to STRING are lower case.
 */
final class ExpressionTranslator {
  private final QueryTranslator queries;
  private final SpecialFunctions special = new SpecialFunctions(this);
  private final ParameterTypes parameterTypes;
  private final SessionContext session;
  /** In DDL (DEFAULT, GENERATED) H2 takes no parameters, so constants are written as literals. */
  private final boolean inline;

  ExpressionTranslator(QueryTranslator queries, ParameterTypes parameterTypes, SessionContext session,
      boolean inline) {
    this.queries = queries;
    this.parameterTypes = parameterTypes;
    this.session = session;
    this.inline = inline;
  }

  /** Translations by node and scope, so a node translated twice (GROUP BY 1) yields the same SQL and parameters. */
  private final Map<Expression, Map<Scope, Typed>> translated = new IdentityHashMap<>();

  Typed translate(Expression expression, Scope scope) {
    Map<Scope, Typed> byScope = translated.computeIfAbsent(expression, e -> new IdentityHashMap<>());
    Typed known = byScope.get(scope);
    if (known == null) {
      known = translateOnce(expression, scope);
      byScope.put(scope, known);
    }
    return known;
  }

  private Typed translateOnce(Expression expression, Scope scope) {
    return nodes.visit(expression, scope);
  }

  private final Nodes nodes = new Nodes();

  /** One translation per expression type; anything not an expression has none. */
  private final class Nodes extends TreeVisitor<Typed, Scope> {
    @Override
    protected Typed visitNode(Node node, Scope scope) {
      throw Errors.internal("no translation for " + node.getClass().getSimpleName(), null);
    }

    @Override
    protected Typed visitLiteral(Literal literal, Scope scope) {
      return literal(literal);
    }

    @Override
    protected Typed visitIntervalLiteral(Expression.IntervalLiteral interval, Scope scope) {
      return Typed.of(new Analyzed.Number(BigDecimal.valueOf(interval.value())), interval.type()).notNull();
    }

    @Override
    protected Typed visitColumnRef(ColumnRef reference, Scope scope) {
      return columnOrField(reference, scope);
    }

    @Override
    protected Typed visitJsonExtract(Expression.JsonExtract extract, Scope scope) {
      Typed json = translate(extract.json(), scope);
      if (json.type().isPresent() && !json.is(SqlType::isCharacter) && !json.is(t -> t.kind() == TypeKind.VOID)) {
        // The path reads JSON text; a STRUCT or MAP has fields of its own (s.field, m['key']).
        throw Errors.typeMismatch("the : operator", "it extracts from JSON text (a STRING), not from "
            + json.type().get().sql(), extract.span());
      }
      String path = String.join("\n", extract.path());
      return Typed.of(Analyzed.system(Analyzed.SystemFunction.JSON_PATH, new Analyzed.Cast(json.value(),
          SqlType.STRING), constantValue(path, SqlType.STRING)), SqlType.STRING);
    }

    @Override
    protected Typed visitTableArgument(Expression.TableArgument argument, Scope scope) {
      throw Errors.notSupported("TABLE(...) outside the arguments of a table-valued function", argument.span());
    }

    @Override
    protected Typed visitFieldAccess(Expression.FieldAccess access, Scope scope) {
      return field(translate(access.base(), scope), access.field(), access.span());
    }

    @Override
    protected Typed visitParameter(Parameter parameter, Scope scope) {
      if (inline) {
        throw Errors.notSupported("parameter markers in table definitions", parameter.span());
      }
      parameterTypes.seen(parameter.index());
      return new Typed(new Analyzed.ClientParameter(parameter.index()), Optional.empty());
    }

    @Override
    protected Typed visitDefault(Expression.Default value, Scope scope) {
      // Outside a value of INSERT or SET, DEFAULT can only be a column of that name.
      try {
        return columnOrField(new ColumnRef(value.span(), List.of("default")), scope);
      } catch (EngineException unresolved) {
        throw EngineException.of(ErrorClass.DEFAULT_PLACEMENT_INVALID).at(value.span()).build();
      }
    }

    @Override
    protected Typed visitBinary(Binary binary, Scope scope) {
      return binary(binary, scope);
    }

    @Override
    protected Typed visitUnary(Unary unary, Scope scope) {
      Typed operand = translate(unary.operand(), scope);
      return switch (unary.operator()) {
        case NOT -> {
          if (!isBoolean(operand)) {
            throw Errors.typeMismatch("UNEXPECTED_INPUT_TYPE", Errors.quote(ExpressionNames.name(unary)),
                "Parameter 1 requires the BOOLEAN type, however " + Errors.quote(ExpressionNames.name(
                    unary.operand())) + " has the type " + operand.type().get().sql(), unary.span());
          }
          yield Typed.of(new Analyzed.Not(operand.value()), SqlType.BOOLEAN);
        }
        case MINUS -> {
          Typed number = operand.is(SqlType::isInterval) ? operand : numericOperand(operand, unary, "-");
          yield new Typed(new Analyzed.Negated(number.value()), number.type(), operand.nullable());
        }
        case PLUS -> numericOperand(operand, unary, "+");
        case BITWISE_NOT -> new Typed(new Analyzed.BitwiseNot(integralOperand(operand, unary, "~").value()),
            operand.type());
      };
    }

    @Override
    protected Typed visitIsNull(IsNull isNull, Scope scope) {
      Typed value = translate(isNull.value(), scope);
      boolean row = value.is(t -> t.kind() == TypeKind.STRUCT || t.kind() == TypeKind.MAP);
      return Typed.of(new Analyzed.NullTest(value.value(), isNull.negated(), row), SqlType.BOOLEAN);
    }

    @Override
    protected Typed visitIsBoolean(IsBoolean test, Scope scope) {
      return Typed.of(new Analyzed.TruthTest(translate(test.value(), scope).value(), test.expected(),
          test.negated()), SqlType.BOOLEAN);
    }

    @Override
    protected Typed visitBetween(Between between, Scope scope) {
      Typed value = translate(between.value(), scope);
      Typed low = expect(translate(between.low(), scope), value.type());
      Typed high = expect(translate(between.high(), scope), value.type());
      for (Typed bound : List.of(low, high)) {
        if (value.type().isPresent() && bound.type().isPresent()
            && !SqlType.comparable(value.type().get(), bound.type().get())) {
          throw Errors.typeMismatch(Errors.quote(ExpressionNames.name(between)), "cannot compare "
              + value.type().get().sql() + " with " + bound.type().get().sql(), (bound == low ? between.low()
              : between.high()).span());
        }
      }
      value = expect(value, ResultTypes.common(List.of(low, high)));
      return Typed.of(new Analyzed.Between(meeting(value, List.of(low, high)), meeting(low, List.of(value)),
          meeting(high, List.of(value)), between.negated()), SqlType.BOOLEAN);
    }

    @Override
    protected Typed visitInList(InList in, Scope scope) {
      Typed value = translate(in.value(), scope);
      List<Typed> items = new ArrayList<>();
      for (Expression item : in.list()) {
        Typed typed = expect(translate(item, scope), value.type());
        if (value.type().isPresent() && typed.type().isPresent()
            && !SqlType.comparable(value.type().get(), typed.type().get())) {
          throw Errors.typeMismatch("DATA_DIFF_TYPES", Errors.quote(ExpressionNames.name(in)), "Input to `in` should"
              + " all be of one type, but " + Errors.quote(ExpressionNames.name(item)) + " is "
              + typed.type().get().sql() + " and " + Errors.quote(ExpressionNames.name(in.value())) + " is "
              + value.type().get().sql(), item.span());
        }
        items.add(typed);
      }
      value = expect(value, ResultTypes.common(items));
      Typed tested = value;
      return Typed.of(new Analyzed.In(meeting(value, items),
          items.stream().map(item -> meeting(item, List.of(tested))).toList(), in.negated()), SqlType.BOOLEAN);
    }

    /** In DDL a subquery has no place. */
    private void requireQueryContext(Expression subquery) {
      if (inline) {
        throw Errors.notSupported("subqueries in column definitions", subquery.span());
      }
    }

    @Override
    protected Typed visitInSubquery(InSubquery in, Scope scope) {
      requireQueryContext(in);
      Analyzed value = translate(in.value(), scope).value();
      TranslatedQuery subquery = queries.translateSubquery(in.query(), scope);
      requireSingleColumn(subquery, in.span());
      return Typed.of(new Analyzed.InQuery(List.of(value), subquery.query(), in.negated()), SqlType.BOOLEAN);
    }

    @Override
    protected Typed visitExists(Exists exists, Scope scope) {
      requireQueryContext(exists);
      return Typed.of(queries.exists(exists.query(), scope), SqlType.BOOLEAN);
    }

    @Override
    protected Typed visitScalarSubquery(ScalarSubquery subquery, Scope scope) {
      requireQueryContext(subquery);
      TranslatedQuery translated = queries.translateScalarSubquery(subquery.query(), scope);
      requireSingleColumn(translated, subquery.span());
      return new Typed(new Analyzed.Subquery(translated.query()), translated.columns().get(0).type());
    }

    @Override
    protected Typed visitLike(Like like, Scope scope) {
      return like(like, scope);
    }

    @Override
    protected Typed visitCase(Case caseExpression, Scope scope) {
      return caseExpression(caseExpression, scope);
    }

    @Override
    protected Typed visitCast(Cast cast, Scope scope) {
      return cast(cast, scope);
    }

    @Override
    protected Typed visitFunctionCall(FunctionCall call, Scope scope) {
      return function(call, scope);
    }

    @Override
    protected Typed visitLambda(Expression.Lambda lambda, Scope scope) {
      throw EngineException.of(ErrorClass.INVALID_LAMBDA_FUNCTION_CALL).subClass("NON_HIGHER_ORDER_FUNCTION",
          "A lambda function should only be used in a higher order function, such as transform or filter.")
          .at(lambda.span()).build();
    }

    @Override
    protected Typed visitSubscript(Subscript subscript, Scope scope) {
      Typed base = translate(subscript.base(), scope);
      if (base.is(t -> t.kind() == TypeKind.STRUCT) && subscript.index() instanceof Literal name
          && name.kind() == Expression.LiteralKind.STRING) {
        return field(base, name.text(), subscript.span());
      }
      Typed index = translate(subscript.index(), scope);
      if (base.is(t -> t.kind() == TypeKind.MAP)) {
        return mapValue(base, index);
      }
      Optional<SqlType> element = base.type().filter(t -> t.kind() == TypeKind.ARRAY)
          .map(t -> t.children().get(0));
      // the dialect's arrays are 0-based with [], H2's are 1-based
      return new Typed(new Analyzed.Operation(OperationKind.ELEMENT, base.value(), index.value()), element);
    }
  }

  private static void requireSingleColumn(TranslatedQuery query, io.flowgate.engine.sql.tree.Span span) {
    if (query.columns().size() != 1) {
      throw EngineException.of(ErrorClass.INVALID_SUBQUERY_EXPRESSION)
          .parameter("number", query.columns().size()).at(span).build();
    }
  }

  Typed literal(Literal literal) {
    Typed value = literalValue(literal);
    return literal.kind() == LiteralKind.NULL ? value : value.notNull();
  }

  private Typed literalValue(Literal literal) {
    return switch (literal.kind()) {
      case NULL -> Typed.of(new Analyzed.NullValue(), SqlType.VOID);
      case BOOLEAN -> Typed.of(new Analyzed.BooleanValue(literal.text().equalsIgnoreCase("true")), SqlType.BOOLEAN);
      case INTEGER -> integer(literal);
      case DECIMAL -> decimal(literal);
      case STRING -> Typed.of(constantValue(literal.text(), SqlType.STRING), SqlType.STRING);
      case DATE -> {
        try {
          LocalDate date = LocalDate.parse(literal.text().strip());
          yield Typed.of(inline ? new Analyzed.DefinitionLiteral(SqlType.DATE, date.toString())
              : constantValue(date, SqlType.DATE), SqlType.DATE);
        } catch (DateTimeParseException e) {
          throw invalidLiteral(literal, "DATE");
        }
      }
      case TIMESTAMP, TIMESTAMP_NTZ -> {
        LocalDateTime timestamp = Literals.parseTimestamp(literal.text()).orElseThrow(() -> invalidLiteral(literal,
            "TIMESTAMP"));
        SqlType type = literal.kind() == Expression.LiteralKind.TIMESTAMP ? SqlType.TIMESTAMP : SqlType.TIMESTAMP_NTZ;
        if (type.equals(SqlType.TIMESTAMP) && zoned()) {
          // the literal is a wall clock of the session zone; the store keeps the instant's in UTC
          timestamp = timestamp.atZone(session.timeZone()).withZoneSameInstant(java.time.ZoneOffset.UTC)
              .toLocalDateTime();
        }
        yield Typed.of(inline ? new Analyzed.DefinitionLiteral(SqlType.TIMESTAMP, timestamp.toString())
            : constantValue(timestamp, SqlType.TIMESTAMP), type);
      }
      case BINARY -> {
        byte[] bytes = HexFormat.of().parseHex(literal.text());
        // In DDL the bytes are written as hex digits the engine printed from their values.
        yield Typed.of(inline ? new Analyzed.DefinitionLiteral(SqlType.BINARY, HexFormat.of().formatHex(bytes))
            : constantValue(bytes, SqlType.BINARY), SqlType.BINARY);
      }
    };
  }

  /**
   * A call of a SQL function: its body, planned in the function's own catalog and schema where its parameters
   * stand for the arguments cast to their types (and nothing else is in scope, so the caller's names cannot reach
   * into it), cast to the function's return type.
   */
  Typed call(FunctionInfo function, List<Typed> arguments, Span span) {
    String name = function.name().table();
    if (arguments.size() != function.parameters().size()) {
      throw Errors.wrongArguments(name, String.valueOf(function.parameters().size()), arguments.size(), span);
    }
    List<Scope.Column> parameters = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      FunctionInfo.Parameter parameter = function.parameters().get(i);
      SqlType type = SqlParser.parseType(parameter.type());
      parameters.add(Scope.Column.bound(parameter.name(), new Analyzed.Cast(arguments.get(i).value(), type), type));
    }
    queries.requireExecute(function, span);
    QueryTranslator body = queries.nested(function.name().catalog(), function.name().schema(), function.owner(),
        span);
    Typed result = body.expressions().translate(SqlParser.parseExpression(function.body()),
        new Scope(parameters, Optional.empty()));
    if (function.returnType().isEmpty()) {
      return result; // no declared type, and none known before H2 runs the body
    }
    SqlType returns = SqlParser.parseType(function.returnType());
    return Typed.of(new Analyzed.Cast(result.value(), returns), returns);
  }

  /**
   * {@code is_account_group_member(g)} and {@code is_member(g)}: whether the statement's user belongs to group g,
   * directly or through other groups. The user's groups are known when the statement is planned (plans are cached per
   * user and catalog generation, and every change of a group starts a new generation), so the test is a list of
   * constants. Flowgate has one kind of group, so the two functions agree.
   */
  private Typed groupMember(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 1) {
      throw Errors.wrongArguments(call.name(), "1", call.arguments().size(), call.span());
    }
    Typed group = translate(call.arguments().get(0), scope);
    List<Analyzed> groups = queries.catalog().groupsOf(session.user()).stream()
        .map(name -> constantValue(name, SqlType.STRING)).toList();
    // Group names are kept in lower case; the argument is compared the same way.
    Analyzed member = groups.isEmpty()
        ? new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(new Analyzed.NullTest(group.value(), false,
            false), new Analyzed.NullValue())), Optional.of(new Analyzed.BooleanValue(false)))
        : new Analyzed.In(Analyzed.call("lower", new Analyzed.Cast(group.value(),
            SqlType.STRING)), groups, false);
    return Typed.of(member, SqlType.BOOLEAN);
  }

  /** A constant of the statement: bound as a parameter of its type, or in DDL written as a literal. */
  private Analyzed constantValue(Object value, SqlType type) {
    return inline ? new Analyzed.Text(value.toString()) : new Analyzed.Constant(value, type);
  }

  private static EngineException invalidLiteral(Literal literal, String type) {
    return EngineException.of(ErrorClass.INVALID_TYPED_LITERAL).parameter("valueType", type)
        .parameter("value", "'" + literal.text() + "'").at(literal.span()).build();
  }

  private static Typed integer(Literal literal) {
    String text = literal.text();
    char suffix = Character.toUpperCase(text.charAt(text.length() - 1));
    String digits = Character.isDigit(suffix) ? text : text.substring(0, text.length() - 1);
    BigDecimal value = new BigDecimal(digits);
    SqlType type = switch (suffix) {
      case 'L' -> SqlType.BIGINT;
      case 'S' -> SqlType.SMALLINT;
      case 'Y' -> SqlType.TINYINT;
      default -> value.abs().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0 ? SqlType.INT
          : value.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0 ? SqlType.BIGINT
          : SqlType.decimal(Math.min(38, digits.replace("-", "").length()), 0);
    };
    // Printed from the parsed number, so nothing of the statement text reaches H2 here.
    return Typed.of(new Analyzed.Cast(new Analyzed.Number(value), type), type);
  }

  private static Typed decimal(Literal literal) {
    String text = literal.text();
    String upper = text.toUpperCase(Locale.ROOT);
    if (upper.endsWith("BD")) {
      BigDecimal value = new BigDecimal(text.substring(0, text.length() - 2));
      return decimalOf(value);
    }
    if (upper.endsWith("D") || upper.endsWith("F")) {
      double value = Double.parseDouble(text.substring(0, text.length() - 1));
      SqlType type = upper.endsWith("F") ? SqlType.FLOAT : SqlType.DOUBLE;
      return Typed.of(new Analyzed.Cast(new Analyzed.Number(BigDecimal.valueOf(value)), type), type);
    }
    return decimalOf(new BigDecimal(text));
  }

  private static Typed decimalOf(BigDecimal value) {
    int scale = Math.max(value.scale(), 0);
    int precision = Math.max(value.precision(), scale);
    if (precision > SqlType.MAX_DECIMAL_PRECISION) {
      return Typed.of(new Analyzed.Cast(new Analyzed.Number(value), SqlType.DOUBLE), SqlType.DOUBLE);
    }
    SqlType type = SqlType.decimal(precision, scale);
    return Typed.of(new Analyzed.Cast(new Analyzed.Number(value), type), type);
  }

  /**
   * {@code value} where a {@code type} is expected: a parameter marker takes that type (which the client sees in its
   * parameter metadata); anything else is returned as it is.
   */
  Typed expect(Typed value, Optional<SqlType> type) {
    if (value.type().isPresent() || type.isEmpty() || type.get().kind() == TypeKind.VOID) {
      return value;
    }
    Optional<Integer> parameter = value.parameter();
    if (parameter.isEmpty()) {
      return value;
    }
    parameterTypes.expect(parameter.get(), type.get());
    return new Typed(value.value(), type);
  }

  /** Values that end up in one column (CASE branches, IN lists) must have types of one family. */
  private static void requireOneType(List<Typed> values, Expression where, String what) {
    Optional<SqlType> first = Optional.empty();
    for (Typed value : values) {
      if (value.type().isEmpty() || value.is(t -> t.kind() == TypeKind.VOID)) {
        continue;
      }
      if (first.isEmpty()) {
        first = value.type();
      } else if (!SqlType.unionCompatible(first.get(), value.type().get())) {
        throw Errors.typeMismatch(Errors.quote(what), "its values have the types " + first.get().sql() + " and "
            + value.type().get().sql(), where.span());
      }
    }
  }

  /** A condition is a BOOLEAN (or NULL); the dialect does not read numbers or strings as truth values. */
  private static void requireBoolean(Typed condition, Expression where, String what) {
    if (!isBoolean(condition)) {
      throw Errors.typeMismatch(Errors.quote(what), what + " must be a BOOLEAN, not " + condition.type().get().sql(),
          where.span());
    }
  }

  /** BOOLEAN, NULL, or a parameter marker whose type nothing tells (its value is then read as a BOOLEAN). */
  private static boolean isBoolean(Typed value) {
    return value.type().isEmpty() || value.is(t -> t.kind() == TypeKind.BOOLEAN || t.kind() == TypeKind.VOID);
  }

  /**
   * A condition that keeps rows: WHERE, HAVING, QUALIFY, a DELETE's, UPDATE's or MERGE's. It must be a BOOLEAN; the
   * dialect gives other values no truth (H2 would read a non-zero number as TRUE). A column comparison that every
   * branch of an OR requires is written once, outside it, where H2 can use it.
   */
  Typed filter(Expression condition, Scope scope) {
    Typed typed = translate(CommonConjuncts.factor(condition), scope);
    if (!isBoolean(typed)) {
      String name = Errors.quote(ExpressionNames.name(condition));
      throw Errors.typeMismatch("FILTER_NOT_BOOLEAN", name, "Filter expression " + name + " of type "
          + typed.type().get().sql() + " is not a boolean", condition.span());
    }
    return typed;
  }

  /** A join's ON condition, which must be a BOOLEAN; written as {@link #filter} writes one. */
  Typed joinCondition(Expression condition, Scope scope) {
    Typed typed = translate(CommonConjuncts.factor(condition), scope);
    if (!isBoolean(typed)) {
      throw EngineException.of(ErrorClass.JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE)
          .parameter("joinCondition", Errors.quote(ExpressionNames.name(condition)))
          .parameter("conditionType", typed.type().get().sql()).at(condition.span()).build();
    }
    return typed;
  }

  /** Functions whose arguments (nvl2's and if's: the last two) meet in one value of their common type. */
  private static final java.util.Set<String> ONE_VALUE_ARGUMENTS = java.util.Set.of("coalesce", "ifnull", "nullif",
      "greatest", "least", "nvl2", "if");

  /** Functions that read a TIMESTAMP argument's fields or text: they see its wall clock in the session zone. */
  private static final java.util.Set<String> WALL_CLOCK_ARGUMENTS = java.util.Set.of("year", "quarter", "month",
      "day", "dayofyear", "dayofweek", "weekofyear", "hour", "minute", "second", "date_add", "date_sub", "datediff",
      "add_months", "last_day", "to_date", "date_format", "next_day", "months_between", "weekday", "unix_date");

  /** Aggregates whose last argument is a constant H2 needs as one (the percentage). */
  private static final java.util.Set<String> PERCENTILES = java.util.Set.of("percentile", "percentile_approx");

  /** Aggregates over numbers: a string argument is read as DOUBLE, anything else not a number is a type error. */
  private static final java.util.Set<String> NUMERIC_AGGREGATES = java.util.Set.of("sum", "avg", "stddev",
      "stddev_pop", "variance", "var_pop", "median");

  /**
   * A sign applies to numbers; a string or an untyped NULL is read as a DOUBLE (as the dialect's implicit cast
   * does), anything else is a type error. Unknown types are left to the store.
   */
  private static Typed numericOperand(Typed operand, Expression where, String operator) {
    if (operand.is(SqlType::isCharacter) || operand.is(t -> t.kind() == TypeKind.VOID)) {
      return Typed.of(new Analyzed.Cast(operand.value(), SqlType.DOUBLE), SqlType.DOUBLE);
    }
    if (operand.type().isPresent() && !operand.is(SqlType::isNumeric)) {
      throw unexpectedType(where, operator, operand, "a number");
    }
    return operand;
  }

  private static Typed integralOperand(Typed operand, Expression where, String operator) {
    if (operand.type().isPresent() && !operand.is(SqlType::isIntegral) && !operand.is(t -> t.kind() == TypeKind.VOID)) {
      throw unexpectedType(where, operator, operand, "an integer");
    }
    return operand;
  }

  /**
   * The arguments of a built-in as its parameters take them: a simple value for a STRING is its text as the dialect
   * writes it (a BINARY stays bytes), text for a number is read as a DOUBLE and text for a BOOLEAN as one (bad text
   * fails as the row is read); an argument no implicit cast fits is UNEXPECTED_INPUT_TYPE.
   */
  private List<Typed> fitParameters(FunctionRegistry.Function function, List<Typed> arguments,
      FunctionCall call) {
    List<ParameterType> parameters = FunctionRegistry.parameters(function);
    if (parameters.isEmpty()) {
      return arguments;
    }
    List<Typed> fitted = new ArrayList<>(arguments.size());
    for (int i = 0; i < arguments.size(); i++) {
      fitted.add(fit(parameters.get(Math.min(i, parameters.size() - 1)), arguments.get(i), call,
          call.arguments().get(i), i + 1));
    }
    return fitted;
  }

  /** {@code value}, the {@code position}th operand of {@code whole}, as {@code parameter} takes it. */
  private Typed fit(ParameterType parameter, Typed value, Expression whole, Expression argument, int position) {
    Optional<SqlType> type = value.type();
    if (type.isEmpty()) {
      return value;
    }
    if (!parameter.accepts(type.get())) {
      throw Errors.typeMismatch("UNEXPECTED_INPUT_TYPE", Errors.quote(ExpressionNames.name(whole)), "Parameter "
          + position + " requires the " + parameter.description() + " type, however "
          + Errors.quote(ExpressionNames.name(argument)) + " has the type " + type.get().sql(), argument.span());
    }
    if (parameter == ParameterType.STRING && !value.is(SqlType::isCharacter)
        && !value.is(t -> t.kind() == TypeKind.BINARY || t.kind() == TypeKind.VOID)) {
      return new Typed(asText(value), Optional.of(SqlType.STRING), value.nullable());
    }
    SqlType read = parameter == ParameterType.NUMERIC ? SqlType.DOUBLE
        : parameter == ParameterType.BOOLEAN ? SqlType.BOOLEAN : null;
    return read != null && value.is(SqlType::isCharacter)
        ? new Typed(new Analyzed.Cast(value.value(), read), Optional.of(read), value.nullable()) : value;
  }

  private static EngineException unexpectedType(Expression where, String operator, Typed operand, String wanted) {
    return Errors.typeMismatch(Errors.quote(operator), "the operand of " + operator + " must be " + wanted
        + ", not " + operand.type().get().sql(), where.span());
  }

  /**
   * Arithmetic takes numbers (strings are read as numbers, NULL is any type); the one use of dates is a DATE plus or
   * minus a number of days, and a DATE or TIMESTAMP minus one of the same type. Anything else is a type error here,
   * never a failure in the store.
   */
  private static void checkArithmetic(Typed left, Typed right, Binary binary) {
    boolean leftTemporal = left.is(ExpressionTranslator::isTemporal);
    boolean rightTemporal = right.is(ExpressionTranslator::isTemporal);
    if (!leftTemporal && !rightTemporal) {
      numberOrText(left, binary);
      numberOrText(right, binary);
      return;
    }
    if (left.is(SqlType::isCharacter) || right.is(SqlType::isCharacter)) {
      throw unexpectedType(binary, binary.operator().symbol(), left.is(SqlType::isCharacter) ? left : right,
          "a number");
    }
    BinaryOperator operator = binary.operator();
    boolean datePlusDays = left.is(t -> t.kind() == TypeKind.DATE) && !rightTemporal
        && (operator == BinaryOperator.ADD || operator == BinaryOperator.SUBTRACT)
        || right.is(t -> t.kind() == TypeKind.DATE) && !leftTemporal && operator == BinaryOperator.ADD;
    boolean difference = operator == BinaryOperator.SUBTRACT && leftTemporal && rightTemporal
        && left.type().get().kind() == right.type().get().kind();
    if (datePlusDays) {
      integralOperand(leftTemporal ? right : left, binary, operator.symbol());
    } else if (!difference) {
      Typed culprit = leftTemporal ? left : right;
      throw unexpectedType(binary, operator.symbol(), culprit, "a number");
    }
  }

  private static boolean isTemporal(SqlType type) {
    return type.kind() == TypeKind.DATE || type.kind() == TypeKind.TIMESTAMP || type.kind() == TypeKind.TIMESTAMP_NTZ;
  }

  private static void numberOrText(Typed operand, Binary binary) {
    if (operand.type().isPresent() && !operand.is(SqlType::isNumeric) && !operand.is(SqlType::isCharacter)
        && !operand.is(t -> t.kind() == TypeKind.VOID)) {
      throw unexpectedType(binary, binary.operator().symbol(), operand, "a number");
    }
  }

  private Typed binary(Binary binary, Scope scope) {
    Typed left = translate(binary.left(), scope);
    Typed right = translate(binary.right(), scope);
    BinaryOperator operator = binary.operator();
    if (operator.isComparison() || operator.isArithmetic() && (left.is(SqlType::isNumeric)
        || right.is(SqlType::isNumeric))) {
      Typed typedLeft = expect(left, right.type());
      right = expect(right, left.type());
      left = typedLeft;
    }
    if (operator.isComparison() && zoned()) {
      Typed original = left;
      left = new Typed(meeting(left, List.of(right)), left.type(), left.nullable());
      right = new Typed(meeting(right, List.of(original)), right.type(), right.nullable());
    }
    if (operator.isArithmetic() && (left.is(SqlType::isInterval) || right.is(SqlType::isInterval))) {
      return intervalArithmetic(binary, left, right);
    }
    if (operator.isArithmetic()) {
      checkArithmetic(left, right, binary);
      // The dialect reads a string operand of arithmetic as a DOUBLE.
      left = left.is(SqlType::isCharacter) ? asDouble(left) : left;
      right = right.is(SqlType::isCharacter) ? asDouble(right) : right;
    } else if (operator.isComparison() && left.type().isPresent() && right.type().isPresent()
        && !SqlType.comparable(left.type().get(), right.type().get())) {
      throw Errors.typeMismatch(Errors.quote(operator.symbol()), "cannot compare " + left.type().get().sql() + " with "
          + right.type().get().sql(), binary.span());
    } else if (operator == BinaryOperator.AND || operator == BinaryOperator.OR) {
      requireBoolean(left, binary.left(), "an operand of " + operator.symbol());
      requireBoolean(right, binary.right(), "an operand of " + operator.symbol());
    } else if (operator.isBitwise()) {
      left = integralOperand(left, binary, operator.symbol());
      right = integralOperand(right, binary, operator.symbol());
    }
    Analyzed both = new Analyzed.Binary(operator, left.value(), right.value());
    return switch (operator) {
      // || is concat: of two arrays an array, of anything else the text of simple values
      case CONCAT -> translate(new FunctionCall(binary.span(), "concat", false, List.of(binary.left(),
          binary.right()), false, Optional.empty(), Optional.empty()), scope);
      case DIVIDE -> {
        SqlType type = ResultTypes.arithmetic(operator, left, right);
        yield type.kind() == TypeKind.DECIMAL ? decimalResult(both, type) : Typed.of(new Analyzed.Binary(operator,
            new Analyzed.Cast(left.value(), SqlType.DOUBLE), right.value()), SqlType.DOUBLE);
      }
      case INTEGER_DIVIDE -> {
        Analyzed quotient = new Analyzed.Binary(BinaryOperator.DIVIDE, new Analyzed.Cast(left.value(),
            SqlType.decimal(38, 10)), right.value());
        yield Typed.of(new Analyzed.Cast(new Analyzed.Truncated(quotient), SqlType.BIGINT), SqlType.BIGINT);
      }
      case BITWISE_AND, BITWISE_OR, BITWISE_XOR -> Typed.of(both, bitwiseType(left, right));
      case AND, OR, EQUAL, NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL, NULL_SAFE_EQUAL ->
          Typed.of(both, SqlType.BOOLEAN);
      case MODULO -> {
        SqlType type = ResultTypes.arithmetic(operator, left, right);
        yield type.kind() == TypeKind.DECIMAL ? decimalResult(both, type) : Typed.of(both, type);
      }
      case ADD, SUBTRACT, MULTIPLY -> {
        if (left.is(t -> t.kind() == TypeKind.DATE) != right.is(t -> t.kind() == TypeKind.DATE)) {
          yield Typed.of(both, SqlType.DATE);
        }
        if (left.is(ExpressionTranslator::isTemporal)) {
          // the difference of two dates or timestamps is an interval, which clients read as its text
          yield Typed.of(both, SqlType.STRING);
        }
        SqlType type = ResultTypes.arithmetic(operator, left, right);
        yield type.kind() == TypeKind.DECIMAL ? decimalResult(both, type) : Typed.of(both, type);
      }
    };
  }

  private static Typed asDouble(Typed value) {
    return Typed.of(new Analyzed.Cast(value.value(), SqlType.DOUBLE), SqlType.DOUBLE);
  }

  /**
   * Arithmetic with intervals, as the dialect has it: intervals of one kind add and subtract, and multiply and divide
   * by numbers (rounding half up to whole months or microseconds); a date or timestamp plus or minus an interval is
   * a date or timestamp. Months move a TIMESTAMP's wall clock in the session zone; microseconds are exact time, so a
   * day is 24 hours. A DATE stays a DATE when the interval is whole days or months, else it becomes a TIMESTAMP at its
   * midnight in the session zone.
   */
  private Typed intervalArithmetic(Binary binary, Typed left, Typed right) {
    BinaryOperator operator = binary.operator();
    boolean additive = operator == BinaryOperator.ADD || operator == BinaryOperator.SUBTRACT;
    if (additive && left.is(SqlType::isInterval) && right.is(SqlType::isInterval)
        && left.type().get().kind() == right.type().get().kind()) {
      SqlType a = left.type().get();
      SqlType b = right.type().get();
      SqlType type = SqlType.interval(a.intervalStart().compareTo(b.intervalStart()) <= 0 ? a.intervalStart()
          : b.intervalStart(), a.intervalEnd().compareTo(b.intervalEnd()) >= 0 ? a.intervalEnd() : b.intervalEnd());
      return Typed.of(new Analyzed.Binary(operator, left.value(), right.value()), type);
    }
    if (additive && right.is(SqlType::isInterval) && left.is(ExpressionTranslator::isTemporal)) {
      return shifted(left, right, operator == BinaryOperator.SUBTRACT);
    }
    if (operator == BinaryOperator.ADD && left.is(SqlType::isInterval) && right.is(ExpressionTranslator::isTemporal)) {
      return shifted(right, left, false);
    }
    Typed interval = left.is(SqlType::isInterval) ? left : right;
    Typed factor = interval == left ? right : left;
    boolean scales = operator == BinaryOperator.MULTIPLY || operator == BinaryOperator.DIVIDE && interval == left;
    if (scales && (factor.is(SqlType::isNumeric) || factor.is(t -> t.kind() == TypeKind.VOID))) {
      Analyzed scaled = operator == BinaryOperator.MULTIPLY && factor.is(SqlType::isIntegral)
          ? new Analyzed.Binary(operator, interval.value(), factor.value())
          : new Analyzed.Cast(new Analyzed.Operation(OperationKind.ROUND, new Analyzed.Binary(operator,
              new Analyzed.Cast(interval.value(), SqlType.decimal(38, 6)), factor.value())), SqlType.BIGINT);
      // As in the dialect, a scaled interval has all the fields of its kind: YEAR TO MONTH or DAY TO SECOND.
      SqlType type = interval.is(t -> t.kind() == TypeKind.INTERVAL_YEAR_MONTH)
          ? SqlType.interval(IntervalField.YEAR, IntervalField.MONTH)
          : SqlType.interval(IntervalField.DAY, IntervalField.SECOND);
      return Typed.of(scaled, type);
    }
    throw Errors.typeMismatch(Errors.quote(operator.symbol()), "cannot apply " + operator.symbol() + " to "
        + left.type().map(SqlType::sql).orElse("a parameter") + " and "
        + right.type().map(SqlType::sql).orElse("a parameter"), binary.span());
  }

  /** {@code temporal} moved by {@code interval} (backwards when {@code subtract}). */
  private Typed shifted(Typed temporal, Typed interval, boolean subtract) {
    Analyzed amount = subtract ? new Analyzed.Negated(interval.value()) : interval.value();
    SqlType type = temporal.type().get();
    if (interval.is(t -> t.kind() == TypeKind.INTERVAL_YEAR_MONTH)) {
      // months move the wall clock: a TIMESTAMP's in the session zone
      return Typed.of(type.kind() == TypeKind.TIMESTAMP && zoned()
          ? instantOf(new Analyzed.DateAdd(Analyzed.DateUnit.MONTH, amount, wallClockOf(temporal)))
          : new Analyzed.DateAdd(Analyzed.DateUnit.MONTH, amount, temporal.value()), type);
    }
    if (type.kind() == TypeKind.DATE && interval.type().get().intervalEnd() == IntervalField.DAY) {
      return Typed.of(new Analyzed.DateAdd(Analyzed.DateUnit.DAY, new Analyzed.Binary(BinaryOperator.DIVIDE, amount,
          new Analyzed.Number(BigDecimal.valueOf(IntervalField.DAY.unit()))), temporal.value()), type);
    }
    Analyzed start = type.kind() == TypeKind.DATE
        ? instantOf(new Analyzed.Cast(temporal.value(), SqlType.TIMESTAMP)) : temporal.value();
    SqlType result = type.kind() == TypeKind.DATE ? SqlType.TIMESTAMP : type;
    return Typed.of(new Analyzed.DateAdd(Analyzed.DateUnit.MICROSECOND, amount, start), result);
  }

  private static SqlType bitwiseType(Typed left, Typed right) {
    Optional<SqlType> type = ResultTypes.common(List.of(left, right)).filter(SqlType::isIntegral);
    return type.orElse(SqlType.BIGINT);
  }

  /**
   * A decimal result cast to the precision and scale the dialect derives, so the values clients read have the scale
   * the column says (H2 keeps 20 or more digits after the point of a quotient; the cast rounds half up, as Spark).
   */
  private static Typed decimalResult(Analyzed value, SqlType type) {
    return Typed.of(new Analyzed.Cast(value, type), type);
  }

  /** A simple value as the dialect writes it as text (a boolean lower case, a TIMESTAMP in the session's zone). */
  Analyzed asText(Typed value) {
    if (value.is(SqlType::isCharacter)) {
      return value.value();
    }
    if (value.is(SqlType::isInterval)) {
      return intervalText(value);
    }
    if (value.is(t -> t.kind() == TypeKind.BOOLEAN)) {
      return new Analyzed.BooleanText(value.value());
    }
    return new Analyzed.Cast(wallClockOf(value), SqlType.STRING);
  }

  /** An interval as the dialect writes it, {@code INTERVAL '1' DAY}. */
  private static Analyzed intervalText(Typed interval) {
    return new Analyzed.IntervalText(interval.value(), interval.type().get());
  }

  // The session time zone. The store keeps a TIMESTAMP (an instant) as its wall clock in UTC, so in a session of
  // another zone its text and fields come from the zone's wall clock, and text, dates and TIMESTAMP_NTZ values
  // become TIMESTAMPs as wall clocks of the zone. Definitions (inline) are the table's, not the session's: UTC.

  private boolean zoned() {
    return !inline && session.zoned();
  }

  /** A TIMESTAMP as the session zone's wall clock; anything else as it is. */
  Analyzed wallClockOf(Typed value) {
    return zoned() && value.is(t -> t.kind() == TypeKind.TIMESTAMP)
        ? new Analyzed.WallClock(value.value(), session.timeZone()) : value.value();
  }

  /** A wall clock of the session zone (a TIMESTAMP_NTZ, or a DATE's midnight) as the TIMESTAMP it is there. */
  Analyzed instantOf(Analyzed wallClock) {
    return zoned() ? new Analyzed.Instant(wallClock, session.timeZone()) : wallClock;
  }

  /** Whether a value becomes a TIMESTAMP as a wall clock when it meets one: text, a DATE, a TIMESTAMP_NTZ. */
  private static boolean wallClockLike(Typed value) {
    return value.is(t -> t.isCharacter() || t.kind() == TypeKind.DATE || t.kind() == TypeKind.TIMESTAMP_NTZ);
  }

  /** {@code value} where it meets {@code others} in one value: a wall clock meeting a TIMESTAMP becomes one. */
  private Analyzed meeting(Typed value, List<Typed> others) {
    return towardTimestamp(value, others.stream().anyMatch(other -> other.is(t -> t.kind() == TypeKind.TIMESTAMP)));
  }

  /** {@code value}, as the TIMESTAMP it is in the session's zone where it becomes one and is a wall clock. */
  Analyzed towardTimestamp(Typed value, boolean becomesTimestamp) {
    return becomesTimestamp && wallClockLike(value) ? instantOf(value.value()) : value.value();
  }

  private Typed like(Like like, Scope scope) {
    Analyzed value = fit(ParameterType.STRING, expect(translate(like.value(), scope), Optional.of(SqlType.STRING)),
        like, like.value(), 1).value();
    Analyzed pattern = fit(ParameterType.STRING, expect(translate(like.pattern(), scope),
        Optional.of(SqlType.STRING)), like, like.pattern(), 2).value();
    Optional<Analyzed> escape = like.escape().map(e -> translate(e, scope).value());
    return Typed.of(new Analyzed.Like(like.kind(), value, pattern, escape, like.negated()), SqlType.BOOLEAN);
  }

  private Typed caseExpression(Case caseExpression, Scope scope) {
    Optional<Analyzed> operand = caseExpression.operand().map(value -> translate(value, scope).value());
    List<Typed> results = new ArrayList<>();
    List<Analyzed> conditions = new ArrayList<>();
    for (WhenClause when : caseExpression.whens()) {
      results.add(translate(when.result(), scope));
      Typed condition = translate(when.condition(), scope);
      if (caseExpression.operand().isEmpty()) {
        requireBoolean(condition, when.condition(), "a WHEN condition");
      }
      conditions.add(condition.value());
    }
    caseExpression.otherwise().ifPresent(otherwise -> results.add(translate(otherwise, scope)));
    requireOneType(results, caseExpression, "CASE");
    // the results meet in one value: a wall clock among TIMESTAMPs is one of the session's zone
    List<Analyzed.When> whens = new ArrayList<>();
    for (int i = 0; i < conditions.size(); i++) {
      whens.add(new Analyzed.When(conditions.get(i), meeting(results.get(i), results)));
    }
    Optional<Analyzed> otherwise = results.size() > conditions.size()
        ? Optional.of(meeting(results.get(conditions.size()), results)) : Optional.empty();
    return new Typed(new Analyzed.Case(operand, whens, otherwise), ResultTypes.common(results));
  }

  private Typed cast(Cast cast, Scope scope) {
    Typed value = expect(translate(cast.value(), scope), Optional.of(cast.type()));
    Typed result = castOf(value, cast);
    return cast.tryCast() || value.nullable() ? result : result.notNull();
  }

  private Typed castOf(Typed value, Cast cast) {
    SqlType target = cast.type();
    if (value.type().isPresent() && !TypeRules.castable(value.type().get(), target)) {
      throw uncastable(value.type().get(), cast);
    }
    if (target.isCharacter() && value.is(t -> !t.children().isEmpty())) {
      return Typed.of(new Analyzed.Cast(complexText(ComplexText.Style.CAST, JsonOptions.Formats.DEFAULT).of(
          value.value(), value.type().get()), target), target);
    }
    if (value.is(SqlType::isInterval)) {
      if (!target.isCharacter()) {
        throw Errors.typeMismatch(Errors.quote("CAST"), "cannot cast " + value.type().get().sql() + " to "
            + target.sql(), cast.span());
      }
      return Typed.of(new Analyzed.Cast(intervalText(value), target), target);
    }
    boolean fromTimestamp = value.is(t -> t.kind() == TypeKind.TIMESTAMP) && target.kind() != TypeKind.TIMESTAMP;
    if (fromTimestamp && target.isNumeric() || target.kind() == TypeKind.TIMESTAMP && value.is(SqlType::isNumeric)) {
      return Typed.of(epochSeconds(value.value(), fromTimestamp, target), target);
    }
    Analyzed source = fromTimestamp ? wallClockOf(value) : value.value();
    if (target.isIntegral() && value.is(t -> t.kind() == TypeKind.DOUBLE || t.kind() == TypeKind.FLOAT
        || t.kind() == TypeKind.DECIMAL)) {
      source = new Analyzed.Truncated(source);
    }
    if (target.isCharacter() && value.is(t -> t.kind() == TypeKind.BOOLEAN)) {
      return Typed.of(new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(source,
          new Analyzed.Text("true")), new Analyzed.When(new Analyzed.Not(source), new Analyzed.Text("false"))),
          Optional.empty()), target);
    }
    Analyzed converted = target.kind() == TypeKind.TIMESTAMP && wallClockLike(value)
        ? instantOf(new Analyzed.Cast(source, target)) : new Analyzed.Cast(source, target);
    if (cast.tryCast() && value.is(SqlType::isCharacter)) {
      // TRY_CAST gives NULL where CAST fails; H2 has no such form, so text is tested for the target's form first
      return Typed.of(new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(new Analyzed.Readable(source,
          target), converted)), Optional.empty()), target);
    }
    return Typed.of(converted, target);
  }

  /**
   * A TIMESTAMP as seconds since 1970-01-01 00:00:00 UTC (whole ones, rounded down, for an integer), or a number of
   * such seconds as the instant, to the microsecond.
   */
  private static Analyzed epochSeconds(Analyzed value, boolean fromTimestamp, SqlType target) {
    if (!fromTimestamp) {
      return new Analyzed.Cast(new Analyzed.Operation(OperationKind.FROM_EPOCH_SECONDS, value), target);
    }
    Analyzed seconds = new Analyzed.Operation(OperationKind.EPOCH_SECONDS, value);
    return new Analyzed.Cast(target.isIntegral() ? new Analyzed.Operation(OperationKind.FLOOR, seconds) : seconds,
        target);
  }

  /** to_json(value [, options]): a struct, an array or a map as JSON text. */
  private Typed toJson(FunctionCall call, Scope scope) {
    List<Expression> arguments = call.arguments();
    if (arguments.isEmpty() || arguments.size() > 2) {
      throw Errors.wrongArguments("to_json", "1 or 2", arguments.size(), call.span());
    }
    Map<String, String> options = arguments.size() == 2
        ? JsonOptions.check("to_json", arguments.get(1), JsonOptions.TO_JSON) : Map.of();
    boolean keepNulls = options.getOrDefault("ignorenullfields", "true").equals("false");
    Typed value = translate(arguments.get(0), scope);
    SqlType type = value.type().orElse(SqlType.STRING);
    if (type.kind() != TypeKind.STRUCT && type.kind() != TypeKind.ARRAY && type.kind() != TypeKind.MAP) {
      throw Errors.typeMismatch("INVALID_JSON_SCHEMA", Errors.quote(ExpressionNames.name(call)), "Input schema "
          + type.sql() + " must be a struct, an array or a map", arguments.get(0).span());
    }
    ComplexText.Style style = keepNulls ? ComplexText.Style.JSON_WITH_NULLS : ComplexText.Style.JSON;
    return new Typed(complexText(style, JsonOptions.Formats.of(options)).of(value.value(), type),
        Optional.of(SqlType.STRING), value.nullable());
  }

  private ComplexText complexText(ComplexText.Style style, JsonOptions.Formats formats) {
    return new ComplexText(style, queries::newAlias, this::asText, sessionZone(), formats);
  }

  /** The zone whose wall clock a TIMESTAMP's text shows: the session's, or UTC in a definition. */
  private Analyzed sessionZone() {
    return new Analyzed.Text(zoned() ? session.timeZone().getId() : "UTC");
  }

  /** CAST_WITHOUT_SUGGESTION, or CAST_WITH_FUNC_SUGGESTION where a function converts between dates and numbers. */
  private static EngineException uncastable(SqlType from, Cast cast) {
    SqlType to = cast.type();
    String message = "cannot cast " + from.sql() + " to " + to.sql();
    Optional<String> function = from.kind() == TypeKind.DATE && to.isNumeric() ? Optional.of("UNIX_DATE")
        : from.isNumeric() && to.kind() == TypeKind.DATE ? Optional.of("DATE_FROM_UNIX_DATE") : Optional.empty();
    if (function.isPresent()) {
      return Errors.typeMismatch("CAST_WITH_FUNC_SUGGESTION", Errors.quote(ExpressionNames.name(cast)), message
          + ". To convert values from " + from.sql() + " to " + to.sql() + ", you can use the functions "
          + function.get() + " instead", cast.span());
    }
    return Errors.typeMismatch("CAST_WITHOUT_SUGGESTION", Errors.quote(ExpressionNames.name(cast)), message,
        cast.span());
  }

  /** The dialect's casts written as functions: {@code double(x)} is {@code CAST(x AS DOUBLE)}. */
  private static final Map<String, SqlType> CAST_FUNCTIONS = Map.ofEntries(Map.entry("boolean", SqlType.BOOLEAN),
      Map.entry("tinyint", SqlType.TINYINT), Map.entry("smallint", SqlType.SMALLINT), Map.entry("int", SqlType.INT),
      Map.entry("bigint", SqlType.BIGINT), Map.entry("float", SqlType.FLOAT), Map.entry("double", SqlType.DOUBLE),
      Map.entry("decimal", SqlType.decimal(10, 0)), Map.entry("string", SqlType.STRING),
      Map.entry("binary", SqlType.BINARY), Map.entry("date", SqlType.DATE), Map.entry("timestamp", SqlType.TIMESTAMP));

  private Typed function(FunctionCall call, Scope scope) {
    String name = call.name();
    SqlType castTo = CAST_FUNCTIONS.get(name);
    if (castTo != null && !call.distinct() && !call.star() && call.window().isEmpty() && call.filter().isEmpty()) {
      if (call.arguments().size() != 1) {
        throw Errors.wrongArguments(name, "1", call.arguments().size(), call.span());
      }
      return cast(new Cast(call.span(), call.arguments().get(0), castTo, false), scope);
    }
    if (ArrayFunctions.NAMES.contains(name) && !call.distinct() && !call.star() && call.window().isEmpty()
        && call.filter().isEmpty()) {
      return new ArrayFunctions(this, queries::newAlias).translate(call, scope);
    }
    if (Generators.isGenerator(name)) {
      // QueryTranslator expands a generator that is a whole select item; anywhere else is an error
      throw EngineException.of(ErrorClass.UNSUPPORTED_GENERATOR).subClass("OUTSIDE_SELECT",
          "The generator is not supported outside the SELECT clause, or nested in an expression: <plan>.")
          .parameter("plan", name + "(...)").at(call.span()).build();
    }
    switch (name) {
      case "current_user", "user", "session_user" -> {
        return Typed.of(constantValue(session.user(), SqlType.STRING), SqlType.STRING);
      }
      case "is_account_group_member", "is_member" -> {
        return groupMember(call, scope);
      }
      case "grouping", "grouping_id" -> {
        // GroupingSets replaces them in blocks with GROUPING SETS, ROLLUP or CUBE
        throw EngineException.of(ErrorClass.UNSUPPORTED_GROUPING_EXPRESSION).at(call.span()).build();
      }
      case "current_timezone" -> {
        return Typed.of(constantValue(session.timeZone().getId(), SqlType.STRING), SqlType.STRING);
      }
      case "localtimestamp" -> {
        if (!call.arguments().isEmpty() || call.star()) {
          throw Errors.wrongArguments(name, "0", call.arguments().size(), call.span());
        }
        // the session zone's wall clock now, with no zone: a TIMESTAMP_NTZ, as in Spark
        return Typed.of(wallClockOf(Typed.of(new Analyzed.Now(), SqlType.TIMESTAMP)), SqlType.TIMESTAMP_NTZ);
      }
      case "typeof" -> {
        if (call.arguments().size() != 1 || call.star() || call.distinct()) {
          throw Errors.wrongArguments(name, "1", call.arguments().size(), call.span());
        }
        Typed value = translate(call.arguments().get(0), scope);
        Analyzed type = constantValue(ResultTypes.orString(value.type()).sql(), SqlType.STRING);
        // The value stays in the SQL, so an aggregate argument still makes the block aggregate.
        return Typed.of(new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(new Analyzed.NullTest(
            value.value(), false, false), type)), Optional.of(type)), SqlType.STRING).notNull();
      }
      case "current_catalog" -> {
        return Typed.of(constantValue(session.catalog(), SqlType.STRING), SqlType.STRING);
      }
      case "current_schema", "current_database" -> {
        return Typed.of(constantValue(session.schema(), SqlType.STRING), SqlType.STRING);
      }
      case "hex" -> {
        if (call.arguments().size() == 1) {
          Typed value = translate(call.arguments().get(0), scope);
          if (value.is(SqlType::isIntegral)) {
            return Typed.of(Analyzed.system(Analyzed.SystemFunction.HEX_OF_NUMBER, new Analyzed.Cast(value.value(),
                SqlType.BIGINT)), SqlType.STRING);
          }
        }
      }
      case "concat" -> {
        if (!call.arguments().isEmpty() && translate(call.arguments().get(0), scope).is(t -> t.kind() == TypeKind.ARRAY)) {
          return special.concatArrays(call, scope);
        }
      }
      case "reverse" -> {
        if (call.arguments().size() == 1 && translate(call.arguments().get(0), scope)
            .is(t -> t.kind() == TypeKind.ARRAY)) {
          return new ArrayFunctions(this, queries::newAlias).reversed(call, scope);
        }
      }
      case "concat_ws" -> {
        if (call.arguments().size() >= 2 && call.arguments().subList(1, call.arguments().size()).stream()
            .anyMatch(argument -> translate(argument, scope).is(t -> t.kind() == TypeKind.ARRAY))) {
          return new ArrayFunctions(this, queries::newAlias).concatWs(call, scope);
        }
      }
      case "hash", "xxhash64" -> {
        return special.hash(call, scope);
      }
      case "format_string", "printf" -> {
        return special.formatString(call, scope);
      }
      case "try_add", "try_subtract", "try_multiply", "try_divide" -> {
        return special.tryArithmetic(call, scope);
      }
      case "struct", "named_struct" -> {
        return struct(call, scope);
      }
      case "map" -> {
        return map(call, scope);
      }
      case "map_keys", "map_values" -> {
        Typed map = onlyMapArgument(call, scope);
        int child = name.equals("map_keys") ? 0 : 1;
        return Typed.of(new Analyzed.Operation(child == 0 ? OperationKind.MAP_KEYS : OperationKind.MAP_VALUES,
            map.value()),
            SqlType.array(map.type().orElseThrow().children().get(child)));
      }
      case "from_json" -> {
        if (call.arguments().size() < 2 || call.arguments().size() > 3) {
          throw Errors.wrongArguments("from_json", "2 or 3", call.arguments().size(), call.span());
        }
        Map<String, String> options = call.arguments().size() == 3
            ? JsonOptions.check("from_json", call.arguments().get(2), JsonOptions.FROM_JSON) : Map.of();
        Typed json = translate(call.arguments().get(0), scope);
        SqlType schema = FromJson.schema(call.arguments().get(1), call.span());
        Analyzed text = new Analyzed.Cast(json.value(), SqlType.STRING);
        return Typed.of(new FromJson(queries::newAlias, options, sessionZone()).value(text, schema), schema);
      }
      case "to_json" -> {
        return toJson(call, scope);
      }
      case "extract", "date_trunc", "date_part" -> {
        return datePart(call, scope);
      }
      case "get_json_object" -> {
        return special.jsonObject(call, scope);
      }
      case "schema_of_json" -> {
        return special.schemaOfJson(call);
      }
      case "from_unixtime" -> {
        return special.fromUnixtime(call, scope);
      }
      case "to_unix_timestamp", "unix_timestamp" -> {
        if (call.arguments().size() == 2 || name.equals("to_unix_timestamp")) {
          return special.unixTimestamp(call, scope);
        }
      }
      case "trunc" -> {
        return special.truncDate(call, scope);
      }
      case "dateadd", "date_add", "timestampadd", "datediff", "date_diff", "timestampdiff" -> {
        if (call.arguments().size() == 3) {
          return special.unitArithmetic(call, scope);
        }
      }
      default -> {
        // an ordinary registered function
      }
    }
    if ((name.equals("size") || name.equals("cardinality") || name.equals("element_at"))
        && !call.arguments().isEmpty()) {
      Typed first = translate(call.arguments().get(0), scope);
      if (first.is(t -> t.kind() == TypeKind.MAP)) {
        if (name.equals("element_at") && call.arguments().size() == 2) {
          return mapValue(first, translate(call.arguments().get(1), scope));
        }
        if (!name.equals("element_at") && call.arguments().size() == 1) {
          return Typed.of(new Analyzed.Operation(OperationKind.MAP_SIZE, first.value()), SqlType.INT);
        }
      }
      if (first.is(t -> t.kind() == TypeKind.ARRAY) && name.equals("element_at") && call.arguments().size() == 2) {
        // 1-based, and a negative index counts from the end, as in the dialect (-1 is the last element)
        Typed index = expect(translate(call.arguments().get(1), scope), Optional.of(SqlType.INT));
        integralOperand(index, call, "element_at");
        return Typed.of(new Analyzed.Operation(OperationKind.ELEMENT_AT, first.value(), index.value()),
            first.type().get().children().get(0));
      }
    }
    if (FunctionRegistry.lookup(name).isEmpty()) {
      Optional<FunctionInfo> routine = queries.catalog().function(new TableName(session.catalog(), session.schema(),
          name));
      if (routine.isPresent()) {
        if (call.star() || call.distinct() || call.filter().isPresent() || call.window().isPresent()) {
          throw Errors.notSupported("*, DISTINCT, FILTER or OVER with a SQL function", call.span());
        }
        List<Typed> arguments = new ArrayList<>();
        for (Expression argument : call.arguments()) {
          arguments.add(translate(argument, scope));
        }
        return call(routine.get(), arguments, call.span());
      }
    }
    FunctionRegistry.Function function = FunctionRegistry.lookup(name)
        .orElseThrow(() -> Errors.unresolvedRoutine(name, List.of("system.builtin", "system.session",
            session.catalog() + "." + session.schema()), call.span()));
    // count(*) has one argument, the star; no other function takes a star.
    int count = call.star() ? (name.equals("count") ? 1 : 0) : call.arguments().size();
    if (count < function.minArguments() || count > function.maxArguments()) {
      throw Errors.wrongArguments(name, function.arity(), count, call.span());
    }
    List<Typed> arguments = new ArrayList<>();
    for (Expression argument : call.arguments()) {
      arguments.add(translate(argument, scope));
    }
    arguments = fitParameters(function, arguments, call);
    if (NUMERIC_AGGREGATES.contains(function.name())) {
      Typed operand = numericOperand(arguments.get(0), call, name);
      // H2 folds a constant such as -CAST(NULL AS INTEGER) to a NULL without a type, which its SUM and AVG refuse;
      // the cast keeps the type the dialect gave it.
      if (!(call.arguments().get(0) instanceof ColumnRef) && operand.type().isPresent()) {
        SqlType type = operand.type().get();
        operand = Typed.of(new Analyzed.Cast(operand.value(), type), type);
      }
      arguments.set(0, operand);
    }
    switch (function.kind()) {
      case SCALAR -> {
        if (call.window().isPresent() || call.distinct() || call.filter().isPresent()) {
          throw Errors.notSupported("DISTINCT, FILTER or OVER with the scalar function " + name, call.span());
        }
        switch (function.name()) {
          case "coalesce", "ifnull", "nullif", "greatest", "least" -> requireOneType(arguments, call, name);
          case "nvl2" -> requireOneType(arguments.subList(1, 3), call, name);
          case "if" -> {
            requireBoolean(arguments.get(0), call.arguments().get(0), "the condition of " + name);
            requireOneType(arguments.subList(1, 3), call, name);
          }
          default -> {
            // no constraint across arguments
          }
        }
        List<Analyzed> values = values(arguments);
        if (ONE_VALUE_ARGUMENTS.contains(function.name())) {
          // the arguments meet in one value: a wall clock among TIMESTAMPs is one of the session's zone
          int first = function.name().equals("nvl2") || function.name().equals("if") ? 1 : 0;
          List<Typed> meeting = arguments.subList(first, arguments.size());
          List<Analyzed> met = new ArrayList<>();
          for (int i = 0; i < arguments.size(); i++) {
            met.add(i < first ? arguments.get(i).value() : meeting(arguments.get(i), meeting));
          }
          values = met;
        } else if (WALL_CLOCK_ARGUMENTS.contains(function.name())) {
          values = arguments.stream().map(this::wallClockOf).toList();
        }
        boolean rounding = function.name().equals("round") || function.name().equals("bround");
        SqlType type = rounding ? roundType(call, arguments.get(0)) : function.resultType().of(arguments);
        Analyzed value = new Analyzed.Call(function, values);
        if (rounding && (type.kind() == TypeKind.DECIMAL || function.name().equals("bround"))) {
          value = new Analyzed.Cast(value, type);
        } else if (function.name().equals("to_timestamp") || function.name().equals("make_timestamp")) {
          value = instantOf(value);
        } else if (function.name().equals("current_date") && zoned()) {
          value = new Analyzed.Cast(wallClockOf(Typed.of(new Analyzed.Now(), SqlType.TIMESTAMP)), SqlType.DATE);
        }
        return Typed.of(value, type);
      }
      case AGGREGATE -> {
        Optional<Analyzed> filter = call.filter().map(condition -> translate(condition, scope).value());
        if (PERCENTILES.contains(function.name())) {
          percentage(call);
        }
        if (function.name().startsWith("listagg") && call.arguments().size() >= 2) {
          // H2 takes the delimiter as a constant only
          io.flowgate.engine.sql.analyzer.FoldableArguments.require(call.arguments().get(1), name, "delimiter",
              "STRING", FunctionRegistry.TRAITS);
        }
        Optional<Analyzed.Window> over = call.window().map(window -> window(window, scope));
        SqlType type = function.resultType().of(arguments);
        return Typed.of(new Analyzed.Aggregate(function, call.distinct(), call.star(), values(arguments), filter, over,
            type), type);
      }
      case WINDOW -> {
        if (call.window().isEmpty()) {
          throw EngineException.of(ErrorClass.WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE)
              .parameter("funcName", Errors.quote(name)).at(call.span()).build();
        }
        SqlType type = function.resultType().of(arguments);
        if (name.equals("ntile") && !(call.arguments().get(0) instanceof Literal buckets
            && buckets.kind() == LiteralKind.INTEGER && !buckets.text().startsWith("-") && !buckets.text().equals("0"))) {
          throw Errors.typeMismatch("ntile", "the number of buckets must be a positive integer literal",
              call.arguments().get(0).span());
        }
        WindowSpec over = call.window().get();
        if (over.frame().isPresent()) {
          // Ranks and offsets have a frame of their own; one that says the same is allowed and left out.
          Frame frame = over.frame().get();
          boolean implied = frame.unit() == FrameUnit.ROWS && frame.start().kind() == BoundKind.UNBOUNDED_PRECEDING
              && frame.end().kind() == BoundKind.CURRENT_ROW;
          if (!implied && !name.endsWith("_value")) {
            throw EngineException.of(ErrorClass.WINDOW_FUNCTION_AND_FRAME_MISMATCH)
                .parameter("funcName", Errors.quote(name)).at(over.span()).build();
          }
          if (!name.endsWith("_value")) {
            over = new WindowSpec(over.span(), over.partitionBy(), over.orderBy(), Optional.empty());
          }
        }
        return Typed.of(new Analyzed.WindowFunction(function, values(arguments), window(over, scope), type), type);
      }
    }
    throw Errors.internal("unknown function kind", null);
  }

  /**
   * A column, or a field of a STRUCT column: {@code s.a} when no relation {@code s} has a column {@code a}, as the
   * dialect resolves it (the longest column name first).
   */
  private Typed columnOrField(ColumnRef reference, Scope scope) {
    try {
      Scope.Column column = scope.resolve(reference).column();
      return new Typed(column.value(), column.type(), column.nullable());
    } catch (EngineException notAColumn) {
      List<String> parts = reference.parts();
      for (int prefix = parts.size() - 1; prefix >= 1; prefix--) {
        Typed base;
        try {
          Scope.Column column = scope.resolve(new ColumnRef(reference.span(), parts.subList(0, prefix))).column();
          base = new Typed(column.value(), column.type());
        } catch (EngineException tryShorter) {
          continue;
        }
        if (!base.is(t -> t.kind() == TypeKind.STRUCT)) {
          continue;
        }
        for (String field : parts.subList(prefix, parts.size())) {
          base = field(base, field, reference.span());
        }
        return base;
      }
      throw notAColumn;
    }
  }

  private static Typed field(Typed base, String name, io.flowgate.engine.sql.tree.Span span) {
    if (!base.is(t -> t.kind() == TypeKind.STRUCT)) {
      throw EngineException.of(ErrorClass.INVALID_EXTRACT_BASE_FIELD_TYPE).parameter("base", name)
          .parameter("other", base.type().map(SqlType::sql).orElse("an unknown type")).at(span).build();
    }
    SqlType struct = base.type().orElseThrow();
    for (int i = 0; i < struct.fieldNames().size(); i++) {
      if (struct.fieldNames().get(i).equalsIgnoreCase(name)) {
        return Typed.of(new Analyzed.Field(base.value(), struct.fieldNames().get(i)), struct.children().get(i));
      }
    }
    throw EngineException.of(ErrorClass.FIELD_NOT_FOUND).parameter("fieldName", Errors.quote(name))
        .parameter("fields", struct.fieldNames().stream().map(Errors::quote).toList()).at(span).build();
  }

  private Typed struct(FunctionCall call, Scope scope) {
    boolean named = call.name().equals("named_struct");
    List<Expression> arguments = call.arguments();
    if (named && arguments.size() % 2 != 0) {
      throw Errors.wrongArguments(call.name(), "an even number of", arguments.size(), call.span());
    }
    if (arguments.isEmpty()) {
      // The store has no struct of no fields.
      throw Errors.wrongArguments(call.name(), "at least one", 0, call.span());
    }
    List<String> names = new ArrayList<>();
    List<SqlType> types = new ArrayList<>();
    List<Analyzed> values = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i += named ? 2 : 1) {
      Expression value = arguments.get(named ? i + 1 : i);
      if (named) {
        if (!(arguments.get(i) instanceof Literal literal) || literal.kind() != Expression.LiteralKind.STRING) {
          throw Errors.typeMismatch("named_struct", "field names must be string literals", call.span());
        }
        names.add(literal.text());
      } else {
        names.add(value instanceof ColumnRef column ? column.name()
            : value instanceof Expression.FieldAccess access ? access.field() : "col" + (i + 1));
      }
      Typed translated = translate(value, scope);
      types.add(translated.type().filter(t -> t.kind() != TypeKind.VOID).orElse(SqlType.STRING));
      values.add(translated.value());
    }
    SqlType type = SqlType.struct(names, types);
    return Typed.of(new Analyzed.Cast(new Analyzed.Operation(OperationKind.ROW, values), type), type);
  }

  private Typed map(FunctionCall call, Scope scope) {
    List<Expression> arguments = call.arguments();
    if (arguments.size() % 2 != 0) {
      throw Errors.wrongArguments("map", "an even number of", arguments.size(), call.span());
    }
    List<Analyzed> keys = new ArrayList<>();
    List<Analyzed> values = new ArrayList<>();
    SqlType keyType = SqlType.STRING;
    SqlType valueType = SqlType.STRING;
    for (int i = 0; i < arguments.size(); i += 2) {
      Typed key = translate(arguments.get(i), scope);
      Typed value = translate(arguments.get(i + 1), scope);
      if (i == 0) {
        keyType = key.type().filter(t -> t.kind() != TypeKind.VOID).orElse(SqlType.STRING);
        valueType = value.type().filter(t -> t.kind() != TypeKind.VOID).orElse(SqlType.STRING);
      }
      keys.add(key.value());
      values.add(value.value());
    }
    SqlType type = SqlType.map(keyType, valueType);
    return Typed.of(new Analyzed.CheckedMap(new Analyzed.Operation(OperationKind.ARRAY, keys),
        new Analyzed.Operation(OperationKind.ARRAY, values), type, "map"), type);
  }

  private Typed onlyMapArgument(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 1) {
      throw Errors.wrongArguments(call.name(), "1", call.arguments().size(), call.span());
    }
    Typed map = translate(call.arguments().get(0), scope);
    if (!map.is(t -> t.kind() == TypeKind.MAP)) {
      throw Errors.typeMismatch(call.name() + "(...)", "the argument must be a MAP", call.span());
    }
    return map;
  }

  /** The value of a key: H2 cannot search an array, so the engine's own FG_SYS.MAP_INDEX finds the position. */
  private static Typed mapValue(Typed map, Typed key) {
    SqlType type = map.type().orElseThrow();
    return Typed.of(new Analyzed.Operation(OperationKind.MAP_VALUE, map.value(), new Analyzed.Cast(key.value(),
        type.children().get(0))), type.children().get(1));
  }

  private Typed datePart(FunctionCall call, Scope scope) {
    if (call.arguments().size() != 2 || !(call.arguments().get(0) instanceof Literal field)) {
      throw Errors.wrongArguments(call.name(), "2", call.arguments().size(), call.span());
    }
    String unit = field.text().toUpperCase(Locale.ROOT);
    String h2Field = switch (unit) {
      case "DOW", "DAYOFWEEK" -> "DAY_OF_WEEK";
      case "DOY", "DAYOFYEAR" -> "DAY_OF_YEAR";
      case "YEARS", "YYYY", "YY" -> "YEAR";
      case "MONTHS", "MM", "MON" -> "MONTH";
      case "DAYS", "DD" -> "DAY";
      case "HOURS" -> "HOUR";
      case "MINUTES" -> "MINUTE";
      case "SECONDS" -> "SECOND";
      case "WEEKS", "W" -> "WEEK";
      default -> unit;
    };
    if (!FunctionRegistry.isDateField(h2Field) && !h2Field.equals("DAY_OF_WEEK") && !h2Field.equals("DAY_OF_YEAR")) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`field`")
          .parameter("functionName", Errors.quote(call.name())).parameter("message", "unknown field " + field.text())
          .at(field.span()).build();
    }
    if (h2Field.equals("WEEK")) {
      // the dialect's weeks are ISO weeks: they start on Monday, and week 1 holds the year's first Thursday
      h2Field = "ISO_WEEK";
    }
    Analyzed.DateUnit dateField = Analyzed.DateUnit.valueOf(h2Field);
    Analyzed value = wallClockOf(translate(call.arguments().get(1), scope));
    if (!call.name().equals("date_trunc")) {
      return Typed.of(new Analyzed.DateField(dateField, value, false), SqlType.INT);
    }
    // H2 truncates a DATE to a DATE; the dialect's date_trunc is a TIMESTAMP, truncated in the session zone
    return Typed.of(instantOf(new Analyzed.Cast(new Analyzed.DateField(dateField, value, true), SqlType.TIMESTAMP)),
        SqlType.TIMESTAMP);
  }

  private Analyzed.Window window(WindowSpec window, Scope scope) {
    return new Analyzed.Window(window.partitionBy().stream().map(key -> translate(key, scope).value()).toList(),
        sortKeys(window.orderBy(), scope), window.frame().map(frame -> new Analyzed.Frame(frame.unit(),
            frameBound(frame.start(), scope), frameBound(frame.end(), scope))));
  }

  private Analyzed.FrameBound frameBound(FrameBound bound, Scope scope) {
    return new Analyzed.FrameBound(bound.kind(), bound.offset().map(offset -> offset(offset, scope)));
  }

  /** A frame offset is a constant number that is not negative (for ROWS, H2 and the dialect also take a cast one). */
  private Analyzed offset(Expression offset, Scope scope) {
    if (offset instanceof Literal literal && (literal.kind() == LiteralKind.INTEGER
        || literal.kind() == LiteralKind.DECIMAL) && !literal.text().startsWith("-")) {
      return translate(offset, scope).value();
    }
    throw Errors.typeMismatch("the window frame", "a frame offset must be a number literal that is not negative",
        offset.span());
  }

  private List<Analyzed.SortKey> sortKeys(List<SortItem> items, Scope scope) {
    return items.stream().map(item -> sortKey(translate(item.key(), scope).value(), item)).toList();
  }

  /** {@code key} sorted as {@code item} says. */
  static Analyzed.SortKey sortKey(Analyzed key, SortItem item) {
    return new Analyzed.SortKey(key, item.descending(), item.nullsFirst());
  }

  private static List<Analyzed> values(List<Typed> typed) {
    return typed.stream().map(Typed::value).toList();
  }

  /** The percentage of a percentile: a number literal from 0 to 1, which H2 takes as a constant. */
  private static void percentage(FunctionCall call) {
    Expression percentage = call.arguments().get(1);
    boolean valid = percentage instanceof Literal literal
        && (literal.kind() == LiteralKind.DECIMAL || literal.kind() == LiteralKind.INTEGER)
        && new java.math.BigDecimal(literal.text().replaceAll("[a-zA-Z]+$", "")).compareTo(java.math.BigDecimal.ONE) <= 0;
    if (!valid) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`percentage`")
          .parameter("functionName", Errors.quote(call.name()))
          .parameter("message", "the percentage must be a number literal from 0 to 1 (an array of them is not taken)")
          .at(percentage.span()).build();
    }
  }

  /**
   * round of a decimal keeps its integer digits and one more, and the scale asked for (a literal; 0 without one)
   * where it is below the argument's, as Spark types it; anything else keeps the argument's type.
   */
  private static SqlType roundType(FunctionCall call, Typed value) {
    SqlType type = ResultTypes.numberOrDouble(value.type());
    Optional<Integer> scale = call.arguments().size() == 1 ? Optional.of(0)
        : call.arguments().get(1) instanceof Literal literal && literal.kind() == LiteralKind.INTEGER
            && literal.text().chars().allMatch(Character::isDigit) && literal.text().length() < 3
            ? Optional.of(Integer.parseInt(literal.text())) : Optional.empty();
    if (type.kind() != TypeKind.DECIMAL || scale.isEmpty()) {
      return type;
    }
    int kept = Math.min(type.scale(), scale.get());
    return SqlType.decimal(Math.min(type.length() - type.scale() + 1 + kept, SqlType.MAX_DECIMAL_PRECISION), kept);
  }
}
