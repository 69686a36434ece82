package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.VolumeInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.files.Folders;
import io.flowgate.engine.files.RealPaths;
import io.flowgate.engine.sql.analyzer.VolumeFiles;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Show;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * CREATE [EXTERNAL] VOLUME, DROP VOLUME, SHOW VOLUMES and DESCRIBE VOLUME. A managed volume is a folder of its own
 * under the store's volumes folder, made with it and deleted with it; an external one is registered over a folder
 * inside an ingest root, which stays when the volume is dropped.
 */
public final class VolumeExecutor {
  private final ExecutionContext context;
  private final CatalogService catalog;

  public VolumeExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  private String user() {
    return context.session().user();
  }

  public void create(Ddl.CreateVolume create) {
    TableName name = context.translator().qualify(create.name(), create.span());
    if (catalog.schema(name.catalog(), name.schema()).isEmpty()) {
      throw Errors.schemaNotFound(List.of(name.catalog(), name.schema()), create.span());
    }
    if (catalog.volume(name).isPresent()) {
      if (create.ifNotExists()) {
        return;
      }
      throw EngineException.of(ErrorClass.VOLUME_ALREADY_EXISTS).parameter("volumeName", Errors.quote(name.parts()))
          .at(create.span()).build();
    }
    context.access().require(user(), GrantInfo.Securable.SCHEMA, List.of(name.catalog(), name.schema()),
        "CREATE VOLUME", create.span());
    String location;
    Path folder;
    if (create.external()) {
      folder = externalFolder(create.location().orElseThrow(() -> invalid("an EXTERNAL volume needs a LOCATION",
          create.span())), create.span());
      location = folder.toString();
    } else {
      if (create.location().isPresent()) {
        throw invalid("LOCATION is for an EXTERNAL volume; a managed volume's files are kept by the store",
            create.span());
      }
      location = UUID.randomUUID().toString();
      folder = context.files().volumes().resolve(location);
    }
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the folder of volume " + name, e);
    }
    VolumeInfo volume = new VolumeInfo(name, create.external() ? VolumeInfo.Kind.EXTERNAL : VolumeInfo.Kind.MANAGED,
        location, create.comment(), user(), Instant.now());
    try {
      context.changeMetadata(connection -> catalog.createVolume(connection, volume));
    } catch (RuntimeException e) {
      if (!create.external()) {
        Folders.deleteQuietly(folder);
      }
      throw e;
    }
  }

  /**
   * An external volume's folder: inside an ingest root, where its creator may read files anyway (SELECT ON ANY
   * FILE), and overlapping no other volume's.
   */
  private Path externalFolder(String written, Span span) {
    context.access().require(user(), GrantInfo.Securable.ANY_FILE, List.of(), "SELECT", span);
    Path folder = RealPaths.within(written, context.files().ingestRoots(), "location", "CREATE EXTERNAL VOLUME",
        span);
    Path managed = RealPaths.real(context.files().volumes());
    if (managed.startsWith(folder) || folder.startsWith(managed)) {
      throw invalid("the location overlaps the store's managed volumes", span);
    }
    for (VolumeInfo other : catalog.volumes()) {
      Path theirs = VolumeFiles.folder(other, context.files());
      if (other.kind() == VolumeInfo.Kind.EXTERNAL && (theirs.startsWith(folder) || folder.startsWith(theirs))) {
        throw invalid("the location overlaps that of volume " + Errors.quote(other.name().parts()), span);
      }
    }
    return folder;
  }

  public void drop(Ddl.DropVolume drop) {
    TableName name = context.translator().qualify(drop.name(), drop.span());
    if (drop.ifExists() && catalog.volume(name).isEmpty()) {
      return;
    }
    VolumeInfo volume = VolumeFiles.volume(catalog, name, drop.span());
    context.access().requireOwner(user(), GrantInfo.Securable.VOLUME, name.parts(), drop.span());
    context.changeMetadata(connection -> catalog.dropVolume(connection, name));
    deleteManaged(List.of(volume));
  }

  /** Deletes the folders of managed volumes that are gone from the catalog. */
  void deleteManaged(List<VolumeInfo> volumes) {
    volumes.stream().filter(volume -> volume.kind() == VolumeInfo.Kind.MANAGED)
        .forEach(volume -> Folders.deleteQuietly(VolumeFiles.folder(volume, context.files())));
  }

  /** The volumes of a schema that the user may reach: those it owns or reads or writes. */
  public StatementResult show(Show.ShowVolumes show) {
    List<String> schema = show.schema().isEmpty()
        ? List.of(context.session().catalog(), context.session().schema())
        : new DdlExecutor(context).schemaName(show.schema(), show.span());
    if (catalog.schema(schema.get(0), schema.get(1)).isEmpty()) {
      throw Errors.schemaNotFound(schema, show.span());
    }
    List<List<Object>> rows = new ArrayList<>();
    if (context.access().holds(user(), GrantInfo.Securable.CATALOG, schema.subList(0, 1), "USE CATALOG")
        && context.access().holds(user(), GrantInfo.Securable.SCHEMA, schema, "USE SCHEMA")) {
      for (VolumeInfo volume : catalog.volumes(schema.get(0), schema.get(1))) {
        if (reachable(volume) && ShowExecutor.matches(show.pattern()).test(volume.name().table())) {
          rows.add(List.of(schema.get(1), volume.name().table()));
        }
      }
    }
    return rows(List.of("database", "volume_name"), rows);
  }

  public StatementResult describe(Show.DescribeVolume describe) {
    TableName name = context.translator().qualify(describe.name(), describe.span());
    VolumeInfo volume = VolumeFiles.volume(catalog, name, describe.span());
    if (!reachable(volume)) {
      context.access().require(user(), GrantInfo.Securable.VOLUME, name.parts(), VolumeFiles.READ, describe.span());
    }
    context.access().require(user(), GrantInfo.Securable.SCHEMA, List.of(name.catalog(), name.schema()),
        "USE SCHEMA", describe.span());
    return rows(List.of("name", "catalog", "database", "owner", "storage_location", "volume_type", "comment"),
        List.of(Arrays.asList(name.table(), name.catalog(), name.schema(), volume.owner(),
            VolumeFiles.folder(volume, context.files()).toString(), volume.kind().name(),
            volume.comment().orElse(null))));
  }

  private boolean reachable(VolumeInfo volume) {
    List<String> name = volume.name().parts();
    return context.access().owns(user(), GrantInfo.Securable.VOLUME, name)
        || context.access().holds(user(), GrantInfo.Securable.VOLUME, name, VolumeFiles.READ)
        || context.access().holds(user(), GrantInfo.Securable.VOLUME, name, VolumeFiles.WRITE);
  }

  private static StatementResult rows(List<String> names, List<List<Object>> rows) {
    List<ResultColumn> columns = names.stream().map(column -> new ResultColumn(column, SqlType.STRING, true)).toList();
    return new StatementResult.Rows(columns, new ListCursor(rows));
  }

  private static EngineException invalid(String message, Span span) {
    return EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "LOCATION")
        .parameter("functionName", "CREATE VOLUME").parameter("message", message).at(span).build();
  }
}
