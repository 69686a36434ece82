package io.flowgate.gateway.meta;

import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.Engine;
import io.flowgate.engine.Listings;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.TypeKind;
import io.flowgate.gateway.convert.Columns;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The result sets of JDBC DatabaseMetaData calls, computed from the catalog with the columns JDBC defines. */
final class MetadataResults {
  static final String VERSION = "0.1.0";

  record Column(String name, Class<?> type) {}

  record Table(List<Column> columns, List<Object[]> rows) {}

  private final Engine engine;

  MetadataResults(Engine engine) {
    this.engine = engine;
  }

  private static List<Column> columns(Object... pairs) {
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      columns.add(new Column((String) pairs[i], (Class<?>) pairs[i + 1]));
    }
    return columns;
  }

  /** JDBC patterns: {@code %} any run, {@code _} one character, {@code \} escapes; null matches everything. */
  static Pattern like(String pattern) {
    if (pattern == null) {
      return Pattern.compile(".*", Pattern.DOTALL);
    }
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  }

  /** What {@code user} may see: listings never name anything else. */
  private Listings visible(String user) {
    return engine.listings(user);
  }

  private List<CatalogInfo> catalogsMatching(Listings visible, String catalog) {
    return visible.catalogs().stream().filter(info -> catalog == null || info.name().equalsIgnoreCase(catalog))
        .toList();
  }

  private List<SchemaInfo> schemasMatching(Listings visible, String catalog, String schemaPattern) {
    Pattern schemas = like(schemaPattern);
    List<SchemaInfo> result = new ArrayList<>();
    for (CatalogInfo info : catalogsMatching(visible, catalog)) {
      for (SchemaInfo schema : visible.schemas(info.name())) {
        if (schemas.matcher(schema.name()).matches()) {
          result.add(schema);
        }
      }
    }
    return result;
  }

  private List<TableInfo> tablesMatching(Listings visible, String catalog, String schemaPattern,
      String tablePattern) {
    Pattern tables = like(tablePattern);
    List<TableInfo> result = new ArrayList<>();
    for (SchemaInfo schema : schemasMatching(visible, catalog, schemaPattern)) {
      for (TableInfo table : visible.tables(schema.catalog(), schema.name())) {
        if (tables.matcher(table.name().table()).matches()) {
          result.add(table);
        }
      }
    }
    return result;
  }

  Table catalogs(String user) {
    List<Object[]> rows = catalogsMatching(visible(user), null).stream().map(info -> new Object[] {info.name()}).toList();
    return new Table(columns("TABLE_CAT", String.class), rows);
  }

  Table schemas(String user, String catalog, String schemaPattern) {
    List<Object[]> rows = schemasMatching(visible(user), catalog, schemaPattern).stream()
        .map(schema -> new Object[] {schema.name(), schema.catalog()}).toList();
    return new Table(columns("TABLE_SCHEM", String.class, "TABLE_CATALOG", String.class), rows);
  }

  Table tables(String user, String catalog, String schemaPattern, String tablePattern, List<String> types) {
    List<Object[]> rows = new ArrayList<>();
    List<TableInfo> matching = new ArrayList<>(tablesMatching(visible(user), catalog, schemaPattern,
        tablePattern));
    matching.sort(java.util.Comparator.comparing((TableInfo t) -> t.kind().jdbcType())
        .thenComparing(t -> t.name().catalog()).thenComparing(t -> t.name().schema())
        .thenComparing(t -> t.name().table()));
    for (TableInfo table : matching) {
      String type = table.kind().jdbcType();
      if (types != null && types.stream().noneMatch(t -> t.equalsIgnoreCase(type))) {
        continue;
      }
      rows.add(new Object[] {table.name().catalog(), table.name().schema(), table.name().table(), type,
          table.comment().orElse(""), null, null, null, null, null});
    }
    return new Table(columns("TABLE_CAT", String.class, "TABLE_SCHEM", String.class, "TABLE_NAME", String.class,
        "TABLE_TYPE", String.class, "REMARKS", String.class, "TYPE_CAT", String.class, "TYPE_SCHEM", String.class,
        "TYPE_NAME", String.class, "SELF_REFERENCING_COL_NAME", String.class, "REF_GENERATION", String.class), rows);
  }

  Table columns(String user, String catalog, String schemaPattern, String tablePattern, String columnPattern) {
    Pattern columns = like(columnPattern);
    List<Object[]> rows = new ArrayList<>();
    for (TableInfo table : tablesMatching(visible(user), catalog, schemaPattern, tablePattern)) {
      int ordinal = 0;
      for (ColumnInfo column : table.columns()) {
        ordinal++;
        if (!columns.matcher(column.name()).matches()) {
          continue;
        }
        SqlType type = Listings.typeOf(column);
        int size = type.kind() == TypeKind.STRING ? Integer.MAX_VALUE : type.precision();
        boolean autoIncrement = column.identity().isPresent();
        rows.add(new Object[] {table.name().catalog(), table.name().schema(), table.name().table(), column.name(),
            // The type's name without its parameters, which COLUMN_SIZE and DECIMAL_DIGITS carry: tools append
            // them (DBeaver showed DECIMAL(12,2)(12,2)).
            Columns.jdbcType(type), Columns.typeName(type), size, null,
            type.kind() == TypeKind.DECIMAL ? type.scale() : null, type.isNumeric() ? 10 : null,
            column.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
            column.comment().orElse(null), column.defaultSql().orElse(null), null, null,
            type.isCharacter() ? size : null, ordinal, column.nullable() ? "YES" : "NO", null, null, null, null,
            autoIncrement ? "YES" : "NO", column.generatedSql().isPresent() ? "YES" : "NO"});
      }
    }
    return new Table(columns("TABLE_CAT", String.class, "TABLE_SCHEM", String.class, "TABLE_NAME", String.class,
        "COLUMN_NAME", String.class, "DATA_TYPE", Integer.class, "TYPE_NAME", String.class, "COLUMN_SIZE",
        Integer.class, "BUFFER_LENGTH", Integer.class, "DECIMAL_DIGITS", Integer.class, "NUM_PREC_RADIX",
        Integer.class, "NULLABLE", Integer.class, "REMARKS", String.class, "COLUMN_DEF", String.class,
        "SQL_DATA_TYPE", Integer.class, "SQL_DATETIME_SUB", Integer.class, "CHAR_OCTET_LENGTH", Integer.class,
        "ORDINAL_POSITION", Integer.class, "IS_NULLABLE", String.class, "SCOPE_CATALOG", String.class,
        "SCOPE_SCHEMA", String.class, "SCOPE_TABLE", String.class, "SOURCE_DATA_TYPE", Short.class,
        "IS_AUTOINCREMENT", String.class, "IS_GENERATEDCOLUMN", String.class), rows);
  }

  Table tableTypes() {
    return new Table(columns("TABLE_TYPE", String.class), List.of(new Object[] {"TABLE"}, new Object[] {"VIEW"}));
  }

  Table typeInfo() {
    List<Object[]> rows = new ArrayList<>();
    Object[][] types = {
      {"BOOLEAN", Types.BOOLEAN, 1}, {"TINYINT", Types.TINYINT, 3}, {"SMALLINT", Types.SMALLINT, 5},
      {"INT", Types.INTEGER, 10}, {"BIGINT", Types.BIGINT, 19}, {"FLOAT", Types.REAL, 7},
      {"DOUBLE", Types.DOUBLE, 15}, {"DECIMAL", Types.DECIMAL, 38}, {"STRING", Types.VARCHAR, Integer.MAX_VALUE},
      {"VARCHAR", Types.VARCHAR, 65535}, {"CHAR", Types.CHAR, 255}, {"BINARY", Types.VARBINARY, Integer.MAX_VALUE},
      {"DATE", Types.DATE, 10}, {"TIMESTAMP", Types.TIMESTAMP, 29}, {"TIMESTAMP_NTZ", Types.TIMESTAMP, 29}
    };
    for (Object[] type : types) {
      boolean character = type[1].equals(Types.VARCHAR) || type[1].equals(Types.CHAR);
      boolean numeric = (Integer) type[2] <= 38 && !character && !type[1].equals(Types.BOOLEAN)
          && !type[1].equals(Types.DATE) && !type[1].equals(Types.TIMESTAMP);
      rows.add(new Object[] {type[0], type[1], type[2], character ? "'" : null, character ? "'" : null,
          type[0].equals("DECIMAL") ? "precision,scale" : type[0].equals("VARCHAR") || type[0].equals("CHAR")
              ? "length" : null, (short) DatabaseMetaData.typeNullable, character,
          (short) DatabaseMetaData.typeSearchable, !numeric, false, false, type[0], (short) 0,
          (short) (type[0].equals("DECIMAL") ? 38 : 0), null, null, numeric ? 10 : null});
    }
    return new Table(columns("TYPE_NAME", String.class, "DATA_TYPE", Integer.class, "PRECISION", Integer.class,
        "LITERAL_PREFIX", String.class, "LITERAL_SUFFIX", String.class, "CREATE_PARAMS", String.class, "NULLABLE",
        Short.class, "CASE_SENSITIVE", Boolean.class, "SEARCHABLE", Short.class, "UNSIGNED_ATTRIBUTE", Boolean.class,
        "FIXED_PREC_SCALE", Boolean.class, "AUTO_INCREMENT", Boolean.class, "LOCAL_TYPE_NAME", String.class,
        "MINIMUM_SCALE", Short.class, "MAXIMUM_SCALE", Short.class, "SQL_DATA_TYPE", Integer.class,
        "SQL_DATETIME_SUB", Integer.class, "NUM_PREC_RADIX", Integer.class), rows);
  }
}
