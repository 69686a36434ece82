package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.PrincipalInfo;
import io.flowgate.catalog.model.PrincipalInfo.Kind;
import io.flowgate.engine.Engine;
import io.flowgate.engine.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.security.Passwords;
import io.flowgate.engine.sql.tree.Access;
import io.flowgate.engine.sql.tree.Span;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs the statements that manage users and groups. Only the administrator ({@link Engine#ADMIN}) changes them; a
 * user may change their own password. (Everyone may list them: SHOW USERS and SHOW GROUPS are shows.)
 */
public final class AccessExecutor {
  private final ExecutionContext context;
  private final CatalogService catalog;

  public AccessExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  public StatementResult execute(Access statement) {
    if (statement instanceof Access.AlterUserPassword alter) {
      if (!alter.name().equals(user())) {
        requireAdministrator(alter.span(), "change another user's password");
      }
      existing(alter.name(), Kind.USER, alter.span());
      String hash = hash(alter.password(), alter.span());
      write(connection -> catalog.setPassword(connection, alter.name(), hash));
    } else if (statement instanceof Access.CreateUser create) {
      requireAdministrator(create.span(), "create users");
      requireFree(create.name(), Kind.USER, create.span());
      String hash = hash(create.password(), create.span());
      write(connection -> catalog.createPrincipal(connection, new PrincipalInfo(create.name(), Kind.USER,
          Optional.of(hash), Instant.now())));
    } else if (statement instanceof Access.CreateGroup create) {
      requireAdministrator(create.span(), "create groups");
      requireFree(create.name(), Kind.GROUP, create.span());
      write(connection -> catalog.createPrincipal(connection, new PrincipalInfo(create.name(), Kind.GROUP,
          Optional.empty(), Instant.now())));
    } else if (statement instanceof Access.DropPrincipal drop) {
      requireAdministrator(drop.span(), "drop users and groups");
      Kind kind = drop.group() ? Kind.GROUP : Kind.USER;
      if (drop.ifExists() && catalog.principal(drop.name()).filter(found -> found.kind() == kind).isEmpty()) {
        return new StatementResult.Done();
      }
      existing(drop.name(), kind, drop.span());
      if (drop.name().equals(Engine.ADMIN)) {
        throw denied(drop.span(), "the administrator " + Errors.quote(List.of(Engine.ADMIN)) + " cannot be dropped");
      }
      write(connection -> catalog.dropPrincipal(connection, drop.name()));
    } else if (statement instanceof Access.AlterGroup alter) {
      requireAdministrator(alter.span(), "change groups");
      existing(alter.group(), Kind.GROUP, alter.span());
      Kind kind = alter.groups() ? Kind.GROUP : Kind.USER;
      for (String member : alter.members()) {
        existing(member, kind, alter.span());
        if (alter.add() && (member.equals(alter.group()) || catalog.groupsOf(alter.group()).contains(member))) {
          throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "GROUP")
              .parameter("functionName", "ALTER GROUP").parameter("message", "adding " + Errors.quote(List.of(member))
                  + " to " + Errors.quote(List.of(alter.group())) + " would make a group contain itself")
              .at(alter.span()).build();
        }
      }
      write(connection -> {
        for (String member : alter.members()) {
          if (alter.add()) {
            catalog.addMember(connection, alter.group(), member);
          } else {
            catalog.removeMember(connection, alter.group(), member);
          }
        }
      });
    }
    return new StatementResult.Done();
  }

  private String user() {
    return context.session().user();
  }

  private void requireAdministrator(Span span, String action) {
    if (!user().equals(Engine.ADMIN)) {
      throw denied(span, "only the administrator may " + action);
    }
  }

  private static EngineException denied(Span span, String report) {
    return EngineException.of(ErrorClass.INSUFFICIENT_PERMISSIONS).parameter("report", report).at(span).build();
  }

  private void requireFree(String name, Kind kind, Span span) {
    if (catalog.principal(name).isPresent()) {
      throw EngineException.of(ErrorClass.PRINCIPAL_ALREADY_EXISTS).parameter("kind", word(kind))
          .parameter("principalName", Errors.quote(List.of(name))).at(span).build();
    }
  }

  private void existing(String name, Kind kind, Span span) {
    if (catalog.principal(name).filter(found -> found.kind() == kind).isEmpty()) {
      throw EngineException.of(ErrorClass.PRINCIPAL_DOES_NOT_EXIST).parameter("kind", word(kind))
          .parameter("principalName", Errors.quote(List.of(name))).at(span).build();
    }
  }

  private static String hash(String password, Span span) {
    if (password.isEmpty()) {
      throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "PASSWORD")
          .parameter("functionName", "USER").parameter("message", "a password cannot be empty").at(span).build();
    }
    return Passwords.hash(password);
  }

  private static String word(Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  private void write(ExecutionContext.MetadataWrite write) {
    context.changeMetadata(write);
  }
}
