package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.IdentityInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.catalog.model.UnreadableTable;
import io.flowgate.catalog.model.VolumeInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Binding;
import io.flowgate.engine.h2.H2Statement;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.h2.StoreNames;
import io.flowgate.engine.plan.ChangeFeed;
import io.flowgate.engine.plan.DmlPlanner;
import io.flowgate.engine.plan.KeyIndexes;
import io.flowgate.engine.plan.PlannedQuery;
import io.flowgate.engine.plan.TableDefinitions;
import io.flowgate.engine.security.Privileges;
import io.flowgate.engine.sql.analyzer.Analysis;
import io.flowgate.engine.sql.analyzer.ChangeDataFeed;
import io.flowgate.engine.sql.analyzer.QueryTranslator;
import io.flowgate.engine.sql.analyzer.SessionContext;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.sql.tree.Ddl.ColumnDefinition;
import io.flowgate.engine.sql.tree.Ddl.CreateTable;
import io.flowgate.engine.sql.tree.Ddl.CreateView;
import io.flowgate.engine.sql.tree.Ddl.PrimaryKey;
import io.flowgate.engine.sql.tree.Ddl.SourceExpression;
import io.flowgate.engine.sql.tree.Ddl.TableConstraint;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.sql.tree.Dml;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.storage.History;
import io.flowgate.engine.type.SqlType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs catalog, schema, table and view DDL. H2 commits its own DDL, so a new table's H2 table is made first and
 * its catalog entry second (a crash in between leaves an orphan that start-up removes); a dropped table loses its
 * catalog entry first and its H2 table second.
 */
public final class DdlExecutor {
  /** Names the engine answers itself: {@code system.information_schema} and each catalog's information_schema. */
  private static final String RESERVED_CATALOG = "system";
  private static final String RESERVED_SCHEMA = "information_schema";

  private final ExecutionContext context;
  private final CatalogService catalog;
  private final H2Storage storage;

