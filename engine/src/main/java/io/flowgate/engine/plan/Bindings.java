package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collects the values that generated SQL binds. Fragments of SQL are built out of order (FROM before SELECT), so
 * each value is written as a marker {@code ?{n}}; {@link #finish} numbers the markers in text order as H2's
 * indexed parameters ({@code ?1}, {@code ?2}, ...). A marker that appears twice (an expression repeated in GROUP BY)
 * stays one parameter, so H2 sees the two expressions as equal. Markers inside quoted identifiers and literals are
 * left alone (a doubled quote inside them closes and reopens, which leaves the state right).
 */
final class Bindings {
  private final List<Binding> values = new ArrayList<>();
  private final Map<Integer, String> userParameters = new HashMap<>();

  private final Map<String, String> runtimeValues = new HashMap<>();
  /** The type each client parameter is expected to have, by its index, from where it first stands typed. */
  private final Map<Integer, SqlType> parameterTypes = new HashMap<>();

  String bind(Binding binding) {
    if (binding instanceof Binding.UserParameter parameter) {
      return userParameters.computeIfAbsent(parameter.index(), index -> add(binding));
    }
    if (binding instanceof Binding.Runtime runtime) {
      return runtimeValues.computeIfAbsent(runtime.key(), key -> add(binding));
    }
    return add(binding);
  }

  /** The client parameter whose marker {@code sql} is, if it is exactly one. */
  Optional<Integer> parameterOf(String sql) {
    for (Map.Entry<Integer, String> parameter : userParameters.entrySet()) {
      if (parameter.getValue().equals(sql)) {
        return Optional.of(parameter.getKey());
      }
    }
    return Optional.empty();
  }

  /** Parameter {@code index} stands where a {@code type} is expected; the first such place decides. */
  void expect(int index, SqlType type) {
    parameterTypes.putIfAbsent(index, type);
  }

  /**
   * The expected types of parameters 0 to {@code count - 1} ({@code -1}: to the last one bound); empty where nothing
   * around a parameter tells.
   */
  List<Optional<SqlType>> parameterTypes(int count) {
    int size = count >= 0 ? count : userParameters.keySet().stream().mapToInt(index -> index + 1).max().orElse(0);
    List<Optional<SqlType>> types = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      types.add(Optional.ofNullable(parameterTypes.get(i)));
    }
    return types;
  }

  private String add(Binding binding) {
    values.add(binding);
    return "?{" + (values.size() - 1) + "}";
  }

  H2Statement finish(String sqlWithMarkers) {
    StringBuilder sql = new StringBuilder(sqlWithMarkers.length());
    List<Binding> ordered = new ArrayList<>();
    Map<Integer, Integer> numbers = new HashMap<>();
    char quote = 0;
    for (int i = 0; i < sqlWithMarkers.length(); i++) {
      char c = sqlWithMarkers.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '?' && i + 1 < sqlWithMarkers.length() && sqlWithMarkers.charAt(i + 1) == '{') {
        int end = sqlWithMarkers.indexOf('}', i);
        int marker = Integer.parseInt(sqlWithMarkers.substring(i + 2, end));
        Integer number = numbers.get(marker);
        if (number == null) {
          ordered.add(values.get(marker));
          number = ordered.size();
          numbers.put(marker, number);
        }
        sql.append('?').append(number);
        i = end;
        continue;
      }
      sql.append(c);
    }
    return new H2Statement(sql.toString(), ordered);
  }
}
