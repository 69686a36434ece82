package io.flowgate.engine.pipeline;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.exec.DdlExecutor;
import io.flowgate.engine.exec.ExecutionContext;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.TablesRead;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Pipeline;
import io.flowgate.engine.sql.tree.Query;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.sql.tree.Statement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A pipeline project: every {@code .sql} file of a folder, read as one pipeline. Its datasets (streaming tables,
 * tables written by flows, views) and flows are defined first; then one update runs every dataset's flows in
 * dependency order (a dataset after the datasets its flows read). Progress goes to a line consumer.
 */
public final class PipelineProject {
  private final ExecutionContext context;
  private final Path folder;
  private final FlowPlans plans;
  private final Consumer<String> progress;

  /** A statement of the project, with the file and line it came from for error messages. */
  private record Definition(Statement statement, String where) {}

  /** What an update did: rows written per flow, in the order the flows ran. */
  /** How one flow ended in the update: COMPLETED, FAILED or SKIPPED, and what its batch did. */
  public record FlowOutcome(String flow, String status, FlowRunner.BatchResult batch) {}

  /** The update's flows, and its first failure when it failed. */
  public record Summary(List<FlowOutcome> flows, Optional<EngineException> failure) {
    public Summary {
      flows = List.copyOf(flows);
    }

    public long total(java.util.function.ToLongFunction<FlowRunner.BatchResult> metric) {
      return flows.stream().map(FlowOutcome::batch).mapToLong(metric).sum();
    }
  }

  /** A project over the folder {@code folder}, whose private datasets are its own ({@link #key}). */
  public PipelineProject(ExecutionContext context, Path folder, FlowPlans plans, Consumer<String> progress) {
    this.context = context.withSession(context.session().inPipeline(Optional.of(key(folder))));
    this.folder = folder;
    this.plans = plans;
    this.progress = progress;
  }

