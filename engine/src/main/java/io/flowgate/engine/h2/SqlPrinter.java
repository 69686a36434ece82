package io.flowgate.engine.h2;

import io.flowgate.engine.type.Collation;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes a {@link Sql} tree as H2 SQL text: identifiers in double quotes, string constants in single quotes (each
 * quote doubled inside; H2 has no other escape), parameters as {@code ?1, ?2, ...} in the order they appear, one
 * number per distinct binding.
 */
public final class SqlPrinter {
  private final StringBuilder text = new StringBuilder();
  private final List<Binding> bindings = new ArrayList<>();
  private final Map<Binding, Integer> numbers = new HashMap<>();

  private SqlPrinter() {}

  public static H2Statement print(Sql sql) {
    SqlPrinter printer = new SqlPrinter();
    printer.write(sql);
    return new H2Statement(printer.text.toString(), printer.bindings);
  }

  /** The H2 column type that stores values of {@code type}. */
  private static String typeName(SqlType type) {
    return switch (type.kind()) {
      case BOOLEAN -> "BOOLEAN";
      case TINYINT -> "TINYINT";
      case SMALLINT -> "SMALLINT";
      case INT -> "INTEGER";
      case BIGINT -> "BIGINT";
      case FLOAT -> "REAL";
      case DOUBLE -> "DOUBLE PRECISION";
      case DECIMAL -> "DECIMAL(" + type.length() + "," + type.scale() + ")";
      case STRING -> type.collation() == Collation.UTF8_LCASE ? "VARCHAR_IGNORECASE" : "CHARACTER VARYING";
      case VARCHAR -> "CHARACTER VARYING(" + type.length() + ")";
      case CHAR -> "CHARACTER(" + type.length() + ")";
      case BINARY -> "BINARY VARYING";
      case DATE -> "DATE";
      case TIMESTAMP, TIMESTAMP_NTZ -> "TIMESTAMP(6)";
      case ARRAY -> typeName(type.children().get(0)) + " ARRAY";
      // A map is its keys and values as two arrays of equal length, in insertion order.
      case MAP -> "ROW(\"keys\" " + typeName(type.children().get(0)) + " ARRAY, \"values\" "
          + typeName(type.children().get(1)) + " ARRAY)";
      case STRUCT -> "ROW(" + IntStream.range(0, type.children().size())
          .mapToObj(i -> quote(type.fieldNames().get(i)) + " " + typeName(type.children().get(i)))
          .collect(Collectors.joining(", ")) + ")";
      case VOID -> "CHARACTER VARYING";
      // An interval is its count of months or microseconds.
      case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> "BIGINT";
    };
  }

  private static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  private void write(Sql sql) {
    if (sql instanceof Sql.Syntax syntax) {
      String form = syntax.text();
      int hole = 0;
      int from = 0;
      for (int at = form.indexOf("{}"); at >= 0; at = form.indexOf("{}", from)) {
        text.append(form, from, at);
        write(syntax.holes().get(hole++));
        from = at + 2;
      }
      text.append(form, from, form.length());
    } else if (sql instanceof Sql.Name name) {
      text.append(quote(name.identifier()));
    } else if (sql instanceof Sql.Param param) {
      Integer number = numbers.get(param.binding());
      if (number == null) {
        bindings.add(param.binding());
        number = bindings.size();
        numbers.put(param.binding(), number);
      }
      text.append('?').append(number);
    } else if (sql instanceof Sql.Number number) {
      // A negative number in parentheses, so that it never follows a minus sign as a comment's "--".
      text.append(number.digits().startsWith("-") ? "(" + number.digits() + ")" : number.digits());
    } else if (sql instanceof Sql.Text constant) {
      text.append('\'').append(constant.value().replace("'", "''")).append('\'');
    } else if (sql instanceof Sql.Type type) {
      text.append(typeName(type.type()));
    } else if (sql instanceof Sql.Joined joined) {
      for (int i = 0; i < joined.parts().size(); i++) {
        if (i > 0) {
          text.append(joined.separator());
        }
        write(joined.parts().get(i));
      }
    }
  }
}
