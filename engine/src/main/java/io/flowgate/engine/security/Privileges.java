package io.flowgate.engine.security;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.GrantInfo.Securable;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who may do what, in the manner of Unity Catalog. A privilege on a catalog or a schema holds for everything in it;
 * the owner of an object, or of a catalog or schema holding it, holds every privilege on it; the administrator holds
 * all. Grants go to users, groups (members hold them, through nested groups too) and {@value #ALL_USERS}, which every
 * user belongs to. Reaching anything in a schema also needs USE CATALOG and USE SCHEMA.
 */
public final class Privileges {
  /** The group every user is a member of. */
  public static final String ALL_USERS = CatalogService.ALL_USERS;
  /** The privileges that can be granted, as they are written. */
  public static final List<String> NAMES = List.of("USE CATALOG", "USE SCHEMA", "SELECT", "MODIFY", "REFRESH",
      "CREATE SCHEMA", "CREATE TABLE", "CREATE MATERIALIZED VIEW", "CREATE FUNCTION", "EXECUTE", "ALL PRIVILEGES");

  private final CatalogService catalog;
  /** The user every store has, who owns the catalog and may do anything. */
  public static final String ADMINISTRATOR = "admin";

  private final String administrator = ADMINISTRATOR;

  public Privileges(CatalogService catalog) {
    this.catalog = catalog;
  }

  /** Whether {@code user} holds {@code privilege} on the securable {@code name} of {@code kind}. */
  public boolean holds(String user, Securable kind, List<String> name, String privilege) {
    if (user.equals(administrator)) {
      return true;
    }
    Set<String> principals = new java.util.HashSet<>(catalog.groupsOf(user));
    principals.add(user);
    principals.add(ALL_USERS);
    List<Securable> kinds = new ArrayList<>();
    List<List<String>> names = new ArrayList<>();
    // The object and the catalog and schema that hold it.
    kinds.add(kind);
    names.add(name);
    if (kind == Securable.TABLE || kind == Securable.FUNCTION) {
      kinds.add(Securable.SCHEMA);
      names.add(name.subList(0, 2));
    }
    if (kind != Securable.CATALOG && kind != Securable.ANY_FILE) {
      kinds.add(Securable.CATALOG);
      names.add(name.subList(0, 1));
    }
    for (int i = 0; i < kinds.size(); i++) {
      if (owner(kinds.get(i), names.get(i)).filter(principals::contains).isPresent()) {
        return true;
      }
    }
    for (GrantInfo grant : catalog.grants()) {
      if (principals.contains(grant.principal())
          && (grant.privilege().equals(privilege) || grant.privilege().equals("ALL PRIVILEGES"))) {
        for (int i = 0; i < kinds.size(); i++) {
          if (grant.kind() == kinds.get(i) && grant.securable().equals(names.get(i))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Fails unless {@code user} may use the schema of {@code name} and holds {@code privilege} on the object. */
  public void require(String user, Securable kind, List<String> name, String privilege, Span span) {
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
  public void requireDescribable(String user, List<String> table, Span span) {
    check(user, Securable.CATALOG, table.subList(0, 1), "USE CATALOG", span);
    check(user, Securable.SCHEMA, table.subList(0, 2), "USE SCHEMA", span);
    if (!holds(user, Securable.TABLE, table, "SELECT") && !holds(user, Securable.TABLE, table, "MODIFY")) {
      throw denied(user, "have SELECT or MODIFY on TABLE " + Errors.quote(table), span);
    }
  }

  /** Whether {@code user} owns the object or is the administrator. */
  public boolean owns(String user, Securable kind, List<String> name) {
    return user.equals(administrator) || owner(kind, name).filter(user::equals).isPresent();
  }

  /** Fails unless {@code user} owns the object (or is the administrator): dropping, altering, granting. */
  public void requireOwner(String user, Securable kind, List<String> name, Span span) {
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

  private Optional<String> owner(Securable kind, List<String> name) {
    return switch (kind) {
      case ANY_FILE -> Optional.empty();
      case CATALOG -> catalog.catalog(name.get(0)).map(info -> info.owner());
      case SCHEMA -> catalog.schema(name.get(0), name.get(1)).map(info -> info.owner());
      case TABLE -> catalog.table(new TableName(name.get(0), name.get(1), name.get(2))).map(info -> info.owner());
      case FUNCTION -> catalog.function(new TableName(name.get(0), name.get(1), name.get(2)))
          .map(info -> info.owner());
    };
  }

  /** A privilege as written, upper case with single spaces; empty when there is no such privilege. */
  public static Optional<String> named(String text) {
    String normalized = String.join(" ", text.strip().toUpperCase(Locale.ROOT).split("\\s+"));
    return NAMES.contains(normalized) ? Optional.of(normalized) : Optional.empty();
  }
}
