package io.flowgate.engine.storage;

import io.flowgate.engine.type.JsonPath;

/**
 * Java functions the engine installs in H2 under {@code FG_SYS}, for what H2's SQL cannot express. They are called
 * only from SQL the engine generates; the function registry decides who may use them.
 */
public final class H2Functions {
  private H2Functions() {}

  /**
   * The 1-based position of {@code key} in {@code keys}, or NULL: how a map finds the value of a key. Keys and key
   * arrive as text (H2 would pass other Java types as serialized objects); both were cast to the map's key type
   * first, so equal keys have equal text. The last of duplicate keys wins, as in the dialect.
   */
  public static Integer mapIndex(String[] keys, String key) {
    if (keys == null || key == null) {
      return null;
    }
    for (int i = keys.length - 1; i >= 0; i--) {
      if (key.equals(keys[i])) {
        return i + 1;
      }
    }
    return null;
  }

  /** {@code json:path}: the value at {@code path} (segments separated by newlines) of JSON text, as text. */
  public static String jsonPath(String json, String path) {
    if (json == null || path == null) {
      return null;
    }
    return JsonPath.extract(json, java.util.Arrays.asList(path.split("\n")));
  }

  static java.util.List<String> installSql() {
    return java.util.List.of(
        "CREATE ALIAS IF NOT EXISTS FG_SYS.MAP_INDEX DETERMINISTIC FOR '" + H2Functions.class.getName() + ".mapIndex'",
        "CREATE ALIAS IF NOT EXISTS FG_SYS.JSON_PATH DETERMINISTIC FOR '" + H2Functions.class.getName()
            + ".jsonPath'");
  }
}
