package io.flowgate.gateway.convert;

import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.Rep;

/** Engine result columns as Avatica column metadata. */
public final class Columns {
  private Columns() {}

  public static List<ColumnMetaData> of(List<ResultColumn> columns) {
    List<ColumnMetaData> metadata = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      metadata.add(of(i, columns.get(i)));
    }
    return metadata;
  }

  static ColumnMetaData of(int ordinal, ResultColumn column) {
    SqlType type = column.type();
    int jdbcType = jdbcType(type);
    ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(jdbcType, typeName(type), rep(type));
    int nullable = column.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls;
    int precision = type.kind() == TypeKind.STRING ? Integer.MAX_VALUE : type.precision();
    return new ColumnMetaData(ordinal, false, type.isCharacter(), true, false, nullable, type.isNumeric(),
        Math.min(precision, 1 << 16), column.name(), column.name(), null, precision,
        type.kind() == TypeKind.DECIMAL ? type.scale() : 0, null, null, avaticaType, true, false, false,
        className(type));
  }

  /**
   * A statement parameter as JDBC's parameter metadata describes it: the type the statement expects there, or OTHER
   * (any value the driver can send) where nothing in the statement tells.
   */
  public static AvaticaParameter parameter(java.util.Optional<SqlType> expected, String name) {
    if (expected.isEmpty()) {
      return new AvaticaParameter(false, 0, 0, Types.OTHER, "OTHER", Object.class.getName(), name);
    }
    SqlType type = expected.get();
    int precision = type.kind() == TypeKind.STRING ? Integer.MAX_VALUE : type.precision();
    return new AvaticaParameter(type.isNumeric(), precision, type.kind() == TypeKind.DECIMAL ? type.scale() : 0,
        jdbcType(type), typeName(type), className(type), name);
  }

  /** Complex types travel as their text; the JDBC type says so. */
  public static int jdbcType(SqlType type) {
    return switch (type.kind()) {
      case ARRAY, MAP, STRUCT, VOID -> Types.VARCHAR;
      default -> type.kind().jdbcType();
    };
  }

  /** The type name JDBC clients see: the dialect's, upper case, without parameters ({@code DECIMAL}, {@code STRING}). */
  public static String typeName(SqlType type) {
    return switch (type.kind()) {
      case ARRAY, MAP, STRUCT, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> type.sql().toUpperCase(Locale.ROOT);
      case VOID -> "VOID";
      default -> type.kind().name();
    };
  }

  private static String className(SqlType type) {
    return switch (type.kind()) {
      case DATE -> java.sql.Date.class.getName();
      case TIMESTAMP, TIMESTAMP_NTZ -> java.sql.Timestamp.class.getName();
      default -> rep(type).clazz.getName();
    };
  }

  static Rep rep(SqlType type) {
    return switch (type.kind()) {
      case BOOLEAN -> Rep.BOOLEAN;
      case TINYINT -> Rep.BYTE;
      case SMALLINT -> Rep.SHORT;
      case INT -> Rep.INTEGER;
      case BIGINT -> Rep.LONG;
      case FLOAT -> Rep.FLOAT;
      case DOUBLE -> Rep.DOUBLE;
      case DECIMAL -> Rep.NUMBER;
      case BINARY -> Rep.BYTE_STRING;
      // Dates travel as days since the epoch and timestamps as milliseconds; the client's accessors convert them.
      case DATE -> Rep.INTEGER;
      case TIMESTAMP, TIMESTAMP_NTZ -> Rep.LONG;
      default -> Rep.STRING;
    };
  }
}
