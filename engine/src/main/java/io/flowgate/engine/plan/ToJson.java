package io.flowgate.engine.plan;

import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * to_json: a struct, array or map as the dialect writes it in JSON, built in H2 SQL from the value's type. A struct
 * leaves out its NULL fields and an array or map writes a NULL element as {@code null}, as Spark's default options
 * do; a TIMESTAMP is {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX} in the session's zone, a BINARY its base64, other simple
 * values their text (quoted unless a number or a boolean).
 */
final class ToJson {
  private final Supplier<String> newAlias;
  private final Function<Typed, Sql> text;
  private final Sql zone;

  /** {@code text} writes a simple value as the dialect's text; {@code zone} names the zone timestamps are shown in. */
  ToJson(Supplier<String> newAlias, Function<Typed, Sql> text, Sql zone) {
    this.newAlias = newAlias;
    this.text = text;
    this.zone = zone;
  }

  /** The JSON text of {@code value}, NULL where it is NULL. */
  Sql of(Sql value, SqlType type) {
    return switch (type.kind()) {
      case VOID -> Sql.of("CAST(NULL AS CHARACTER VARYING)");
      case STRUCT -> {
        List<Sql> fields = new ArrayList<>();
        for (int i = 0; i < type.children().size(); i++) {
          String name = type.fieldNames().get(i);
          fields.add(Sql.of("({} || {})", Sql.text(io.flowgate.engine.type.JsonText.quote(name) + ":"),
              of(Sql.of("({}).{}", value, Sql.name(name)), type.children().get(i))));
        }
        // CONCAT_WS skips the NULL fields; a NULL makes up its second value where the struct has one field
        fields.add(Sql.of("NULL"));
        yield whenPresent(value, Sql.of("({} || CONCAT_WS({}, {}) || {})", Sql.text("{"), Sql.text(","),
            Sql.list(fields), Sql.text("}")));
      }
      case ARRAY -> {
        Sql index = Sql.name(newAlias.get());
        Sql element = orNull(of(Sql.of("ARRAY_GET({}, {}.X)", value, index), type.children().get(0)));
        yield whenPresent(value, Sql.of("({} || {} || {})", Sql.text("["), joined(index, element,
            Sql.of("CARDINALITY({})", value)), Sql.text("]")));
      }
      case MAP -> {
        Sql index = Sql.name(newAlias.get());
        Sql keys = Sql.of("({}).{}", value, Sql.name("keys"));
        Sql values = Sql.of("({}).{}", value, Sql.name("values"));
        Typed key = Typed.of(Sql.of("ARRAY_GET({}, {}.X)", keys, index), type.children().get(0));
        Sql entry = Sql.of("(FG_SYS.JSON_QUOTE({}) || {} || {})", text.apply(key), Sql.text(":"),
            orNull(of(Sql.of("ARRAY_GET({}, {}.X)", values, index), type.children().get(1))));
        yield whenPresent(value, Sql.of("({} || {} || {})", Sql.text("{"), joined(index, entry,
            Sql.of("CARDINALITY({})", keys)), Sql.text("}")));
      }
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, BOOLEAN -> text.apply(Typed.of(value, type));
      case TIMESTAMP -> Sql.of("FG_SYS.JSON_QUOTE(FG_SYS.JSON_TIMESTAMP_TEXT({}, {}))", value, zone);
      case BINARY -> Sql.of("FG_SYS.JSON_QUOTE(FG_SYS.BASE64({}))", value);
      default -> Sql.of("FG_SYS.JSON_QUOTE({})", text.apply(Typed.of(value, type)));
    };
  }

  /** H2 says a ROW with a NULL field IS NULL or not NOT NULL; only DISTINCT FROM tells a NULL struct or map. */
  private static Sql whenPresent(Sql value, Sql json) {
    return Sql.of("CASE WHEN {} IS DISTINCT FROM NULL THEN {} END", value, json);
  }

  private static Sql orNull(Sql json) {
    return Sql.of("COALESCE({}, {})", json, Sql.text("null"));
  }

  /** The texts {@code item} gives for the indexes 1 to {@code count}, in order, joined by commas. */
  private static Sql joined(Sql index, Sql item, Sql count) {
    return Sql.of("FG_SYS.JOIN_TEXT(CAST({} AS CHARACTER VARYING ARRAY), {})", ArrayFunctions.overElements(index,
        item, count, Optional.empty(), Sql.of("{}.X", index)), Sql.text(","));
  }
}
