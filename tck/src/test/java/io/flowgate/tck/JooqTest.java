package io.flowgate.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.flowgate.tck.harness.GatewayExtension;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * jOOQ over the driver with the dialect the README names for it, MYSQL (backtick-quoted names, LIMIT): typed
 * queries with bound values and jOOQ's transactions; and the schema jOOQ reads from the driver's JDBC metadata,
 * with SQLDialect.DEFAULT (MYSQL's meta reads MySQL's own information_schema tables).
 */
class JooqTest {
  @RegisterExtension
  static final GatewayExtension gateway = new GatewayExtension();

  private static final Table<?> PEOPLE = table(name("people"));
  private static final Field<Integer> ID = field(name("id"), Integer.class);
  private static final Field<String> NAME = field(name("name"), String.class);
  private static final Field<LocalDate> BORN = field(name("born"), LocalDate.class);

  @BeforeAll
  static void tables() throws SQLException {
    try (Connection connection = gateway.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE people (id INT NOT NULL, name STRING, born DATE, CONSTRAINT people_pk"
          + " PRIMARY KEY (id)) COMMENT 'who is who'");
      statement.execute("CREATE TABLE tickets (id BIGINT GENERATED ALWAYS AS IDENTITY, title STRING)");
    }
  }

  @Test
  void typedQueriesBindTheirValues() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DSLContext sql = DSL.using(connection, SQLDialect.MYSQL);
      sql.deleteFrom(PEOPLE).execute();
      assertThat(sql.insertInto(PEOPLE, ID, NAME, BORN)
          .values(1, "Ada", LocalDate.of(1815, 12, 10))
          .values(2, "Alan", LocalDate.of(1912, 6, 23))
          .values(3, "Grace", LocalDate.of(1906, 12, 9))
          .execute()).isEqualTo(3);
      Result<Record2<Integer, String>> early = sql.select(ID, NAME).from(PEOPLE)
          .where(BORN.lt(LocalDate.of(1910, 1, 1))).orderBy(ID.desc()).limit(1).fetch();
      assertThat(early).hasSize(1);
      assertThat(early.get(0).value2()).isEqualTo("Grace");
      assertThat(sql.update(PEOPLE).set(NAME, "Ada Lovelace").where(ID.eq(1)).execute()).isEqualTo(1);
      assertThat(sql.select(NAME).from(PEOPLE).where(ID.eq(1)).fetchOne(NAME)).isEqualTo("Ada Lovelace");
      assertThat(sql.select(BORN).from(PEOPLE).where(ID.eq(2)).fetchOne(BORN)).isEqualTo(LocalDate.of(1912, 6, 23));
      assertThat(sql.deleteFrom(PEOPLE).where(ID.in(2, 3)).execute()).isEqualTo(2);
      assertThat(sql.fetchCount(PEOPLE)).isEqualTo(1);
    }
  }

  /** The table as jOOQ's code generator would declare it: with its identity column, which returning() needs. */
  static final class Tickets extends org.jooq.impl.CustomTable<TicketRecord> {
    static final Tickets TICKETS = new Tickets();
    final org.jooq.TableField<TicketRecord, Long> id = createField(name("id"),
        org.jooq.impl.SQLDataType.BIGINT.nullable(false).identity(true));
    final org.jooq.TableField<TicketRecord, String> title = createField(name("title"),
        org.jooq.impl.SQLDataType.VARCHAR);

    private Tickets() {
      super(name("tickets"));
    }

    @Override
    public Class<? extends TicketRecord> getRecordType() {
      return TicketRecord.class;
    }

    @Override
    public org.jooq.Identity<TicketRecord, Long> getIdentity() {
      return org.jooq.impl.Internal.createIdentity(this, id);
    }
  }

  static final class TicketRecord extends org.jooq.impl.CustomRecord<TicketRecord> {
    TicketRecord() {
      super(Tickets.TICKETS);
    }
  }

  @Test
  void returningGivesTheGeneratedIdentity() throws SQLException {
    Tickets tickets = Tickets.TICKETS;
    try (Connection connection = gateway.connect()) {
      DSLContext sql = DSL.using(connection, SQLDialect.MYSQL);
      TicketRecord first = sql.insertInto(tickets, tickets.title).values("first").returning(tickets.id).fetchOne();
      TicketRecord second = sql.insertInto(tickets, tickets.title).values("second").returning(tickets.id)
          .fetchOne();
      assertThat(first).isNotNull();
      assertThat(first.get(tickets.id)).isNotNull();
      assertThat(second.get(tickets.id)).isGreaterThan(first.get(tickets.id));
      assertThat(sql.select(tickets.title).from(tickets).where(tickets.id.eq(second.get(tickets.id)))
          .fetchOne(tickets.title)).isEqualTo("second");
    }
  }

  @Test
  void jooqTransactionsCommitAndRollBack() throws SQLException {
    try (Connection connection = gateway.connect()) {
      DSLContext sql = DSL.using(connection, SQLDialect.MYSQL);
      sql.deleteFrom(PEOPLE).execute();
      sql.transaction(configuration -> DSL.using(configuration).insertInto(PEOPLE, ID, NAME).values(10, "kept")
          .execute());
      assertThatThrownBy(() -> sql.transaction(configuration -> {
        DSL.using(configuration).insertInto(PEOPLE, ID, NAME).values(11, "undone").execute();
        throw new IllegalStateException("changed its mind");
      })).isInstanceOf(IllegalStateException.class);
      assertThat(sql.select(ID).from(PEOPLE).orderBy(ID).fetch(ID)).containsExactly(10);
      assertThat(connection.getAutoCommit()).isTrue();
    }
  }

  @Test
  void jooqReadsTheSchemaFromTheDriver() throws SQLException {
    try (Connection connection = gateway.connect()) {
      List<Table<?>> tables = DSL.using(connection, SQLDialect.DEFAULT).meta().getTables("people");
      assertThat(tables).hasSize(1);
      Table<?> people = tables.get(0);
      assertThat(people.fields()).extracting(Field::getName).containsExactly("id", "name", "born");
      assertThat(people.field("born").getDataType().getSQLType()).isEqualTo(java.sql.Types.DATE);
      assertThat(people.field("id").getDataType().nullable()).isFalse();
      assertThat(people.getPrimaryKey()).isNotNull();
      assertThat(people.getPrimaryKey().getFields()).extracting(Field::getName).containsExactly("id");
    }
  }
}
