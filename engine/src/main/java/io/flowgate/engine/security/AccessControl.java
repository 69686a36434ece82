package io.flowgate.engine.security;

import io.flowgate.catalog.model.GrantInfo.Securable;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.util.List;

/**
 * Who may do what. The engine is given one and asks it before every read, write and change; nothing else in the
 * engine reads grants. An implementation answers the two questions; the checks built on them, and the error a
 * refusal raises, are the same for all.
 */
public interface AccessControl {
  /** Whether {@code user} holds {@code privilege} on the securable {@code name} of {@code kind}. */
  boolean holds(String user, Securable kind, List<String> name, String privilege);

  /** Whether {@code user} owns the object or is the administrator. */
  boolean owns(String user, Securable kind, List<String> name);

  /** Fails unless {@code user} may use the schema of {@code name} and holds {@code privilege} on the object. */
  default void require(String user, Securable kind, List<String> name, String privilege, Span span) {
    if (kind != Securable.CATALOG && kind != Securable.ANY_FILE) {
      check(user, Securable.CATALOG, name.subList(0, 1), "USE CATALOG", span);
      if (kind != Securable.SCHEMA || !privilege.equals("USE SCHEMA")) {
        check(user, Securable.SCHEMA, name.subList(0, 2), "USE SCHEMA", span);
      }
    }
    check(user, kind, name, privilege, span);
  }

  /**
   * Fails unless {@code user} may read the definition of a table (its columns, properties, history): the owner, or
   * SELECT or MODIFY on it, with USE on its catalog and schema, as its listing in SHOW TABLES needs.
   */
  default void requireDescribable(String user, List<String> table, Span span) {
    check(user, Securable.CATALOG, table.subList(0, 1), "USE CATALOG", span);
    check(user, Securable.SCHEMA, table.subList(0, 2), "USE SCHEMA", span);
    if (!holds(user, Securable.TABLE, table, "SELECT") && !holds(user, Securable.TABLE, table, "MODIFY")) {
      throw denied(user, "have SELECT or MODIFY on TABLE " + Errors.quote(table), span);
    }
  }

  /** Fails unless {@code user} owns the object (or is the administrator): dropping, altering, granting. */
  default void requireOwner(String user, Securable kind, List<String> name, Span span) {
    if (!owns(user, kind, name)) {
      throw denied(user, kind == Securable.ANY_FILE ? "be the administrator to grant on ANY FILE"
          : "be the owner of " + kind.name() + " " + Errors.quote(name), span);
    }
  }

  private void check(String user, Securable kind, List<String> name, String privilege, Span span) {
    if (!holds(user, kind, name, privilege)) {
      throw denied(user, "have " + privilege + " on " + (kind == Securable.ANY_FILE ? "ANY FILE"
          : kind.name() + " " + Errors.quote(name)), span);
    }
  }

  private static EngineException denied(String user, String what, Span span) {
    return EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS).parameter("report", "User "
        + Errors.quote(List.of(user)) + " must " + what + ".").at(span).build();
  }
}
