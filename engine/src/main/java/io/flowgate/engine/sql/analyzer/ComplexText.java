package io.flowgate.engine.sql.analyzer;

import static io.flowgate.engine.sql.analyzer.Analyzed.call;
import static io.flowgate.engine.sql.analyzer.Analyzed.system;
import static io.flowgate.engine.sql.analyzer.Analyzed.when;

import io.flowgate.engine.sql.analyzer.Analyzed.SystemFunction;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Structs, arrays and maps as text, analyzed into the parts that build it from the value's type, in one of the
 * dialect's two spellings.
 * {@link Style#JSON} is to_json with Spark's default options: a struct leaves out its NULL fields, an array or map
 * writes a NULL element as {@code null}, numbers and booleans are bare, a TIMESTAMP is
 * {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX} in the session's zone (or by the timestampFormat option; a DATE by dateFormat),
 * a BINARY its base64, other values quoted text.
 * {@link Style#JSON_WITH_NULLS} is to_json with ignoreNullFields false: the same, with a NULL field written null.
 * {@link Style#CAST} is CAST(... AS STRING): {@code [1, null]}, a struct's values {@code {1, x}}, a map
 * {@code {a -> 1}}, each element as CAST writes it. A NULL value gives NULL in both.
 */
final class ComplexText {
  enum Style { JSON, JSON_WITH_NULLS, CAST }

  private final Style style;
  private final Supplier<String> newAlias;
  private final Function<Typed, Analyzed> text;
  private final Analyzed zone;
  private final JsonOptions.Formats formats;

  /**
   * {@code text} gives a simple value as the dialect's text; {@code zone} names the zone timestamps are shown in;
   * {@code formats} are to_json's patterns for dates and timestamps.
   */
  ComplexText(Style style, Supplier<String> newAlias, Function<Typed, Analyzed> text, Analyzed zone,
      JsonOptions.Formats formats) {
    this.style = style;
    this.newAlias = newAlias;
    this.text = text;
    this.zone = zone;
    this.formats = formats;
  }

  /** The text of {@code value}, NULL where it is NULL. */
  Analyzed of(Analyzed value, SqlType type) {
    boolean json = style != Style.CAST;
    String separator = json ? "," : ", ";
    return switch (type.kind()) {
      case VOID -> new Analyzed.Cast(new Analyzed.NullValue(), SqlType.STRING);
      case STRUCT -> {
        List<Analyzed> fields = new ArrayList<>(List.of(new Analyzed.Text(separator)));
        for (int i = 0; i < type.children().size(); i++) {
          String name = type.fieldNames().get(i);
          Analyzed field = of(new Analyzed.Field(value, name), type.children().get(i));
          // JSON leaves a NULL field out (CONCAT_WS skips it); CAST writes null
          Analyzed written = style == Style.JSON ? field : orNull(field);
          fields.add(json ? call("concat", new Analyzed.Text(JsonText.quote(name) + ":"), written) : written);
        }
        // a NULL makes up CONCAT_WS's second value where the struct has one field
        fields.add(new Analyzed.NullValue());
        yield whenPresent(value, call("concat", new Analyzed.Text("{"), call("concat_ws", fields),
            new Analyzed.Text("}")));
      }
      case ARRAY -> {
        String index = newAlias.get();
        Analyzed element = orNull(of(ArrayFunctions.nth(value, ArrayFunctions.number(index)), type.children().get(0)));
        yield whenPresent(value, call("concat", new Analyzed.Text("["), joined(index, element,
            new Analyzed.Operation(Analyzed.OperationKind.CARDINALITY, value), separator), new Analyzed.Text("]")));
      }
      case MAP -> {
        String index = newAlias.get();
        Analyzed keys = new Analyzed.Operation(Analyzed.OperationKind.MAP_KEYS, value);
        Analyzed values = new Analyzed.Operation(Analyzed.OperationKind.MAP_VALUES, value);
        Analyzed key = json ? system(SystemFunction.JSON_QUOTE, text.apply(Typed.of(ArrayFunctions.nth(keys, ArrayFunctions.number(index)),
            type.children().get(0)))) : of(ArrayFunctions.nth(keys, ArrayFunctions.number(index)), type.children().get(0));
        Analyzed entry = call("concat", key, new Analyzed.Text(json ? ":" : " -> "),
            orNull(of(ArrayFunctions.nth(values, ArrayFunctions.number(index)), type.children().get(1))));
        yield whenPresent(value, call("concat", new Analyzed.Text("{"), joined(index, entry,
            new Analyzed.Operation(Analyzed.OperationKind.CARDINALITY, keys), separator), new Analyzed.Text("}")));
      }
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, BOOLEAN -> text.apply(Typed.of(value, type));
      case TIMESTAMP -> json ? system(SystemFunction.JSON_QUOTE, system(SystemFunction.JSON_TIMESTAMP_TEXT, value,
          zone, formats.timestamp().<Analyzed>map(Analyzed.Text::new).orElse(new Analyzed.NullValue())))
          : text.apply(Typed.of(value, type));
      case DATE -> json && formats.date().isPresent()
          ? system(SystemFunction.JSON_QUOTE, system(SystemFunction.JSON_DATE_TEXT, value,
              new Analyzed.Text(formats.date().get())))
          : quoted(value, type, json);
      case BINARY -> json ? system(SystemFunction.JSON_QUOTE, system(SystemFunction.BASE64, value))
          : text.apply(Typed.of(value, type));
      default -> quoted(value, type, json);
    };
  }

  /** A simple value's text, as a JSON string in JSON. */
  private Analyzed quoted(Analyzed value, SqlType type, boolean json) {
    Analyzed written = text.apply(Typed.of(value, type));
    return json ? system(SystemFunction.JSON_QUOTE, written) : written;
  }

  /** H2 says a ROW with a NULL field IS NULL or not NOT NULL; only DISTINCT FROM tells a NULL struct or map. */
  private static Analyzed whenPresent(Analyzed value, Analyzed text) {
    return when(new Analyzed.NullTest(value, true, true), text);
  }

  private static Analyzed orNull(Analyzed text) {
    return call("coalesce", text, new Analyzed.Text("null"));
  }

  /** The texts {@code item} gives for the indexes 1 to {@code count}, in order, joined by {@code separator}. */
  private static Analyzed joined(String index, Analyzed item, Analyzed count, String separator) {
    return system(SystemFunction.JOIN_TEXT, new Analyzed.Cast(ArrayFunctions.overElements(index, item, count),
        SqlType.array(SqlType.STRING)), new Analyzed.Text(separator));
  }
}
