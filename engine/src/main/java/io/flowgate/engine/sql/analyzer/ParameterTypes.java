package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The types a statement's client parameters are expected to have, by index, each from the first place it stands
 * typed; shared by the translators of one statement (its views, functions and policies take no parameters).
 */
final class ParameterTypes {
  private final Map<Integer, SqlType> types = new HashMap<>();
  private int count;

  /** Parameter {@code index} appears in the statement. */
  void seen(int index) {
    count = Math.max(count, index + 1);
  }

  /** Parameter {@code index} stands where a {@code type} is expected; the first such place decides. */
  void expect(int index, SqlType type) {
    types.putIfAbsent(index, type);
  }

  /**
   * The expected types of parameters 0 to {@code count - 1} ({@code -1}: to the last one seen); empty where nothing
   * around a parameter tells.
   */
  List<Optional<SqlType>> list(int wanted) {
    int size = wanted >= 0 ? wanted : count;
    List<Optional<SqlType>> list = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      list.add(Optional.ofNullable(types.get(i)));
    }
    return list;
  }
}
