package io.flowgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.flowgate.catalog.model.ColumnInfo;
import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.CommitOperation;
import io.flowgate.catalog.model.IdentityInfo;
import io.flowgate.catalog.model.KeyInfo;
import io.flowgate.catalog.model.SchemaInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The catalog over a real H2 database: what it writes it reads back, and its cache never serves stale data. */
class CatalogServiceTest {
  private JdbcDataSource dataSource;
  private CatalogService catalog;

  @BeforeEach
  void open() {
    dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:mem:catalog-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    catalog = CatalogService.open(dataSource, "admin");
  }

  private TableInfo table(long id, String name) {
    return new TableInfo(id, new TableName("main", "default", name), TableKind.MANAGED, "T" + id,
        List.of(new ColumnInfo("id", "bigint", false, Optional.empty(), Optional.empty(),
            Optional.of(new IdentityInfo(true, 5, 2)), Optional.of("the key")),
            new ColumnInfo("Name", "string", true, Optional.of("'x'"), Optional.empty(), Optional.empty(),
                Optional.empty())),
        Optional.of("a table"), Map.of("k", "v"), List.of("Name"), List.of(), false, Optional.empty(), Optional.empty(),
        List.of(new KeyInfo("pk", true, List.of("id"), Optional.empty(), List.of())), "admin", Instant.now(), false,
        List.of());
  }

  @Test
  void startsWithMainDefault() {
    assertThat(catalog.catalog("main")).isPresent();
    assertThat(catalog.schemas("main")).extracting(SchemaInfo::name).containsExactly("default");
  }

  @Test
  void tablesRoundTripAndTheCacheFollowsCommits() throws SQLException {
    assertThat(catalog.table(new TableName("main", "default", "t"))).isEmpty();
    long id;
    try (Connection connection = dataSource.getConnection()) {
      id = catalog.nextTableId(connection);
      catalog.createTable(connection, table(id, "t"));
    }
    // the read above cached "no table"; a new generation makes the table visible
    catalog.changed();
    TableInfo read = catalog.table(new TableName("main", "default", "t")).orElseThrow();
    assertThat(read.columns()).extracting(ColumnInfo::name).containsExactly("id", "Name");
    assertThat(read.column("name")).isPresent();
    assertThat(read.columns().get(0).identity()).contains(new IdentityInfo(true, 5, 2));
    assertThat(read.properties()).containsEntry("k", "v");
    assertThat(read.partitionBy()).containsExactly("Name");
    assertThat(read.keys()).extracting(KeyInfo::name).containsExactly("pk");

    try (Connection connection = dataSource.getConnection()) {
      catalog.dropTable(connection, id);
    }
    catalog.changed();
    assertThat(catalog.table(new TableName("main", "default", "t"))).isEmpty();
  }

  @Test
  void commitsGetIncreasingVersions() throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      for (int i = 0; i < 3; i++) {
        long version = catalog.nextVersion(connection, 42);
        assertThat(version).isEqualTo(i);
        catalog.recordCommit(connection, new CommitInfo(42, version, Instant.now(), CommitOperation.WRITE, "admin",
            Map.of("mode", "Append"), Map.of("numOutputRows", (long) i)));
      }
      assertThat(catalog.commitsBetween(connection, 42, 0, 2)).extracting(CommitInfo::version).containsExactly(1L, 2L);
    }
    assertThat(catalog.history(42)).extracting(CommitInfo::version).containsExactly(2L, 1L, 0L);
    assertThat(catalog.history(42).get(0).parameters()).containsEntry("mode", "Append");
  }
}
