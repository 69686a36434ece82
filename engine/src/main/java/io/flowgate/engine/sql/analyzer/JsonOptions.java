package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.type.DatetimeText;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The options argument of from_json and to_json: {@code map('key', 'value', ...)} of string literals, keys matched
 * without regard to case as the dialect does. An option and value the function implements is taken; any other is
 * refused by name, because an option silently ignored would give an answer the user did not ask for.
 */
final class JsonOptions {
  /** What an option may be: one of some words, in any case, or (no words) a datetime pattern, kept as written. */
  record Accepts(Set<String> words) {
    static final Accepts PATTERN = new Accepts(Set.of());

    boolean pattern() {
      return words.isEmpty();
    }
  }

  /** from_json reads leniently (PERMISSIVE: a malformed part is NULL) or fails on the first malformed part. */
  static final Map<String, Accepts> FROM_JSON = Map.of("mode", new Accepts(Set.of("permissive", "failfast")),
      "dateformat", Accepts.PATTERN, "timestampformat", Accepts.PATTERN);
  /** to_json writes compact text, leaving NULL fields out unless told to keep them. */
  static final Map<String, Accepts> TO_JSON = Map.of("ignorenullfields", new Accepts(Set.of("true", "false")),
      "pretty", new Accepts(Set.of("false")), "dateformat", Accepts.PATTERN, "timestampformat", Accepts.PATTERN);

  /** The datetime patterns the options give, each empty for the function's default. */
  record Formats(Optional<String> date, Optional<String> timestamp) {
    static final Formats DEFAULT = new Formats(Optional.empty(), Optional.empty());

    static Formats of(Map<String, String> options) {
      return new Formats(Optional.ofNullable(options.get("dateformat")),
          Optional.ofNullable(options.get("timestampformat")));
    }
  }

  private JsonOptions() {}

  /** The options given: keys in lower case, words in lower case, patterns as written. */
  static Map<String, String> check(String function, Expression options, Map<String, Accepts> taken) {
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
      Accepts accepts = taken.get(key.toLowerCase(Locale.ROOT));
      if (accepts == null || !accepts.pattern() && !accepts.words().contains(value.toLowerCase(Locale.ROOT))) {
        throw Errors.notSupported("the " + function + " option '" + key + "' = '" + value + "'",
            arguments.get(i).span());
      }
      if (accepts.pattern() && !DatetimeText.isPattern(value)) {
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`" + key + "`")
            .parameter("functionName", "`" + function + "`")
            .parameter("message", "'" + value + "' is not a datetime pattern").at(arguments.get(i + 1).span())
            .build();
      }
      given.put(key.toLowerCase(Locale.ROOT), accepts.pattern() ? value : value.toLowerCase(Locale.ROOT));
    }
    return given;
  }
}
