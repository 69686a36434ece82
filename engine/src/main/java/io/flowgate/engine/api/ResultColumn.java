package io.flowgate.engine.api;

import io.flowgate.engine.type.SqlType;

/** A column of a statement's result as the client sees it. */
public record ResultColumn(String name, SqlType type, boolean nullable) {}