  public DdlExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
    this.storage = context.storage();
  }

  private String user() {
    return context.session().user();
  }

  public void createCatalog(Ddl.CreateCatalog create) {
    String name = create.name().toLowerCase(Locale.ROOT);
    if (!user().equals(Privileges.ADMINISTRATOR)) {
      throw EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS).parameter("report", "only the administrator"
          + " may create catalogs").at(create.span()).build();
    }
    if (catalog.catalog(name).isPresent() || name.equals(RESERVED_CATALOG)) {
      if (create.ifNotExists()) {
        return;
      }
      throw Errors.catalogAlreadyExists(name, create.span());
    }
    Instant now = Instant.now();
    write(connection -> {
      catalog.createCatalog(connection, new CatalogInfo(name, create.comment(), user(), now));
      catalog.createSchema(connection, new SchemaInfo(name, CatalogService.DEFAULT_SCHEMA, Optional.empty(), user(),
          now));
    });
  }

  public void dropCatalog(Ddl.DropCatalog drop) {
    String name = drop.name().toLowerCase(Locale.ROOT);
    if (catalog.catalog(name).isEmpty()) {
      if (drop.ifExists()) {
        return;
      }
      throw Errors.catalogNotFound(name, drop.span());
    }
    context.access().requireOwner(user(), GrantInfo.Securable.CATALOG, List.of(name), drop.span());
    List<SchemaInfo> schemas = catalog.schemas(name);
    List<TableInfo> tables = schemas.stream().flatMap(schema -> catalog.tables(name, schema.name()).stream()).toList();
    List<UnreadableTable> unreadable = schemas.stream()
        .flatMap(schema -> catalog.unreadableTables(name, schema.name()).stream()).toList();
    List<VolumeInfo> volumes = schemas.stream().flatMap(schema -> catalog.volumes(name, schema.name()).stream())
        .toList();
    if ((!tables.isEmpty() || !unreadable.isEmpty() || !volumes.isEmpty()) && !drop.cascade()) {
      throw Errors.schemaNotEmpty(List.of(name), drop.span());
    }
    dropUnreadable(unreadable);
    write(connection -> {
      for (TableInfo table : tables) {
        catalog.dropTable(connection, table.id());
      }
      for (VolumeInfo volume : volumes) {
        catalog.dropVolume(connection, volume.name());
      }
      for (SchemaInfo schema : schemas) {
        catalog.dropSchema(connection, name, schema.name());
      }
      catalog.dropCatalog(connection, name);
    });
    dropStorage(tables);
    new VolumeExecutor(context).deleteManaged(volumes);
  }

  public void createSchema(Ddl.CreateSchema create) {
    List<String> name = schemaName(create.name(), create.span());
    requireCatalog(name.get(0), create.span());
    if (catalog.schema(name.get(0), name.get(1)).isPresent() || name.get(1).equals(RESERVED_SCHEMA)
        || io.flowgate.engine.sql.analyzer.PrivateDatasets.reserved(name.get(1))) {
      if (create.ifNotExists()) {
        return;
      }
      throw Errors.schemaAlreadyExists(name, create.span());
    }
    context.access().require(user(), GrantInfo.Securable.CATALOG, List.of(name.get(0)), "CREATE SCHEMA", create.span());
    write(connection -> catalog.createSchema(connection, new SchemaInfo(name.get(0), name.get(1), create.comment(),
        user(), Instant.now())));
  }

  public void dropSchema(Ddl.DropSchema drop) {
    List<String> name = schemaName(drop.name(), drop.span());
    if (catalog.schema(name.get(0), name.get(1)).isEmpty()) {
      if (drop.ifExists()) {
        return;
      }
      throw Errors.schemaNotFound(name, drop.span());
    }
    context.access().requireOwner(user(), GrantInfo.Securable.SCHEMA, name, drop.span());
    List<TableInfo> tables = catalog.tables(name.get(0), name.get(1));
    List<UnreadableTable> unreadable = catalog.unreadableTables(name.get(0), name.get(1));
    List<VolumeInfo> volumes = catalog.volumes(name.get(0), name.get(1));
    if ((!tables.isEmpty() || !unreadable.isEmpty() || !volumes.isEmpty()) && !drop.cascade()) {
      throw Errors.schemaNotEmpty(name, drop.span());
    }
    dropUnreadable(unreadable);
    write(connection -> {
      for (TableInfo table : tables) {
        catalog.dropTable(connection, table.id());
      }
      for (VolumeInfo volume : volumes) {
        catalog.dropVolume(connection, volume.name());
      }
      catalog.dropSchema(connection, name.get(0), name.get(1));
    });
    dropStorage(tables);
    new VolumeExecutor(context).deleteManaged(volumes);
  }

  /** Removes tables whose catalog rows cannot be read: their rows by id, then every H2 table they may own. */
  private void dropUnreadable(List<UnreadableTable> tables) {
    for (UnreadableTable table : tables) {
      write(connection -> catalog.dropTable(connection, table.id()));
      storage.dropTable(table.storageName().orElse("T" + table.id()));
      storage.dropTable(StoreNames.eventStore(table.id()));
      storage.dropTable(StoreNames.changeTable(table.id()));
      storage.dropTable(StoreNames.historyOf(table.storageName().orElse("T" + table.id())));
    }
  }

  /** {@code [catalog, schema]} from a one- or two-part schema name. */
  public List<String> schemaName(List<String> parts, Span span) {
    List<String> lower = parts.stream().map(part -> part.toLowerCase(Locale.ROOT)).toList();
    return switch (lower.size()) {
      case 1 -> List.of(context.session().catalog(), lower.get(0));
      case 2 -> lower;
      default -> throw EngineException.of(ErrorClass.INVALID_SCHEMA_OR_RELATION_NAME)
          .parameter("name", Errors.quote(parts)).at(span).build();
    };
  }

  private void requireCatalog(String name, Span span) {
    if (catalog.catalog(name).isEmpty()) {
      throw Errors.catalogNotFound(name, span);
    }
  }

  public void requireSchema(TableName name, Span span) {
    requireCatalog(name.catalog(), span);
    if (catalog.schema(name.catalog(), name.schema()).isEmpty()) {
      throw Errors.schemaNotFound(List.of(name.catalog(), name.schema()), span);
    }
  }

  /** Where a CREATE goes: its name, what it replaces, or {@code skip} when IF NOT EXISTS found the name taken. */
  private record CreateTarget(TableName name, Optional<TableInfo> existing, boolean skip) {}

  private CreateTarget createTarget(QueryTranslator translator, List<String> rawName, Span span, boolean ifNotExists,
      boolean orReplace, TableKind replaceable) {
    TableName name = translator.qualify(rawName, span);
    requireSchema(name, span);
    Optional<TableInfo> existing = catalog.table(name);
    if (existing.isPresent() && !ifNotExists) {
      // Replacing is the owner's; making something new needs CREATE TABLE on the schema.
      context.access().requireOwner(user(), GrantInfo.Securable.TABLE, name.parts(), span);
    } else if (existing.isEmpty()) {
      context.access().require(user(), GrantInfo.Securable.SCHEMA, List.of(name.catalog(), name.schema()),
          "CREATE TABLE", span);
    }
    if (existing.isPresent()) {
      if (ifNotExists) {
        return new CreateTarget(name, existing, true);
      }
      if (orReplace && existing.get().kind().writtenByFlows()) {
        throw Errors.createOrReplaceStreamingTable(span);
      }
      if (!orReplace || existing.get().kind() != replaceable) {
        throw Errors.tableOrViewAlreadyExists(name.parts(), span);
      }
    }
    return new CreateTarget(name, existing, false);
  }

  /**
   * ALTER VIEW ... AS: the owner's new query for a view, checked as CREATE VIEW checks one; its comment and grants
   * stay. A table is WRONG_COMMAND_FOR_OBJECT_TYPE.
   */
  public void alterView(Ddl.AlterViewQuery alter) {
    TableInfo view = context.translator().resolveTable(alter.name(), alter.span());
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, view.name().parts(), alter.span());
    if (view.kind() != TableKind.VIEW) {
      throw EngineException.of(ErrorClass.WRONG_COMMAND_FOR_OBJECT_TYPE).parameter("operation", "ALTER VIEW")
          .parameter("requiredType", "VIEW").parameter("objectName", Errors.quote(view.name().parts()))
          .parameter("foundType", view.kind().name()).parameter("alternative", "ALTER TABLE")
          .at(alter.span()).build();
    }
    createView(new CreateView(alter.span(), view.name().parts(), true, false, List.of(), view.comment(),
        alter.query(), alter.queryText()));
  }

  /**
   * CREATE TABLE ... LIKE: the source's columns (names, types, NOT NULL, comments) for an empty managed table, with
   * the statement's own clauses; not its rows, grants, policies, defaults or constraints. Reading the source's
   * definition needs SELECT on it.
   */
  public void createTableLike(Ddl.CreateTableLike like) {
    TableInfo source = context.translator().resolveTable(like.source(), like.span());
    context.access().require(user(), GrantInfo.Securable.TABLE, source.name().parts(), "SELECT", like.span());
    List<ColumnDefinition> columns = source.columns().stream().map(column -> new ColumnDefinition(like.span(),
        column.name(), SqlParser.parseType(column.type()), !column.nullable(), Optional.empty(), Optional.empty(),
        Optional.empty(), column.comment())).toList();
    createTable(new CreateTable(like.span(), like.name(), false, like.ifNotExists(), columns, List.of(),
        like.clauses(), Optional.empty()));
  }

  public void createTable(CreateTable create) {
    CheckConstraints.refuseProperties(create.clauses().properties().keySet(), create.span());
    QueryTranslator translator = context.translator();
    CreateTarget target = createTarget(translator, create.name(), create.span(), create.ifNotExists(),
        create.orReplace(), TableKind.MANAGED);
    if (target.skip()) {
      return;
    }
    TableName name = target.name();
    Optional<TableInfo> existing = target.existing();
    for (TableConstraint constraint : create.constraints()) {
      if (constraint instanceof io.flowgate.engine.sql.tree.Ddl.Expectation expectation) {
        throw Errors.notSupported("expectations on a table that no flow writes (CONSTRAINT " + expectation.name()
            + " EXPECT)", expectation.span());
      }
    }
    if (create.clauses().schedule().isPresent()) {
      throw Errors.notSupported("a refresh schedule on a table that no flow writes (SCHEDULE is for streaming"
          + " tables)", create.span());
    }
    List<ColumnDefinition> columns = create.columns();
    if (create.asQuery().isPresent() && columns.isEmpty()) {
      columns = columnsOf(translator.analyze(create.asQuery().get()).columns(), create.span());
    }
    if (columns.isEmpty()) {
      throw Errors.syntax("end of input", ": a table needs at least one column", create.span());
    }
    columns = primaryKeyNotNull(columns, create.constraints());
    TableLayout.check(create.clauses(), columnInfos(columns), name, false, create.span());
    long id = context.writeMetadata(catalog::nextTableId);
    String storageName = "T" + id;
    List<Sql> ddl = new ArrayList<>(List.of(TableDefinitions.dataTable(storageName, columns,
        context.definitions(context.session()))));
    // Policies are checked before anything is created, so a table never exists without the ones it declares.
    TableInfo table = new PolicyExecutor(context).withPolicies(new TableInfo(id, name, TableKind.MANAGED,
        storageName, columnInfos(columns), create.clauses().comment(), create.clauses().properties(),
        create.clauses().partitionBy(), create.clauses().clusterBy(), create.clauses().clusterAuto(),
        create.clauses().location(), Optional.empty(), TableKeys.of(name, columns, create.constraints(), catalog, translator), user(), Instant.now(), false, List.of()),
        create.clauses().policies());
    ddl.addAll(KeyIndexes.of(table));
    // The query's rows are planned into the new table before anything exists, so a query that cannot be planned
    // changes nothing.
    QueryTranslator filling = context.translator();
    Optional<H2Statement> fill = create.asQuery().map(query -> new DmlPlanner(filling).insert(
        new Dml.Insert(create.span(), name.parts(), false, List.of(), false, query), table).statement());
    ddl.forEach(storage::execute);
    if (ChangeDataFeed.enabled(table)) {
      ChangeFeed.ddl(table).forEach(storage::executeOnce);
    }
    // The new table's rows and the catalog's switch to it commit together: a query that fails while it runs (a
    // CAST error, say) leaves the old table and its catalog entry as they were.
    try (OpenFiles files = OpenFiles.all(filling.fileReads())) {
      write(connection -> {
        if (existing.isPresent()) {
          replace(connection, existing.get(), table);
        } else {
          catalog.createTable(connection, table);
        }
        CommitOperation operation;
        if (existing.isPresent()) {
          operation = fill.isPresent() ? CommitOperation.CREATE_OR_REPLACE_TABLE_AS_SELECT
              : CommitOperation.CREATE_OR_REPLACE_TABLE;
        } else {
          operation = fill.isPresent() ? CommitOperation.CREATE_TABLE_AS_SELECT : CommitOperation.CREATE_TABLE;
        }
        VersionedWrite.commit(catalog, connection, id, user(), version -> {
          Map<String, Long> metrics = Map.of();
          if (fill.isPresent()) {
            Map<String, Object> runtime = new HashMap<>(files.runtime());
            runtime.put(Binding.Runtime.COMMIT_VERSION.key(), version);
            metrics = Map.of("numOutputRows", DmlExecutor.insertRecorded(connection, table, fill.get(), runtime,
                version));
          }
          return new VersionedWrite.Written<>(null, operation, Map.of("isManaged", "true"), metrics);
        });
      });
    } catch (RuntimeException e) {
      storage.dropTable(storageName);
      storage.dropTable(ChangeFeed.changeTable(table));
      throw e;
    }
    existing.ifPresent(old -> dropStorage(List.of(old)));
    TableHistory.ensure(catalog, storage, table);
  }

  /** CREATE OR REPLACE: the new definition takes the old one's place, and the grants on the name stay. */
  private void replace(java.sql.Connection connection, TableInfo old, TableInfo replacement)
      throws java.sql.SQLException {
    List<GrantInfo> grants = catalog.grants().stream().filter(grant -> grant.kind() == GrantInfo.Securable.TABLE
        && grant.securable().equals(old.name().parts())).toList();
    catalog.dropTable(connection, old.id());
    catalog.createTable(connection, replacement);
    for (GrantInfo grant : grants) {
      catalog.grant(connection, grant);
    }
  }

  private List<ColumnDefinition> columnsOf(List<Analysis.Column> query, Span span) {
    List<ResultColumn> described = QueryDescriber.columns(query);
    List<ColumnDefinition> columns = new ArrayList<>();
    for (ResultColumn column : described) {
      SqlType type = QueryDescriber.storedType(column, span);
      columns.add(new ColumnDefinition(span, column.name(), type, false, Optional.empty(), Optional.empty(),
          Optional.empty(), Optional.empty()));
    }
    return columns;
  }

  /**
   * The columns of a primary key are NOT NULL, as SQL has it and as tools reading the metadata assume: a key that
   * can be null identifies nothing. Declared nullable, they become NOT NULL (and H2 enforces it).
   */
  private static List<ColumnDefinition> primaryKeyNotNull(List<ColumnDefinition> columns,
      List<TableConstraint> constraints) {
    java.util.Set<String> keyColumns = new java.util.HashSet<>();
    for (TableConstraint constraint : constraints) {
      if (constraint instanceof PrimaryKey primary) {
        primary.columns().forEach(column -> keyColumns.add(column.toLowerCase(java.util.Locale.ROOT)));
      }
    }
    return columns.stream().map(column -> column.notNull()
        || !keyColumns.contains(column.name().toLowerCase(java.util.Locale.ROOT)) ? column
        : new ColumnDefinition(column.span(), column.name(), column.type(), true, column.defaultValue(),
            column.generatedAs(), column.identity(), column.comment())).toList();
  }

  public static List<ColumnInfo> columnInfos(List<ColumnDefinition> columns) {
    return columns.stream().map(column -> new ColumnInfo(column.name(), column.type().sql(), !column.notNull(),
        column.defaultValue().map(SourceExpression::text), column.generatedAs().map(SourceExpression::text),
        column.identity().map(identity -> new IdentityInfo(identity.always(), identity.start(), identity.step())),
        column.comment())).toList();
  }

  public void createView(CreateView create) {
    CreateTarget target = createTarget(context.translator(), create.name(), create.span(), create.ifNotExists(),
        create.orReplace(), TableKind.VIEW);
    if (target.skip()) {
      return;
    }
    TableName name = target.name();
    Optional<TableInfo> existing = target.existing();
    // The view is checked now, against the schema it lives in, the way it will be read later.
    SessionContext home = new SessionContext(user(), name.catalog(), name.schema());
    PlannedQuery planned = PlannedQuery.of(context.definitions(home).analyze(create.query()));
    if (!planned.bindsOnlyConstants()) {
      throw Errors.notSupported("parameter markers in a view", create.span());
    }
    storage.check(planned.statement());
    List<ResultColumn> described = QueryDescriber.columns(planned.columns());
    if (!create.columns().isEmpty() && create.columns().size() != described.size()) {
      throw EngineException.of(ErrorClass.ASSIGNMENT_ARITY_MISMATCH)
          .parameter("numTarget", create.columns().size()).parameter("numExpr", described.size()).at(create.span())
          .build();
    }
    List<ColumnInfo> columns = new ArrayList<>();
    for (int i = 0; i < described.size(); i++) {
      String columnName = create.columns().isEmpty() ? described.get(i).name() : create.columns().get(i);
      columns.add(new ColumnInfo(columnName, described.get(i).type().sql(), true, Optional.empty(), Optional.empty(),
          Optional.empty(), Optional.empty()));
    }
    long id = context.writeMetadata(catalog::nextTableId);
    TableInfo view = new TableInfo(id, name, TableKind.VIEW, "V" + id, columns, create.comment(), Map.of(),
        List.of(), List.of(), false, Optional.empty(), Optional.of(create.queryText()), List.of(), user(), Instant.now(),
        false, List.of());
    write(connection -> {
      if (existing.isPresent()) {
        replace(connection, existing.get(), view);
      } else {
        catalog.createTable(connection, view);
      }
    });
  }

  /**
   * ALTER TABLE ... SET / UNSET TBLPROPERTIES on a managed table. Turning on the change data feed makes its change
   * table; changes are recorded from then on, as the dialect does (earlier rows are not in the feed).
   */
  public void alterTableProperties(Ddl.AlterTableProperties alter) {
    TableInfo table = alterable(alter.table(), alter.span(), "ALTER TABLE ... TBLPROPERTIES",
        "Change a streaming table's properties with CREATE OR REFRESH STREAMING TABLE ... TBLPROPERTIES.");
    CheckConstraints.refuseProperties(alter.set().keySet(), alter.span());
    CheckConstraints.refuseProperties(alter.unset(), alter.span());
    Map<String, String> properties = new java.util.LinkedHashMap<>(table.properties());
    alter.set().forEach((key, value) -> {
      properties.keySet().removeIf(key::equalsIgnoreCase);
      properties.put(key, value);
    });
    List<String> missing = alter.unset().stream()
        .filter(key -> properties.keySet().stream().noneMatch(key::equalsIgnoreCase)).toList();
    if (!missing.isEmpty() && !alter.ifExists()) {
      throw EngineException.of(ErrorClass.UNSET_NONEXISTENT_PROPERTIES)
          .parameter("properties", String.join(", ", missing.stream().map(key -> Errors.quote(List.of(key))).toList()))
          .parameter("table", Errors.quote(table.name().parts())).at(alter.span()).build();
    }
    alter.unset().forEach(key -> properties.keySet().removeIf(key::equalsIgnoreCase));
    write(connection -> catalog.setTableProperties(connection, table.id(), properties));
    TableInfo altered = context.translator().resolveTable(alter.table(), alter.span());
    if (ChangeDataFeed.enabled(altered)) {
      ChangeFeed.ddl(altered).forEach(storage::executeOnce);
    }
  }

  /**
   * Schema evolution ({@code what}: MERGE WITH SCHEMA EVOLUTION, COPY INTO with mergeSchema): adds {@code added} to
   * {@code table} as ALTER TABLE ... ADD COLUMNS does, with its checks. The store commits DDL on its own, so the
   * columns stay if the write then fails, and inside a client transaction adding one is refused. Returns whether any
   * column was added.
   */
  public boolean evolve(TableInfo table, List<Ddl.ColumnDefinition> added, String what, Span span) {
    if (added.isEmpty()) {
      return false;
    }
    if (context.transaction().isPresent()) {
      throw Errors.notSupported(what + " adding columns inside a transaction (the store commits DDL on its own);"
          + " run it outside one", span);
    }
    addColumns(new Ddl.AddColumns(span, table.name().parts(), added));
    return true;
  }

  /**
   * ALTER TABLE ... ADD COLUMNS on a managed table: nullable columns after the others, NULL in the rows the table
   * has (and in the change images written before, where the table has the change data feed). NOT NULL, DEFAULT,
   * GENERATED and IDENTITY columns are FEATURE_NOT_SUPPORTED.
   */
  public void addColumns(Ddl.AddColumns add) {
    TableInfo table = alterable(add.table(), add.span(), "ALTER TABLE ... ADD COLUMNS",
        "Change a streaming table's columns with CREATE OR REFRESH STREAMING TABLE.");
    java.util.Set<String> names = new java.util.HashSet<>();
    table.columns().forEach(column -> names.add(column.name().toLowerCase(java.util.Locale.ROOT)));
    for (ColumnDefinition column : add.columns()) {
      if (!names.add(column.name().toLowerCase(java.util.Locale.ROOT))) {
        throw EngineException.of(ErrorClass.COLUMN_ALREADY_EXISTS)
            .parameter("columnName", Errors.quote(List.of(column.name()))).at(column.span()).build();
      }
      if (column.notNull() || column.defaultValue().isPresent() || column.generatedAs().isPresent()
          || column.identity().isPresent()) {
        throw Errors.notSupported("ADD COLUMNS of a NOT NULL, DEFAULT, GENERATED or IDENTITY column",
            column.span());
      }
    }
    TableDefinitions.addColumns(table.storageName(), add.columns(), add.columns(),
        context.definitions(context.session())).forEach(storage::execute);
    add.columns().forEach(column -> storage.execute(History.addColumn(table.storageName(), column.name(),
        column.type())));
    if (ChangeDataFeed.enabled(table)) {
      ChangeFeed.addColumns(table, add.columns()).forEach(storage::execute);
    }
    write(connection -> catalog.addColumns(connection, table, columnInfos(add.columns())));
  }

  /**
   * ALTER TABLE ... RENAME TO: a managed table's new name in its own schema (a one-part name stays there), its grants
   * moved with it. What names it by its old name (views, flows, SQL functions) no longer finds it, as in the
   * dialect. Another schema is FEATURE_NOT_SUPPORTED; a name in use, TABLE_OR_VIEW_ALREADY_EXISTS.
   */
  public void renameTable(Ddl.RenameTable rename) {
    TableInfo table = alterable(rename.table(), rename.span(), "ALTER TABLE ... RENAME TO",
        "A streaming table keeps its name: define one under the new name instead.");
    List<String> parts = rename.renamed().stream().map(part -> part.toLowerCase(java.util.Locale.ROOT)).toList();
    TableName renamed = switch (parts.size()) {
      case 1 -> new TableName(table.name().catalog(), table.name().schema(), parts.get(0));
      case 2 -> new TableName(table.name().catalog(), parts.get(0), parts.get(1));
      case 3 -> new TableName(parts.get(0), parts.get(1), parts.get(2));
      default -> throw EngineException.of(ErrorClass.INVALID_SCHEMA_OR_RELATION_NAME)
          .parameter("name", Errors.quote(rename.renamed())).at(rename.span()).build();
    };
    if (!renamed.catalog().equals(table.name().catalog()) || !renamed.schema().equals(table.name().schema())) {
      throw Errors.notSupported("RENAME TO another schema (" + Errors.quote(renamed.parts()) + "); a table is"
          + " renamed within its schema", rename.span());
    }
    if (catalog.table(renamed).isPresent()) {
      throw Errors.tableOrViewAlreadyExists(renamed.parts(), rename.span());
    }
    write(connection -> catalog.renameTable(connection, table, renamed));
  }

  /**
   * The managed table an ALTER TABLE {@code operation} changes, for its owner; a streaming table is refused with
   * {@code streamingHint}, a view as not a table.
   */
  TableInfo alterable(List<String> name, io.flowgate.engine.sql.tree.Span span, String operation,
      String streamingHint) {
    TableInfo table = context.translator().resolveTable(name, span);
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, table.name().parts(), span);
    if (table.kind().writtenByFlows()) {
      throw EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED).subClass("INVALID_ALTER",
          streamingHint).parameter("operation", "ALTER TABLE").at(span).build();
    }
    if (table.kind() != TableKind.MANAGED) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", operation)
          .parameter("viewName", Errors.quote(table.name().parts())).at(span).build();
    }
    return table;
  }

  /** COMMENT ON a table (any kind) or one of its columns: its owner changes what DESCRIBE and metadata show. */
  public void commentOn(Ddl.CommentOn comment) {
    TableInfo table = context.translator().resolveTable(comment.table(), comment.span());
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, table.name().parts(), comment.span());
    if (comment.column().isEmpty()) {
      TableInfo described = table.described(comment.comment(), table.columns());
      write(connection -> catalog.redefineTable(connection, described));
      return;
    }
    String name = comment.column().get();
    if (table.columns().stream().noneMatch(column -> column.name().equalsIgnoreCase(name))) {
      throw Errors.unresolvedColumn(List.of(name), table.columns().stream().map(ColumnInfo::name).toList(),
          comment.span());
    }
    List<ColumnInfo> columns = table.columns().stream().map(column -> column.name().equalsIgnoreCase(name)
        ? column.withComment(comment.comment()) : column).toList();
    TableInfo described = table.described(table.comment(), columns);
    write(connection -> catalog.redefineTable(connection, described));
  }

  /** Commands Flowgate does not run; on a streaming table the dialect refuses them anyway, with its own reason. */
  public void tableCommand(Ddl.TableCommand command) {
    TableInfo table = context.translator().resolveTable(command.table(), command.span());
    if (table.kind().writtenByFlows()) {
      if (command.command().startsWith("ALTER TABLE")) {
        throw EngineException.of(ErrorClass.STREAMING_TABLE_OPERATION_NOT_ALLOWED).subClass("INVALID_ALTER",
            "Change a streaming table's definition with CREATE OR REFRESH STREAMING TABLE, or use ALTER STREAMING"
                + " TABLE.").parameter("operation", "ALTER TABLE").at(command.span()).build();
      }
      if (!command.command().equals("ALTER STREAMING TABLE")) {
        throw Errors.unsupportedOnStreamingTable(table.name().parts(), command.command(), command.span());
      }
    }
    throw Errors.notSupported(command.command() + " in this version of Flowgate", command.span());
  }

  /** TRUNCATE TABLE: every row goes, in one commit of the table's log. */
  public void truncate(Ddl.Truncate truncate) {
    TableInfo table = context.translator().resolveTable(truncate.table(), truncate.span());
    context.access().require(user(), GrantInfo.Securable.TABLE, table.name().parts(), "MODIFY", truncate.span());
    if (table.kind().writtenByFlows()) {
      throw Errors.unsupportedOnStreamingTable(table.name().parts(), "TRUNCATE", truncate.span());
    }
    if (table.kind() != TableKind.MANAGED) {
      throw EngineException.of(ErrorClass.EXPECT_TABLE_NOT_VIEW).parameter("operation", "TRUNCATE TABLE")
          .parameter("viewName", Errors.quote(table.name().parts())).at(truncate.span()).build();
    }
    boolean changeFeed = ChangeDataFeed.enabled(table);
    if (changeFeed) {
      ChangeFeed.ddl(table).forEach(storage::executeOnce);
    }
    storage.inTransaction(connection -> {
      return VersionedWrite.commit(catalog, connection, table.id(), user(), version -> {
        if (changeFeed) {
          H2Storage.update(connection, ChangeFeed.recordAll(table, "delete", version), List.of(), Map.of());
        }
        long removed = H2Storage.deleteAll(connection, table.storageName());
        return new VersionedWrite.Written<Void>(null, CommitOperation.TRUNCATE, Map.of(),
            Map.of("numRemovedRows", removed));
      });
    });
  }

  public void dropTable(Ddl.DropTable drop) {
    TableName name = context.translator().qualify(drop.name(), drop.span());
    Optional<TableInfo> table = catalog.table(name);
    Optional<UnreadableTable> unreadable = catalog.unreadableTable(name);
    if (table.isEmpty() && unreadable.isPresent()) {
      // Its owner cannot be read either: the schema's owner (or an administrator) removes it.
      context.access().requireOwner(user(), GrantInfo.Securable.SCHEMA, List.of(name.catalog(), name.schema()),
          drop.span());
      dropUnreadable(List.of(unreadable.get()));
      return;
    }
    if (table.isEmpty()) {
      if (drop.ifExists()) {
        return;
      }
      throw Errors.tableOrViewNotFound(name.parts(), drop.span());
    }
    boolean isView = table.get().kind() == TableKind.VIEW;
    if (drop.view() != isView) {
      throw EngineException.of(ErrorClass.WRONG_COMMAND_FOR_OBJECT_TYPE)
          .parameter("operation", drop.view() ? "DROP VIEW" : "DROP TABLE")
          .parameter("foundType", isView ? "VIEW" : "TABLE").parameter("requiredType", isView ? "TABLE" : "VIEW").parameter("objectName", Errors.quote(name.parts()))
          .parameter("alternative", drop.view() ? "DROP TABLE" : "DROP VIEW").at(drop.span()).build();
    }
    context.access().requireOwner(user(), GrantInfo.Securable.TABLE, name.parts(), drop.span());
    write(connection -> catalog.dropTable(connection, table.get().id()));
    dropStorage(List.of(table.get()));
  }

  private void dropStorage(List<TableInfo> tables) {
    for (TableInfo table : tables) {
      if (table.kind() != TableKind.VIEW) {
        storage.dropTable(table.storageName());
      }
      if (table.kind().writtenByFlows()) {
        storage.dropTable(StoreNames.eventStore(table.id()));
      }
      if (table.kind() != TableKind.VIEW) {
        storage.dropTable(ChangeFeed.changeTable(table));
        storage.dropTable(StoreNames.historyOf(table.storageName()));
      }
    }
  }

  private void write(ExecutionContext.MetadataWrite write) {
    context.changeMetadata(write);
  }
}
