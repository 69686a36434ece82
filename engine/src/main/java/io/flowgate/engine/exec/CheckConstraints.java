package io.flowgate.engine.exec;

import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.h2.Sql;
import io.flowgate.engine.plan.TableDefinitions;
import io.flowgate.engine.sql.analyzer.FunctionRegistry;
import io.flowgate.engine.sql.analyzer.RowLevelExpressions;
import io.flowgate.engine.sql.tree.Ddl;
import io.flowgate.engine.storage.H2Storage;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ALTER TABLE ... ADD CONSTRAINT name CHECK (condition) and DROP CONSTRAINT on a managed table. The condition is kept
 * as the table property {@code delta.constraints.<name>}, as the dialect shows it, and enforced by H2 as a CHECK on
 * the data table, so every write (INSERT, UPDATE, MERGE, COPY INTO, a flow appending) is checked without a path of
 * its own. A row passes only where the condition is TRUE: NULL fails, as in the dialect.
 */
public final class CheckConstraints {
  /** The table property that holds a CHECK constraint's condition as written. */
  public static final String PROPERTY_PREFIX = "delta.constraints.";

  private static final String STREAMING_HINT =
      "Declare a streaming table's row checks as expectations (CONSTRAINT ... EXPECT).";

  private final ExecutionContext context;

  public CheckConstraints(ExecutionContext context) {
    this.context = context;
  }

  /** ADD CONSTRAINT: the rows the table has must satisfy it first (checked under the write turn). */
  public void add(Ddl.AddCheckConstraint add) {
    TableInfo table = new DdlExecutor(context).alterable(add.table(), add.span(), "ALTER TABLE ... ADD CONSTRAINT",
        STREAMING_HINT);
    String name = add.name().toLowerCase(Locale.ROOT);
    String text = add.condition().text();
    Optional<String> existing = condition(table, name);
    if (existing.isPresent()) {
      throw EngineException.of(ErrorClass.DELTA_CONSTRAINT_ALREADY_EXISTS).parameter("constraintName", name)
          .parameter("oldConstraint", existing.get()).at(add.span()).build();
    }
    RowLevelExpressions.check(add.condition().expression(), RowLevelExpressions.Use.CHECK_CONSTRAINT, name, text,
        FunctionRegistry.TRAITS);
    Sql condition = TableDefinitions.checkCondition(table, name, add.condition(), context.translator());
    Map<String, String> properties = new LinkedHashMap<>(table.properties());
    properties.put(PROPERTY_PREFIX + name, text);
    context.changeMetadata(connection -> {
      Object[] failing = H2Storage.firstRow(connection, Sql.of("SELECT COUNT(*) FROM {} WHERE NOT {}",
          Sql.table(table.storageName()), condition).statement(), Map.of());
      long rows = ((Number) failing[0]).longValue();
      if (rows > 0) {
        throw EngineException.of(ErrorClass.DELTA_NEW_CHECK_CONSTRAINT_VIOLATION).parameter("numRows", rows)
            .parameter("tableName", Errors.quote(table.name().parts())).parameter("checkConstraint", text)
            .at(add.span()).build();
      }
      context.catalog().setTableProperties(connection, table.id(), properties);
      H2Storage.executeLast(connection, Sql.of("ALTER TABLE {} ADD CONSTRAINT {} CHECK ({}) NOCHECK",
          Sql.table(table.storageName()), Sql.name(storeName(table, name)),
          TableDefinitions.enforcedCheck(table, name, add.condition(), context.translator())));
    });
  }

  /** DROP CONSTRAINT: a CHECK constraint goes, or a key of that name ({@link KeyConstraints}). */
  public void drop(Ddl.DropConstraint drop) {
    TableInfo table = new DdlExecutor(context).alterable(drop.table(), drop.span(), "ALTER TABLE ... DROP CONSTRAINT",
        STREAMING_HINT);
    String name = drop.name().toLowerCase(Locale.ROOT);
    if (condition(table, name).isEmpty()) {
      Optional<io.flowgate.catalog.model.KeyInfo> key = table.keys().stream()
          .filter(candidate -> candidate.name().equalsIgnoreCase(name)).findFirst();
      if (key.isPresent()) {
        new KeyConstraints(context).drop(table, key.get(), drop.cascade(), drop.span());
        return;
      }
      if (drop.ifExists()) {
        return;
      }
      throw EngineException.of(ErrorClass.DELTA_CONSTRAINT_DOES_NOT_EXIST).parameter("constraintName", name)
          .parameter("tableName", Errors.quote(table.name().parts())).at(drop.span()).build();
    }
    Map<String, String> properties = new LinkedHashMap<>(table.properties());
    properties.keySet().removeIf(key -> key.equalsIgnoreCase(PROPERTY_PREFIX + name));
    context.changeMetadata(connection -> {
      context.catalog().setTableProperties(connection, table.id(), properties);
      H2Storage.executeLast(connection, Sql.of("ALTER TABLE {} DROP CONSTRAINT IF EXISTS {}",
          Sql.table(table.storageName()), Sql.name(storeName(table, name))));
    });
  }

  /** The table's CHECK constraints by name, each with its condition as written. */
  public static Map<String, String> of(TableInfo table) {
    Map<String, String> constraints = new LinkedHashMap<>();
    table.properties().forEach((key, value) -> {
      if (key.toLowerCase(Locale.ROOT).startsWith(PROPERTY_PREFIX)) {
        constraints.put(key.substring(PROPERTY_PREFIX.length()).toLowerCase(Locale.ROOT), value);
      }
    });
    return constraints;
  }

  /** Refuses setting or unsetting the constraint properties by hand: they change with ADD / DROP CONSTRAINT only. */
  public static void refuseProperties(Collection<String> keys, io.flowgate.engine.sql.tree.Span span) {
    for (String key : keys) {
      if (key.toLowerCase(Locale.ROOT).startsWith(PROPERTY_PREFIX)) {
        throw EngineException.of(ErrorClass.DELTA_CANNOT_MODIFY_TABLE_PROPERTY).parameter("prop", key).at(span)
            .build();
      }
    }
  }

  private static Optional<String> condition(TableInfo table, String name) {
    return Optional.ofNullable(of(table).get(name));
  }

  /** The H2 constraint: the data table's storage name, {@code $}, the constraint's name (H2Errors reads it back). */
  private static String storeName(TableInfo table, String name) {
    return table.storageName() + "$" + name;
  }
}
