package io.flowgate.catalog.model;

import io.flowgate.catalog.TableName;
import java.time.Instant;
import java.util.Optional;

/**
 * A Unity Catalog volume: a folder of files under a three-part name, read as {@code /Volumes/catalog/schema/name/...}.
 * A managed volume's {@code location} is its folder's name under the store's volumes folder, which the engine owns
 * and deletes with it; an external volume's is the absolute path it was created over, which outlives it.
 */
public record VolumeInfo(TableName name, Kind kind, String location, Optional<String> comment, String owner,
    Instant created) {
  public enum Kind { MANAGED, EXTERNAL }
}
