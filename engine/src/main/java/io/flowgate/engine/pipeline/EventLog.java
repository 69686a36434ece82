package io.flowgate.engine.pipeline;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.PipelineIds;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.PipelineEvent;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.storage.LiveProgress;
import io.flowgate.engine.type.JsonText;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes one update's events to a streaming table's event log, with the event types and detail shapes of the
 * dialect's event log: {@code create_update}, {@code update_progress} (state) and {@code flow_progress} (status,
 * metrics). Each call writes in the caller's transaction, so a flow's events commit with its data.
 */
final class EventLog {
  private final CatalogService catalog;
  private final TableInfo table;
  private final String updateId = UUID.randomUUID().toString();
  private final UpdateCause cause;

  EventLog(CatalogService catalog, TableInfo table) {
    this(catalog, table, UpdateCause.API_CALL);
  }

  EventLog(CatalogService catalog, TableInfo table, UpdateCause cause) {
    this.catalog = catalog;
    this.table = table;
    this.cause = cause;
  }

  void createUpdate(Connection connection, boolean full, String user) throws SQLException {
    log(connection, Optional.empty(), "INFO", "create_update", "Update " + updateId + " started by " + user
            + cause.why() + ".",
        Optional.empty(), "{\"create_update\":{\"cause\":\"" + cause + "\",\"full_refresh\":" + full
            + ",\"started_by\":" + JsonText.quote(user) + "}}");
  }

  /**
   * A flow's definition as this update runs it, for lineage: the dataset it writes, the datasets its query names
   * and its kind (the vendor's {@code flow_definition} event).
   */
  void flowDefinition(Connection connection, FlowInfo flow, List<io.flowgate.catalog.TableName> inputs)
      throws SQLException {
    StringBuilder details = new StringBuilder("{\"flow_definition\":{\"output_dataset\":")
        .append(JsonText.quote(String.join(".", table.name().parts()))).append(",\"input_datasets\":[");
    for (int i = 0; i < inputs.size(); i++) {
      details.append(i == 0 ? "" : ",").append(JsonText.quote(inputs.get(i).toString()));
    }
    details.append("],\"flow_type\":").append(JsonText.quote(flow.kind().name())).append("}}");
    log(connection, Optional.of(flow.name()), "INFO", "flow_definition", "Flow '" + flow.name() + "' is defined.",
        Optional.empty(), details.toString());
  }

  /**
   * How a materialized view's flow maintains it this update, and why (the vendor's {@code planning_information}
   * event): {@code technique} is NO_OP (nothing it reads changed) or COMPLETE_RECOMPUTE.
   */
  void planningInformation(Connection connection, FlowInfo flow, String technique, String reason)
      throws SQLException {
    log(connection, Optional.of(flow.name()), "INFO", "planning_information", "Flow '" + flow.name()
        + "' has been planned to be executed as " + technique + ".", Optional.empty(),
        "{\"planning_information\":{\"technique_information\":[{\"maintenance_type\":"
            + JsonText.quote("MAINTENANCE_TYPE_" + technique) + ",\"is_chosen\":true,\"is_applicable\":true,"
            + "\"reason\":" + JsonText.quote(reason) + "}]}}");
  }

  void updateProgress(Connection connection, String state, Optional<String> error) throws SQLException {
    log(connection, Optional.empty(), error.isPresent() ? "ERROR" : "INFO", "update_progress",
        "Update " + updateId.substring(0, 8) + " is " + state + ".", error,
        "{\"update_progress\":{\"state\":" + JsonText.quote(state) + "}}");
  }

  /** {@code dataQuality} is the JSON of the batch's expectation results, when the table has expectations. */
  void flowProgress(Connection connection, String flow, String status, Map<String, Long> metrics,
      Optional<String> dataQuality, Optional<String> error) throws SQLException {
    catalog.logEvent(connection, flowProgress(flow, status, metrics, dataQuality, error));
  }

  /**
   * Shows the flow RUNNING in the event log while its batch runs, with the rows it has written and read so far
   * ({@link LiveProgress}: the batch's own events are only read once it commits); close it when the batch ends.
   */
  LiveProgress.Showing running(String flow, LiveProgress.Counter written) {
    return LiveProgress.show(table.id(), new LiveProgress.Running(table.name().toString(), flow, Instant.now(),
        written), () -> flowProgress(flow, "RUNNING", written.read().isPresent()
        ? rows(written.rows(), written.read().getAsLong()) : Map.of("num_output_rows", written.rows()),
        Optional.empty(), Optional.empty()));
  }

  /**
   * A batch's row metrics: {@code num_output_rows}, the rows it wrote, and {@code num_input_rows}, the rows it read
   * (as Structured Streaming's progress names them: the new rows of its streams and the rows of the files it read).
   */
  static Map<String, Long> rows(long output, long input) {
    Map<String, Long> metrics = new LinkedHashMap<>();
    metrics.put("num_output_rows", output);
    metrics.put("num_input_rows", input);
    return metrics;
  }

  private PipelineEvent flowProgress(String flow, String status, Map<String, Long> metrics,
      Optional<String> dataQuality, Optional<String> error) {
    StringBuilder details = new StringBuilder("{\"flow_progress\":{\"status\":").append(JsonText.quote(status));
    if (!metrics.isEmpty()) {
      details.append(",\"metrics\":{");
      String separator = "";
      for (Map.Entry<String, Long> metric : metrics.entrySet()) {
        details.append(separator);
        JsonText.quote(metric.getKey(), details).append(':').append(metric.getValue());
        separator = ",";
      }
      details.append('}');
    }
    dataQuality.ifPresent(json -> details.append(",\"data_quality\":").append(json));
    details.append("}}");
    return event(Optional.of(flow), error.isPresent() ? "ERROR" : "INFO", "flow_progress",
        "Flow '" + flow + "' is " + status + ".", error, details.toString());
  }

  private void log(Connection connection, Optional<String> flow, String level, String type, String message,
      Optional<String> error, String details) throws SQLException {
    catalog.logEvent(connection, event(flow, level, type, message, error, details));
  }

  private PipelineEvent event(Optional<String> flow, String level, String type, String message,
      Optional<String> error, String details) {
    StringBuilder origin = new StringBuilder("{\"pipeline_id\":").append(JsonText.quote(pipelineId()))
        .append(",\"pipeline_name\":").append(JsonText.quote(String.join(".", table.name().parts())))
        .append(",\"update_id\":").append(JsonText.quote(updateId))
        .append(",\"dataset_name\":").append(JsonText.quote(table.name().table()));
    flow.ifPresent(name -> JsonText.quote(name, origin.append(",\"flow_name\":")));
    origin.append('}');
    return new PipelineEvent(UUID.randomUUID().toString(), table.id(), updateId, flow, Instant.now(), level, type,
        message, error, origin.toString(), details);
  }

  private String pipelineId() {
    return PipelineIds.of(table.id());
  }

  UpdateCause cause() {
    return cause;
  }

  String updateId() {
    return updateId;
  }
}
