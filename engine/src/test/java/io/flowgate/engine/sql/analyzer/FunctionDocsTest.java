package io.flowgate.engine.sql.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The function list of docs/sql-surface.md names every built-in a statement can call, aliases too. */
class FunctionDocsTest {
  @Test
  void everyCallableFunctionIsDocumented() throws IOException {
    String docs = Files.readString(Path.of("docs", "sql-surface.md"));
    List<String> missing = FunctionRegistry.names().keySet().stream()
        .filter(name -> !Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name) + "(?![A-Za-z0-9_])")
            .matcher(docs).find())
        .toList();
    assertThat(missing).as("functions sql-surface.md does not name").isEmpty();
  }
}
