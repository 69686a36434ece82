package io.flowgate.catalog.model;

import java.time.Instant;
import java.util.Optional;

/**
 * One event-log entry of a streaming table's updates: {@code details} is the event's JSON, shaped by its type
 * ({@code create_update}, {@code update_progress}, {@code flow_progress}).
 */
public record PipelineEvent(String id, long tableId, String updateId, Optional<String> flowName, Instant timestamp,
    String level, String eventType, String message, Optional<String> error, String origin, String details) {}
