package io.flowgate.gateway.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.flowgate.engine.Engine;
import io.flowgate.engine.Session;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.RowCursor;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.gateway.convert.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON endpoints under {@code /api} that scripts poll and the UI reads: the pipelines a user can see, each one's
 * updates (state, duration, rows per flow) and its event log. Every answer is computed by SQL the user runs in a
 * session of their own, so it shows what {@code SELECT} as that user would and nothing more (an event log is its
 * owner's, as {@code event_log(...)} says). The SQL is fixed text; the one value from the URL, a pipeline id, is
 * checked to be one before it is written into it, and the query parameters are bound.
 */
public final class PipelineApi {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern UPDATES = Pattern.compile("/api/pipelines/([0-9a-f-]{36})/updates");
  private static final Pattern EVENTS = Pattern.compile("/api/pipelines/([0-9a-f-]{36})/events");
  private static final Pattern CANCEL = Pattern.compile("/api/updates/([0-9a-f-]{36})/cancel");
  private static final int MAX_EVENTS = 10_000;

  private final Engine engine;

  public PipelineApi(Engine engine) {
    this.engine = engine;
  }

  /** An answer: HTTP status and JSON body. */
  public record Answer(int status, byte[] body) {}

  /** Answers {@code GET path?query} for {@code user}; empty when the path is not one of the API's. */
  public Optional<Answer> get(String path, Map<String, List<String>> query, String user) {
    Matcher updates = UPDATES.matcher(path);
    Matcher events = EVENTS.matcher(path);
    if (!path.equals("/api/pipelines") && !path.equals("/api/graph") && !path.equals("/api/statements")
        && !updates.matches() && !events.matches()) {
      return Optional.empty();
    }
    return Optional.of(answer(user, 200, session -> {
      if (path.equals("/api/pipelines")) {
        return Map.of("pipelines", pipelines(session));
      } else if (path.equals("/api/graph")) {
        return graph(session);
      } else if (path.equals("/api/statements")) {
        return Map.of("statements", statements(session));
      } else if (updates.matches()) {
        return Map.of("updates", updates(session, updates.group(1)));
      }
      return Map.of("events", events(session, events.group(1), query));
    }));
  }

  /**
   * Answers {@code POST path} for {@code user}: {@code /api/updates/{id}/cancel} cancels a running update as
   * {@code CANCEL STATEMENT 'id'} does (the user who started it, or the administrator); empty for any other path.
   */
  public Optional<Answer> post(String path, String user) {
    Matcher cancel = CANCEL.matcher(path);
    if (!cancel.matches()) {
      return Optional.empty();
    }
    return Optional.of(answer(user, 202, session -> {
      session.execute("CANCEL STATEMENT '" + cancel.group(1) + "'", List.of());
      return Map.of("update_id", cancel.group(1), "state", "CANCELING");
    }));
  }

  /** {@code body} computed in a session of {@code user}, as JSON with {@code status}, or the error it raised. */
  private Answer answer(String user, int status, java.util.function.Function<Session, Object> body) {
    Session session = engine.openSession(new Principal(user), Map.of());
    try {
      return new Answer(status, JSON.writeValueAsBytes(body.apply(session)));
    } catch (EngineException e) {
      return error(e);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    } finally {
      session.close();
    }
  }

  private static Answer error(EngineException e) {
    int status = switch (e.errorClass()) {
      case INSUFFICIENT_PERMISSIONS -> 403;
      case TABLE_OR_VIEW_NOT_FOUND, INVALID_STATEMENT_HANDLE -> 404;
      default -> e.sqlState().startsWith("XX") ? 500 : 400;
    };
    // An unknown pipeline id is refused as the event log refuses it; it says nothing of pipelines the user cannot see.
    if (e.errorClass() == ErrorClass.INVALID_PARAMETER_VALUE && e.getMessage().contains("no pipeline has the id")) {
      status = 404;
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error_class", e.qualifiedClass());
    body.put("sqlstate", e.sqlState());
    body.put("message", e.getMessage());
    try {
      return new Answer(status, JSON.writeValueAsBytes(body));
    } catch (JsonProcessingException written) {
      throw new IllegalStateException("cannot write JSON", written);
    }
  }

  /** The streaming tables and materialized views the user can see, each with its last update when it may read it. */
  private List<Map<String, Object>> pipelines(Session session) {
    List<Map<String, Object>> pipelines = new ArrayList<>();
    for (List<Object> row : rows(session, "SELECT table_catalog, table_schema, table_name, table_type"
        + " FROM information_schema.tables WHERE table_type IN ('STREAMING_TABLE', 'MATERIALIZED_VIEW')"
        + " ORDER BY table_catalog, table_schema, table_name", List.of())) {
      String name = row.get(0) + "." + row.get(1) + "." + row.get(2);
      String quoted = quote((String) row.get(0)) + "." + quote((String) row.get(1)) + "." + quote((String) row.get(2));
      String pipelineId = null;
      for (List<Object> detail : rows(session, "DESCRIBE TABLE EXTENDED " + quoted, List.of())) {
        if ("Pipeline Id".equals(detail.get(0))) {
          pipelineId = (String) detail.get(1);
        }
      }
      Map<String, Object> pipeline = new LinkedHashMap<>();
      pipeline.put("pipeline_id", pipelineId);
      pipeline.put("name", name);
      pipeline.put("type", row.get(3));
      Object latest = null;
      if (pipelineId != null) {
        try {
          List<Map<String, Object>> updates = updates(session, pipelineId);
          latest = updates.isEmpty() ? null : updates.get(0);
        } catch (EngineException notTheOwner) {
          // the event log is its owner's: others see the dataset, not its updates
        }
      }
      pipeline.put("latest_update", latest);
      pipelines.add(pipeline);
    }
    return pipelines;
  }

  /**
   * The dataflow graph of what the user can see: a node per streaming table and materialized view (with its last
   * update, as {@code /api/pipelines} gives it, where the user may read its event log) and per source its flows read, an edge per flow from
   * each dataset it reads to the one it writes, as its last update defined it. A dataset whose event log is not
   * the user's is a node without its incoming edges: its definition is its owner's.
   */
  private Map<String, Object> graph(Session session) {
    Map<String, Map<String, Object>> nodes = new LinkedHashMap<>();
    List<Map<String, Object>> edges = new ArrayList<>();
    for (Map<String, Object> pipeline : pipelines(session)) {
      String name = (String) pipeline.get("name");
      Map<String, Object> node = new LinkedHashMap<>();
      node.put("name", name);
      node.put("type", pipeline.get("type"));
      node.put("pipeline_id", pipeline.get("pipeline_id"));
      @SuppressWarnings("unchecked")
      Map<String, Object> latest = (Map<String, Object>) pipeline.get("latest_update");
      node.put("state", latest == null ? null : latest.get("state"));
      node.put("latest_update", latest);
      nodes.put(name, node);
      if (latest == null) {
        continue;
      }
      for (List<Object> row : rows(session, "SELECT origin.flow_name, details:flow_definition:input_datasets,"
          + " details:flow_definition:flow_type FROM event_log('" + pipeline.get("pipeline_id") + "')"
          + " WHERE event_type = 'flow_definition' AND origin.update_id = ?", List.of(latest.get("update_id")))) {
        for (JsonNode input : details((String) row.get(1))) {
          Map<String, Object> edge = new LinkedHashMap<>();
          edge.put("from", input.asText());
          edge.put("to", name);
          edge.put("flow_name", row.get(0));
          edge.put("flow_type", row.get(2));
          edges.add(edge);
        }
      }
    }
    for (Map<String, Object> edge : edges) {
      nodes.computeIfAbsent((String) edge.get("from"), source -> {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("name", source);
        node.put("type", "SOURCE");
        node.put("pipeline_id", null);
        node.put("state", null);
        node.put("latest_update", null);
        return node;
      });
    }
    Map<String, Object> graph = new LinkedHashMap<>();
    graph.put("nodes", new ArrayList<>(nodes.values()));
    graph.put("edges", edges);
    return graph;
  }

  /**
   * The statements running now, as SHOW STATEMENTS tells the user (the administrator: everyone's; anyone else: their
   * own), updates among them under their update ids.
   */
  private List<Map<String, Object>> statements(Session session) {
    List<Map<String, Object>> statements = new ArrayList<>();
    for (List<Object> row : rows(session, "SHOW STATEMENTS", List.of())) {
      Map<String, Object> statement = new LinkedHashMap<>();
      statement.put("statement_id", row.get(0));
      statement.put("user", row.get(1));
      statement.put("started", Values.instant(row.get(2)).toString());
      statement.put("elapsed_ms", number(row.get(3)));
      statement.put("state", row.get(4));
      statement.put("statement_text", row.get(5));
      statements.add(statement);
    }
    return statements;
  }

  /** A pipeline's updates, newest first, each with its flows' outcomes, from its event log. */
  private List<Map<String, Object>> updates(Session session, String pipelineId) {
    Map<String, Map<String, Object>> updates = new LinkedHashMap<>();
    Map<String, Map<String, Map<String, Object>>> flows = new LinkedHashMap<>();
    for (List<Object> row : rows(session, "SELECT origin.update_id, origin.flow_name, timestamp, event_type, error,"
        + " details:create_update:full_refresh, details:create_update:started_by, details:update_progress:state,"
        + " details:flow_progress:status, details:flow_progress:metrics:num_output_rows,"
        + " details:flow_progress:data_quality:dropped_records, details:flow_progress:metrics:num_input_rows"
        + " FROM event_log('" + pipelineId + "')"
        + " WHERE event_type IN ('create_update', 'update_progress', 'flow_progress')", List.of())) {
      String updateId = (String) row.get(0);
      Instant at = Values.instant(row.get(2));
      Map<String, Object> update = updates.computeIfAbsent(updateId, id -> {
        Map<String, Object> fresh = new LinkedHashMap<>();
        fresh.put("update_id", id);
        fresh.put("state", "QUEUED");
        fresh.put("start_time", at.toString());
        fresh.put("end_time", null);
        fresh.put("duration_ms", null);
        fresh.put("full_refresh", false);
        fresh.put("started_by", null);
        fresh.put("rows_written", 0L);
        fresh.put("rows_dropped", 0L);
        fresh.put("error", null);
        fresh.put("flows", new ArrayList<Map<String, Object>>());
        return fresh;
      });
      switch ((String) row.get(3)) {
        case "create_update" -> {
          update.put("start_time", at.toString());
          update.put("full_refresh", "true".equals(row.get(5)));
          update.put("started_by", row.get(6));
        }
        case "update_progress" -> {
          String state = (String) row.get(7);
          update.put("state", state);
          if (state.equals("COMPLETED") || state.equals("FAILED") || state.equals("CANCELED")) {
            update.put("end_time", at.toString());
            update.put("duration_ms", Duration.between(Instant.parse((String) update.get("start_time")), at)
                .toMillis());
            update.put("error", row.get(4));
          }
        }
        default -> {
          Map<String, Object> flow = new LinkedHashMap<>();
          flow.put("flow_name", row.get(1));
          flow.put("status", row.get(8));
          long written = number(row.get(9));
          long dropped = number(row.get(10));
          flow.put("rows_read", row.get(11) == null ? null : number(row.get(11)));
          flow.put("rows_written", written);
          flow.put("rows_dropped", dropped);
          flow.put("error", row.get(4));
          // a flow's later event in one update (FAILED after RUNNING, say) replaces its earlier one
          flows.computeIfAbsent(updateId, id -> new LinkedHashMap<>()).put((String) row.get(1), flow);
        }
      }
    }
    List<Map<String, Object>> newestFirst = new ArrayList<>();
    for (Map<String, Object> update : updates.values()) {
      List<Map<String, Object>> ofUpdate = new ArrayList<>(flows.getOrDefault(update.get("update_id"), Map.of())
          .values());
      update.put("flows", ofUpdate);
      update.put("rows_written", ofUpdate.stream().mapToLong(flow -> (Long) flow.get("rows_written")).sum());
      update.put("rows_dropped", ofUpdate.stream().mapToLong(flow -> (Long) flow.get("rows_dropped")).sum());
      newestFirst.add(0, update);
    }
    return newestFirst;
  }

  /** A pipeline's events, oldest first, filtered by {@code type} and {@code level}, the last {@code limit} of them. */
  private List<Map<String, Object>> events(Session session, String pipelineId, Map<String, List<String>> query) {
    List<Object> parameters = new ArrayList<>();
    StringBuilder where = new StringBuilder(" WHERE TRUE");
    Optional<String> type = first(query, "type");
    if (type.isPresent()) {
      where.append(" AND event_type = ?");
      parameters.add(type.get());
    }
    Optional<String> level = first(query, "level");
    if (level.isPresent()) {
      where.append(" AND level = ?");
      parameters.add(level.get().toUpperCase(java.util.Locale.ROOT));
    }
    int limit = first(query, "limit").map(PipelineApi::limit).orElse(1_000);
    List<List<Object>> rows = rows(session, "SELECT timestamp, event_type, level, origin.update_id, origin.flow_name,"
        + " message, error, details FROM event_log('" + pipelineId + "')" + where, parameters);
    List<Map<String, Object>> events = new ArrayList<>();
    for (List<Object> row : rows.subList(Math.max(0, rows.size() - limit), rows.size())) {
      Map<String, Object> event = new LinkedHashMap<>();
      event.put("timestamp", Values.instant(row.get(0)).toString());
      event.put("event_type", row.get(1));
      event.put("level", row.get(2));
      event.put("update_id", row.get(3));
      event.put("flow_name", row.get(4));
      event.put("message", row.get(5));
      event.put("error", row.get(6));
      event.put("details", details((String) row.get(7)));
      events.add(event);
    }
    return events;
  }

  private static int limit(String text) {
    try {
      int limit = Integer.parseInt(text);
      if (limit > 0 && limit <= MAX_EVENTS) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "`limit`")
        .parameter("functionName", "`/api/pipelines/{id}/events`")
        .parameter("message", "it takes a whole number from 1 to " + MAX_EVENTS).build();
  }

  private static JsonNode details(String json) {
    try {
      return json == null ? null : JSON.readTree(json);
    } catch (JsonProcessingException e) {
      return JSON.getNodeFactory().textNode(json);
    }
  }

  private static Optional<String> first(Map<String, List<String>> query, String name) {
    List<String> values = query.get(name);
    return values == null || values.isEmpty() || values.get(0).isEmpty() ? Optional.empty()
        : Optional.of(values.get(0));
  }

  private static List<List<Object>> rows(Session session, String sql, List<Object> parameters) {
    StatementResult result = session.execute(sql, parameters);
    if (!(result instanceof StatementResult.Rows rows)) {
      throw new IllegalStateException("not a query: " + sql);
    }
    List<List<Object>> all = new ArrayList<>();
    try (RowCursor cursor = rows.cursor()) {
      int width = rows.columns().size();
      while (cursor.next()) {
        List<Object> row = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
          row.add(cursor.get(i));
        }
        all.add(row);
      }
    }
    return all;
  }

  /** A name in the dialect's quotes, a backtick in it doubled. */
  private static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  private static long number(Object value) {
    if (value == null) {
      return 0;
    }
    return value instanceof Number number ? number.longValue() : Long.parseLong(value.toString());
  }
}
