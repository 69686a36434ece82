package io.flowgate.engine.sql.analyzer;

import static io.flowgate.engine.sql.analyzer.Analyzed.binary;
import static io.flowgate.engine.sql.analyzer.Analyzed.call;
import static io.flowgate.engine.sql.analyzer.Analyzed.isNotNull;
import static io.flowgate.engine.sql.analyzer.Analyzed.isNull;
import static io.flowgate.engine.sql.analyzer.Analyzed.system;
import static io.flowgate.engine.sql.analyzer.Analyzed.when;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.analyzer.Analyzed.SystemFunction;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Expression.BinaryOperator;
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
 * ({@code 'a INT, b STRING'}, {@code 'array<struct<name: string>>'}). The value is analyzed into the text's parts,
 * read by the engine's JSON functions; an array's elements come from a range of indexes. By default (the PERMISSIVE
 * mode) the read is lenient: a value that is not of its field's type, or a part that is missing, is NULL. In FAILFAST
 * mode text that is not of its type is MALFORMED_RECORD_IN_PARSING; a missing part or a JSON null is still NULL.
 */
final class FromJson {
  private final Supplier<String> newAlias;
  private final boolean failFast;
  private final JsonOptions.Formats formats;
  private final Analyzed zone;

  /**
   * {@code newAlias} names each index range; {@code zone} is the zone whose wall clock a timestamp's text without an
   * offset gives.
   */
  FromJson(Supplier<String> newAlias, Map<String, String> options, Analyzed zone) {
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

  /** The value of type {@code type} that the JSON text {@code record} holds. */
  Analyzed value(Analyzed record, SqlType type) {
    return value(record, record, Optional.empty(), type);
  }

  /**
   * The value of type {@code type} that the JSON text {@code text}, the record's part {@code field} (empty for the
   * whole record), holds.
   */
  private Analyzed value(Analyzed record, Analyzed text, Optional<String> field, SqlType type) {
    Analyzed read = switch (type.kind()) {
      case STRUCT -> struct(record, text, type);
      case ARRAY -> array(record, text, field, type);
      case MAP -> map(record, text, field, type);
      default -> scalar(text, type);
    };
    if (!failFast) {
      return read;
    }
    Analyzed present = field.isPresent() ? isNotNull(text)
        : binary(BinaryOperator.NOT_EQUAL, call("trim", text), new Analyzed.Text("null"));
    // a struct's ROW with a NULL field IS NULL in H2, so a complex value is unreadable when its text is not its shape
    Analyzed unreadable = switch (type.kind()) {
      case STRUCT, MAP -> isNull(system(SystemFunction.JSON_OBJECT_SIZE, text));
      case ARRAY -> isNull(system(SystemFunction.JSON_ARRAY_LENGTH, text));
      default -> isNull(read);
    };
    Analyzed malformed = new Analyzed.Cast(system(SystemFunction.JSON_MALFORMED, record, field.<Analyzed>map(
        Analyzed.Text::new).orElse(new Analyzed.NullValue()), text, new Analyzed.Text(type.sql())), type);
    return new Analyzed.Case(Optional.empty(), List.of(new Analyzed.When(binary(BinaryOperator.AND, present,
        unreadable), malformed)), Optional.of(read));
  }

  private Analyzed scalar(Analyzed text, SqlType type) {
    Analyzed datePattern = formats.date().<Analyzed>map(Analyzed.Text::new).orElse(new Analyzed.NullValue());
    Analyzed timestampPattern = formats.timestamp().<Analyzed>map(Analyzed.Text::new)
        .orElse(new Analyzed.NullValue());
    return switch (type.kind()) {
      case INT -> system(SystemFunction.JSON_INT, text);
      case TINYINT, SMALLINT -> new Analyzed.Cast(system(SystemFunction.JSON_INT, text), type);
      case DECIMAL -> new Analyzed.Cast(system(SystemFunction.JSON_DECIMAL, text), type);
      case BIGINT -> system(SystemFunction.JSON_BIGINT, text);
      case DOUBLE -> system(SystemFunction.JSON_DOUBLE, text);
      case FLOAT -> new Analyzed.Cast(system(SystemFunction.JSON_DOUBLE, text), type);
      case BOOLEAN -> system(SystemFunction.JSON_BOOLEAN, text);
      case DATE -> system(SystemFunction.JSON_DATE, text, datePattern);
      case TIMESTAMP -> system(SystemFunction.JSON_TIMESTAMP, text, timestampPattern, zone);
      case TIMESTAMP_NTZ -> system(SystemFunction.JSON_TIMESTAMP, text, timestampPattern, new Analyzed.NullValue());
      case STRING, VARCHAR, CHAR -> new Analyzed.Cast(text, type);
      case BINARY, VOID, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> throw Errors.notSupported("from_json into "
          + type.sql(), Span.NONE);
      case STRUCT, ARRAY, MAP -> throw new IllegalArgumentException(type.sql());
    };
  }

  private Analyzed struct(Analyzed record, Analyzed text, SqlType type) {
    List<Analyzed> fields = new ArrayList<>();
    for (int i = 0; i < type.children().size(); i++) {
      String name = type.fieldNames().get(i);
      fields.add(value(record, system(SystemFunction.JSON_PATH, text, new Analyzed.Constant(name, SqlType.STRING)),
          Optional.of(name), type.children().get(i)));
    }
    return when(isNotNull(system(SystemFunction.JSON_OBJECT_SIZE, text)), new Analyzed.Cast(
        new Analyzed.Operation(Analyzed.OperationKind.ROW, fields), type));
  }

  private Analyzed array(Analyzed record, Analyzed text, Optional<String> field, SqlType type) {
    String index = newAlias.get();
    Analyzed path = call("concat", new Analyzed.Text("["), new Analyzed.Cast(position(index), SqlType.STRING),
        new Analyzed.Text("]"));
    Analyzed element = value(record, system(SystemFunction.JSON_PATH, text, path), Optional.of(field.orElse("")),
        type.children().get(0));
    Analyzed length = system(SystemFunction.JSON_ARRAY_LENGTH, text);
    return when(isNotNull(length), new Analyzed.Cast(ArrayFunctions.overElements(index, element, length), type));
  }

  private Analyzed map(Analyzed record, Analyzed text, Optional<String> field, SqlType type) {
    String keyIndex = newAlias.get();
    String valueIndex = newAlias.get();
    Analyzed size = system(SystemFunction.JSON_OBJECT_SIZE, text);
    Analyzed keys = ArrayFunctions.overElements(keyIndex, new Analyzed.Cast(system(SystemFunction.JSON_OBJECT_KEY,
        text, position(keyIndex)), type.children().get(0)), size);
    Analyzed valueText = system(SystemFunction.JSON_PATH, text, system(SystemFunction.JSON_OBJECT_KEY, text,
        position(valueIndex)));
    Analyzed values = ArrayFunctions.overElements(valueIndex, value(record, valueText, Optional.of(field.orElse("")),
        type.children().get(1)), size);
    return when(isNotNull(size), new Analyzed.Cast(new Analyzed.Operation(Analyzed.OperationKind.ROW, keys, values),
        type));
  }

  /** The position, counted from 0, of the element the range {@code index} is at. */
  private static Analyzed position(String index) {
    return binary(BinaryOperator.SUBTRACT, new Analyzed.ElementNumber(index), Analyzed.number(1));
  }
}
