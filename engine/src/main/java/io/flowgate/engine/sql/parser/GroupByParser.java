package io.flowgate.engine.sql.parser;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.TreeEquality;
import java.util.ArrayList;
import java.util.List;

/**
 * The elements of a GROUP BY clause: plain keys, {@code ROLLUP (...)}, {@code CUBE (...)}, {@code GROUPING SETS (...)}
 * and the trailing {@code WITH ROLLUP | WITH CUBE}. Several elements combine as their cross product, as in the
 * dialect. The result is the distinct keys in the order first written, and (when any grouping construct was used) the
 * sets as positions into those keys.
 */
final class GroupByParser {
  /** Cube of 12 keys; more is surely a mistake and would multiply every input row that many times. */
  static final int MAX_SETS = 4096;
  /** grouping_id() has a bit per key in a BIGINT. */
  static final int MAX_KEYS = 64;

  record GroupBy(List<Expression> keys, List<List<Integer>> sets) {}

  private final TokenCursor cursor;
  private final ExpressionParser expressions;
  private final List<Expression> keys = new ArrayList<>();
  private boolean grouping;

  private GroupByParser(TokenCursor cursor, ExpressionParser expressions) {
    this.cursor = cursor;
    this.expressions = expressions;
  }

  /** The clause after {@code GROUP BY}. */
  static GroupBy parse(TokenCursor cursor, ExpressionParser expressions) {
    return new GroupByParser(cursor, expressions).clause();
  }

  private GroupBy clause() {
    Span span = cursor.span();
    List<List<Integer>> sets = List.of(List.of());
    boolean plainOnly = true;
    do {
      boolean plain = !startsConstruct();
      plainOnly &= plain;
      sets = product(sets, element(), span);
    } while (cursor.acceptSymbol(","));
    if (plainOnly && (cursor.isWord("WITH") && (cursor.isWord(1, "ROLLUP") || cursor.isWord(1, "CUBE")))) {
      cursor.next();
      boolean cube = cursor.next().isWord("CUBE");
      List<List<Integer>> items = sets.get(0).stream().map(List::of).toList();
      sets = cube ? cube(items, span) : rollup(items);
      grouping = true;
    }
    if (grouping && keys.size() > MAX_KEYS) {
      throw EngineException.of(ErrorClass.GROUPING_SIZE_LIMIT_EXCEEDED).parameter("maxSize", MAX_KEYS).at(span)
          .build();
    }
    return new GroupBy(keys, grouping ? sets : List.of());
  }

  private boolean startsConstruct() {
    return ((cursor.isWord("ROLLUP") || cursor.isWord("CUBE")) && cursor.isSymbol(1, "("))
        || (cursor.isWord("GROUPING") && cursor.isWord(1, "SETS"));
  }

  /** The sets one element stands for: a plain key is the one set of itself. */
  private List<List<Integer>> element() {
    Span span = cursor.span();
    if (cursor.acceptWords("GROUPING", "SETS")) {
      grouping = true;
      cursor.expectSymbol("(");
      List<List<Integer>> sets = new ArrayList<>();
      do {
        if (startsConstruct()) {
          sets.addAll(element());
        } else {
          sets.add(composite());
        }
        requireSize(sets.size(), span);
      } while (cursor.acceptSymbol(","));
      cursor.expectSymbol(")");
      return sets;
    }
    if (cursor.isWord("ROLLUP") || cursor.isWord("CUBE")) {
      grouping = true;
      boolean cube = cursor.next().isWord("CUBE");
      cursor.expectSymbol("(");
      List<List<Integer>> items = new ArrayList<>();
      do {
        items.add(composite());
      } while (cursor.acceptSymbol(","));
      cursor.expectSymbol(")");
      return cube ? cube(items, span) : rollup(items);
    }
    return List.of(List.of(key(expressions.expression())));
  }

  /** {@code (a, b)}, {@code ()} or a single key: keys that are grouped together. */
  private List<Integer> composite() {
    if (cursor.isSymbol("(") && !expressionInParentheses()) {
      cursor.next();
      List<Integer> set = new ArrayList<>();
      if (!cursor.isSymbol(")")) {
        do {
          set.add(key(expressions.expression()));
        } while (cursor.acceptSymbol(","));
      }
      cursor.expectSymbol(")");
      return set;
    }
    return List.of(key(expressions.expression()));
  }

  /** {@code (a + b) * 2} is one key; {@code (a + b)} is the same either way; {@code (a, b)} and {@code ()} are sets. */
  private boolean expressionInParentheses() {
    int mark = cursor.mark();
    try {
      cursor.next();
      if (cursor.isSymbol(")")) {
        return false;
      }
      expressions.expression();
      if (!cursor.acceptSymbol(")")) {
        return false;
      }
      return !(cursor.isSymbol(",") || cursor.isSymbol(")") || cursor.isWord("HAVING") || cursor.isWord("QUALIFY")
          || cursor.isWord("WINDOW") || cursor.isWord("ORDER") || cursor.isWord("LIMIT") || cursor.atEnd());
    } catch (EngineException notAnExpression) {
      return false;
    } finally {
      cursor.reset(mark);
    }
  }

  private int key(Expression expression) {
    for (int i = 0; i < keys.size(); i++) {
      if (TreeEquality.equal(keys.get(i), expression)) {
        return i;
      }
    }
    keys.add(expression);
    return keys.size() - 1;
  }

  /** ROLLUP (a, b): (a, b), (a), (). */
  private static List<List<Integer>> rollup(List<List<Integer>> items) {
    List<List<Integer>> sets = new ArrayList<>();
    for (int n = items.size(); n >= 0; n--) {
      sets.add(union(items.subList(0, n)));
    }
    return sets;
  }

  /** CUBE (a, b): (a, b), (a), (b), (), every subset with the larger ones first, as Spark lists them. */
  private static List<List<Integer>> cube(List<List<Integer>> items, Span span) {
    requireSize(1L << Math.min(items.size(), 62), span);
    List<List<Integer>> sets = new ArrayList<>();
    int n = items.size();
    for (int mask = (1 << n) - 1; mask >= 0; mask--) {
      List<List<Integer>> chosen = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if ((mask & (1 << (n - 1 - i))) != 0) {
          chosen.add(items.get(i));
        }
      }
      sets.add(union(chosen));
    }
    return sets;
  }

  private static List<List<Integer>> product(List<List<Integer>> left, List<List<Integer>> right, Span span) {
    requireSize((long) left.size() * right.size(), span);
    List<List<Integer>> sets = new ArrayList<>();
    for (List<Integer> a : left) {
      for (List<Integer> b : right) {
        sets.add(union(List.of(a, b)));
      }
    }
    return sets;
  }

  private static List<Integer> union(List<List<Integer>> parts) {
    List<Integer> set = new ArrayList<>();
    for (List<Integer> part : parts) {
      for (Integer key : part) {
        if (!set.contains(key)) {
          set.add(key);
        }
      }
    }
    return List.copyOf(set);
  }

  private static void requireSize(long sets, Span span) {
    if (sets > MAX_SETS) {
      throw EngineException.of(ErrorClass.GROUPING_SIZE_LIMIT_EXCEEDED).parameter("maxSize", MAX_SETS).at(span)
          .build();
    }
  }
}
