package io.flowgate.tck.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the dialect differs from SQLite, each with its reason (read from {@code sqllogictest/differences.txt}). A
 * {@code skip} record is not run: the dialect has no such statement. A {@code differ} record is run and may fail
 * with any classified error or answer differently, never with INTERNAL_ERROR. A {@code refused:CLASS} record either
 * answers as expected or fails with that error class; any other answer or error is a failure.
 */
final class SltDifferences {
  enum Kind { SKIP, DIFFER, REFUSED }

  /** {@code errorClass} is the class a REFUSED record fails with; empty for the other kinds. */
  record Rule(Kind kind, String errorClass, Pattern file, Pattern sql, String reason) {}

  private final List<Rule> rules;

  private SltDifferences(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Lines {@code kind | file regex | statement regex | reason}; blank lines and {@code #} comments are skipped. */
  static SltDifferences parse(List<String> lines) {
    List<Rule> rules = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split(" \\| ", 4);
      if (parts.length != 4) {
        throw new IllegalArgumentException("a rule needs kind | file | statement | reason: " + line);
      }
      String[] kind = parts[0].strip().split(":", 2);
      rules.add(new Rule(Kind.valueOf(kind[0].toUpperCase(java.util.Locale.ROOT)), kind.length > 1 ? kind[1] : "",
          Pattern.compile(parts[1].strip()), Pattern.compile(parts[2].strip(), Pattern.DOTALL), parts[3].strip()));
    }
    return new SltDifferences(rules);
  }

  Optional<Rule> find(String file, String sql) {
    return rules.stream().filter(rule -> rule.file().matcher(file).find() && rule.sql().matcher(sql).find())
        .findFirst();
  }
}
