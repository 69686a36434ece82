package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.JsonText;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Structs, arrays and maps as text, built in H2 SQL from the value's type, in one of the dialect's two spellings.
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
  private final Function<Typed, Sql> text;
  private final Sql zone;
  private final JsonOptions.Formats formats;

  /**
   * {@code text} writes a simple value as the dialect's text; {@code zone} names the zone timestamps are shown in;
   * {@code formats} are to_json's patterns for dates and timestamps.
   */
  ComplexText(Style style, Supplier<String> newAlias, Function<Typed, Sql> text, Sql zone,
      JsonOptions.Formats formats) {
    this.style = style;
    this.newAlias = newAlias;
    this.text = text;
    this.zone = zone;
    this.formats = formats;
  }

  /** The text of {@code value}, NULL where it is NULL. */
  Sql of(Sql value, SqlType type) {
    boolean json = style != Style.CAST;
    String separator = json ? "," : ", ";
    return switch (type.kind()) {
      case VOID -> Sql.of("CAST(NULL AS CHARACTER VARYING)");
      case STRUCT -> {
        List<Sql> fields = new ArrayList<>();
        for (int i = 0; i < type.children().size(); i++) {
          String name = type.fieldNames().get(i);
          Sql field = of(Sql.of("({}).{}", value, Sql.name(name)), type.children().get(i));
          // JSON leaves a NULL field out (CONCAT_WS skips it); CAST writes null
          Sql written = style == Style.JSON ? field : orNull(field);
          fields.add(json ? Sql.of("({} || {})", Sql.text(JsonText.quote(name) + ":"), written) : written);
        }
        // a NULL makes up CONCAT_WS's second value where the struct has one field
        fields.add(Sql.of("NULL"));
        yield whenPresent(value, Sql.of("({} || CONCAT_WS({}, {}) || {})", Sql.text("{"), Sql.text(separator),
            Sql.list(fields), Sql.text("}")));
      }
      case ARRAY -> {
        Sql index = Sql.name(newAlias.get());
        Sql element = orNull(of(Sql.of("ARRAY_GET({}, {}.X)", value, index), type.children().get(0)));
        yield whenPresent(value, Sql.of("({} || {} || {})", Sql.text("["), joined(index, element,
            Sql.of("CARDINALITY({})", value), separator), Sql.text("]")));
      }
      case MAP -> {
        Sql index = Sql.name(newAlias.get());
        Sql keys = Sql.of("({}).{}", value, Sql.name("keys"));
        Sql values = Sql.of("({}).{}", value, Sql.name("values"));
        Sql key = json ? Sql.of("FG_SYS.JSON_QUOTE({})", text.apply(Typed.of(Sql.of("ARRAY_GET({}, {}.X)", keys,
            index), type.children().get(0)))) : of(Sql.of("ARRAY_GET({}, {}.X)", keys, index), type.children().get(0));
        Sql entry = Sql.of("({} || {} || {})", key, Sql.text(json ? ":" : " -> "),
            orNull(of(Sql.of("ARRAY_GET({}, {}.X)", values, index), type.children().get(1))));
        yield whenPresent(value, Sql.of("({} || {} || {})", Sql.text("{"), joined(index, entry,
            Sql.of("CARDINALITY({})", keys), separator), Sql.text("}")));
      }
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, BOOLEAN -> text.apply(Typed.of(value, type));
      case TIMESTAMP -> json ? Sql.of("FG_SYS.JSON_QUOTE(FG_SYS.JSON_TIMESTAMP_TEXT({}, {}, {}))", value, zone,
          formats.timestamp().map(Sql::text).orElse(Sql.of("NULL"))) : text.apply(Typed.of(value, type));
      case DATE -> json && formats.date().isPresent()
          ? Sql.of("FG_SYS.JSON_QUOTE(FG_SYS.JSON_DATE_TEXT({}, {}))", value, Sql.text(formats.date().get()))
          : quoted(value, type, json);
      case BINARY -> json ? Sql.of("FG_SYS.JSON_QUOTE(FG_SYS.BASE64({}))", value) : text.apply(Typed.of(value, type));
      default -> quoted(value, type, json);
    };
  }

  /** A simple value's text, as a JSON string in JSON. */
  private Sql quoted(Sql value, SqlType type, boolean json) {
    Sql written = text.apply(Typed.of(value, type));
    return json ? Sql.of("FG_SYS.JSON_QUOTE({})", written) : written;
  }

  /** H2 says a ROW with a NULL field IS NULL or not NOT NULL; only DISTINCT FROM tells a NULL struct or map. */
  private static Sql whenPresent(Sql value, Sql text) {
    return Sql.of("CASE WHEN {} IS DISTINCT FROM NULL THEN {} END", value, text);
  }

  private static Sql orNull(Sql text) {
    return Sql.of("COALESCE({}, {})", text, Sql.text("null"));
  }

  /** The texts {@code item} gives for the indexes 1 to {@code count}, in order, joined by {@code separator}. */
  private static Sql joined(Sql index, Sql item, Sql count, String separator) {
    return Sql.of("FG_SYS.JOIN_TEXT(CAST({} AS CHARACTER VARYING ARRAY), {})", FromJson.over(index, item, count),
        Sql.text(separator));
  }
}
