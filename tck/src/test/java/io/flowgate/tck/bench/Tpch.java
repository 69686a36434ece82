package io.flowgate.tck.bench;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchColumnType;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The TPC-H data set and its 22 queries, for running the same work on Flowgate and on H2. The data comes from Trino's
 * generator ({@code io.trino.tpch}); the queries are the standard ones with the validation parameters, one text for
 * both engines (the dialect and H2 read the same spelling of them), in {@code tpch/qNN.sql}.
 *
 * <p>Both sides get the same tables: the money columns as {@code DECIMAL(15,2)}, the primary keys and foreign keys
 * the schema names, and the same indexes. On Flowgate the keys are informational and the engine backs each with an
 * index unless the primary key's leads with its columns; H2 gets those indexes by hand (its own foreign keys would
 * also check every row loaded, which Flowgate's do not).
 */
final class Tpch {
  static final int QUERIES = 22;
  private static final int BATCH = 10_000;
  private static final Map<String, List<String>> PRIMARY_KEYS = Map.of(
      "region", List.of("r_regionkey"),
      "nation", List.of("n_nationkey"),
      "part", List.of("p_partkey"),
      "supplier", List.of("s_suppkey"),
      "partsupp", List.of("ps_partkey", "ps_suppkey"),
      "customer", List.of("c_custkey"),
      "orders", List.of("o_orderkey"),
      "lineitem", List.of("l_orderkey", "l_linenumber"));

  /** The schema's foreign keys: a table's columns that reference its parent's primary key. */
  private record ForeignKey(String table, List<String> columns, String parent) {}

  private static final List<ForeignKey> FOREIGN_KEYS = List.of(
      new ForeignKey("nation", List.of("n_regionkey"), "region"),
      new ForeignKey("supplier", List.of("s_nationkey"), "nation"),
      new ForeignKey("customer", List.of("c_nationkey"), "nation"),
      new ForeignKey("partsupp", List.of("ps_partkey"), "part"),
      new ForeignKey("partsupp", List.of("ps_suppkey"), "supplier"),
      new ForeignKey("orders", List.of("o_custkey"), "customer"),
      new ForeignKey("lineitem", List.of("l_orderkey"), "orders"),
      new ForeignKey("lineitem", List.of("l_partkey", "l_suppkey"), "partsupp"));

  /** A generated table: its name, its columns' SQL types, and its rows as JDBC values. */
  record Table(String name, List<String> columns, List<TpchColumnType> types, List<Object[]> rows) {}

  private Tpch() {}

  /** Every table at the scale factor, generated once into memory so that loading it times only the load. */
  static List<Table> generate(double scaleFactor) {
    List<Table> tables = new ArrayList<>();
    for (TpchTable<?> table : TpchTable.getTables()) {
      tables.add(generate(table, scaleFactor));
    }
    return tables;
  }

  private static <E extends TpchEntity> Table generate(TpchTable<E> table, double scaleFactor) {
    List<TpchColumn<E>> columns = table.getColumns();
    List<Object[]> rows = new ArrayList<>();
    for (E entity : table.createGenerator(scaleFactor, 1, 1)) {
      Object[] row = new Object[columns.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = value(columns.get(i), entity);
      }
      rows.add(row);
    }
    return new Table(table.getTableName(), columns.stream().map(TpchColumn::getColumnName).toList(),
        columns.stream().map(TpchColumn::getType).toList(), Collections.unmodifiableList(rows));
  }

  private static <E extends TpchEntity> Object value(TpchColumn<E> column, E entity) {
    return switch (column.getType().getBase()) {
      case IDENTIFIER -> column.getIdentifier(entity);
      case INTEGER -> column.getInteger(entity);
      case DATE -> Date.valueOf(LocalDate.ofEpochDay(column.getDate(entity)));
      case DOUBLE -> BigDecimal.valueOf(column.getDouble(entity)).setScale(2, RoundingMode.HALF_UP);
      case VARCHAR -> column.getString(entity);
    };
  }

  /** Creates the table on either engine: {@code stringType} is how it spells a string column. */
  static void create(Connection connection, Table table, String stringType) throws SQLException {
    List<String> definitions = new ArrayList<>();
    for (int i = 0; i < table.columns().size(); i++) {
      definitions.add(table.columns().get(i) + " " + sqlType(table.types().get(i), stringType) + " NOT NULL");
    }
    definitions.add("CONSTRAINT " + table.name() + "_pk PRIMARY KEY (" + String.join(", ",
        PRIMARY_KEYS.get(table.name())) + ")");
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE " + table.name() + " (" + String.join(", ", definitions) + ")");
    }
  }

  /**
   * Adds the foreign keys once every table exists: on Flowgate as keys, on H2 as the indexes Flowgate backs them
   * with (none where the primary key leads with the key's columns).
   */
  static void addForeignKeys(Connection connection, boolean flowgate) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (ForeignKey key : FOREIGN_KEYS) {
        String columns = String.join(", ", key.columns());
        if (flowgate) {
          statement.execute("ALTER TABLE " + key.table() + " ADD FOREIGN KEY (" + columns + ") REFERENCES "
              + key.parent());
        } else if (!PRIMARY_KEYS.get(key.table()).subList(0, Math.min(key.columns().size(),
            PRIMARY_KEYS.get(key.table()).size())).equals(key.columns())) {
          statement.execute("CREATE INDEX " + key.table() + "_" + String.join("_", key.columns()) + " ON "
              + key.table() + " (" + columns + ")");
        }
      }
    }
  }

  private static String sqlType(TpchColumnType type, String stringType) {
    return switch (type.getBase()) {
      case IDENTIFIER -> "BIGINT";
      case INTEGER -> "INT";
      case DATE -> "DATE";
      case DOUBLE -> "DECIMAL(15,2)";
      case VARCHAR -> stringType;
    };
  }

  /** Inserts the rows in PreparedStatement batches of {@value #BATCH}, each its own commit. */
  static void load(Connection connection, Table table) throws SQLException {
    String marks = table.columns().stream().map(column -> "?").collect(Collectors.joining(", "));
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table.name() + " VALUES ("
        + marks + ")")) {
      int pending = 0;
      for (Object[] row : table.rows()) {
        for (int i = 0; i < row.length; i++) {
          insert.setObject(i + 1, row[i]);
        }
        insert.addBatch();
        if (++pending == BATCH) {
          insert.executeBatch();
          pending = 0;
        }
      }
      if (pending > 0) {
        insert.executeBatch();
      }
    }
  }

  /** The text of query {@code number} (1 to 22). */
  static String query(int number) {
    String resource = String.format("/tpch/q%02d.sql", number);
    try (InputStream in = Tpch.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
