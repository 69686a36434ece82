package io.flowgate.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.flowgate.catalog.model.GrantInfo.Securable;
import io.flowgate.engine.api.Principal;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.security.AccessControl;
import io.flowgate.engine.security.Privileges;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine asks the access control it was opened with, not the grants behind it: one that refuses SELECT on
 * {@code secret} to everyone, the administrator included, is obeyed wherever the table is read.
 */
class InjectedAccessControlTest {
  private Engine engine;
  private Session admin;

  /** The catalog's privileges, except that nobody may SELECT from a table named {@code secret}. */
  private record NoSecrets(AccessControl grants) implements AccessControl {
    @Override
    public boolean holds(String user, Securable kind, List<String> name, String privilege) {
      boolean secret = kind == Securable.TABLE && name.get(name.size() - 1).equals("secret");
      return !(secret && privilege.equals("SELECT")) && grants.holds(user, kind, name, privilege);
    }

    @Override
    public boolean owns(String user, Securable kind, List<String> name) {
      return grants.owns(user, kind, name);
    }
  }

  @BeforeEach
  void open() {
    engine = Engine.open(EngineConfig.inMemory(), catalog -> new NoSecrets(new Privileges(catalog)));
    admin = engine.openSession(new Principal(Engine.ADMIN), Map.of());
    run("CREATE TABLE secret (a INT)");
    run("CREATE TABLE open_table (a INT)");
    run("INSERT INTO secret VALUES (1)");
    run("INSERT INTO open_table VALUES (1)");
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private StatementResult run(String sql) {
    return admin.execute(sql, List.of());
  }

  private void assertRefused(String sql) {
    assertThatThrownBy(() -> run(sql)).isInstanceOfSatisfying(EngineException.class, e -> {
      assertThat(e.qualifiedClass()).isEqualTo("INSUFFICIENT_PERMISSIONS");
      assertThat(e.getMessage()).contains("SELECT on TABLE `main`.`default`.`secret`");
    });
  }

  @Test
  void everyReadOfTheTableAsksTheInjectedAccessControl() {
    assertThat(run("SELECT a FROM open_table")).isInstanceOf(StatementResult.Rows.class);
    assertRefused("SELECT a FROM secret");
    assertRefused("SELECT a FROM open_table WHERE a IN (SELECT a FROM secret)");
    assertRefused("WITH s AS (SELECT a FROM secret) SELECT * FROM s");
    assertRefused("CREATE VIEW leak AS SELECT a FROM secret");
    assertRefused("INSERT INTO open_table SELECT a FROM secret");
  }

  @Test
  void writesTheAccessControlAllowsStillRun() {
    run("INSERT INTO secret VALUES (2)");
    assertRefused("SELECT count(*) FROM secret");
  }
}
