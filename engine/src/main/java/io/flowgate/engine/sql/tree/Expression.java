package io.flowgate.engine.sql.tree;

import static java.util.Objects.requireNonNull;

import io.flowgate.engine.type.SqlType;
import java.util.List;
import java.util.Optional;

/** A scalar expression of the dialect. Nodes are immutable; analysis results live beside the tree. */
public sealed interface Expression extends Node {

  enum LiteralKind { NULL, BOOLEAN, INTEGER, DECIMAL, STRING, DATE, TIMESTAMP, TIMESTAMP_NTZ, BINARY }

  /** A literal as written; {@code text} is the unquoted value (for numbers, with any typed suffix). */
  record Literal(Span span, LiteralKind kind, String text) implements Expression {
    public Literal {
      requireNonNull(kind, "kind is null");
      requireNonNull(text, "text is null");
    }
  }

  /**
   * An interval literal ({@code INTERVAL 1 DAY}, {@code INTERVAL '1-2' YEAR TO MONTH}): {@code value} months or
   * microseconds of an interval {@code type} (see {@link io.flowgate.engine.type.IntervalField}).
   */
  record IntervalLiteral(Span span, SqlType type, long value) implements Expression {
    public IntervalLiteral {
      requireNonNull(type, "type is null");
    }
  }

  /** A possibly qualified column name, e.g. {@code t.c} or {@code cat.sch.t.c}. */
  record ColumnRef(Span span, List<String> parts) implements Expression {
    public ColumnRef {
      parts = List.copyOf(parts);
    }

    public String name() {
      return parts.get(parts.size() - 1);
    }
  }

  /** A positional {@code ?} parameter; {@code index} is 0-based in statement order. */
  record Parameter(Span span, int index) implements Expression {}

  /**
   * The keyword {@code DEFAULT}: a column's default value, as a whole value of INSERT ... VALUES or of a SET
   * assignment, and nowhere else.
   */
  record Default(Span span) implements Expression {}

  enum BinaryOperator {
    OR("OR"), AND("AND"),
    EQUAL("="), NOT_EQUAL("<>"), LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">="),
    NULL_SAFE_EQUAL("<=>"),
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), MODULO("%"), INTEGER_DIVIDE("div"), CONCAT("||"),
    BITWISE_AND("&"), BITWISE_OR("|"), BITWISE_XOR("^");

    private final String symbol;

    BinaryOperator(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    public boolean isComparison() {
      return ordinal() >= EQUAL.ordinal() && ordinal() <= NULL_SAFE_EQUAL.ordinal();
    }

    /** {@code + - * / % div}: operators on numbers. */
    public boolean isArithmetic() {
      return ordinal() >= ADD.ordinal() && ordinal() <= INTEGER_DIVIDE.ordinal();
    }

    public boolean isBitwise() {
      return ordinal() >= BITWISE_AND.ordinal();
    }
  }

  record Binary(Span span, BinaryOperator operator, Expression left, Expression right) implements Expression {}

  enum UnaryOperator { NOT, MINUS, PLUS, BITWISE_NOT }

  record Unary(Span span, UnaryOperator operator, Expression operand) implements Expression {}

  record IsNull(Span span, Expression value, boolean negated) implements Expression {}

  /** {@code x IS [NOT] TRUE/FALSE}. */
  record IsBoolean(Span span, Expression value, boolean expected, boolean negated) implements Expression {}

  record Between(Span span, Expression value, Expression low, Expression high, boolean negated) implements Expression {}

  record InList(Span span, Expression value, List<Expression> list, boolean negated) implements Expression {
    public InList {
      list = List.copyOf(list);
    }
  }

  record InSubquery(Span span, Expression value, Query query, boolean negated) implements Expression {}

  record Exists(Span span, Query query) implements Expression {}

  record ScalarSubquery(Span span, Query query) implements Expression {}

  enum LikeKind { LIKE, ILIKE, RLIKE }

  record Like(Span span, LikeKind kind, Expression value, Expression pattern, Optional<Expression> escape,
      boolean negated) implements Expression {}

  record WhenClause(Span span, Expression condition, Expression result) implements Node {}

  record Case(Span span, Optional<Expression> operand, List<WhenClause> whens, Optional<Expression> otherwise)
      implements Expression {
    public Case {
      whens = List.copyOf(whens);
    }
  }

  record Cast(Span span, Expression value, SqlType type, boolean tryCast) implements Expression {}

  /** A function call; {@code name} is lower case. {@code count(*)} has {@code star} set and no arguments. */
  record FunctionCall(Span span, String name, boolean distinct, List<Expression> arguments, boolean star,
      Optional<Expression> filter, Optional<WindowSpec> window) implements Expression {
    public FunctionCall {
      arguments = List.copyOf(arguments);
    }
  }

  record SortItem(Span span, Expression key, boolean descending, Optional<Boolean> nullsFirst) implements Node {}

  enum FrameUnit { ROWS, RANGE }

  enum BoundKind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }

  record FrameBound(BoundKind kind, Optional<Expression> offset) {}

  record Frame(FrameUnit unit, FrameBound start, FrameBound end) {}

  record WindowSpec(Span span, List<Expression> partitionBy, List<SortItem> orderBy, Optional<Frame> frame)
      implements Node {
    public WindowSpec {
      partitionBy = List.copyOf(partitionBy);
      orderBy = List.copyOf(orderBy);
    }
  }

  /**
   * {@code json:key.key[0]}: the value at a path inside JSON text, as STRING. Segments are keys, or {@code [n]}
   * for array element n.
   */
  record JsonExtract(Span span, Expression json, List<String> path) implements Expression {
    public JsonExtract {
      path = List.copyOf(path);
    }
  }

  /** {@code TABLE(name)}: a table passed to a table-valued function such as {@code event_log}. */
  record TableArgument(Span span, List<String> name) implements Expression {
    public TableArgument {
      name = List.copyOf(name);
    }
  }

  /** {@code base.field} on a STRUCT value that is not a plain column name, e.g. {@code struct(a, b).a}. */
  record FieldAccess(Span span, Expression base, String field) implements Expression {}

  /** {@code base[index]} for arrays and maps. */
  record Subscript(Span span, Expression base, Expression index) implements Expression {}

  /** {@code x -> body} or {@code (x, y) -> body}: an argument of a higher-order function such as transform. */
  record Lambda(Span span, List<String> parameters, Expression body) implements Expression {
    public Lambda {
      parameters = List.copyOf(parameters);
    }
  }
}
