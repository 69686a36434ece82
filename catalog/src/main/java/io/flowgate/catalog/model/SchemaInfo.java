package io.flowgate.catalog.model;

import java.time.Instant;
import java.util.Optional;

public record SchemaInfo(String catalog, String name, Optional<String> comment, String owner, Instant created) {}
