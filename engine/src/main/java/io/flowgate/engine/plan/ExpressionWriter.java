package io.flowgate.engine.plan;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.Analyzed.Binary;
import io.flowgate.engine.sql.analyzer.Analyzed;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes an {@link Analyzed} expression as H2 SQL: the one place that knows how H2 spells what the analysis decided
 * (its operator names, the engine's FG_SYS functions, the forms a definition's constants take). It decides nothing
 * about types or names; whatever it is given is already checked, so it fails only on a node the analysis never makes.
 */
final class ExpressionWriter {
  private ExpressionWriter() {}

  static Sql write(Analyzed value) {
    if (value instanceof Analyzed.ColumnValue column) {
      return Sql.column(column.relation(), column.column());
    }
    if (value instanceof Analyzed.Field field) {
      return Sql.of("({}).{}", write(field.struct()), Sql.name(field.name()));
    }
    if (value instanceof Analyzed.RowsExist exist) {
      Sql relation = RelationWriter.write(exist.relation());
      return exist.condition().isEmpty() ? Sql.of("EXISTS (SELECT 1 FROM {})", relation)
          : Sql.of("EXISTS (SELECT 1 FROM {} WHERE {})", relation, write(exist.condition().get()));
    }
    if (value instanceof Analyzed.SystemCall call) {
      return Sql.of("FG_SYS." + call.function().name() + "({})", all(call.arguments()));
    }
    if (value instanceof Analyzed.ElementNumber number) {
      return Sql.of("{}.X", Sql.name(number.range()));
    }
    if (value instanceof Analyzed.OverElements elements) {
      return overElements(elements);
    }
    if (value instanceof Analyzed.RequiredArgument argument) {
      return Sql.of("FG_SYS.REQUIRE_ARGUMENT({}, {}, {})", write(argument.value()), Sql.text(argument.function()),
          Sql.text(argument.parameter()));
    }
    if (value instanceof Analyzed.NextLevel level) {
      return Sql.of("FG_SYS.RECURSION_LEVEL({} + 1, {})", write(level.level()), Sql.number(level.limit()));
    }
    if (value instanceof Analyzed.Subquery subquery) {
      return Sql.of("({})", QueryWriter.query(subquery.query()));
    }
    if (value instanceof Analyzed.InQuery in) {
      Sql values = in.values().size() == 1 ? write(in.values().get(0)) : Sql.of("({})", all(in.values()));
      return Sql.of(in.negated() ? "({} NOT IN ({}))" : "({} IN ({}))", values, QueryWriter.query(in.query()));
    }
    if (value instanceof Analyzed.Exists exists) {
      return Sql.of("EXISTS ({})", QueryWriter.query(exists.query()));
    }
    if (value instanceof Analyzed.GeneratedCheck check) {
      return Sql.of("FG_SYS.CHECK_GENERATED(({} IS NOT DISTINCT FROM {}), {}, {})", write(check.given()),
          write(check.computed()), Sql.cast(Sql.constant(check.column()), SqlType.STRING),
          Sql.cast(Sql.constant(check.expression()), SqlType.STRING));
    }
    if (value instanceof Analyzed.DefaultValue) {
      return Sql.of("DEFAULT");
    }
    if (value instanceof Analyzed.NullValue) {
      return Sql.of("NULL");
    }
    if (value instanceof Analyzed.BooleanValue bool) {
      return Sql.of(bool.value() ? "TRUE" : "FALSE");
    }
    if (value instanceof Analyzed.Now) {
      return Sql.of("LOCALTIMESTAMP(6)");
    }
    if (value instanceof Analyzed.Number number) {
      return Sql.number(number.value());
    }
    if (value instanceof Analyzed.Constant constant) {
      return Sql.cast(Sql.constant(constant.value()), constant.type());
    }
    if (value instanceof Analyzed.Text text) {
      return Sql.text(text.value());
    }
    if (value instanceof Analyzed.DefinitionLiteral literal) {
      return definitionLiteral(literal);
    }
    if (value instanceof Analyzed.ClientParameter parameter) {
      return Sql.param(new Binding.UserParameter(parameter.index()));
    }
    if (value instanceof Analyzed.Cast cast) {
      return Sql.cast(write(cast.value()), cast.type());
    }
    if (value instanceof Analyzed.Truncated truncated) {
      return Sql.of("TRUNC({})", write(truncated.value()));
    }
    if (value instanceof Analyzed.Readable readable) {
      return readable(readable);
    }
    if (value instanceof Analyzed.WallClock clock) {
      return Sql.of("FG_SYS.TO_ZONE({}, {})", write(clock.timestamp()), Sql.text(clock.zone().getId()));
    }
    if (value instanceof Analyzed.Instant instant) {
      return Sql.of("FG_SYS.FROM_ZONE({}, {})", Sql.cast(write(instant.wallClock()), SqlType.TIMESTAMP),
          Sql.text(instant.zone().getId()));
    }
    if (value instanceof Analyzed.BooleanText text) {
      return Sql.of("LOWER(CAST({} AS CHARACTER VARYING))", write(text.value()));
    }
    if (value instanceof Analyzed.IntervalText text) {
      return Sql.of("FG_SYS.INTERVAL_TEXT({}, {}, {})", write(text.value()),
          Sql.number(text.type().intervalStart().ordinal()), Sql.number(text.type().intervalEnd().ordinal()));
    }
    if (value instanceof Analyzed.Not not) {
      return Sql.of("(NOT {})", write(not.operand()));
    }
    if (value instanceof Analyzed.Negated negated) {
      return Sql.of("(- {})", write(negated.operand()));
    }
    if (value instanceof Analyzed.BitwiseNot not) {
      return Sql.of("BITNOT({})", write(not.operand()));
    }
    if (value instanceof Analyzed.NullTest test) {
      // H2 says a ROW with a NULL field IS NULL; only DISTINCT FROM tells a NULL one
      String form = test.row() ? (test.negated() ? "({} IS DISTINCT FROM NULL)" : "({} IS NOT DISTINCT FROM NULL)")
          : (test.negated() ? "({} IS NOT NULL)" : "({} IS NULL)");
      return Sql.of(form, write(test.value()));
    }
    if (value instanceof Analyzed.TruthTest test) {
      return Sql.of("({} IS " + (test.negated() ? "NOT " : "") + (test.expected() ? "TRUE" : "FALSE") + ")",
          write(test.value()));
    }
    if (value instanceof Binary binary) {
      return binary(binary);
    }
    if (value instanceof Analyzed.Between between) {
      return Sql.of(between.negated() ? "({} NOT BETWEEN {} AND {})" : "({} BETWEEN {} AND {})",
          write(between.value()), write(between.low()), write(between.high()));
    }
    if (value instanceof Analyzed.In in) {
      return Sql.of(in.negated() ? "({} NOT IN ({}))" : "({} IN ({}))", write(in.value()), all(in.items()));
    }
    if (value instanceof Analyzed.Like like) {
      return like(like);
    }
    if (value instanceof Analyzed.Case caseValue) {
      return caseOf(caseValue);
    }
    if (value instanceof Analyzed.Aggregate aggregate) {
      return aggregate(aggregate);
    }
    if (value instanceof Analyzed.WindowFunction function) {
      Sql call = Sql.of("{} OVER {}", function.function().renderer().render(each(function.arguments())),
          window(function.over()));
      // H2's ranks are BIGINT; the dialect's are INT.
      return function.type().equals(SqlType.INT) ? Sql.cast(call, SqlType.INT) : call;
    }
    if (value instanceof Analyzed.DateField date) {
      return date.truncate() ? Sql.of("DATE_TRUNC(" + date.field().name() + ", {})", write(date.value()))
          : Sql.of("EXTRACT(" + date.field().name() + " FROM {})", write(date.value()));
    }
    if (value instanceof Analyzed.DateAdd add) {
      return Sql.of("DATEADD(" + add.unit().name() + ", {}, {})", write(add.amount()), write(add.start()));
    }
    if (value instanceof Analyzed.DateDiff diff) {
      return Sql.of("FG_SYS.TIMESTAMP_DIFF({}, CAST({} AS TIMESTAMP), CAST({} AS TIMESTAMP))",
          Sql.text(diff.unit().name()), write(diff.start()), write(diff.end()));
    }
    if (value instanceof Analyzed.CheckedMap map) {
      return checkedMap(write(map.keys()), write(map.values()), map.type(), map.function());
    }
    if (value instanceof Analyzed.Hash hash) {
      return hash(hash);
    }
    if (value instanceof Analyzed.Operation operation) {
      return operation(operation.kind(), each(operation.arguments()));
    }
    if (value instanceof Analyzed.Call call) {
      return call.function().renderer().render(each(call.arguments()));
    }
    throw Errors.internal("no writing for " + value.getClass().getSimpleName(), null);
  }

