package io.flowgate.engine.sql.tree;

import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * Whether two trees are the same tree wherever each was written: spans are not compared, everything else is. Column
 * references may be compared by a rule of the caller's (the analyzer compares what they resolve to).
 */
public final class TreeEquality {
  private static final Package TREE = Node.class.getPackage();

  private final BiPredicate<ColumnRef, ColumnRef> sameColumn;

  public TreeEquality(BiPredicate<ColumnRef, ColumnRef> sameColumn) {
    this.sameColumn = sameColumn;
  }

  /** Equal but for spans, column references by their parts. */
  public static boolean equal(Object left, Object right) {
    return new TreeEquality((a, b) -> a.parts().equals(b.parts())).test(left, right);
  }

  /**
   * Column references equal when they resolve to the same column, or, where {@code resolve} finds none (a field, an
   * outer column), when written the same.
   */
  public static TreeEquality resolving(java.util.function.Function<ColumnRef, Optional<?>> resolve) {
    return new TreeEquality((a, b) -> {
      Optional<?> left = resolve.apply(a);
      return left.isPresent() ? left.equals(resolve.apply(b)) : a.parts().equals(b.parts());
    });
  }

  public boolean test(Object left, Object right) {
    if (left instanceof ColumnRef a && right instanceof ColumnRef b) {
      return sameColumn.test(a, b);
    }
    if (left instanceof Span && right instanceof Span) {
      return true;
    }
    if (left instanceof List<?> a && right instanceof List<?> b) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!test(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (left instanceof Optional<?> a && right instanceof Optional<?> b) {
      return a.isPresent() == b.isPresent() && (a.isEmpty() || test(a.get(), b.get()));
    }
    if (left instanceof Record a && right instanceof Record b && a.getClass().getPackage() == TREE) {
      if (a.getClass() != b.getClass()) {
        return false;
      }
      for (RecordComponent component : a.getClass().getRecordComponents()) {
        if (!test(value(component, a), value(component, b))) {
          return false;
        }
      }
      return true;
    }
    return Objects.equals(left, right);
  }

  private static Object value(RecordComponent component, Record record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component.getName() + " of a syntax node", e);
    }
  }
}
