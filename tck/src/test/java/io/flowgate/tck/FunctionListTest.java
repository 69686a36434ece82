package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code engine/docs/functions.md} is the function registry as it is: every callable built-in with its kind, what
 * it takes, what it returns and the scenario files that call it, so the list cannot drift from the code. Regenerate it after changing
 * the registry with {@code mvn -pl tck verify -Dtest=FunctionListTest -Dflowgate.regenerate=true}.
 */
class FunctionListTest {
  private static final Path LIST = Path.of("..", "engine", "docs", "functions.md");
  private static final Path SCENARIOS = Path.of("src", "test", "resources", "scenarios");

  @Test
  void theFunctionListIsTheRegistrys() throws IOException {
    String generated = generate();
    if (Boolean.getBoolean("flowgate.regenerate")) {
      Files.writeString(LIST, generated, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(LIST, StandardCharsets.UTF_8))
        .as("%s is stale: regenerate it with -Dflowgate.regenerate=true", LIST).isEqualTo(generated);
  }

  private static String generate() throws IOException {
    Map<String, String> scenarios = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SCENARIOS)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".sql")).sorted().toList()) {
        scenarios.put(SCENARIOS.relativize(file).toString().replace('\\', '/'),
            Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    Map<String, String> names = FunctionRegistry.names();
    StringBuilder rows = new StringBuilder();
    int untested = 0;
    for (Map.Entry<String, String> function : names.entrySet()) {
      String name = function.getKey();
      // a call: the name, then an opening parenthesis, not part of a longer name
      Pattern call = Pattern.compile("(?i)(?<![\\w.$])" + Pattern.quote(name) + "\\s*\\(");
      List<String> callers = new ArrayList<>();
      scenarios.forEach((file, text) -> {
        if (call.matcher(text).find()) {
          callers.add(file);
        }
      });
      if (callers.isEmpty()) {
        untested++;
      }
      String takes = FunctionRegistry.aliasOf(name).map(canonical -> "as `" + canonical + "`")
          .or(() -> FunctionRegistry.signature(name)).orElse("written by the translator (see sql-surface.md)");
      rows.append("| `").append(name).append("` | ").append(function.getValue().toLowerCase(java.util.Locale.ROOT))
          .append(" | ").append(takes).append(" | ")
          .append(FunctionRegistry.aliasOf(name).isPresent() ? "" : FunctionRegistry.returns(name)
              .orElse("see sql-surface.md")).append(" | ")
          .append(callers.isEmpty() ? "**none**" : String.join(", ", callers.stream().limit(3).toList())
              + (callers.size() > 3 ? " (+" + (callers.size() - 3) + ")" : ""))
          .append(" |\n");
    }
    return "# Built-in functions\n\n"
        + "Generated from the engine's function registry (`sql.analyzer.FunctionRegistry`) by the tck's `FunctionListTest`,\n"
        + "which fails when this file differs from the registry; regenerate it with\n"
        + "`mvn -pl tck verify -Dtest=FunctionListTest -Dflowgate.regenerate=true`. Every function listed is callable;\n"
        + "a name not listed is UNRESOLVED_ROUTINE. \"Takes\" gives the parameter types a function checks its arguments\n"
        + "against (by the dialect's implicit casts; any other type is DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE), or\n"
        + "how many arguments it takes where it checks no types. \"Returns\" gives the result type by Spark's rules: a\n"
        + "type, or how the arguments' types decide it (sql-surface.md tells the translator's own functions').\n"
        + "\"Scenarios\" names the tck scenario files that call it, whose expected rows check its results.\n\n"
        + names.size() + " names; " + (names.size() - untested) + " called by a scenario, " + untested + " not.\n\n"
        + "| function | kind | takes | returns | scenarios |\n|---|---|---|---|---|\n" + rows;
  }
}
