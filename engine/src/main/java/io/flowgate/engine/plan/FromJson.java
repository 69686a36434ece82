package io.flowgate.engine.plan;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.SqlText;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code from_json(json, schema)}: JSON text read as a value of a STRUCT, ARRAY or MAP type given as a DDL string
 * ({@code 'a INT, b STRING'}, {@code 'array<struct<name: string>>'}). The value is built in H2 from the text's parts,
 * found by {@code FG_SYS} JSON functions; an array's elements come from a range of indexes. As in the dialect the
 * read is lenient: a value that is not of its field's type, or a part that is missing, is NULL.
 */
final class FromJson {
  private final Function<Object, String> bind;
  private final Supplier<String> newAlias;

  /** {@code bind} binds a constant (a key) and returns its SQL; {@code newAlias} names each index range. */
  FromJson(Function<Object, String> bind, Supplier<String> newAlias) {
    this.bind = bind;
    this.newAlias = newAlias;
  }

  /** The schema argument: a string literal holding a type, or a struct's field list. */
  static SqlType schema(Expression argument, Span span) {
    if (!(argument instanceof Literal literal) || literal.kind() != LiteralKind.STRING) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`schema`")
          .parameter("functionName", "`from_json`").parameter("message", "the schema must be a string literal")
          .at(span).build();
    }
    SqlType type;
    try {
      type = SqlParser.parseType(literal.text());
    } catch (EngineException notOneType) {
      type = SqlParser.parseType("struct<" + literal.text() + ">");
    }
    if (type.kind() != TypeKind.STRUCT && type.kind() != TypeKind.ARRAY && type.kind() != TypeKind.MAP) {
      throw Errors.typeMismatch("from_json", "its schema must be a STRUCT, ARRAY or MAP type, not " + type.sql(),
          span);
    }
    return type;
  }

  /** SQL for the value of type {@code type} that the JSON text {@code text} (SQL) holds. */
  String value(String text, SqlType type) {
    return switch (type.kind()) {
      case STRUCT -> struct(text, type);
      case ARRAY -> array(text, type);
      case MAP -> map(text, type);
      case INT -> "FG_SYS.JSON_INT(" + text + ")";
      case TINYINT, SMALLINT -> "CAST(FG_SYS.JSON_INT(" + text + ") AS " + type.h2Type() + ")";
      case BIGINT -> "FG_SYS.JSON_BIGINT(" + text + ")";
      case DOUBLE -> "FG_SYS.JSON_DOUBLE(" + text + ")";
      case FLOAT -> "CAST(FG_SYS.JSON_DOUBLE(" + text + ") AS REAL)";
      case DECIMAL -> "CAST(FG_SYS.JSON_DECIMAL(" + text + ") AS " + type.h2Type() + ")";
      case BOOLEAN -> "FG_SYS.JSON_BOOLEAN(" + text + ")";
      case DATE -> "FG_SYS.JSON_DATE(" + text + ")";
      case TIMESTAMP, TIMESTAMP_NTZ -> "FG_SYS.JSON_TIMESTAMP(" + text + ")";
      case STRING, VARCHAR, CHAR -> "CAST(" + text + " AS " + type.h2Type() + ")";
      case BINARY, VOID -> throw Errors.notSupported("from_json into " + type.sql(), Span.NONE);
    };
  }

  private String struct(String text, SqlType type) {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < type.children().size(); i++) {
      fields.add(value("FG_SYS.JSON_PATH(" + text + ", " + bind.apply(type.fieldNames().get(i)) + ")",
          type.children().get(i)));
    }
    return "CASE WHEN FG_SYS.JSON_OBJECT_SIZE(" + text + ") IS NOT NULL THEN CAST(ROW(" + String.join(", ", fields)
        + ") AS " + type.h2Type() + ") END";
  }

  private String array(String text, SqlType type) {
    String index = SqlText.quote(newAlias.get());
    String element = value("FG_SYS.JSON_PATH(" + text + ", '[' || CAST(" + index + ".X - 1 AS VARCHAR) || ']')",
        type.children().get(0));
    return "CASE WHEN FG_SYS.JSON_ARRAY_LENGTH(" + text + ") IS NOT NULL THEN CAST(" + over(index, element,
        "FG_SYS.JSON_ARRAY_LENGTH(" + text + ")") + " AS " + type.h2Type() + ") END";
  }

  private String map(String text, SqlType type) {
    String keyIndex = SqlText.quote(newAlias.get());
    String valueIndex = SqlText.quote(newAlias.get());
    String size = "FG_SYS.JSON_OBJECT_SIZE(" + text + ")";
    String keys = over(keyIndex, "CAST(FG_SYS.JSON_OBJECT_KEY(" + text + ", " + keyIndex + ".X - 1) AS "
        + type.children().get(0).h2Type() + ")", size);
    String values = over(valueIndex, value("FG_SYS.JSON_PATH(" + text + ", FG_SYS.JSON_OBJECT_KEY(" + text + ", "
        + valueIndex + ".X - 1))", type.children().get(1)), size);
    return "CASE WHEN " + size + " IS NOT NULL THEN CAST(ROW(" + keys + ", " + values + ") AS " + type.h2Type()
        + ") END";
  }

  /**
   * An array of {@code element} for indexes 1 to {@code count}, in order. H2's UNNEST cannot see outer columns, but
   * a range can be bounded by them, and its index then reads only the rows it needs.
   */
  static String over(String index, String element, String count) {
    return "ARRAY(SELECT " + element + " FROM SYSTEM_RANGE(1, 2147483647) " + index + " WHERE " + index
        + ".X BETWEEN 1 AND COALESCE(" + count + ", 0) ORDER BY " + index + ".X)";
  }
}
