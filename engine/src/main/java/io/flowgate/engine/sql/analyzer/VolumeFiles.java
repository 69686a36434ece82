package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.VolumeInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.FileAreas;
import io.flowgate.engine.files.VolumePath;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.sql.tree.Span;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a {@code /Volumes/...} path lies on disk, and whether a user may read or write there: READ VOLUME or WRITE
 * VOLUME on the volume (with USE on its catalog and schema), in place of the SELECT ON ANY FILE that plain paths
 * need. Every reader of volume paths (read_files, IMPORT CHECKPOINT, the file commands) goes through here.
 */
public final class VolumeFiles {
  public static final String READ = "READ VOLUME";
  public static final String WRITE = "WRITE VOLUME";

  /** A volume path on disk: the volume, its folder, and the local path the written one names (globs kept). */
  public record Located(VolumeInfo volume, VolumePath path, Path folder, String local) {
    /** The local path as a {@code Path}; only for a path without a glob. */
    public Path file() {
      return Path.of(local);
    }
  }

  private VolumeFiles() {}

  /**
   * Locates {@code written} when it names a volume, after checking that {@code user} holds {@code privilege} on it;
   * empty when it is a plain path.
   */
  public static Optional<Located> locate(String written, String user, String privilege, CatalogService catalog,
      AccessControl access, FileAreas areas, Span span) {
    Optional<VolumePath> parsed = VolumePath.parse(written, span);
    if (parsed.isEmpty()) {
      return Optional.empty();
    }
    VolumePath path = parsed.get();
    VolumeInfo volume = volume(catalog, new TableName(path.catalog(), path.schema(), path.volume()), span);
    access.require(user, GrantInfo.Securable.VOLUME, volume.name().parts(), privilege, span);
    Path folder = folder(volume, areas);
    String local = path.inside().isEmpty() ? folder.toString() : folder + "/" + path.inside();
    return Optional.of(new Located(volume, path, folder, local));
  }

  /** A volume by name, or VOLUME_NOT_FOUND. */
  public static VolumeInfo volume(CatalogService catalog, TableName name, Span span) {
    return catalog.volume(name).orElseThrow(() -> EngineException.of(ErrorClass.VOLUME_NOT_FOUND)
        .parameter("volumeName", Errors.quote(name.parts())).at(span).build());
  }

  /** The folder a volume's files are in. */
  public static Path folder(VolumeInfo volume, FileAreas areas) {
    return volume.kind() == VolumeInfo.Kind.MANAGED ? areas.volumes().resolve(volume.location())
        : Path.of(volume.location());
  }
}
