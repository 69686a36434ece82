package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.Analyzed.OperationKind;
import io.flowgate.engine.sql.analyzer.TranslatedQuery.OutputColumn;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
import io.flowgate.engine.sql.tree.Expression.Case;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression.WhenClause;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Relation.JoinType;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The generator functions: {@code explode}, {@code posexplode} and {@code inline}, each also {@code _outer},
 * {@code stack} and {@code json_tuple}. A
 * generator repeats the row it reads once per element of an array (or entry of a map), joined to a range of element
 * numbers; the plain forms drop rows without elements, the outer forms keep them once with NULLs. The same expansion
 * serves a generator in a select list, in a LATERAL VIEW and in FROM.
 */
final class Generators {
  private static final Set<String> NAMES = Set.of("explode", "explode_outer", "posexplode", "posexplode_outer",
      "inline", "inline_outer", "stack", "json_tuple");
  /** The name the rows' number has while stack's values are translated; no reference can write it. */
  private static final String ROW = "\u0000stack row";

  /**
   * How the numbered rows join the rows read ({@code type}, {@code numbers} and {@code condition}), the filter that
   * drops rows without elements (empty for the outer forms), and the generated values with the names and types the
   * dialect gives them.
   */
  record Expansion(JoinType type, AnalyzedRelation numbers, Optional<Analyzed> condition,
      Optional<Analyzed> predicate, List<Analyzed> values, List<OutputColumn> columns) {
    Expansion {
      values = List.copyOf(values);
      columns = List.copyOf(columns);
    }

    /** {@code source}'s rows, each joined to its numbered rows. */
    AnalyzedRelation joinedTo(AnalyzedRelation source) {
      return new AnalyzedRelation.Join(type, source, numbers, condition);
    }
  }

  private Generators() {}

  static boolean isGenerator(String name) {
    return NAMES.contains(name.toLowerCase(Locale.ROOT));
  }

  /** {@code name(arguments)} over the rows of {@code scope}; {@code range} is a fresh H2 alias for the numbers. */
  static Expansion expand(String name, List<Expression> arguments, Scope scope, ExpressionTranslator expressions,
      String range, Span span) {
    String function = name.toLowerCase(Locale.ROOT);
    if (function.equals("stack")) {
      return stack(arguments, scope, expressions, range, span);
    }
    if (function.equals("json_tuple")) {
      return jsonTuple(arguments, scope, expressions, range, span);
    }
    if (arguments.size() != 1) {
      throw Errors.wrongArguments(function, "1", arguments.size(), span);
    }
    boolean inline = function.startsWith("inline");
    Typed source = expressions.translate(arguments.get(0), scope);
    SqlType type = source.type().filter(t -> t.kind() == TypeKind.ARRAY
        || (!inline && t.kind() == TypeKind.MAP)).orElseThrow(() -> Errors.typeMismatch(function,
            inline ? "its argument must be an ARRAY of STRUCTs" : "its argument must be an ARRAY or a MAP", span));
    if (inline && type.children().get(0).kind() != TypeKind.STRUCT) {
      throw Errors.typeMismatch(function, "its argument must be an ARRAY of STRUCTs, not " + type.sql(), span);
    }
    boolean map = type.kind() == TypeKind.MAP;
    Analyzed index = new Analyzed.ElementNumber(range);
    Analyzed elements = map ? new Analyzed.Operation(OperationKind.MAP_KEYS, source.value()) : source.value();
    Analyzed within = new Analyzed.Between(index, Analyzed.number(1), Analyzed.call("coalesce",
        new Analyzed.Operation(OperationKind.CARDINALITY, elements), Analyzed.number(0)), false);
    List<Analyzed> values = new ArrayList<>();
    List<OutputColumn> columns = new ArrayList<>();
    if (function.startsWith("pos")) {
      values.add(new Analyzed.Cast(Analyzed.binary(BinaryOperator.SUBTRACT, index, Analyzed.number(1)), SqlType.INT));
      columns.add(new OutputColumn("pos", Optional.of(SqlType.INT)));
    }
    Analyzed element = new Analyzed.Operation(OperationKind.NTH, elements, index);
    if (map) {
      values.add(element);
      columns.add(new OutputColumn("key", Optional.of(type.children().get(0))));
      values.add(new Analyzed.Operation(OperationKind.NTH, new Analyzed.Operation(OperationKind.MAP_VALUES,
          source.value()), index));
      columns.add(new OutputColumn("value", Optional.of(type.children().get(1))));
    } else if (inline) {
      SqlType struct = type.children().get(0);
      for (int i = 0; i < struct.fieldNames().size(); i++) {
        values.add(new Analyzed.Field(element, struct.fieldNames().get(i)));
        columns.add(new OutputColumn(struct.fieldNames().get(i), Optional.of(struct.children().get(i))));
      }
    } else {
      values.add(element);
      columns.add(new OutputColumn("col", Optional.of(type.children().get(0))));
    }
    Optional<Analyzed> predicate = function.endsWith("_outer") ? Optional.empty()
        : Optional.of(Analyzed.isNotNull(index));
    return new Expansion(JoinType.LEFT, numbers(Integer.MAX_VALUE, range), Optional.of(within), predicate, values,
        columns);
  }

