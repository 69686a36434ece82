package io.flowgate.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.catalog.model.AccessTokenInfo;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowCheckpoint;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.FunctionInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.PolicyInfo;
import io.flowgate.catalog.model.PipelineEvent;
import io.flowgate.catalog.model.PrincipalInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.SchemaTables;
import io.flowgate.catalog.model.StreamingSettings;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.UnreadableTable;
import io.flowgate.catalog.model.VolumeInfo;
import io.flowgate.catalog.store.CatalogRepair;
import io.flowgate.catalog.store.CatalogStore;
import io.flowgate.catalog.store.FunctionStore;
import io.flowgate.catalog.store.GrantStore;
import io.flowgate.catalog.store.PrincipalStore;
import io.flowgate.catalog.store.SystemTables;
import io.flowgate.catalog.store.TokenStore;
import io.flowgate.catalog.store.VolumeStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * The catalog: catalogs, schemas, tables and their commit logs, persisted in system tables beside the data and
 * cached with Caffeine.
 *
 * <p>Reads go through the cache. Writes take the caller's connection, so they join the caller's transaction; after
 * that transaction ends the caller must call {@link #changed()}, which starts a new cache generation. Entries are
 * keyed by generation, so a read can never see metadata older than the last committed change. Thread-safe. Returns
 * {@code Optional} for absent objects and never throws user-facing errors: {@link CatalogException} means the
 * store itself failed.
 */
public final class CatalogService {
  public static final String DEFAULT_CATALOG = "main";
  public static final String DEFAULT_SCHEMA = "default";
  /** The group every user belongs to. */
  public static final String ALL_USERS = "account users";

  private final DataSource dataSource;
  private List<String> repairs = List.of();
  private final AtomicLong generation = new AtomicLong();
  private final Cache<Long, Snapshot> snapshots = Caffeine.newBuilder().maximumSize(4).build();
  /**
   * Each schema's tables per catalog generation. Every DDL starts a generation, so entries of old ones are dead
   * weight: they are dropped when a generation starts, and the cache is bounded by the columns it holds (about
   * 200,000) rather than by how many schemas it holds.
   */
  private final Cache<SchemaKey, SchemaTables> tables = Caffeine.newBuilder().maximumWeight(200_000)
      .<SchemaKey, SchemaTables>weigher((key, schema) -> 1 + schema.tables().values().stream()
          .mapToInt(table -> 1 + table.columns().size()).sum()).build();

  private record Snapshot(Map<String, CatalogInfo> catalogs, List<SchemaInfo> schemas,
      Map<String, PrincipalInfo> principals, List<Map.Entry<String, String>> members,
      Map<TableName, FunctionInfo> functions, Map<TableName, VolumeInfo> volumes,
      Map<String, AccessTokenInfo> tokensByHash, List<GrantInfo> grants) {}

  private record SchemaKey(long generation, String catalog, String schema) {}

  private CatalogService(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * Opens the catalog over a database, creating the system tables, the administrator {@code owner} and {@code
   * main.default} if missing.
   */
  public static CatalogService open(DataSource dataSource, String owner) {
    CatalogService service = new CatalogService(dataSource);
    try (Connection connection = dataSource.getConnection()) {
      SystemTables.create(connection);
      service.repairs = repair(connection);
      if (service.principal(owner).isEmpty()) {
        PrincipalStore.insert(connection, new PrincipalInfo(owner, PrincipalInfo.Kind.USER, Optional.empty(),
            Instant.now()));
        service.changed();
      }
      if (service.catalog(DEFAULT_CATALOG).isEmpty()) {
        Instant now = Instant.now();
        CatalogStore.insertCatalog(connection, new CatalogInfo(DEFAULT_CATALOG, Optional.of("Default catalog"),
            owner, now));
        CatalogStore.insertSchema(connection, new SchemaInfo(DEFAULT_CATALOG, DEFAULT_SCHEMA,
            Optional.of("Default schema"), owner, now));
        // As a workspace catalog: every user may use main and create in it, and reads what others grant.
        for (String privilege : List.of("USE CATALOG", "USE SCHEMA", "CREATE SCHEMA", "CREATE TABLE",
            "CREATE MATERIALIZED VIEW", "CREATE FUNCTION", "CREATE VOLUME")) {
          GrantStore.insert(connection, new GrantInfo(GrantInfo.Securable.CATALOG, List.of(DEFAULT_CATALOG),
              ALL_USERS, privilege));
        }
        service.changed();
      }
    } catch (SQLException e) {
      throw new CatalogException("cannot open the catalog", e);
    }
    return service;
  }

  /** Repairs rows older versions wrote wrongly, in one transaction. */
  private static List<String> repair(Connection connection) throws SQLException {
    connection.setAutoCommit(false);
    try {
      List<String> changes = CatalogRepair.repair(connection);
      connection.commit();
      return List.copyOf(changes);
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  /** What opening the store repaired, one sentence per change, for the opener to log. */
  public List<String> repairs() {
    return repairs;
  }

  /** Starts a new cache generation; call after every transaction that wrote through this service. */
  public void changed() {
    long current = generation.incrementAndGet();
    tables.asMap().keySet().removeIf(key -> key.generation() < current);
  }

  /** Changes whenever metadata may have changed; plans cached under an older generation are stale. */
  public long generation() {
    return generation.get();
  }

  public List<CatalogInfo> catalogs() {
    return List.copyOf(snapshot().catalogs().values());
  }

  public Optional<CatalogInfo> catalog(String name) {
    return Optional.ofNullable(snapshot().catalogs().get(name));
  }

  public List<SchemaInfo> schemas(String catalog) {
    return snapshot().schemas().stream().filter(schema -> schema.catalog().equals(catalog)).toList();
  }

  public Optional<SchemaInfo> schema(String catalog, String schema) {
    return schemas(catalog).stream().filter(info -> info.name().equals(schema)).findFirst();
  }

  /** A SQL function by its catalog, schema and (lower-case) name. */
  public Optional<FunctionInfo> function(TableName name) {
    return Optional.ofNullable(snapshot().functions().get(name));
  }

  public List<FunctionInfo> functions(String catalog, String schema) {
    return snapshot().functions().values().stream()
        .filter(function -> function.name().catalog().equals(catalog) && function.name().schema().equals(schema))
        .toList();
  }

  /** A volume by its catalog, schema and (lower-case) name. */
  public Optional<VolumeInfo> volume(TableName name) {
    return Optional.ofNullable(snapshot().volumes().get(name));
  }

  /** Every volume, of every catalog and schema. */
  public List<VolumeInfo> volumes() {
    return List.copyOf(snapshot().volumes().values());
  }

  public List<VolumeInfo> volumes(String catalog, String schema) {
    return snapshot().volumes().values().stream()
        .filter(volume -> volume.name().catalog().equals(catalog) && volume.name().schema().equals(schema))
        .toList();
  }

  /** Every grant, on every securable. */
  public List<GrantInfo> grants() {
    return snapshot().grants();
  }

  public void grant(Connection connection, GrantInfo grant) throws SQLException {
    GrantStore.insert(connection, grant);
  }

  public void revoke(Connection connection, GrantInfo grant) throws SQLException {
    GrantStore.delete(connection, grant);
  }

  /** The access token whose secret has this hash. */
  public Optional<AccessTokenInfo> tokenByHash(String secretHash) {
    return Optional.ofNullable(snapshot().tokensByHash().get(secretHash));
  }

  public List<AccessTokenInfo> tokens() {
    return List.copyOf(snapshot().tokensByHash().values());
  }

  public void createToken(Connection connection, AccessTokenInfo token) throws SQLException {
    TokenStore.insert(connection, token);
  }

  public void deleteToken(Connection connection, String id) throws SQLException {
    TokenStore.delete(connection, id);
  }

  public Optional<PrincipalInfo> principal(String name) {
    return Optional.ofNullable(snapshot().principals().get(name));
  }

  public List<PrincipalInfo> principals(PrincipalInfo.Kind kind) {
    return snapshot().principals().values().stream().filter(principal -> principal.kind() == kind).toList();
  }

  /** The direct members of a group. */
  public List<String> members(String group) {
    return snapshot().members().stream().filter(member -> member.getKey().equals(group)).map(Map.Entry::getValue)
        .toList();
  }

  /** The groups {@code principal} belongs to, directly or through other groups. */
  public java.util.Set<String> groupsOf(String principal) {
    java.util.Set<String> groups = new java.util.LinkedHashSet<>();
    java.util.Deque<String> pending = new java.util.ArrayDeque<>(List.of(principal));
    while (!pending.isEmpty()) {
      String member = pending.pop();
      for (Map.Entry<String, String> pair : snapshot().members()) {
        if (pair.getValue().equals(member) && groups.add(pair.getKey())) {
          pending.push(pair.getKey());
        }
      }
    }
    return groups;
  }

  public List<TableInfo> tables(String catalog, String schema) {
    return List.copyOf(tableMap(catalog, schema).values());
  }

  /** The tables and views users see listed: all but the private datasets of pipelines. */
  public List<TableInfo> publishedTables(String catalog, String schema) {
    return tableMap(catalog, schema).values().stream().filter(table -> !table.pipelinePrivate()).toList();
  }

  public Optional<TableInfo> table(TableName name) {
    return Optional.ofNullable(tableMap(name.catalog(), name.schema()).get(name.table()));
  }

  /** A table of that name whose catalog rows cannot be read, and why; it can only be dropped. */
  public Optional<UnreadableTable> unreadableTable(TableName name) {
    return Optional.ofNullable(schemaTables(name.catalog(), name.schema()).unreadable().get(name.table()));
  }

  /** The tables of a schema whose catalog rows cannot be read. */
  public List<UnreadableTable> unreadableTables(String catalog, String schema) {
    return List.copyOf(schemaTables(catalog, schema).unreadable().values());
  }

  /** The table with id {@code tableId}, if it exists. */
  public Optional<TableInfo> tableById(long tableId) {
    return read(connection -> CatalogStore.tableName(connection, tableId)).flatMap(this::table);
  }

  /** Whether any flow writes the table (a managed table a CREATE FLOW ... INSERT INTO feeds, say). */
  public boolean hasFlows(long tableId) {
    return read(connection -> !flows(connection, tableId).isEmpty());
  }

  public List<CommitInfo> history(long tableId) {
    return read(connection -> CatalogStore.commits(connection, tableId));
  }

  private Snapshot snapshot() {
    long current = generation.get();
    return snapshots.get(current, key -> read(connection -> {
      Map<String, CatalogInfo> catalogs = new java.util.LinkedHashMap<>();
      for (CatalogInfo catalog : CatalogStore.catalogs(connection)) {
        catalogs.put(catalog.name(), catalog);
      }
      Map<String, PrincipalInfo> principals = new java.util.LinkedHashMap<>();
      for (PrincipalInfo principal : PrincipalStore.principals(connection)) {
        principals.put(principal.name(), principal);
      }
      Map<TableName, FunctionInfo> functions = new java.util.LinkedHashMap<>();
      for (FunctionInfo function : FunctionStore.functions(connection)) {
        functions.put(function.name(), function);
      }
      Map<TableName, VolumeInfo> volumes = new java.util.LinkedHashMap<>();
      for (VolumeInfo volume : VolumeStore.volumes(connection)) {
        volumes.put(volume.name(), volume);
      }
      Map<String, AccessTokenInfo> tokens = new java.util.LinkedHashMap<>();
      for (AccessTokenInfo token : TokenStore.tokens(connection)) {
        tokens.put(token.secretHash(), token);
      }
      return new Snapshot(catalogs, CatalogStore.schemas(connection), principals, PrincipalStore.members(connection),
          functions, volumes, tokens, GrantStore.grants(connection));
    }));
  }

  private Map<String, TableInfo> tableMap(String catalog, String schema) {
    return schemaTables(catalog, schema).tables();
  }

  private SchemaTables schemaTables(String catalog, String schema) {
    SchemaKey key = new SchemaKey(generation.get(), catalog, schema);
    return tables.get(key, k -> read(connection -> CatalogStore.tables(connection, catalog, schema)));
  }

  // Writes: all take the caller's connection so they commit with the caller's data changes.

  public void createCatalog(Connection connection, CatalogInfo catalog) throws SQLException {
    CatalogStore.insertCatalog(connection, catalog);
  }

  public void dropCatalog(Connection connection, String name) throws SQLException {
    CatalogStore.deleteCatalog(connection, name);
  }

  public void createSchema(Connection connection, SchemaInfo schema) throws SQLException {
    CatalogStore.insertSchema(connection, schema);
  }

  public void dropSchema(Connection connection, String catalog, String schema) throws SQLException {
    CatalogStore.deleteSchema(connection, catalog, schema);
  }

  public long nextTableId(Connection connection) throws SQLException {
    return CatalogStore.nextTableId(connection);
  }

  public void createTable(Connection connection, TableInfo table) throws SQLException {
    CatalogStore.insertTable(connection, table);
  }

  /** Replaces a table's definition (CREATE OR REFRESH of a streaming table); see {@link CatalogStore#redefineTable}. */
  public void redefineTable(Connection connection, TableInfo table) throws SQLException {
    CatalogStore.redefineTable(connection, table);
  }

  /** Appends columns to a table (streaming tables widen to their flows' schemas). */
  public void addColumns(Connection connection, TableInfo table, List<ColumnInfo> columns) throws SQLException {
    int ordinal = table.columns().size();
    for (ColumnInfo column : columns) {
      CatalogStore.insertColumn(connection, table.id(), ++ordinal, column);
    }
  }

  public void createFunction(Connection connection, FunctionInfo function) throws SQLException {
    FunctionStore.insert(connection, function);
  }

  /** Replaces a function's definition; its grants stay. */
  public void replaceFunction(Connection connection, FunctionInfo function) throws SQLException {
    FunctionStore.replace(connection, function);
  }

  public void dropFunction(Connection connection, TableName name) throws SQLException {
    FunctionStore.delete(connection, name);
  }

  /** Replaces a table's row filter and column masks. */
  public void createVolume(Connection connection, VolumeInfo volume) throws SQLException {
    VolumeStore.insert(connection, volume);
  }

  public void dropVolume(Connection connection, TableName name) throws SQLException {
    VolumeStore.delete(connection, name);
  }

  public void setPolicies(Connection connection, long tableId, List<PolicyInfo> policies) throws SQLException {
    CatalogStore.replacePolicies(connection, tableId, policies);
  }

  public void createPrincipal(Connection connection, PrincipalInfo principal) throws SQLException {
    PrincipalStore.insert(connection, principal);
  }

  public void dropPrincipal(Connection connection, String name) throws SQLException {
    PrincipalStore.delete(connection, name);
  }

  public void setPassword(Connection connection, String user, String passwordHash) throws SQLException {
    PrincipalStore.setPassword(connection, user, passwordHash);
  }

  public void addMember(Connection connection, String group, String member) throws SQLException {
    PrincipalStore.addMember(connection, group, member);
  }

  public void removeMember(Connection connection, String group, String member) throws SQLException {
    PrincipalStore.removeMember(connection, group, member);
  }

  /** Replaces a table's properties (ALTER TABLE ... SET / UNSET TBLPROPERTIES). */
  public void setTableProperties(Connection connection, long tableId, Map<String, String> properties)
      throws SQLException {
    CatalogStore.replaceProperties(connection, tableId, properties);
  }

  /** Gives a table a new name in its schema; its grants go with it. */
  public void renameTable(Connection connection, TableInfo table, TableName renamed) throws SQLException {
    CatalogStore.renameTable(connection, table, renamed);
  }

  public void dropTable(Connection connection, long tableId) throws SQLException {
    CatalogStore.deleteTable(connection, tableId);
  }

  /**
   * The version the caller's write of the table commits as (0 for a new table). It locks the table until the
   * transaction ends, so concurrent writers of one table commit one after another, each under its own version and
   * each seeing the writes committed before its own.
   */
  public long nextVersion(Connection connection, long tableId) throws SQLException {
    CatalogStore.lockTable(connection, tableId);
    return CatalogStore.latestVersion(connection, tableId) + 1;
  }

  /** Records a commit; its version comes from {@link #nextVersion} in the same transaction. */
  public void recordCommit(Connection connection, CommitInfo commit) throws SQLException {
    CatalogStore.insertCommit(connection, commit);
  }

  /** The commits of a table after version {@code after} up to {@code upTo}, oldest first, inside a transaction. */
  public List<CommitInfo> commitsBetween(Connection connection, long tableId, long after, long upTo)
      throws SQLException {
    return CatalogStore.commitsBetween(connection, tableId, after, upTo);
  }

  /** The latest committed version of a table, or -1, read inside the caller's transaction. */
  public long latestVersion(Connection connection, long tableId) throws SQLException {
    return CatalogStore.latestVersion(connection, tableId);
  }

  // Flows and checkpoints are read and written inside the transaction that runs the flow, never from the cache:
  // a checkpoint must commit with the data it describes.

  public List<FlowInfo> flows(Connection connection, long targetId) throws SQLException {
    return CatalogStore.flows(connection, targetId);
  }

  public void saveFlow(Connection connection, FlowInfo flow) throws SQLException {
    CatalogStore.upsertFlow(connection, flow);
  }

  public List<ExpectationInfo> expectations(Connection connection, long tableId) throws SQLException {
    return CatalogStore.expectations(connection, tableId);
  }

  public void replaceExpectations(Connection connection, long tableId, List<ExpectationInfo> expectations)
      throws SQLException {
    CatalogStore.replaceExpectations(connection, tableId, expectations);
  }

  /** The details of a table's newest event of one type ({@code update_progress}, ...). */
  public Optional<String> latestEventDetails(Connection connection, long tableId, String eventType)
      throws SQLException {
    return CatalogStore.latestEventDetails(connection, tableId, eventType);
  }

  /** A streaming table's settings; tables made before they were kept have none. */
  public Optional<StreamingSettings> streamingSettings(Connection connection, long tableId) throws SQLException {
    return CatalogStore.streamingSettings(connection, tableId);
  }

  /** The settings of every table with a refresh schedule. */
  public List<StreamingSettings> scheduled(Connection connection) throws SQLException {
    return CatalogStore.scheduled(connection);
  }

  /** When a table's newest event of one type ({@code create_update}, ...) was logged. */
  public Optional<java.time.Instant> latestEventTime(Connection connection, long tableId, String eventType)
      throws SQLException {
    return CatalogStore.latestEventTime(connection, tableId, eventType);
  }

  /** When a table's newest commit was made; none for a table that never committed. */
  public Optional<java.time.Instant> latestCommitTime(Connection connection, long tableId) throws SQLException {
    return CatalogStore.latestCommitTime(connection, tableId);
  }

  public void saveStreamingSettings(Connection connection, StreamingSettings settings) throws SQLException {
    CatalogStore.saveStreamingSettings(connection, settings);
  }

  /** Appends to a streaming table's event log, in the caller's transaction. */
  public void logEvent(Connection connection, PipelineEvent event) throws SQLException {
    CatalogStore.insertEvent(connection, event);
  }

  /** Locks a flow's row until the caller's transaction ends, so two updates of one flow run one after the other. */
  public void lockFlow(Connection connection, long flowId) throws SQLException {
    CatalogStore.lockFlow(connection, flowId);
  }

  public List<FlowCheckpoint> checkpoints(Connection connection, long flowId) throws SQLException {
    return CatalogStore.checkpoints(connection, flowId);
  }

  public void saveCheckpoint(Connection connection, FlowCheckpoint checkpoint) throws SQLException {
    CatalogStore.saveCheckpoint(connection, checkpoint);
  }

  /** The files a flow's read_files sources have ingested: a file source's checkpoint. */
  public java.util.Set<String> ingestedFiles(Connection connection, long flowId) throws SQLException {
    return CatalogStore.ingestedFiles(connection, flowId);
  }

  /**
   * The first version of a managed table that time travel can read, when it keeps the rows its writes replace (from
   * its creation, or from when a store made before it kept them first opened).
   */
  public Optional<Long> historySince(Connection connection, long tableId) throws SQLException {
    return CatalogStore.historySince(connection, tableId);
  }

  public Optional<Long> historySince(long tableId) {
    return read(connection -> CatalogStore.historySince(connection, tableId));
  }

  public void recordHistory(Connection connection, long tableId, long since) throws SQLException {
    CatalogStore.recordHistory(connection, tableId, since);
  }

  /** The files COPY INTO has loaded into the table, by path. */
  public java.util.Set<String> copiedFiles(Connection connection, long tableId) throws SQLException {
    return CatalogStore.copiedFiles(connection, tableId);
  }

  public void recordCopiedFile(Connection connection, long tableId, String path) throws SQLException {
    CatalogStore.recordCopiedFile(connection, tableId, path);
  }

  public void recordIngestedFile(Connection connection, long flowId, String path) throws SQLException {
    CatalogStore.recordIngestedFile(connection, flowId, path);
  }

  public void clearCheckpoints(Connection connection, long flowId) throws SQLException {
    CatalogStore.clearCheckpoints(connection, flowId);
  }

  /** The H2 table names the catalog knows, so storage can remove tables a crash left without metadata. */
  public List<String> storageNames() {
    return read(CatalogStore::storageNames);
  }

  private interface Reader<T> {
    T read(Connection connection) throws SQLException;
  }

  private <T> T read(Reader<T> reader) {
    try (Connection connection = dataSource.getConnection()) {
      return reader.read(connection);
    } catch (SQLException e) {
      throw new CatalogException("cannot read the catalog", e);
    }
  }

  /** The catalog's store failed (I/O, corruption); never a user mistake. */
  public static final class CatalogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CatalogException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
