package io.flowgate.tck.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a scenario file (the format {@link ScenarioRunner} documents), each with the user it runs as and
 * the expectation lines after it.
 */
public final class ScenarioFile {
  /** One statement, without its closing ';'. {@code where} is the file name and the line it starts at. */
  public record Step(String where, String user, String sql, List<String> expected) {}

  private ScenarioFile() {}

  public static List<Step> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<Step> steps = new ArrayList<>();
    String user = "admin";
    StringBuilder statement = new StringBuilder();
    int statementLine = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("--@ user ")) {
        user = line.substring("--@ user ".length()).strip();
        continue;
      }
      if (statement.isEmpty() && (line.isBlank() || line.startsWith("--"))) {
        continue;
      }
      if (line.startsWith(">")) {
        throw new ScenarioRunner.ScenarioFailure(file + ":" + (i + 1) + ": expectation without a statement");
      }
      if (statement.isEmpty()) {
        statementLine = i + 1;
      }
      statement.append(line).append('\n');
      if (!line.stripTrailing().endsWith(";")) {
        continue;
      }
      List<String> expected = new ArrayList<>();
      while (i + 1 < lines.size() && lines.get(i + 1).startsWith(">")) {
        expected.add(lines.get(++i).substring(1).strip());
      }
      String sql = statement.toString().strip();
      steps.add(new Step(file.getFileName() + ":" + statementLine, user, sql.substring(0, sql.length() - 1),
          List.copyOf(expected)));
      statement.setLength(0);
    }
    if (!statement.isEmpty()) {
      throw new ScenarioRunner.ScenarioFailure(file + ": statement at line " + statementLine + " has no closing ';'");
    }
    return steps;
  }
}
