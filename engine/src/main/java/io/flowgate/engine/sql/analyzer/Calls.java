package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Expression.FunctionCall;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Function calls of one query block: subqueries are blocks of their own and are not looked into. */
public final class Calls {
  private Calls() {}

  /** The outermost calls in {@code node} that {@code which} picks (a picked call's arguments are not searched). */
  public static List<FunctionCall> of(Node node, Predicate<FunctionCall> which) {
    List<FunctionCall> found = new ArrayList<>();
    new TreeScanner<Void>() {
      @Override
      protected Void visitFunctionCall(FunctionCall call, Void context) {
        if (which.test(call)) {
          found.add(call);
          return null;
        }
        return super.visitFunctionCall(call, context);
      }

      @Override
      protected Void visitQuery(Query query, Void context) {
        return null;
      }
    }.visit(node, null);
    return found;
  }

  /** An aggregate call: an aggregate function without OVER. */
  public static Predicate<FunctionCall> aggregates(FunctionTraits functions) {
    return call -> call.window().isEmpty() && functions.kind(call.name()) == FunctionTraits.Kind.AGGREGATE;
  }

  /** A window call: any function with OVER. */
  public static Predicate<FunctionCall> windows() {
    return call -> call.window().isPresent();
  }
}
