package io.flowgate.engine.sql.tree;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A copy of a tree with some of its nodes replaced. The rule sees each node from the top down; where it gives a
 * replacement, that stands in the copy (and is not looked into), elsewhere the node is copied with its children
 * rewritten. Nodes without a change are kept as they are, so an unchanged tree comes back as the same object.
 */
public final class TreeRewriter {
  private static final Package TREE = Node.class.getPackage();

  private final Function<Node, Optional<? extends Node>> rule;

  private TreeRewriter(Function<Node, Optional<? extends Node>> rule) {
    this.rule = rule;
  }

  @SuppressWarnings("unchecked")
  public static <T extends Node> T rewrite(T node, Function<Node, Optional<? extends Node>> rule) {
    return (T) new TreeRewriter(rule).value(node);
  }

  private Object value(Object value) {
    if (value instanceof Node node) {
      Optional<? extends Node> replaced = rule.apply(node);
      if (replaced.isPresent()) {
        return replaced.get();
      }
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      boolean changed = false;
      for (Object element : list) {
        Object rewritten = value(element);
        changed |= rewritten != element;
        copy.add(rewritten);
      }
      return changed ? copy : list;
    }
    if (value instanceof Optional<?> optional && optional.isPresent()) {
      Object rewritten = value(optional.get());
      return rewritten == optional.get() ? optional : Optional.of(rewritten);
    }
    if (value instanceof Record record && record.getClass().getPackage() == TREE) {
      return record(record);
    }
    return value;
  }

  private Object record(Record record) {
    RecordComponent[] components = record.getClass().getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    boolean changed = false;
    try {
      for (int i = 0; i < components.length; i++) {
        Object old = components[i].getAccessor().invoke(record);
        values[i] = value(old);
        types[i] = components[i].getType();
        changed |= values[i] != old;
      }
      if (!changed) {
        return record;
      }
      Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
      return canonical.newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy a syntax node " + record.getClass().getSimpleName(), e);
    }
  }
}
