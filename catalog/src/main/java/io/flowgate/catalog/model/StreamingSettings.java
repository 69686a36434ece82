package io.flowgate.catalog.model;

import java.util.Optional;

/**
 * What a streaming table keeps besides its columns: whether its columns were declared by the user (then a flow's
 * query must fit them) or taken from its query (then they grow with it), and its refresh schedule as written.
 */
public record StreamingSettings(long tableId, boolean declaredSchema, Optional<String> schedule) {}
