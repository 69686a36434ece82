package io.flowgate.engine.plan;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.Literal;
import io.flowgate.engine.sql.tree.Expression.LiteralKind;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code from_json(json, schema)}: JSON text read as a value of a STRUCT, ARRAY or MAP type given as a DDL string
 * ({@code 'a INT, b STRING'}, {@code 'array<struct<name: string>>'}). The value is built in H2 from the text's parts,
 * found by {@code FG_SYS} JSON functions; an array's elements come from a range of indexes. By default (the PERMISSIVE
 * mode) the read is lenient: a value that is not of its field's type, or a part that is missing, is NULL. In FAILFAST
 * mode text that is not of its type is MALFORMED_RECORD_IN_PARSING; a missing part or a JSON null is still NULL.
 */
final class FromJson {
  private final Supplier<String> newAlias;
  private final boolean failFast;
  private final JsonOptions.Formats formats;
  private final Sql zone;

  /**
   * {@code newAlias} names each index range; {@code zone} is the zone whose wall clock a timestamp's text without an
   * offset gives.
   */
  FromJson(Supplier<String> newAlias, Map<String, String> options, Sql zone) {
    this.newAlias = newAlias;
    this.failFast = "failfast".equals(options.get("mode"));
    this.formats = JsonOptions.Formats.of(options);
    this.zone = zone;
  }

