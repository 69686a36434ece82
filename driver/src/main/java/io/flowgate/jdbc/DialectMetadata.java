package io.flowgate.jdbc;

import java.util.Map;

/**
 * What DatabaseMetaData says about the dialect's identifiers, where Avatica's client answers for every database
 * alike (a double quote, upper case): identifiers are quoted with backticks and are case-insensitive, and catalog,
 * schema and table names are stored in lower case, quoted or not.
 */
final class DialectMetadata {
  private static final Map<String, Object> ANSWERS = Map.ofEntries(
      Map.entry("getIdentifierQuoteString", "`"),
      Map.entry("storesLowerCaseIdentifiers", true),
      Map.entry("storesUpperCaseIdentifiers", false),
      Map.entry("storesMixedCaseIdentifiers", false),
      Map.entry("supportsMixedCaseIdentifiers", false),
      Map.entry("storesLowerCaseQuotedIdentifiers", true),
      Map.entry("storesUpperCaseQuotedIdentifiers", false),
      Map.entry("storesMixedCaseQuotedIdentifiers", false),
      Map.entry("supportsMixedCaseQuotedIdentifiers", false),
      Map.entry("isReadOnly", false));

  private DialectMetadata() {}

  /** The answer to a no-argument DatabaseMetaData call, or null when Avatica's own stands. */
  static Object answer(String method) {
    return ANSWERS.get(method);
  }
}
