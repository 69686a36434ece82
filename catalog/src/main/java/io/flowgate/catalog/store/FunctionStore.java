package io.flowgate.catalog.store;

import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.FunctionInfo;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes SQL functions in the system tables over a caller's connection. Parameters are kept one per
 * line, name and type separated by a tab.
 */
public final class FunctionStore {
  private FunctionStore() {}

  public static List<FunctionInfo> functions(Connection connection) throws SQLException {
    return CatalogStore.list(connection, "SELECT CATALOG, SCHEMA_NAME, NAME, PARAMETERS, RETURN_TYPE, BODY, COMMENT,"
        + " OWNER, CREATED FROM FG_SYS.FUNCTIONS ORDER BY CATALOG, SCHEMA_NAME, NAME", rows -> new FunctionInfo(
            new TableName(rows.getString(1), rows.getString(2), rows.getString(3)), parameters(rows.getString(4)),
            rows.getString(5), rows.getString(6), Optional.ofNullable(rows.getString(7)), rows.getString(8),
            CatalogStore.instant(rows, 9)));
  }

  public static void insert(Connection connection, FunctionInfo function) throws SQLException {
    List<String> parameters = new ArrayList<>();
    function.parameters().forEach(parameter -> parameters.add(parameter.name() + "\t" + parameter.type()));
    CatalogStore.update(connection, "INSERT INTO FG_SYS.FUNCTIONS(CATALOG, SCHEMA_NAME, NAME, PARAMETERS,"
        + " RETURN_TYPE, BODY, COMMENT, OWNER, CREATED) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", function.name().catalog(),
        function.name().schema(), function.name().table(), String.join("\n", parameters), function.returnType(),
        function.body(), function.comment().orElse(null), function.owner(), CatalogStore.utc(function.created()));
  }

  /** A new definition under the same name; grants on the name stay. */
  public static void replace(Connection connection, FunctionInfo function) throws SQLException {
    CatalogStore.update(connection, "DELETE FROM FG_SYS.FUNCTIONS WHERE CATALOG = ? AND SCHEMA_NAME = ? AND NAME = ?",
        function.name().catalog(), function.name().schema(), function.name().table());
    insert(connection, function);
  }

  public static void delete(Connection connection, TableName name) throws SQLException {
    GrantStore.deleteOn(connection, io.flowgate.catalog.model.GrantInfo.Securable.FUNCTION, name.parts());
    CatalogStore.update(connection, "DELETE FROM FG_SYS.FUNCTIONS WHERE CATALOG = ? AND SCHEMA_NAME = ? AND NAME = ?",
        name.catalog(), name.schema(), name.table());
  }

  private static List<FunctionInfo.Parameter> parameters(String text) {
    List<FunctionInfo.Parameter> parameters = new ArrayList<>();
    if (!text.isEmpty()) {
      for (String line : text.split("\n")) {
        String[] parts = line.split("\t", 2);
        parameters.add(new FunctionInfo.Parameter(parts[0], parts[1]));
      }
    }
    return parameters;
  }
}