  /**
   * The schema argument: a string literal holding a type, or a struct's field list, or schema_of_json of a literal
   * (the type it infers, known as the statement is planned).
   */
  static SqlType schema(Expression argument, Span span) {
    if (argument instanceof Expression.FunctionCall call && call.name().equals("schema_of_json")
        && call.arguments().size() == 1 && call.arguments().get(0) instanceof Literal json
        && json.kind() == LiteralKind.STRING) {
      try {
        return SqlParser.parseType(io.flowgate.engine.type.JsonSchema.of(json.text()));
      } catch (IllegalArgumentException malformed) {
        // not JSON: refused below as any schema that is not a literal
      }
    }
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

  /** SQL for the value of type {@code type} that the JSON text {@code record} holds. */
  Sql value(Sql record, SqlType type) {
    return value(record, record, Optional.empty(), type);
  }

  /**
   * SQL for the value of type {@code type} that the JSON text {@code text}, the record's part {@code field} (empty
   * for the whole record), holds.
   */
  private Sql value(Sql record, Sql text, Optional<String> field, SqlType type) {
    Sql read = switch (type.kind()) {
      case STRUCT -> struct(record, text, type);
      case ARRAY -> array(record, text, field, type);
      case MAP -> map(record, text, field, type);
      default -> scalar(text, type);
    };
    if (!failFast) {
      return read;
    }
    Sql present = field.isPresent() ? Sql.of("{} IS NOT NULL", text)
        : Sql.of("TRIM({}) <> {}", text, Sql.text("null"));
    // a struct's ROW with a NULL field IS NULL in H2, so a complex value is unreadable when its text is not its shape
    Sql unreadable = switch (type.kind()) {
      case STRUCT, MAP -> Sql.of("FG_SYS.JSON_OBJECT_SIZE({}) IS NULL", text);
      case ARRAY -> Sql.of("FG_SYS.JSON_ARRAY_LENGTH({}) IS NULL", text);
      default -> Sql.of("{} IS NULL", read);
    };
    return Sql.of("CASE WHEN {} AND {} THEN {} ELSE {} END", present, unreadable,
        Sql.cast(Sql.of("FG_SYS.JSON_MALFORMED({}, {}, {}, {})", record,
            field.map(Sql::text).orElse(Sql.of("NULL")), text, Sql.text(type.sql())), type), read);
  }

  private Sql scalar(Sql text, SqlType type) {
    Sql datePattern = formats.date().map(Sql::text).orElse(Sql.of("NULL"));
    Sql timestampPattern = formats.timestamp().map(Sql::text).orElse(Sql.of("NULL"));
    return switch (type.kind()) {
      case INT -> Sql.of("FG_SYS.JSON_INT({})", text);
      case TINYINT, SMALLINT, DECIMAL -> Sql.cast(Sql.of(type.kind() == TypeKind.DECIMAL ? "FG_SYS.JSON_DECIMAL({})"
          : "FG_SYS.JSON_INT({})", text), type);
      case BIGINT -> Sql.of("FG_SYS.JSON_BIGINT({})", text);
      case DOUBLE -> Sql.of("FG_SYS.JSON_DOUBLE({})", text);
      case FLOAT -> Sql.cast(Sql.of("FG_SYS.JSON_DOUBLE({})", text), type);
      case BOOLEAN -> Sql.of("FG_SYS.JSON_BOOLEAN({})", text);
      case DATE -> Sql.of("FG_SYS.JSON_DATE({}, {})", text, datePattern);
      case TIMESTAMP -> Sql.of("FG_SYS.JSON_TIMESTAMP({}, {}, {})", text, timestampPattern, zone);
      case TIMESTAMP_NTZ -> Sql.of("FG_SYS.JSON_TIMESTAMP({}, {}, NULL)", text, timestampPattern);
      case STRING, VARCHAR, CHAR -> Sql.cast(text, type);
      case BINARY, VOID, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> throw Errors.notSupported("from_json into " + type.sql(), Span.NONE);
      case STRUCT, ARRAY, MAP -> throw new IllegalArgumentException(type.sql());
    };
  }

  private Sql struct(Sql record, Sql text, SqlType type) {
    List<Sql> fields = new ArrayList<>();
    for (int i = 0; i < type.children().size(); i++) {
      String name = type.fieldNames().get(i);
      fields.add(value(record, Sql.of("FG_SYS.JSON_PATH({}, {})", text, Sql.constant(name)), Optional.of(name),
          type.children().get(i)));
    }
    return Sql.of("CASE WHEN FG_SYS.JSON_OBJECT_SIZE({}) IS NOT NULL THEN {} END", text,
        Sql.cast(Sql.of("ROW({})", Sql.list(fields)), type));
  }

  private Sql array(Sql record, Sql text, Optional<String> field, SqlType type) {
    Sql index = Sql.name(newAlias.get());
    Sql element = value(record, Sql.of("FG_SYS.JSON_PATH({}, {} || CAST({}.X - 1 AS VARCHAR) || {})", text,
        Sql.text("["), index, Sql.text("]")), Optional.of(field.orElse("")), type.children().get(0));
    return Sql.of("CASE WHEN FG_SYS.JSON_ARRAY_LENGTH({}) IS NOT NULL THEN {} END", text,
        Sql.cast(over(index, element, Sql.of("FG_SYS.JSON_ARRAY_LENGTH({})", text)), type));
  }

  private Sql map(Sql record, Sql text, Optional<String> field, SqlType type) {
    Sql keyIndex = Sql.name(newAlias.get());
    Sql valueIndex = Sql.name(newAlias.get());
    Sql size = Sql.of("FG_SYS.JSON_OBJECT_SIZE({})", text);
    Sql keys = over(keyIndex, Sql.cast(Sql.of("FG_SYS.JSON_OBJECT_KEY({}, {}.X - 1)", text, keyIndex),
        type.children().get(0)), size);
    Sql values = over(valueIndex, value(record, Sql.of("FG_SYS.JSON_PATH({}, FG_SYS.JSON_OBJECT_KEY({}, {}.X - 1))",
        text, text, valueIndex), Optional.of(field.orElse("")), type.children().get(1)), size);
    return Sql.of("CASE WHEN {} IS NOT NULL THEN {} END", size, Sql.cast(Sql.of("ROW({}, {})", keys, values), type));
  }

  /**
   * An array of {@code element} for indexes 1 to {@code count}, in order. H2's UNNEST cannot see outer columns, but
   * a range can be bounded by them, and its index then reads only the rows it needs.
   */
  static Sql over(Sql index, Sql element, Sql count) {
    return Sql.of("ARRAY(SELECT {} FROM SYSTEM_RANGE(1, 2147483647) {} WHERE {}.X BETWEEN 1 AND COALESCE({}, 0)"
        + " ORDER BY {}.X)", element, index, index, count, index);
  }
}
