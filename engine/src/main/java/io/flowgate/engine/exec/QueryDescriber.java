package io.flowgate.engine.exec;

import io.flowgate.engine.ResultColumn;
import io.flowgate.engine.plan.PlannedQuery;
import io.flowgate.engine.storage.H2Storage;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/** The result columns of a planned query: the planner's types where it knows them, else H2's, mapped back. */
public final class QueryDescriber {
  private QueryDescriber() {}

  public static List<ResultColumn> columns(H2Storage storage, PlannedQuery query) {
    List<H2Storage.ColumnType> h2Types = storage.describe(query.statement());
    List<ResultColumn> columns = new ArrayList<>();
    for (int i = 0; i < query.columns().size(); i++) {
      PlannedQuery.Column column = query.columns().get(i);
      H2Storage.ColumnType h2 = h2Types.get(i);
      SqlType type = column.type().filter(t -> t.kind() != TypeKind.VOID || h2.jdbcType() == Types.NULL)
          .orElseGet(() -> fromH2(h2));
      columns.add(new ResultColumn(column.name(), type, h2.nullable()));
    }
    return columns;
  }

  static SqlType fromH2(H2Storage.ColumnType h2) {
    return switch (h2.jdbcType()) {
      case Types.BOOLEAN, Types.BIT -> SqlType.BOOLEAN;
      case Types.TINYINT -> SqlType.TINYINT;
      case Types.SMALLINT -> SqlType.SMALLINT;
      case Types.INTEGER -> SqlType.INT;
      case Types.BIGINT -> SqlType.BIGINT;
      case Types.REAL -> SqlType.FLOAT;
      case Types.FLOAT, Types.DOUBLE -> SqlType.DOUBLE;
      case Types.DECIMAL, Types.NUMERIC -> SqlType.decimal(Math.max(1, Math.min(h2.precision(), 38)),
          Math.max(0, Math.min(h2.scale(), Math.min(h2.precision(), 38))));
      case Types.DATE -> SqlType.DATE;
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> SqlType.TIMESTAMP;
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> SqlType.BINARY;
      case Types.NULL -> SqlType.VOID;
      case Types.ARRAY -> SqlType.array(SqlType.STRING);
      default -> SqlType.STRING;
    };
  }
}