  /**
   * A project is its folder: the key of its private datasets is a digest of the folder's real path, so every run of
   * the folder finds what the last one made, and two projects never share a private dataset.
   */
  static String key(Path folder) {
    try {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(folder.toRealPath().toString()
          .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest, 0, 8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  public Summary run(boolean fullRefresh) {
    List<Definition> definitions = read(folder);
    QueryTranslator names = context.translator();
    Map<TableName, Pipeline.CreateFlowTable> tableDefinitions = new LinkedHashMap<>();
    Map<TableName, List<Pipeline.CreateFlow>> flowDefinitions = new LinkedHashMap<>();
    Map<TableName, List<Query>> reads = new LinkedHashMap<>();
    List<Ddl.CreateView> views = new ArrayList<>();
    Set<String> flowNames = new HashSet<>();
    for (Definition definition : definitions) {
      Statement statement = definition.statement();
      if (statement instanceof Pipeline.CreateFlowTable create) {
        TableName name = names.qualify(create.name(), create.span());
        if (tableDefinitions.putIfAbsent(name, create) != null) {
          throw duplicate("OUTPUT", name.toString(), definition);
        }
        reads.computeIfAbsent(name, n -> new ArrayList<>());
        create.flow().ifPresent(flow -> reads.get(name).add(flow.query()));
        flowNames.add(name.table());
      } else if (statement instanceof Pipeline.CreateFlow flow) {
        if (!flowNames.add(flow.name().toLowerCase(java.util.Locale.ROOT))) {
          throw duplicate("FLOW", flow.name(), definition);
        }
        TableName target = names.qualify(flow.target(), flow.span());
        flowDefinitions.computeIfAbsent(target, n -> new ArrayList<>()).add(flow);
        reads.computeIfAbsent(target, n -> new ArrayList<>()).add(flow.flow().query());
      } else if (statement instanceof Ddl.CreateView view) {
        views.add(view);
      } else {
        throw EngineException.of(ErrorClass.PIPELINE_SQL_GRAPH_ELEMENT_REGISTRATION_ERROR)
            .parameter("message", "Only CREATE STREAMING TABLE, CREATE TABLE ... FLOW, CREATE FLOW and CREATE VIEW"
                + " may stand in a pipeline")
            .parameter("offendingQuery", statement.getClass().getSimpleName()).parameter("location", definition.where())
            .at(statement.span()).build();
      }
    }
    if (reads.isEmpty()) {
      throw EngineException.of(ErrorClass.RUN_EMPTY_PIPELINE).build();
    }
    for (Ddl.CreateView view : views) {
      new DdlExecutor(context).createView(view);
    }
    // Each dataset is defined after the datasets it reads, since defining plans its flows' queries.
    Map<TableName, Set<TableName>> inputs = inputs(reads.keySet(), reads);
    List<TableName> order = order(inputs);
    StreamingTables tables = new StreamingTables(context, plans);
    for (TableName name : order) {
      Pipeline.CreateFlowTable table = tableDefinitions.get(name);
      if (table != null) {
        tables.define(table, StreamingTables.Origin.PIPELINE);
      }
      for (Pipeline.CreateFlow flow : flowDefinitions.getOrDefault(name, List.of())) {
        tables.defineFlow(flow, false);
      }
    }
    // A failed dataset fails the update; the datasets that read it, directly or not, are skipped, the others run.
    List<FlowOutcome> outcomes = new ArrayList<>();
    Set<TableName> failed = new HashSet<>();
    EngineException firstFailure = null;
    for (TableName name : order) {
      Pipeline.CreateFlowTable definition = tableDefinitions.get(name);
      TableInfo table = context.catalog().table(definition == null ? name : tables.stored(name, definition))
          .orElseThrow();
      Optional<TableName> upstream = inputs.get(name).stream().filter(failed::contains).findFirst();
      if (upstream.isPresent()) {
        failed.add(name);
        String reason = "the upstream dataset " + upstream.get() + " failed";
        for (FlowInfo flow : tables.skip(table, reason)) {
          outcomes.add(new FlowOutcome(flow.name(), "SKIPPED", FlowRunner.BatchResult.NOTHING));
          progress.accept("  flow " + flow.name() + " -> " + name + ": SKIPPED (" + reason + ")");
        }
        continue;
      }
      progress.accept("dataset " + name + ": " + (!fullRefresh ? "update" : StreamingTables.resetAllowed(table)
          ? "full refresh" : "update (" + StreamingTables.RESET_ALLOWED + " is false: not cleared)"));
      try {
        tables.update(table, fullRefresh, Span.NONE, new StreamingTables.FlowListener() {
          @Override
          public void completed(TableInfo target, FlowInfo flow, FlowRunner.BatchResult result) {
            outcomes.add(new FlowOutcome(flow.name(), "COMPLETED", result));
            StringBuilder line = new StringBuilder("  flow " + flow.name() + " -> " + target.name() + ": COMPLETED, "
                + result.read() + " rows read, " + result.written() + " written");
            if (!result.failedByExpectation().isEmpty()) {
              line.append(", ").append(result.dropped()).append(" dropped, failing rows by expectation ")
                  .append(result.failedByExpectation());
            }
            progress.accept(line.toString());
          }

          @Override
          public void failed(TableInfo target, FlowInfo flow, EngineException failure) {
            outcomes.add(new FlowOutcome(flow.name(), "FAILED", FlowRunner.BatchResult.NOTHING));
            progress.accept("  flow " + flow.name() + " -> " + target.name() + ": FAILED " + failure.getMessage());
          }
        });
      } catch (EngineException failure) {
        failed.add(name);
        if (firstFailure == null) {
          firstFailure = failure;
        }
      }
    }
    return new Summary(outcomes, Optional.ofNullable(firstFailure));
  }

  private static EngineException duplicate(String kind, String name, Definition definition) {
    return EngineException.of(ErrorClass.PIPELINE_DUPLICATE_IDENTIFIERS).subClass(kind,
        "<name> is defined more than once (again at <location>).").parameter("name", Errors.quote(name))
        .parameter("location", definition.where()).build();
  }

  private static List<Definition> read(Path folder) {
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files = listing.filter(path -> path.getFileName().toString().endsWith(".sql")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the pipeline folder " + folder, e);
    }
    List<Definition> definitions = new ArrayList<>();
    for (Path file : files) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
      for (Statement statement : SqlParser.parseScript(text)) {
        definitions.add(new Definition(statement, file.getFileName() + ":" + statement.span().line()));
      }
    }
    return definitions;
  }

  /** For each dataset, the datasets of the project its flows read. */
  private Map<TableName, Set<TableName>> inputs(Set<TableName> datasets, Map<TableName, List<Query>> reads) {
    Map<TableName, Set<TableName>> inputs = new LinkedHashMap<>();
    for (TableName dataset : datasets) {
      Set<TableName> needs = new HashSet<>();
      for (Query query : reads.getOrDefault(dataset, List.of())) {
        for (List<String> name : TablesRead.of(query)) {
          TableName read = context.translator().qualify(name, Span.NONE);
          if (datasets.contains(read) && !read.equals(dataset)) {
            needs.add(read);
          }
        }
      }
      inputs.put(dataset, needs);
    }
    return inputs;
  }

  /** The datasets in an order where each comes after every dataset it reads. */
  private static List<TableName> order(Map<TableName, Set<TableName>> inputs) {
    Set<TableName> datasets = inputs.keySet();
    List<TableName> ordered = new ArrayList<>();
    Deque<TableName> ready = new ArrayDeque<>();
    Map<TableName, Integer> waiting = new LinkedHashMap<>();
    for (TableName dataset : datasets) {
      waiting.put(dataset, inputs.get(dataset).size());
      if (inputs.get(dataset).isEmpty()) {
        ready.add(dataset);
      }
    }
    while (!ready.isEmpty()) {
      TableName next = ready.poll();
      ordered.add(next);
      for (TableName dataset : datasets) {
        if (inputs.get(dataset).contains(next) && waiting.merge(dataset, -1, Integer::sum) == 0) {
          ready.add(dataset);
        }
      }
    }
    if (ordered.size() != datasets.size()) {
      List<String> cycle = datasets.stream().filter(dataset -> !ordered.contains(dataset)).map(TableName::toString)
          .toList();
      throw EngineException.of(ErrorClass.PIPELINE_GRAPH_CYCLE).parameter("datasets", cycle).build();
    }
    return ordered;
  }
}
