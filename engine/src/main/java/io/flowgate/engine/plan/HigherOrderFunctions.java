package io.flowgate.engine.plan;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.analyzer.Calls;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Lambda;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The functions over the elements of an array or map: with a lambda (transform, filter, exists, forall, zip_with,
 * map_filter, transform_keys, transform_values) and the sorts (array_sort, sort_array). H2 has no lambdas, so each
 * is a subquery over the element numbers of its array, {@code SYSTEM_RANGE} bounded by the array's size (H2's UNNEST
 * cannot read the row's columns), in which a lambda's parameters stand for the element and its index.
 */
final class HigherOrderFunctions {
  static final Set<String> NAMES = Set.of("transform", "filter", "exists", "forall", "zip_with", "map_filter",
      "transform_keys", "transform_values", "array_sort", "sort_array", "aggregate", "reduce");

  private interface Body {
    Typed of(List<Sql> arguments, List<SqlType> types);
  }

  private final ExpressionTranslator expressions;
  private final Supplier<String> newAlias;

  HigherOrderFunctions(ExpressionTranslator expressions, Supplier<String> newAlias) {
    this.expressions = expressions;
    this.newAlias = newAlias;
  }

  /**
   * {@code ARRAY(SELECT element FROM range WHERE index in 1..count [AND condition] ORDER BY order)}: an array made of
   * element numbers 1 to {@code count} (none when it is NULL), read as {@code index.X}.
   */
  static Sql overElements(Sql index, Sql element, Sql count, Optional<Sql> condition, Sql order) {
    Sql where = condition.map(test -> Sql.of(" AND ({})", test)).orElse(Sql.EMPTY);
    return Sql.of("ARRAY(SELECT {} FROM SYSTEM_RANGE(1, 2147483647) {} WHERE {}.X BETWEEN 1 AND COALESCE({}, 0){}"
        + " ORDER BY {})", element, index, index, count, where, order);
  }

