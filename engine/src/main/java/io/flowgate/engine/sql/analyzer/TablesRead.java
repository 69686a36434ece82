package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names of the tables a statement reads, as written: in FROM clauses, joins, CTEs, derived tables and
 * subqueries anywhere in its expressions. A one-part name that a visible CTE defines is the CTE, not a table.
 */
public final class TablesRead extends TreeScanner<Set<String>> {
  private final List<List<String>> names = new ArrayList<>();

  private TablesRead() {}

  public static List<List<String>> of(Node node) {
    TablesRead scan = new TablesRead();
    scan.visit(node, Set.of());
    return List.copyOf(scan.names);
  }

  @Override
  protected Void visitQuery(Query node, Set<String> ctes) {
    if (node.with().isEmpty()) {
      return super.visitQuery(node, ctes);
    }
    // Each CTE sees the ones before it; the body sees all of them.
    Set<String> visible = new HashSet<>(ctes);
    for (Query.WithQuery with : node.with()) {
      visit(with, Set.copyOf(visible));
      visible.add(with.name().toLowerCase(Locale.ROOT));
    }
    Set<String> inBody = Set.copyOf(visible);
    visit(node.body(), inBody);
    node.orderBy().forEach(item -> visit(item, inBody));
    node.limit().ifPresent(limit -> visit(limit, inBody));
    node.offset().ifPresent(offset -> visit(offset, inBody));
    return null;
  }

  @Override
  protected Void visitTableRef(Relation.TableRef node, Set<String> ctes) {
    read(node.name(), ctes);
    return null;
  }

  @Override
  protected Void visitStream(Relation.Stream node, Set<String> ctes) {
    read(node.name(), ctes);
    return null;
  }

  private void read(List<String> name, Set<String> ctes) {
    if (name.size() != 1 || !ctes.contains(name.get(0).toLowerCase(Locale.ROOT))) {
      names.add(name);
    }
  }
}
