package io.flowgate.engine.type;

/**
 * How strings of a column compare: byte by byte ({@code UTF8_BINARY}, the default) or ignoring case
 * ({@code UTF8_LCASE}: equality, ordering, grouping, IN and LIKE). H2 keeps the second as VARCHAR_IGNORECASE.
 */
public enum Collation {
  UTF8_BINARY, UTF8_LCASE
}
