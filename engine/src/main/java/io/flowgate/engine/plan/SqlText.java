package io.flowgate.engine.plan;

/** Quoting for generated H2 SQL. Every identifier H2 sees goes through {@link #quote}. */
public final class SqlText {
  public static final String DATA_SCHEMA = "FG_DATA";

  private SqlText() {}

  public static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** A string literal for DDL, where H2 takes no parameters; single quotes are doubled and nothing else is special. */
  public static String literal(String value) {
    return '\'' + value.replace("'", "''") + '\'';
  }

  public static String table(String storageName) {
    return quote(DATA_SCHEMA) + "." + quote(storageName);
  }
}
