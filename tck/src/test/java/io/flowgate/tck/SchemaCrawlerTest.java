package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import schemacrawler.inclusionrule.RegularExpressionInclusionRule;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/**
 * SchemaCrawler, which documentation and diff tools run on a database, crawls a schema through the driver at its
 * most detailed level without a warning, and finds the tables, columns and keys as they were declared.
 */
class SchemaCrawlerTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  @Test
  void aFullCrawlFindsEverythingAndWarnsOfNothing() throws Exception {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA crawled");
      statement.execute("CREATE TABLE crawled.customers (id BIGINT NOT NULL COMMENT 'the key', name STRING,"
          + " CONSTRAINT customers_pk PRIMARY KEY (id)) COMMENT 'people who buy'");
      statement.execute("CREATE TABLE crawled.orders (id BIGINT NOT NULL, customer BIGINT, total DECIMAL(10,2),"
          + " CONSTRAINT orders_pk PRIMARY KEY (id),"
          + " CONSTRAINT orders_customer FOREIGN KEY (customer) REFERENCES crawled.customers)");
      statement.execute("CREATE VIEW crawled.big_orders AS SELECT id, total FROM crawled.orders WHERE total > 100");
    }
    List<LogRecord> warnings = new ArrayList<>();
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
          warnings.add(record);
        }
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    Logger root = Logger.getLogger("");
    root.addHandler(handler);
    Catalog catalog;
    try {
      SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
          .withLoadOptions(LoadOptionsBuilder.builder().withSchemaInfoLevel(SchemaInfoLevelBuilder.maximum())
              .toOptions())
          .withLimitOptions(LimitOptionsBuilder.builder()
              .includeSchemas(new RegularExpressionInclusionRule("main\\.crawled")).toOptions());
      catalog = SchemaCrawlerUtility.getCatalog(DatabaseConnectionSources.newDatabaseConnectionSource(gateway.url(),
          new MultiUseUserCredentials("admin", "unused under trust")), options);
    } finally {
      root.removeHandler(handler);
    }
    assertThat(warnings).extracting(record -> record.getLoggerName() + ": " + record.getMessage()).isEmpty();
    List<String> tables = catalog.getTables().stream().map(Table::getName).sorted().toList();
    assertThat(tables).containsExactly("big_orders", "customers", "orders");
    Table orders = catalog.getTables().stream().filter(table -> table.getName().equals("orders")).findFirst()
        .orElseThrow();
    assertThat(orders.getColumns()).extracting(Column::getName).containsExactly("id", "customer", "total");
    assertThat(orders.getPrimaryKey().getConstrainedColumns()).extracting(Column::getName).containsExactly("id");
    assertThat(orders.getImportedForeignKeys()).hasSize(1);
    Table customers = catalog.getTables().stream().filter(table -> table.getName().equals("customers"))
        .findFirst().orElseThrow();
    assertThat(customers.getRemarks()).isEqualTo("people who buy");
    assertThat(customers.lookupColumn("id").orElseThrow().getRemarks()).isEqualTo("the key");
  }
}