  Typed translate(FunctionCall call, Scope scope) {
    String name = call.name();
    List<Expression> arguments = call.arguments();
    for (Expression argument : arguments) {
      if (!Calls.of(argument, Calls.aggregates(FunctionRegistry.TRAITS)).isEmpty()) {
        // the subquery over the elements would read an aggregate of the block around it, which H2 refuses
        throw Errors.notSupported(name + " over an aggregate in the same SELECT; aggregate in a subquery and call "
            + name + " on its column", argument.span());
      }
    }
    return switch (name) {
      case "transform" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed body = lambda(call, 1, array, scope, 1, 2);
        yield array.nullOr(Typed.of(array.collect(body.sql(), Optional.empty()), SqlType.array(orString(body))));
      }
      case "filter" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 2));
        yield array.nullOr(Typed.of(array.collect(array.element(), Optional.of(test.sql())), array.type()));
      }
      case "exists", "forall" -> {
        arity(call, 2, 2);
        Elements array = array(call, 0, scope);
        Typed test = condition(call, lambda(call, 1, array, scope, 1, 1));
        // true if one holds, else NULL if one is NULL, else false (forall: the same with false and true swapped)
        String decided = name.equals("exists") ? "BOOL_OR({})" : "NOT BOOL_AND({})";
        Sql verdict = Sql.of("CASE WHEN " + decided + " THEN {} WHEN COUNT(*) > COUNT({}) THEN NULL ELSE {} END",
            test.sql(), Sql.of(name.equals("exists") ? "TRUE" : "FALSE"), test.sql(),
            Sql.of(name.equals("exists") ? "FALSE" : "TRUE"));
        yield array.nullOr(Typed.of(Sql.of("(SELECT {} FROM SYSTEM_RANGE(1, 2147483647) {} WHERE {}.X BETWEEN 1 AND"
            + " COALESCE({}, 0))", verdict, array.index(), array.index(), array.count()), SqlType.BOOLEAN));
      }
      case "zip_with" -> {
        arity(call, 3, 3);
        Elements left = array(call, 0, scope);
        Typed right = expressions.translate(arguments.get(1), scope);
        SqlType rightType = arrayType(call, 1, right);
        Sql rightCount = Sql.of("CARDINALITY({})", right.sql());
        Sql rightElement = Sql.of("CASE WHEN {}.X <= {} THEN ARRAY_GET({}, {}.X) END", left.index(), rightCount,
            right.sql(), left.index());
        Elements both = left.longest(rightCount, rightElement, rightType.children().get(0));
        Typed body = lambda(call, 2, both, scope, 2, 2);
        Sql zipped = both.collect(body.sql(), Optional.empty());
        yield Typed.of(Sql.of("CASE WHEN {} IS NOT NULL AND {} IS NOT NULL THEN {} END", left.value(), right.sql(),
            zipped), SqlType.array(orString(body)));
      }
      case "map_filter", "transform_keys", "transform_values" -> {
        arity(call, 2, 2);
        Elements map = map(call, scope);
        Typed body = lambda(call, 1, map, scope, 2, 2);
        SqlType type = map.type();
        Sql keys = Sql.of("({}).{}", map.value(), Sql.name("keys"));
        Sql values = Sql.of("({}).{}", map.value(), Sql.name("values"));
        Sql result;
        if (name.equals("map_filter")) {
          Sql test = condition(call, body).sql();
          result = Sql.of("ROW({}, {})", map.collect(map.element(), Optional.of(test)),
              map.collect(map.second(), Optional.of(test)));
        } else if (name.equals("transform_keys")) {
          type = SqlType.map(orString(body), type.children().get(1));
          result = Sql.of("ROW({}, {})", map.collect(body.sql(), Optional.empty()), values);
        } else {
          type = SqlType.map(type.children().get(0), orString(body));
          result = Sql.of("ROW({}, {})", keys, map.collect(body.sql(), Optional.empty()));
        }
        yield map.nullOr(Typed.of(Sql.cast(result, type), type));
      }
      case "array_sort", "sort_array" -> {
        arity(call, 1, 2);
        Elements array = array(call, 0, scope);
        boolean ascending = true;
        if (name.equals("array_sort") && arguments.size() == 2) {
          throw Errors.notSupported("array_sort with a comparator (H2 cannot order by a lambda); use array_sort(a)"
              + " or sort_array(a, false)", arguments.get(1).span());
        }
        if (arguments.size() == 2) {
          if (!(arguments.get(1) instanceof Expression.Literal literal)
              || literal.kind() != Expression.LiteralKind.BOOLEAN) {
            throw Errors.typeMismatch(Errors.quote("sort_array"), "its second argument must be a BOOLEAN literal",
                arguments.get(1).span());
          }
          ascending = Boolean.parseBoolean(literal.text().toLowerCase(Locale.ROOT));
        }
        // array_sort puts NULLs last; sort_array first when ascending and last when not, as Spark sorts
        String nulls = name.equals("array_sort") || !ascending ? " NULLS LAST" : " NULLS FIRST";
        Sql sorted = overElements(array.index(), array.element(), array.count(), Optional.empty(),
            Sql.of("{}" + (ascending ? " ASC" : " DESC") + nulls, array.element()));
        yield array.nullOr(Typed.of(sorted, array.type()));
      }
      default -> throw Errors.notSupported("the function " + name + " (H2 cannot fold an array in order)",
          call.span());
    };
  }

  /**
   * An array or map being gone through: its value, its size, the range alias that numbers its elements, and the
   * element (with a second value: a map's value, or zip_with's other array) that lambda parameters stand for.
   */
  private record Elements(Sql value, SqlType type, Sql count, Sql index, Sql element, SqlType elementType,
      Optional<Sql> secondValue, Optional<SqlType> secondType) {
    Sql collect(Sql item, Optional<Sql> condition) {
      return overElements(index, item, count, condition, Sql.of("{}.X", index));
    }

    Sql second() {
      return secondValue.orElseThrow();
    }

    Typed nullOr(Typed result) {
      return new Typed(Sql.of("CASE WHEN {} IS NOT NULL THEN {} END", value, result.sql()), result.type(), true);
    }

    /** These elements side by side with another array's, as many as the longer has. */
    Elements longest(Sql otherCount, Sql otherElement, SqlType otherType) {
      Sql ownCount = count;
      Sql own = Sql.of("CASE WHEN {}.X <= {} THEN {} END", index, ownCount, element);
      return new Elements(value, type, Sql.of("GREATEST({}, {})", ownCount, otherCount), index, own, elementType,
          Optional.of(otherElement), Optional.of(otherType));
    }
  }

  private Elements array(FunctionCall call, int position, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(position), scope);
    SqlType type = arrayType(call, position, value);
    Sql index = Sql.name(newAlias.get());
    return new Elements(value.sql(), type, Sql.of("CARDINALITY({})", value.sql()), index,
        Sql.of("ARRAY_GET({}, {}.X)", value.sql(), index), type.children().get(0), Optional.empty(),
        Optional.of(SqlType.INT));
  }

  private Elements map(FunctionCall call, Scope scope) {
    Typed value = expressions.translate(call.arguments().get(0), scope);
    if (!value.is(t -> t.kind() == TypeKind.MAP)) {
      throw inputType(call, 0, "MAP", value);
    }
    SqlType type = value.type().orElseThrow();
    Sql index = Sql.name(newAlias.get());
    Sql keys = Sql.of("({}).{}", value.sql(), Sql.name("keys"));
    Sql values = Sql.of("({}).{}", value.sql(), Sql.name("values"));
    return new Elements(value.sql(), type, Sql.of("CARDINALITY({})", keys), index,
        Sql.of("ARRAY_GET({}, {}.X)", keys, index), type.children().get(0),
        Optional.of(Sql.of("ARRAY_GET({}, {}.X)", values, index)), Optional.of(type.children().get(1)));
  }

  private static SqlType arrayType(FunctionCall call, int position, Typed value) {
    if (!value.is(t -> t.kind() == TypeKind.ARRAY)) {
      throw inputType(call, position, "ARRAY", value);
    }
    return value.type().orElseThrow();
  }

  /**
   * The body of the lambda at {@code position}, translated with its parameters standing for the element and the
   * second value (an array's index counts from 0); it takes {@code least} to {@code most} parameters.
   */
  private Typed lambda(FunctionCall call, int position, Elements elements, Scope scope, int least, int most) {
    Expression argument = call.arguments().get(position);
    if (!(argument instanceof Lambda lambda)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "argument " + (position + 1) + " must be a lambda"
          + " function such as x -> x + 1", argument.span());
    }
    List<String> parameters = lambda.parameters();
    if (parameters.size() < least || parameters.size() > most) {
      throw EngineException.of(ErrorClass.INVALID_LAMBDA_FUNCTION_CALL).subClass("NUM_ARGS_MISMATCH",
          "A higher order function expects " + (least == most ? least : least + " or " + most) + " arguments, but got "
              + parameters.size() + ".").at(lambda.span()).build();
    }
    Set<String> distinct = new HashSet<>();
    for (String parameter : parameters) {
      if (!distinct.add(parameter.toLowerCase(Locale.ROOT))) {
        throw EngineException.of(ErrorClass.INVALID_LAMBDA_FUNCTION_CALL).subClass("DUPLICATE_ARG_NAMES",
            "The lambda function has duplicate arguments " + Errors.quote(List.of(parameter))
                + ". Please, consider to rename the argument names or set spark.sql.caseSensitive to \"true\".")
            .at(lambda.span()).build();
      }
    }
    List<Scope.Column> bound = new ArrayList<>();
    bound.add(Scope.Column.bound(parameters.get(0), elements.element(), elements.elementType()));
    if (parameters.size() == 2) {
      Sql second = elements.secondValue().orElseGet(() -> Sql.of("CAST({}.X - 1 AS INT)", elements.index()));
      bound.add(Scope.Column.bound(parameters.get(1), second, elements.secondType().orElseThrow()));
    }
    return expressions.translate(lambda.body(), new Scope(bound, Optional.of(scope)));
  }

  private static Typed condition(FunctionCall call, Typed test) {
    if (test.type().isPresent() && !test.is(t -> t.kind() == TypeKind.BOOLEAN || t.kind() == TypeKind.VOID)) {
      throw Errors.typeMismatch(Errors.quote(call.name()), "the lambda function must give a BOOLEAN, not "
          + test.type().get().sql(), call.span());
    }
    return test;
  }

  private static void arity(FunctionCall call, int least, int most) {
    int count = call.arguments().size();
    if (count < least || count > most) {
      throw Errors.wrongArguments(call.name(), least == most ? Integer.toString(least) : least + " or " + most,
          count, call.span());
    }
  }

  private static EngineException inputType(FunctionCall call, int position, String expected, Typed value) {
    return Errors.typeMismatch(Errors.quote(call.name()), "argument " + (position + 1) + " must be an " + expected
        + ", not " + value.type().map(SqlType::sql).orElse("a parameter"), call.arguments().get(position).span());
  }

  private static SqlType orString(Typed body) {
    return body.type().filter(t -> t.kind() != TypeKind.VOID).orElse(SqlType.STRING);
  }
}
