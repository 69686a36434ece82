package io.flowgate.engine.type;

import java.sql.Types;

/** The dialect's data types, with the JDBC type code clients see for each. */
public enum TypeKind {
  BOOLEAN(Types.BOOLEAN),
  TINYINT(Types.TINYINT),
  SMALLINT(Types.SMALLINT),
  INT(Types.INTEGER),
  BIGINT(Types.BIGINT),
  FLOAT(Types.REAL),
  DOUBLE(Types.DOUBLE),
  DECIMAL(Types.DECIMAL),
  STRING(Types.VARCHAR),
  VARCHAR(Types.VARCHAR),
  CHAR(Types.CHAR),
  BINARY(Types.VARBINARY),
  DATE(Types.DATE),
  TIMESTAMP(Types.TIMESTAMP),
  TIMESTAMP_NTZ(Types.TIMESTAMP),
  ARRAY(Types.ARRAY),
  MAP(Types.VARCHAR),
  STRUCT(Types.VARCHAR),
  /** A count of months; clients read it as its text, {@code INTERVAL '1-2' YEAR TO MONTH}. */
  INTERVAL_YEAR_MONTH(Types.VARCHAR),
  /** A count of microseconds; clients read it as its text, {@code INTERVAL '1' DAY}. */
  INTERVAL_DAY_TIME(Types.VARCHAR),
  /** The type of an untyped NULL. */
  VOID(Types.NULL);

  private final int jdbcType;

  TypeKind(int jdbcType) {
    this.jdbcType = jdbcType;
  }

  public int jdbcType() {
    return jdbcType;
  }
}