  static Sql all(List<Analyzed> values) {
    return Sql.list(each(values));
  }

  /** Conditions joined by AND (TRUE when there are none). */
  static Sql allOf(List<Analyzed> conditions) {
    return Sql.and(each(conditions));
  }

  private static List<Sql> each(List<Analyzed> values) {
    return values.stream().map(ExpressionWriter::write).toList();
  }

  /** Sort keys, comma separated. H2 sorts NULLs as the dialect does unless told: first ascending, last descending. */
  static Sql sortKeys(List<Analyzed.SortKey> keys) {
    return Sql.list(keys.stream().map(key -> Sql.of("{}" + (key.descending() ? " DESC" : " ASC")
        + key.nullsFirst().map(first -> first ? " NULLS FIRST" : " NULLS LAST").orElse(""), write(key.key())))
        .toList());
  }

  static Sql window(Analyzed.Window window) {
    List<Sql> clauses = new ArrayList<>();
    if (!window.partitionBy().isEmpty()) {
      clauses.add(Sql.of("PARTITION BY {}", all(window.partitionBy())));
    }
    if (!window.orderBy().isEmpty()) {
      clauses.add(Sql.of("ORDER BY {}", sortKeys(window.orderBy())));
    }
    window.frame().ifPresent(frame -> clauses.add(Sql.of(frame.unit().name() + " BETWEEN {} AND {}",
        frameBound(frame.start()), frameBound(frame.end()))));
    return Sql.of("({})", Sql.join(" ", clauses));
  }

