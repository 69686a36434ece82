package io.flowgate.engine.plan;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options argument of from_json and to_json: {@code map('key', 'value', ...)} of string literals, keys matched
 * without regard to case as the dialect does. An option and value the function implements is taken; any other is
 * refused by name, because an option silently ignored would give an answer the user did not ask for.
 */
final class JsonOptions {
  /** from_json reads leniently (a malformed part is NULL), which is the PERMISSIVE mode. */
  static final Map<String, Set<String>> FROM_JSON = Map.of("mode", Set.of("permissive"));
  /** to_json writes compact text, leaving NULL fields out unless told to keep them. */
  static final Map<String, Set<String>> TO_JSON = Map.of("ignorenullfields", Set.of("true", "false"), "pretty",
      Set.of("false"));

  private JsonOptions() {}

  /** The options given, keys and values in lower case. */
  static Map<String, String> check(String function, Expression options, Map<String, Set<String>> taken) {
    if (!(options instanceof FunctionCall call) || !call.name().equals("map")) {
      throw EngineException.of(ErrorClass.INVALID_OPTIONS)
          .subClass("NON_MAP_FUNCTION", "Must use the `map()` function for options.").at(options.span()).build();
    }
    List<Expression> arguments = call.arguments();
    if (arguments.size() % 2 != 0) {
      throw Errors.wrongArguments("map", "an even number of", arguments.size(), call.span());
    }
    for (Expression argument : arguments) {
      if (!(argument instanceof Literal literal) || literal.kind() != LiteralKind.STRING) {
        throw EngineException.of(ErrorClass.INVALID_OPTIONS)
            .subClass("NON_STRING_TYPE", "A type of keys and values in `map()` must be string, but got <mapType>.")
            .parameter("mapType", "a value that is not a string literal").at(argument.span()).build();
      }
    }
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i < arguments.size(); i += 2) {
      String key = ((Literal) arguments.get(i)).text();
      String value = ((Literal) arguments.get(i + 1)).text();
      if (!taken.getOrDefault(key.toLowerCase(Locale.ROOT), Set.of()).contains(value.toLowerCase(Locale.ROOT))) {
        throw Errors.notSupported("the " + function + " option '" + key + "' = '" + value + "'",
            arguments.get(i).span());
      }
      given.put(key.toLowerCase(Locale.ROOT), value.toLowerCase(Locale.ROOT));
    }
    return given;
  }
}
