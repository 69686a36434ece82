package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.FunctionTraits;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Node;
import io.flowgate.engine.sql.tree.TreeScanner;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What a materialized view's refresh reads, so the next one can tell whether anything changed: the commit version of
 * every table its query names, and a mark of the view's own last refresh and definition. A view whose result could
 * change without any of those moving is untracked and always recomputed: one that reads a view, files, a table with
 * a row filter or column mask, or calls a function that is not a deterministic built-in (the clock, the session's
 * user or groups, rand, SQL functions whose bodies may be replaced).
 */
record MaterializedViewSources(List<FlowCheckpoint> versions, Optional<String> untracked) {
  /** What a refresh of the view would read now; {@code call} is the query's {@link #untrackedCall}, if any. */
  static MaterializedViewSources now(CatalogService catalog, Connection connection, FlowInfo flow,
      List<TableName> inputs, Optional<String> call, boolean readsFiles) throws SQLException {
    if (readsFiles) {
      return untracked("it reads files");
    }
    if (call.isPresent()) {
      return untracked("it calls " + call.get() + ", whose value may change while its sources do not");
    }
    List<FlowCheckpoint> versions = new ArrayList<>();
    for (TableName input : inputs) {
      Optional<TableInfo> table = catalog.table(input);
      if (table.isEmpty() || table.get().kind() == TableKind.VIEW) {
        return untracked("it reads " + input + ", which is not a table with a commit log");
      }
      if (!table.get().policies().isEmpty()) {
        return untracked("it reads " + input + ", which has a row filter or column mask");
      }
      versions.add(new FlowCheckpoint(flow.id(), table.get().id(), input.toString(),
          catalog.latestVersion(connection, table.get().id())));
    }
    return new MaterializedViewSources(versions, Optional.empty());
  }

  /**
   * Whether the view already holds what a refresh would compute: tracked, refreshed before by this definition (its
   * mark's version is the view's latest), and every source at the version that refresh read.
   */
  boolean unchangedSince(List<FlowCheckpoint> saved, FlowInfo flow, TableInfo view, String definition,
      long viewVersion) {
    if (untracked.isPresent()) {
      return false;
    }
    List<FlowCheckpoint> expected = new ArrayList<>(versions);
    expected.add(mark(flow, view, definition, viewVersion));
    return new HashSet<>(saved).equals(new HashSet<>(expected));
  }

  /**
   * For a view refreshed before by this definition and unchanged since (its mark's version is the view's latest),
   * when exactly one of its sources has moved since that refresh and the others have not: that source and the
   * version the refresh read, so a refresh can read just the commits after.
   */
  Optional<FlowCheckpoint> onlyMoved(List<FlowCheckpoint> saved, FlowInfo flow, TableInfo view, String definition,
      long viewVersion) {
    if (untracked.isPresent() || !saved.contains(mark(flow, view, definition, viewVersion))) {
      return Optional.empty();
    }
    List<FlowCheckpoint> moved = new ArrayList<>();
    for (FlowCheckpoint now : versions) {
      Optional<FlowCheckpoint> read = saved.stream()
          .filter(checkpoint -> checkpoint.sourceTableId() == now.sourceTableId()).findFirst();
      if (read.isEmpty()) {
        return Optional.empty();
      }
      if (read.get().version() != now.version()) {
        moved.add(read.get());
      }
    }
    return moved.size() == 1 ? Optional.of(moved.get(0)) : Optional.empty();
  }

  /** The current version of the source {@code tableId}. */
  long latest(long tableId) {
    return versions.stream().filter(version -> version.sourceTableId() == tableId).findFirst().orElseThrow()
        .version();
  }

  /** The checkpoints a refresh committed at {@code version} keeps: the sources it read and its mark. */
  List<FlowCheckpoint> afterRefresh(FlowInfo flow, TableInfo view, String definition, long version) {
    List<FlowCheckpoint> kept = new ArrayList<>(versions);
    kept.add(mark(flow, view, definition, version));
    return kept;
  }

  /**
   * The view's own checkpoint: its refresh's commit version, named by a digest of what decides its rows besides the
   * sources ({@code definition}: the query, the columns, the expectations), so a new definition is never taken for
   * an unchanged one.
   */
  private static FlowCheckpoint mark(FlowInfo flow, TableInfo view, String definition, long version) {
    return new FlowCheckpoint(flow.id(), view.id(), "definition " + digest(definition), version);
  }

  private static String digest(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  private static MaterializedViewSources untracked(String why) {
    return new MaterializedViewSources(List.of(), Optional.of(why));
  }

  /** The first call whose value is not fixed by its arguments, or that names no built-in. */
  static Optional<String> untrackedCall(Node query) {
    String[] found = new String[1];
    java.util.Set<String> builtins = FunctionRegistry.names().keySet();
    new TreeScanner<Void>() {
      @Override
      protected Void visitFunctionCall(Expression.FunctionCall call, Void context) {
        String name = call.name().toLowerCase(java.util.Locale.ROOT);
        if (found[0] == null && (!builtins.contains(name)
            || FunctionRegistry.TRAITS.determinism(name) != FunctionTraits.Determinism.DETERMINISTIC)) {
          found[0] = name;
        }
        return super.visitFunctionCall(call, context);
      }
    }.visit(query, null);
    return Optional.ofNullable(found[0]);
  }
}
