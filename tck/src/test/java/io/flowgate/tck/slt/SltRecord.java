package io.flowgate.tck.slt;

import java.util.List;

/** One record of a SQLLogicTest file: a statement that must succeed or fail, or a query with its expected answer. */
sealed interface SltRecord {
  int line();

  String sql();

  record Statement(int line, String sql, boolean expectError) implements SltRecord {}

  /**
   * A query: one type letter per column (I integer, R real, T text), how its values are sorted before comparing
   * (nosort, rowsort, valuesort), and the expected values, one a line, or one line "N values hashing to MD5".
   */
  record Query(int line, String sql, String types, String sort, List<String> expected) implements SltRecord {
    public Query {
      expected = List.copyOf(expected);
    }
  }
}
