package io.flowgate.engine.api;

import java.util.Arrays;

/** A STRUCT value, or a MAP as its keys and values arrays: the fields in declaration order. */
public record RowValue(Object[] fields) {
  public RowValue {
    fields = fields.clone();
  }

  @Override
  public Object[] fields() {
    return fields.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RowValue row && Arrays.deepEquals(fields, row.fields);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(fields);
  }

  @Override
  public String toString() {
    return Arrays.deepToString(fields);
  }
}
