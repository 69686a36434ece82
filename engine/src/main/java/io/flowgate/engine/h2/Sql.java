package io.flowgate.engine.h2;

import io.flowgate.engine.type.SqlType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A piece of the SQL the engine writes for H2. Fixed syntax ({@link Syntax}) may hold keywords, operators, the
 * names of H2's and the engine's own functions and numbers, and holes for other pieces; it cannot hold a quote or a
 * parameter marker, so everything else enters as a node of its own: identifiers ({@link Name}, always quoted),
 * values bound as parameters ({@link Param}, numbered when printed), numbers and the engine's own string constants
 * ({@link Number}, {@link Text}), types ({@link Type}). {@link SqlPrinter} is the only place that turns a tree into
 * text, so quoting and parameter numbering cannot be got wrong by whoever builds one.
 */
public sealed interface Sql permits Sql.Syntax, Sql.Name, Sql.Param, Sql.Number, Sql.Text, Sql.Type, Sql.Joined {
  /** Nothing: an optional clause left out. */
  Sql EMPTY = new Syntax("", List.of());

  /**
   * Fixed H2 syntax with {@code {}} holes, filled in order by {@code holes}. Letters, digits, spaces and SQL's
   * punctuation only: no quotes, no {@code ?}, no {@code ;}, no comment.
   */
  record Syntax(String text, List<Sql> holes) implements Sql {
    private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9_ (),.=<>!+\\-*/%|\\[\\]{}:~\\n&^]*");

    public Syntax {
      Objects.requireNonNull(text, "text is null");
      holes = List.copyOf(holes);
      if (!ALLOWED.matcher(text).matches() || text.contains("--") || text.contains("/*")) {
        throw new IllegalArgumentException("not fixed H2 syntax: " + text);
      }
      int count = 0;
      for (int at = text.indexOf("{}"); at >= 0; at = text.indexOf("{}", at + 2)) {
        count++;
      }
      if (count != holes.size() || text.replace("{}", "").indexOf('{') >= 0
          || text.replace("{}", "").indexOf('}') >= 0) {
        throw new IllegalArgumentException(holes.size() + " pieces for the holes of: " + text);
      }
    }
  }

  /** An identifier, printed in double quotes with its own doubled. */
  record Name(String identifier) implements Sql {
    public Name {
      Objects.requireNonNull(identifier, "identifier is null");
    }
  }

  /** A value bound as a parameter; equal bindings print as one parameter (so H2 sees repeated expressions as equal). */
  record Param(Binding binding) implements Sql {
    public Param {
      Objects.requireNonNull(binding, "binding is null");
    }
  }

  /** A number the engine computed or parsed, printed from its value. */
  record Number(String digits) implements Sql {
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    public Number {
      if (!NUMBER.matcher(digits).matches()) {
        throw new IllegalArgumentException("not a number: " + digits);
      }
    }
  }

  /** A string literal: for DDL, where H2 takes no parameters, and for the engine's own constant words. */
  record Text(String value) implements Sql {
    public Text {
      Objects.requireNonNull(value, "value is null");
    }
  }

  /** The H2 type that stores values of a dialect type. */
  record Type(SqlType type) implements Sql {
    public Type {
      Objects.requireNonNull(type, "type is null");
    }
  }

  /** Pieces printed one after another with {@code separator} (fixed syntax) between them. */
  record Joined(String separator, List<Sql> parts) implements Sql {
    public Joined {
      new Syntax(separator, List.of());
      parts = List.copyOf(parts);
    }
  }

  static Sql of(String syntax, Sql... holes) {
    return new Syntax(syntax, Arrays.asList(holes));
  }

  static Sql of(String syntax, List<? extends Sql> holes) {
    return new Syntax(syntax, List.copyOf(holes));
  }

  static Sql name(String identifier) {
    return new Name(identifier);
  }

  /**
   * {@code "relation"."column"}, or the bare column where {@code relation} is empty. The relation is quoted too, so
   * it must be an alias declared quoted ({@code Sql.name}); a fixed, unquoted alias of the engine's own statements
   * ({@code t.}, {@code b.}) belongs in the syntax.
   */
  static Sql column(String relation, String column) {
    return relation.isEmpty() ? new Name(column) : of("{}.{}", new Name(relation), new Name(column));
  }

  /** A data table of the store by its storage name: {@code "FG_DATA"."T12"}. */
  static Sql table(String storageName) {
    return of("{}.{}", new Name(StoreNames.DATA_SCHEMA), new Name(storageName));
  }

  static Sql param(Binding binding) {
    return new Param(binding);
  }

  /** A constant bound as a parameter. */
  static Sql constant(Object value) {
    return new Param(new Binding.Constant(value));
  }

  static Sql number(long value) {
    return new Number(Long.toString(value));
  }

  /** A number printed whole, without an exponent. */
  static Sql number(BigDecimal value) {
    return new Number(value.toPlainString());
  }

  static Sql text(String value) {
    return new Text(value);
  }

  static Sql type(SqlType type) {
    return new Type(type);
  }

  /** {@code CAST(value AS type)}. */
  static Sql cast(Sql value, SqlType type) {
    return of("CAST({} AS {})", value, new Type(type));
  }

  /**
   * {@code value} without the casts around a bound value ({@code CAST(CAST(? AS ...) AS ...)} is the bare parameter);
   * any other piece as it is. For the places where H2 reads an argument once, as the statement is prepared, unless it
   * is a parameter itself: LISTAGG's separator given as {@code CAST(?)} is read before it is bound, as empty.
   */
  static Sql uncast(Sql value) {
    Sql inner = value;
    while (inner instanceof Syntax syntax && syntax.text().startsWith("CAST({} AS ") && !syntax.holes().isEmpty()) {
      inner = syntax.holes().get(0);
    }
    return inner instanceof Param ? inner : value;
  }

  static Sql join(String separator, List<? extends Sql> parts) {
    return new Joined(separator, List.copyOf(parts));
  }

  /** Pieces separated by commas. */
  static Sql list(List<? extends Sql> parts) {
    return join(", ", parts);
  }

  /** Conditions joined by AND; TRUE when there are none. */
  static Sql and(List<? extends Sql> conditions) {
    return conditions.isEmpty() ? of("TRUE") : join(" AND ", conditions);
  }

  /** Whether this prints as nothing: {@link #EMPTY}, or an empty list. */
  default boolean isEmpty() {
    return this instanceof Syntax syntax && syntax.text().isEmpty()
        || this instanceof Joined joined && joined.parts().isEmpty();
  }

  /** The statement this tree is: its text and what to bind to its parameters, in order. */
  default H2Statement statement() {
    return SqlPrinter.print(this);
  }
}
