package io.flowgate.engine.security;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.TableName;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.GrantInfo.Securable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who may do what, in the manner of Unity Catalog. A privilege on a catalog or a schema holds for everything in it;
 * the owner of an object, or of a catalog or schema holding it, holds every privilege on it; the administrator holds
 * all. Grants go to users, groups (members hold them, through nested groups too) and {@value #ALL_USERS}, which every
 * user belongs to. Reaching anything in a schema also needs USE CATALOG and USE SCHEMA. The engine's access control,
 * read from the grants and owners in the catalog.
 */
public final class Privileges implements AccessControl {
  /** The group every user is a member of. */
  public static final String ALL_USERS = CatalogService.ALL_USERS;
  /** The privileges that can be granted, as they are written. */
  public static final List<String> NAMES = List.of("USE CATALOG", "USE SCHEMA", "SELECT", "MODIFY", "REFRESH",
      "CREATE SCHEMA", "CREATE TABLE", "CREATE MATERIALIZED VIEW", "CREATE FUNCTION", "EXECUTE", "CREATE VOLUME",
      "READ VOLUME", "WRITE VOLUME", "ALL PRIVILEGES");

  private final CatalogService catalog;
  /** The user every store has, who owns the catalog and may do anything. */
  public static final String ADMINISTRATOR = "admin";

  private final String administrator = ADMINISTRATOR;

  public Privileges(CatalogService catalog) {
    this.catalog = catalog;
  }

  @Override
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
    if (kind == Securable.TABLE || kind == Securable.FUNCTION || kind == Securable.VOLUME) {
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

  @Override
  public boolean owns(String user, Securable kind, List<String> name) {
    return user.equals(administrator) || owner(kind, name).filter(user::equals).isPresent();
  }

  private Optional<String> owner(Securable kind, List<String> name) {
    return switch (kind) {
      case ANY_FILE -> Optional.empty();
      case CATALOG -> catalog.catalog(name.get(0)).map(info -> info.owner());
      case SCHEMA -> catalog.schema(name.get(0), name.get(1)).map(info -> info.owner());
      case TABLE -> catalog.table(new TableName(name.get(0), name.get(1), name.get(2))).map(info -> info.owner());
      case FUNCTION -> catalog.function(new TableName(name.get(0), name.get(1), name.get(2)))
          .map(info -> info.owner());
      case VOLUME -> catalog.volume(new TableName(name.get(0), name.get(1), name.get(2))).map(info -> info.owner());
    };
  }

  /** A privilege as written, upper case with single spaces; empty when there is no such privilege. */
  public static Optional<String> named(String text) {
    String normalized = String.join(" ", text.strip().toUpperCase(Locale.ROOT).split("\\s+"));
    return NAMES.contains(normalized) ? Optional.of(normalized) : Optional.empty();
  }
}