  /**
   * {@code json_tuple(json, 'k1', ..., 'kn')}: one row of STRING columns {@code c0 ... c(n-1)}, each the value of
   * its key at the top of the JSON object (an object or array as its JSON text), NULL where the key is missing or
   * the text is not JSON, as the {@code :} operator reads one key. The keys are string literals.
   */
  private static Expansion jsonTuple(List<Expression> arguments, Scope scope, ExpressionTranslator expressions,
      String range, Span span) {
    if (arguments.size() < 2) {
      throw Errors.wrongArguments("json_tuple", "at least 2", arguments.size(), span);
    }
    List<Analyzed> values = new ArrayList<>();
    List<OutputColumn> columns = new ArrayList<>();
    for (int i = 1; i < arguments.size(); i++) {
      if (!(arguments.get(i) instanceof Literal key) || key.kind() != LiteralKind.STRING) {
        throw Errors.notSupported("json_tuple with a key that is not a string literal", arguments.get(i).span());
      }
      // a key that reads as an index step ([0]) names no field of an object here
      values.add(key.text().startsWith("[") ? new Analyzed.Cast(new Analyzed.NullValue(), SqlType.STRING)
          : expressions.translate(new Expression.JsonExtract(span, arguments.get(0), List.of(key.text())), scope)
              .value());
      columns.add(new OutputColumn("c" + (i - 1), Optional.of(SqlType.STRING)));
    }
    return new Expansion(JoinType.CROSS, numbers(1, range), Optional.empty(), Optional.empty(), values, columns);
  }

  /**
   * {@code stack(n, v1, ..., vk)}: n rows of ceil(k / n) columns {@code col0, col1, ...}, filled row by row and
   * padded with NULL; each column has the type a CASE over its values would have.
   */
  private static Expansion stack(List<Expression> arguments, Scope scope, ExpressionTranslator expressions,
      String range, Span span) {
    if (arguments.size() < 2) {
      throw Errors.wrongArguments("stack", "at least 2", arguments.size(), span);
    }
    Expression count = arguments.get(0);
    FoldableArguments.require(count, "stack", "n", "INT", FunctionRegistry.TRAITS);
    int rows = count instanceof Literal literal && literal.kind() == LiteralKind.INTEGER
        ? AggregationAnalyzer.position(literal) : 0;
    if (rows < 1) {
      throw Errors.typeMismatch("stack", "its first argument, the number of rows, must be a positive INT literal",
          count.span());
    }
    List<Expression> items = arguments.subList(1, arguments.size());
    int width = (items.size() + rows - 1) / rows;
    Scope numbered = scope.join(new Scope(List.of(Scope.Column.bound(ROW, new Analyzed.ElementNumber(range),
        SqlType.INT)), Optional.empty()));
    List<Analyzed> values = new ArrayList<>();
    List<OutputColumn> columns = new ArrayList<>();
    for (int column = 0; column < width; column++) {
      List<WhenClause> whens = new ArrayList<>();
      for (int row = 0; row < rows; row++) {
        int at = row * width + column;
        if (at < items.size()) {
          whens.add(new WhenClause(span, new Literal(span, LiteralKind.INTEGER,
              Integer.toString(row + 1)), items.get(at)));
        }
      }
      Expression value = new Case(span, Optional.of(new ColumnRef(span, List.of(ROW))), whens,
          Optional.empty());
      Typed typed = expressions.translate(value, numbered);
      values.add(typed.value());
      columns.add(new OutputColumn("col" + column, typed.type()));
    }
    return new Expansion(JoinType.CROSS, numbers(rows, range), Optional.empty(), Optional.empty(), values, columns);
  }

  /** The numbers 1 to {@code last} under {@code range}, which {@link Analyzed.ElementNumber} reads. */
  private static AnalyzedRelation numbers(int last, String range) {
    return new AnalyzedRelation.Aliased(new AnalyzedRelation.Numbers(last), range);
  }
}