  private static Sql frameBound(Analyzed.FrameBound bound) {
    return switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> Sql.of("UNBOUNDED PRECEDING");
      case UNBOUNDED_FOLLOWING -> Sql.of("UNBOUNDED FOLLOWING");
      case CURRENT_ROW -> Sql.of("CURRENT ROW");
      case PRECEDING -> Sql.of("{} PRECEDING", write(bound.offset().orElseThrow()));
      case FOLLOWING -> Sql.of("{} FOLLOWING", write(bound.offset().orElseThrow()));
    };
  }

  /**
   * Aggregates that count NULLs as values, so that FILTER cannot become a CASE inside their argument. The others get
   * their FILTER that way: H2 fails (an ArrayIndexOutOfBoundsException) on a select list with two arithmetic
   * expressions over FILTERed aggregates, as a PIVOT with an expression of aggregates writes.
   */
  private static final Set<String> NULL_KEEPING_AGGREGATES = Set.of("any_value");

  /** Aggregates of a pair of values: a FILTER goes into both, so a row it leaves out counts for neither. */
  private static final Set<String> PAIRED_AGGREGATES = Set.of("max_by", "min_by", "corr", "covar_pop", "covar_samp",
      "regr_slope", "regr_intercept", "regr_r2", "regr_avgx", "regr_avgy", "regr_sxx", "regr_syy", "regr_sxy",
      "regr_count");

  /**
   * Aggregates written as an expression around H2's, which OVER cannot follow: their renderers take the OVER clause
   * as their last part and put it after each of H2's aggregates.
   */
  private static final Set<String> WINDOWED_INSIDE = Set.of("max_by", "min_by", "percentile_approx");

  /** Aggregates of arrays, whose value over no rows is an empty array (H2's is NULL). */
  private static final Set<String> ARRAY_AGGREGATES = Set.of("collect_list", "collect_set");

  /**
   * Aggregates whose H2 value is cast to the dialect's type: H2 sums doubles exactly as DECFLOAT, a BIGINT beyond its
   * range as NUMERIC, averages integers as NUMERIC and decimals with ten more digits of scale; the cast gives the
   * dialect's type, and overflow is an error.
   */
  private static final Set<String> CAST_AGGREGATES = Set.of("sum", "avg", "stddev", "stddev_pop", "variance",
      "var_pop", "median", "percentile");

  private static Sql aggregate(Analyzed.Aggregate aggregate) {
    String name = aggregate.function().name();
    List<Sql> parts = new ArrayList<>();
    parts.add(aggregate.distinct() ? Sql.of("DISTINCT ") : Sql.EMPTY);
    parts.addAll(aggregate.star() ? List.of(Sql.of("*")) : each(aggregate.arguments()));
    Optional<Sql> filter = aggregate.filter().map(ExpressionWriter::write);
    boolean filterInArgument = filter.isPresent() && parts.size() > 1 && !NULL_KEEPING_AGGREGATES.contains(name);
    if (filterInArgument) {
      int last = PAIRED_AGGREGATES.contains(name) ? 2 : 1;
      for (int i = 1; i <= last && i < parts.size(); i++) {
        parts.set(i, Sql.of("CASE WHEN {} THEN {} END", filter.get(), aggregate.star() ? Sql.of("1") : parts.get(i)));
      }
    }
    Optional<Sql> over = aggregate.over().map(window -> Sql.of(" OVER {}", window(window)));
    boolean windowedInside = WINDOWED_INSIDE.contains(name);
    if (windowedInside) {
      parts.add(over.orElse(Sql.EMPTY));
    }
    Sql sql = aggregate.function().renderer().render(parts);
    if (filter.isPresent() && !filterInArgument) {
      sql = Sql.of("{} FILTER (WHERE {})", sql, filter.get());
    }
    if (over.isPresent() && !windowedInside) {
      sql = Sql.of("{}{}", sql, over.get());
    }
    if (ARRAY_AGGREGATES.contains(name)) {
      sql = Sql.of("COALESCE({}, {})", sql, Sql.cast(Sql.of("ARRAY[]"), aggregate.type()));
    }
    return CAST_AGGREGATES.contains(name) ? Sql.cast(sql, aggregate.type()) : sql;
  }

  private static Sql definitionLiteral(Analyzed.DefinitionLiteral literal) {
    Sql text = Sql.text(literal.text());
    TypeKind kind = literal.type().kind();
    if (kind == TypeKind.DATE) {
      return Sql.of("DATE {}", text);
    }
    if (kind == TypeKind.TIMESTAMP || kind == TypeKind.TIMESTAMP_NTZ) {
      return Sql.of("TIMESTAMP {}", text);
    }
    if (kind == TypeKind.BINARY) {
      return Sql.of("X{}", text);
    }
    throw Errors.internal("no definition literal of " + literal.type().sql(), null);
  }

  private static Sql operation(Analyzed.OperationKind kind, List<Sql> arguments) {
    Sql first = arguments.isEmpty() ? Sql.EMPTY : arguments.get(0); // only ARRAY may have no arguments
    return switch (kind) {
      case ELEMENT -> Sql.of("ARRAY_GET({}, ({}) + 1)", first, arguments.get(1));
      case ELEMENT_AT -> Sql.of("ARRAY_GET({}, CASE WHEN {} < 0 THEN CARDINALITY({}) + 1 + {} ELSE {} END)", first,
          arguments.get(1), first, arguments.get(1), arguments.get(1));
      // a map is a ROW of its keys and its values, two arrays; the engine's FG_SYS.MAP_INDEX finds a key's position
      case MAP_VALUE -> Sql.of("ARRAY_GET(({}).{}, FG_SYS.MAP_INDEX(({}).{}, CAST({} AS CHARACTER VARYING)))", first,
          Sql.name("values"), first, Sql.name("keys"), arguments.get(1));
      case MAP_KEYS -> Sql.of("({}).{}", first, Sql.name("keys"));
      case MAP_VALUES -> Sql.of("({}).{}", first, Sql.name("values"));
      case MAP_SIZE -> Sql.of("CARDINALITY(({}).{})", first, Sql.name("keys"));
      case ROW -> Sql.of("ROW({})", Sql.list(arguments));
      case ARRAY -> Sql.of("ARRAY[{}]", Sql.list(arguments));
      case CARDINALITY -> Sql.of("CARDINALITY({})", first);
      case NTH -> Sql.of("ARRAY_GET({}, {})", first, arguments.get(1));
      case DAY_BOUNDARIES -> Sql.of("DATEDIFF(DAY, {}, {})", first, arguments.get(1));
      case MONTH_BOUNDARIES -> Sql.of("DATEDIFF(MONTH, {}, {})", first, arguments.get(1));
      case ROUND -> Sql.of("ROUND({})", first);
      case FLOOR -> Sql.of("FLOOR({})", first);
      case EPOCH_SECONDS -> Sql.of("(CAST(DATEDIFF(MICROSECOND, {}, {}) AS DECIMAL(20, 0)) / 1000000)", EPOCH, first);
      case FROM_EPOCH_SECONDS -> Sql.of(
          "DATEADD(MICROSECOND, CAST(CAST({} AS DECIMAL(38, 6)) * 1000000 AS BIGINT), {})", first, EPOCH);
      case CONCAT_ARRAYS -> Sql.of("({})", Sql.join(" || ", arguments));
      case FORMAT_TEXT -> {
        // H2 hands a Java function its variable arguments as text: each value goes with its letter
        List<Sql> tagged = new ArrayList<>(List.of(first));
        for (int i = 1; i + 1 < arguments.size(); i += 2) {
          tagged.add(Sql.of("({} || CAST({} AS VARCHAR))", arguments.get(i), arguments.get(i + 1)));
        }
        yield Sql.of("FG_SYS.FORMAT_TEXT({})", Sql.list(tagged));
      }
    };
  }

  private static final Sql RANGE = Sql.of("SYSTEM_RANGE(1, 2147483647)");

  /**
   * The element numbers as rows of SYSTEM_RANGE bounded by the counts (H2's UNNEST cannot read the row's columns, but
   * a range can be bounded by them, and then reads only the rows it needs).
   */
  private static Sql overElements(Analyzed.OverElements elements) {
    List<Sql> from = new ArrayList<>();
    List<Sql> where = new ArrayList<>();
    for (Analyzed.ElementRange range : elements.ranges()) {
      Sql alias = Sql.name(range.alias());
      Sql within = Sql.of("{}.X BETWEEN 1 AND COALESCE({}, 0)", alias, write(range.count()));
      if (from.isEmpty()) {
        from.add(Sql.of("{} {}", RANGE, alias));
        where.add(within);
      } else {
        from.add(Sql.of(" JOIN {} {} ON {}", RANGE, alias, within));
      }
    }
    elements.conditions().forEach(condition -> where.add(Sql.of("({})", write(condition))));
    Sql rows = Sql.of("FROM {} WHERE {}", Sql.join("", from), Sql.join(" AND ", where));
    Sql order = elements.order().isEmpty() ? Sql.EMPTY : Sql.of(" ORDER BY {}", sortKeys(elements.order()));
    return switch (elements.result()) {
      case ARRAY -> Sql.of("ARRAY(SELECT {} {}{})", write(elements.value().orElseThrow()), rows, order);
      case ANY -> Sql.of("EXISTS (SELECT 1 {})", rows);
      // no aggregate: in a block with window functions H2 reads the wrong row's columns inside one
      case FIRST -> Sql.of("(SELECT {} {}{} FETCH FIRST ROW ONLY)", write(elements.value().orElseThrow()), rows,
          order);
      case COUNT -> Sql.of("(SELECT COUNT(*) {})", rows);
    };
  }

  /** See {@link Analyzed.CheckedMap}. */
  private static Sql checkedMap(Sql keys, Sql values, SqlType type, String function) {
    return Sql.of("CASE WHEN FG_SYS.CHECK_MAP_KEYS(CAST({} AS CHARACTER VARYING ARRAY), CARDINALITY({}), {}) THEN {}"
        + " END", keys, values, Sql.text(function), Sql.cast(Sql.of("ROW({}, {})", keys, values), type));
  }

  private static Sql hash(Analyzed.Hash hash) {
    String hasher = hash.wide() ? "FG_SYS.XXHASH_" : "FG_SYS.MURMUR_";
    Sql sql = hash.wide() ? Sql.of("CAST(42 AS BIGINT)") : Sql.number(42);
    for (int i = 0; i < hash.values().size(); i++) {
      Sql value = write(hash.values().get(i));
      SqlType type = hash.types().get(i);
      sql = switch (type.kind()) {
        case TINYINT, SMALLINT, INT -> Sql.of(hasher + "INT(CAST({} AS INTEGER), {})", value, sql);
        case BOOLEAN -> Sql.of(hasher + "INT(CASE WHEN {} THEN 1 WHEN NOT {} THEN 0 END, {})", value, value, sql);
        case DATE -> Sql.of(hasher + "INT(CAST(DATEDIFF(DAY, DATE {}, {}) AS INTEGER), {})", Sql.text("1970-01-01"),
            value, sql);
        case BIGINT -> Sql.of(hasher + "LONG({}, {})", value, sql);
        case TIMESTAMP, TIMESTAMP_NTZ -> Sql.of(hasher + "LONG(DATEDIFF(MICROSECOND, {}, {}), {})", EPOCH, value, sql);
        case DOUBLE -> Sql.of(hasher + "DOUBLE({}, {})", value, sql);
        case FLOAT -> Sql.of(hasher + "FLOAT({}, {})", value, sql);
        case DECIMAL -> Sql.of(hasher + "DECIMAL({}, {}, {}, {})", value, Sql.number(type.length()),
            Sql.number(type.scale()), sql);
        case STRING, VARCHAR, CHAR, BINARY -> Sql.of(hasher + "BYTES(CAST({} AS VARBINARY), {})", value, sql);
        case VOID -> sql;
        default -> throw Errors.internal("no hash of " + type.sql(), null);
      };
    }
    return sql;
  }

  private static final Sql EPOCH = Sql.of("TIMESTAMP {}", Sql.text("1970-01-01 00:00:00"));

  private static Sql readable(Analyzed.Readable readable) {
    Sql text = write(readable.text());
    if (readable.type().isNumeric()) {
      return Sql.of("REGEXP_LIKE(TRIM({}), {})", text,
          Sql.text("^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$"));
    }
    if (readable.type().kind() == TypeKind.DATE) {
      return Sql.of("REGEXP_LIKE(TRIM({}), {})", text, Sql.text("^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$"));
    }
    return Sql.of("TRUE");
  }

  private static Sql binary(Binary binary) {
    Sql left = write(binary.left());
    Sql right = write(binary.right());
    return switch (binary.operator()) {
      case NULL_SAFE_EQUAL -> Sql.of("({} IS NOT DISTINCT FROM {})", left, right);
      case MODULO -> Sql.of("MOD({}, {})", left, right);
      case BITWISE_AND -> Sql.of("BITAND({}, {})", left, right);
      case BITWISE_OR -> Sql.of("BITOR({}, {})", left, right);
      case BITWISE_XOR -> Sql.of("BITXOR({}, {})", left, right);
      case OR, AND, EQUAL, NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL, ADD, SUBTRACT, MULTIPLY,
          DIVIDE -> Sql.of("({} " + binary.operator().symbol() + " {})", left, right);
      case INTEGER_DIVIDE, CONCAT -> throw Errors.internal("unanalyzed operator " + binary.operator(), null);
    };
  }

  private static Sql like(Analyzed.Like like) {
    Sql value = write(like.value());
    Sql pattern = write(like.pattern());
    Sql escape = like.escape().map(ExpressionWriter::write).orElse(Sql.text("\\"));
    Sql test = switch (like.kind()) {
      case LIKE -> Sql.of("{} LIKE {} ESCAPE {}", value, pattern, escape);
      case ILIKE -> Sql.of("{} ILIKE {} ESCAPE {}", value, pattern, escape);
      case RLIKE -> Sql.of("REGEXP_LIKE({}, {})", value, pattern);
    };
    return Sql.of(like.negated() ? "(NOT {})" : "({})", test);
  }

  private static Sql caseOf(Analyzed.Case caseValue) {
    List<Sql> parts = new ArrayList<>();
    caseValue.operand().ifPresent(operand -> parts.add(Sql.of(" {}", write(operand))));
    for (Analyzed.When when : caseValue.whens()) {
      parts.add(Sql.of(" WHEN {} THEN {}", write(when.condition()), write(when.result())));
    }
    caseValue.otherwise().ifPresent(otherwise -> parts.add(Sql.of(" ELSE {}", write(otherwise))));
    return Sql.of("CASE{} END", Sql.join("", parts));
  }
}
