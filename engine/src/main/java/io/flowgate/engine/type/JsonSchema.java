package io.flowgate.engine.type;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The schema Spark infers for a JSON value, written as {@code schema_of_json} writes it ({@code STRUCT<a: BIGINT,
 * b: ARRAY<STRING>>}): integers BIGINT (wider ones DECIMAL(n,0), then DOUBLE), other numbers DOUBLE, strings
 * STRING, booleans BOOLEAN, objects STRUCTs with their fields in name order, arrays of their elements' common type
 * (STRING when none or when they do not agree), a NULL STRING.
 */
public final class JsonSchema {
  private JsonSchema() {}

  /** A JSON value's type; {@link IllegalArgumentException} when the text is not one JSON value. */
  public static String of(String json) {
    JsonCursor cursor = new JsonCursor(json);
    try {
      cursor.space();
      Inferred type = value(cursor);
      cursor.space();
      if (cursor.position() != json.length()) {
        throw new IllegalArgumentException("more text after the JSON value");
      }
      return type.text();
    } catch (IllegalStateException | StringIndexOutOfBoundsException | NumberFormatException malformed) {
      throw new IllegalArgumentException("not JSON", malformed);
    }
  }

  /** A type as inference sees it: a name, or an array's element, or an object's fields in name order. */
  private record Inferred(String name, Inferred element, Map<String, Inferred> fields) {
    static final Inferred NULL = simple("NULL");
    static final Inferred STRING = simple("STRING");

    static Inferred simple(String name) {
      return new Inferred(name, null, null);
    }

    String text() {
      if (element != null) {
        return "ARRAY<" + element.text() + ">";
      }
      if (fields != null) {
        List<String> written = new ArrayList<>();
        fields.forEach((field, type) -> written.add(identifier(field) + ": " + type.text()));
        return "STRUCT<" + String.join(", ", written) + ">";
      }
      return name.equals("NULL") ? "STRING" : name;
    }
  }

  private static Inferred value(JsonCursor cursor) {
    cursor.space();
    char c = cursor.peek();
    if (c == '{') {
      Map<String, Inferred> fields = new TreeMap<>();
      cursor.advance();
      cursor.space();
      if (cursor.peek() == '}') {
        cursor.advance();
        return new Inferred("STRUCT", null, fields);
      }
      while (true) {
        cursor.space();
        String field = cursor.string();
        cursor.space();
        cursor.expect(':');
        Inferred type = value(cursor);
        fields.merge(field, type, JsonSchema::common);
        cursor.space();
        if (cursor.peek() == ',') {
          cursor.advance();
        } else {
          cursor.expect('}');
          return new Inferred("STRUCT", null, fields);
        }
      }
    }
    if (c == '[') {
      Inferred element = Inferred.NULL;
      cursor.advance();
      cursor.space();
      if (cursor.peek() == ']') {
        cursor.advance();
        return new Inferred("ARRAY", Inferred.NULL, null); // STRING, unless another array of the place says more
      }
      while (true) {
        element = common(element, value(cursor));
        cursor.space();
        if (cursor.peek() == ',') {
          cursor.advance();
        } else {
          cursor.expect(']');
          return new Inferred("ARRAY", element, null);
        }
      }
    }
    if (c == '"') {
      cursor.string();
      return Inferred.STRING;
    }
    int start = cursor.position();
    cursor.skipValue();
    String token = cursor.text(start).strip();
    switch (token) {
      case "true", "false" -> {
        return Inferred.simple("BOOLEAN");
      }
      case "null" -> {
        return Inferred.NULL;
      }
      default -> {
        return number(token);
      }
    }
  }

  private static Inferred number(String token) {
    if (!token.matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")) {
      throw new IllegalStateException("not a JSON value: " + token);
    }
    if (token.contains(".") || token.contains("e") || token.contains("E")) {
      return Inferred.simple("DOUBLE");
    }
    BigInteger integer = new BigInteger(token);
    if (integer.bitLength() < 64) {
      return Inferred.simple("BIGINT");
    }
    int digits = integer.abs().toString().length();
    return Inferred.simple(digits <= 38 ? "DECIMAL(" + digits + ",0)" : "DOUBLE");
  }

  /** The type two values of one place share: NULL gives way, numbers widen, objects merge, else STRING. */
  private static Inferred common(Inferred a, Inferred b) {
    if (a.equals(Inferred.NULL)) {
      return b;
    }
    if (b.equals(Inferred.NULL) || a.equals(b)) {
      return a;
    }
    if (a.fields() != null && b.fields() != null) {
      Map<String, Inferred> merged = new TreeMap<>(a.fields());
      b.fields().forEach((field, type) -> merged.merge(field, type, JsonSchema::common));
      return new Inferred("STRUCT", null, merged);
    }
    if (a.element() != null && b.element() != null) {
      return new Inferred("ARRAY", common(a.element(), b.element()), null);
    }
    if (numeric(a) && numeric(b)) {
      // a BIGINT meets a wide integer in a DECIMAL that holds both; anything meets DOUBLE in DOUBLE
      return a.name().equals("DOUBLE") || b.name().equals("DOUBLE") ? Inferred.simple("DOUBLE")
          : Inferred.simple("DECIMAL(" + Math.max(digits(a), digits(b)) + ",0)");
    }
    return Inferred.STRING;
  }

  private static boolean numeric(Inferred type) {
    return type.name().equals("BIGINT") || type.name().equals("DOUBLE") || type.name().startsWith("DECIMAL");
  }

  /** The digits of an integer type: a BIGINT's as a DECIMAL holds them. */
  private static int digits(Inferred integer) {
    return integer.name().equals("BIGINT") ? 20
        : Integer.parseInt(integer.name().substring("DECIMAL(".length(), integer.name().indexOf(',')));
  }

  /** A field name as a DDL type writes it: backquoted unless it is a plain identifier. */
  private static String identifier(String name) {
    return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : "`" + name.replace("`", "``") + "`";
  }
}
