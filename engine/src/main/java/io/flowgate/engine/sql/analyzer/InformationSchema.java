package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.CatalogInfo;
import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.security.VisibleCatalog;
import io.flowgate.engine.sql.parser.SqlParser;
import io.flowgate.engine.type.SqlType;
import io.flowgate.engine.type.Timestamps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code information_schema} views, computed from the catalog when a query names them: each catalog has one
 * over its own objects, and {@code system.information_schema} spans every catalog. Column names follow the
 * vendor's information schema.
 */
final class InformationSchema {
  static final String SCHEMA = "information_schema";
  static final String SYSTEM_CATALOG = "system";

  private record View(List<String> columns, List<SqlType> types) {}

  private InformationSchema() {}

  private static View view(Object... namesAndTypes) {
    List<String> names = new ArrayList<>();
    List<SqlType> types = new ArrayList<>();
    for (int i = 0; i < namesAndTypes.length; i += 2) {
      names.add((String) namesAndTypes[i]);
      types.add((SqlType) namesAndTypes[i + 1]);
    }
    return new View(names, types);
  }

  private static final SqlType S = SqlType.STRING;
  private static final SqlType I = SqlType.INT;
  private static final SqlType T = SqlType.TIMESTAMP;

  /** The rows of view {@code name.table()} for catalog {@code name.catalog()}, or empty if there is no such view. */
  static Optional<TranslatedQuery> relation(CatalogService catalog, AccessControl access, TableName name,
      String alias, String user) {
    // Only what the user may see: catalogs and schemas the user may use, tables the user may read or write.
    VisibleCatalog visible = new VisibleCatalog(catalog, access, user);
    List<CatalogInfo> catalogs = visible.catalogs().stream()
        .filter(info -> name.catalog().equals(SYSTEM_CATALOG) || info.name().equals(name.catalog())).toList();
    List<TableInfo> tables = new ArrayList<>();
    List<SchemaInfo> schemas = new ArrayList<>();
    for (CatalogInfo info : catalogs) {
      for (SchemaInfo schema : visible.schemas(info.name())) {
        schemas.add(schema);
        tables.addAll(visible.tables(info.name(), schema.name()));
      }
    }
    View view;
    List<List<Object>> rows = new ArrayList<>();
    switch (name.table()) {
      case "catalogs" -> {
        view = view("catalog_name", S, "catalog_owner", S, "comment", S, "created", T);
        for (CatalogInfo info : catalogs) {
          rows.add(Arrays.asList(info.name(), info.owner(), info.comment().orElse(null),
              Timestamps.utc(info.created())));
        }
      }
      case "schemata" -> {
        view = view("catalog_name", S, "schema_name", S, "schema_owner", S, "comment", S, "created", T);
        for (SchemaInfo schema : schemas) {
          rows.add(Arrays.asList(schema.catalog(), schema.name(), schema.owner(), schema.comment().orElse(null),
              Timestamps.utc(schema.created())));
        }
      }
      case "tables" -> {
        view = view("table_catalog", S, "table_schema", S, "table_name", S, "table_type", S, "table_owner", S,
            "comment", S, "created", T, "data_source_format", S);
        for (TableInfo table : tables) {
          rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), table.name().table(),
              table.kind().name(), table.owner(), table.comment().orElse(null), Timestamps.utc(table.created()),
              table.kind() == TableKind.VIEW ? null : "DELTA"));
        }
      }
      case "views" -> {
        // A view's text tells how it reads its sources: only its owner (and the administrator) sees it.
        view = view("table_catalog", S, "table_schema", S, "table_name", S, "view_definition", S,
            "is_materialized", S);
        for (TableInfo table : tables) {
          if (table.kind() == TableKind.VIEW) {
            boolean owner = access.owns(user, io.flowgate.catalog.model.GrantInfo.Securable.TABLE,
                table.name().parts());
            rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), table.name().table(),
                owner ? table.viewSql().orElse(null) : null, "FALSE"));
          }
        }
      }
      case "columns" -> {
        view = view("table_catalog", S, "table_schema", S, "table_name", S, "column_name", S, "ordinal_position",
            I, "column_default", S, "is_nullable", S, "full_data_type", S, "data_type", S, "comment", S,
            "is_identity", S, "is_generated", S, "generation_expression", S);
        for (TableInfo table : tables) {
          int ordinal = 0;
          for (ColumnInfo column : table.columns()) {
            rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), table.name().table(),
                column.name(), ordinal++, column.defaultSql().orElse(null), column.nullable() ? "YES" : "NO",
                column.type(), dataType(column.type()), column.comment().orElse(null),
                column.identity().isPresent() ? "YES" : "NO", column.generatedSql().isPresent() ? "ALWAYS" : "NEVER",
                column.generatedSql().orElse(null)));
          }
        }
      }
      case "table_constraints" -> {
        view = view("constraint_catalog", S, "constraint_schema", S, "constraint_name", S, "table_catalog", S,
            "table_schema", S, "table_name", S, "constraint_type", S, "is_deferrable", S, "initially_deferred", S,
            "enforced", S);
        for (TableInfo table : tables) {
          for (KeyInfo key : table.keys()) {
            rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), key.name(), table.name().catalog(),
                table.name().schema(), table.name().table(), key.primary() ? "PRIMARY KEY" : "FOREIGN KEY", "YES",
                "YES", "NO"));
          }
        }
      }
      case "key_column_usage" -> {
        view = view("constraint_catalog", S, "constraint_schema", S, "constraint_name", S, "table_catalog", S,
            "table_schema", S, "table_name", S, "column_name", S, "ordinal_position", I,
            "position_in_unique_constraint", I);
        for (TableInfo table : tables) {
          for (KeyInfo key : table.keys()) {
            for (int i = 0; i < key.columns().size(); i++) {
              rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), key.name(),
                  table.name().catalog(), table.name().schema(), table.name().table(), key.columns().get(i), i + 1,
                  key.primary() ? null : i + 1));
            }
          }
        }
      }
      case "referential_constraints" -> {
        view = view("constraint_catalog", S, "constraint_schema", S, "constraint_name", S,
            "unique_constraint_catalog", S, "unique_constraint_schema", S, "unique_constraint_name", S,
            "unique_constraint_table", S, "match_option", S, "update_rule", S, "delete_rule", S);
        for (TableInfo table : tables) {
          for (KeyInfo key : table.keys()) {
            if (key.referencedTable().isPresent()) {
              TableName referenced = key.referencedTable().get();
              String referencedKey = catalog.table(referenced).flatMap(target -> target.keys().stream()
                  .filter(KeyInfo::primary).map(KeyInfo::name).findFirst()).orElse(null);
              rows.add(Arrays.asList(table.name().catalog(), table.name().schema(), key.name(), referenced.catalog(),
                  referenced.schema(), referencedKey, referenced.table(), "NONE", "NO ACTION", "NO ACTION"));
            }
          }
        }
      }
      case "routines" -> {
        // Built-in functions live in system.builtin, as the dialect's search path names them.
        view = view("specific_catalog", S, "specific_schema", S, "specific_name", S, "routine_catalog", S,
            "routine_schema", S, "routine_name", S, "routine_type", S, "comment", S);
        if (name.catalog().equals(SYSTEM_CATALOG)) {
          FunctionRegistry.names().forEach((function, kind) -> rows.add(Arrays.asList(SYSTEM_CATALOG, "builtin",
              function, SYSTEM_CATALOG, "builtin", function, "FUNCTION", kind.toLowerCase(Locale.ROOT) + " function")));
        }
      }
      default -> {
        return Optional.empty();
      }
    }
    return Optional.of(values(view, rows, alias));
  }

  private static TranslatedQuery values(View view, List<List<Object>> rows, String alias) {
    List<TranslatedQuery.OutputColumn> columns = new ArrayList<>();
    for (int i = 0; i < view.columns().size(); i++) {
      columns.add(new TranslatedQuery.OutputColumn(view.columns().get(i), Optional.of(view.types().get(i))));
    }
    if (rows.isEmpty()) {
      List<Analyzed> nulls = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        nulls.add(new Analyzed.Cast(new Analyzed.NullValue(), view.types().get(i)));
      }
      return new TranslatedQuery(new AnalyzedSelect(false, nulls, new AnalyzedRelation.None(), List.of(
          new Analyzed.BooleanValue(false)), List.of(), Optional.empty(), Optional.empty()), columns);
    }
    List<List<Analyzed>> cells = new ArrayList<>();
    for (List<Object> row : rows) {
      List<Analyzed> values = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        Object value = row.get(i);
        values.add(value == null ? new Analyzed.Cast(new Analyzed.NullValue(), view.types().get(i))
            : new Analyzed.Constant(value, view.types().get(i)));
      }
      cells.add(values);
    }
    return new TranslatedQuery(new AnalyzedQuery.InlineRows(cells, columns.size(), alias), columns);
  }

  static boolean isInformationSchema(TableName name) {
    return name.schema().toLowerCase(Locale.ROOT).equals(SCHEMA);
  }

  /**
   * The type's kind, as {@code data_type} shows it. A type text that no longer reads (one stored by an older version)
   * shows its first word, so one column can never break the listing for everyone.
   */
  private static String dataType(String type) {
    try {
      return SqlParser.parseType(type).kind().name();
    } catch (RuntimeException unreadable) {
      return type.replaceAll("[^A-Za-z_].*", "").toUpperCase(java.util.Locale.ROOT);
    }
  }
}
