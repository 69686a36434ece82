package io.flowgate.engine.error;

import io.flowgate.engine.sql.tree.Span;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** Named factories for the errors the engine raises, so each class is built the same way everywhere. */
public final class Errors {
  private Errors() {}

  public static EngineException syntax(String near, String hint, Span span) {
    return EngineException.of(ErrorClass.PARSE_SYNTAX_ERROR).parameter("error", near).parameter("hint", hint)
        .at(span).build();
  }

  public static EngineException tableOrViewNotFound(List<String> name, Span span) {
    return EngineException.of(ErrorClass.TABLE_OR_VIEW_NOT_FOUND).parameter("relationName", quote(name)).at(span)
        .build();
  }

  public static EngineException tableMetadataUnreadable(List<String> name, String reason, Span span) {
    return EngineException.of(ErrorClass.TABLE_METADATA_UNREADABLE).parameter("relationName", quote(name))
        .parameter("reason", reason).at(span).build();
  }

  public static EngineException foreignKeyMismatch(String key, List<String> parent, String reason, Span span) {
    return EngineException.of(ErrorClass.FOREIGN_KEY_MISMATCH).parameter("keyName", quote(key))
        .parameter("parentTable", quote(parent)).parameter("reason", reason).at(span).build();
  }

  public static EngineException tableOrViewAlreadyExists(List<String> name, Span span) {
    return EngineException.of(ErrorClass.TABLE_OR_VIEW_ALREADY_EXISTS).parameter("relationName", quote(name))
        .at(span).build();
  }

  public static EngineException schemaNotFound(List<String> name, Span span) {
    return EngineException.of(ErrorClass.SCHEMA_NOT_FOUND).parameter("schemaName", quote(name)).at(span).build();
  }

  public static EngineException schemaAlreadyExists(List<String> name, Span span) {
    return EngineException.of(ErrorClass.SCHEMA_ALREADY_EXISTS).parameter("schemaName", quote(name)).at(span)
        .build();
  }

  public static EngineException schemaNotEmpty(List<String> name, Span span) {
    return EngineException.of(ErrorClass.SCHEMA_NOT_EMPTY).parameter("schemaName", quote(name)).at(span).build();
  }

  public static EngineException catalogNotFound(String name, Span span) {
    return EngineException.of(ErrorClass.CATALOG_NOT_FOUND).parameter("catalogName", quote(List.of(name))).at(span)
        .build();
  }

  public static EngineException catalogAlreadyExists(String name, Span span) {
    return EngineException.of(ErrorClass.CATALOG_ALREADY_EXISTS).parameter("catalogName", quote(List.of(name)))
        .at(span).build();
  }

  public static EngineException unresolvedColumn(List<String> name, Collection<String> candidates, Span span) {
    EngineException.Builder builder = EngineException.of(ErrorClass.UNRESOLVED_COLUMN)
        .parameter("objectName", quote(name)).at(span);
    if (candidates.isEmpty()) {
      builder.subClass("WITHOUT_SUGGESTION", "");
    } else {
      builder.subClass("WITH_SUGGESTION", "Did you mean one of the following? [<proposal>].")
          .parameter("proposal", candidates.stream().limit(5).map(c -> quote(List.of(c)))
              .collect(Collectors.joining(", ")));
    }
    return builder.build();
  }

  public static EngineException unresolvedRoutine(String name, List<String> searchPath, Span span) {
    return EngineException.of(ErrorClass.UNRESOLVED_ROUTINE).parameter("routineName", quote(List.of(name)))
        .parameter("searchPath", "[" + searchPath.stream().map(Errors::quote).collect(Collectors.joining(", ")) + "]")
        .at(span).build();
  }

  public static EngineException wrongArguments(String function, String expected, int actual, Span span) {
    return EngineException.of(ErrorClass.WRONG_NUM_ARGS).parameter("functionName", quote(List.of(function)))
        .parameter("expectedNum", expected).parameter("actualNum", actual).at(span).build();
  }

  public static EngineException typeMismatch(String expression, String message, Span span) {
    return EngineException.of(ErrorClass.DATATYPE_MISMATCH).parameter("sqlExpr", expression)
        .parameter("message", message).at(span).build();
  }

  /** DATATYPE_MISMATCH with the dialect's sub-class, such as FILTER_NOT_BOOLEAN. */
  public static EngineException typeMismatch(String subClass, String expression, String message, Span span) {
    return EngineException.of(ErrorClass.DATATYPE_MISMATCH).subClass(subClass, "").parameter("sqlExpr", expression)
        .parameter("message", message).at(span).build();
  }

  public static EngineException notSupported(String feature, Span span) {
    return EngineException.of(ErrorClass.FEATURE_NOT_SUPPORTED).parameter("feature", feature).at(span).build();
  }

  public static EngineException notAStreamingTable(String operation, List<String> table, Span span) {
    return EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED)
        .subClass("NON_STREAMING_TABLE", "<tableName> is not a streaming table.").parameter("operation", operation)
        .parameter("tableName", quote(table)).at(span).build();
  }

  public static EngineException createOrReplaceStreamingTable(Span span) {
    return EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED).subClass("CREATE_OR_REPLACE",
        "CREATE OR REPLACE is not supported on streaming tables; use CREATE OR REFRESH STREAMING TABLE.")
        .parameter("operation", "CREATE OR REPLACE").at(span).build();
  }

  /** Statements a streaming table refuses because only its flows write it. */
  public static EngineException unsupportedOnStreamingTable(List<String> table, String operation, Span span) {
    return EngineException.of(ErrorClass.UNSUPPORTED_FEATURE).subClass("TABLE_OPERATION",
        "Table <tableName> does not support <operation>. Streaming tables are written by their flows; change the"
            + " flow query or REFRESH the table.").parameter("tableName", quote(table))
        .parameter("operation", operation).at(span).build();
  }

  public static EngineException statementTooComplex(String reason, Span span) {
    return EngineException.of(ErrorClass.STATEMENT_TOO_COMPLEX).parameter("reason", reason).at(span).build();
  }

  /** The same, where no position is known: the stack ran out below the parser. */
  public static EngineException statementTooComplex(String reason) {
    return EngineException.of(ErrorClass.STATEMENT_TOO_COMPLEX).parameter("reason", reason).build();
  }

  public static EngineException internal(String message, Throwable cause) {
    return EngineException.of(ErrorClass.INTERNAL_ERROR).parameter("message", message).cause(cause).build();
  }

  /** Renders a name the way the dialect's messages do: {@code `main`.`default`.`t`}. */
  public static String quote(List<String> parts) {
    return parts.stream().map(part -> "`" + part.replace("`", "``") + "`").collect(Collectors.joining("."));
  }

  public static String quote(String part) {
    return quote(List.of(part));
  }
}
