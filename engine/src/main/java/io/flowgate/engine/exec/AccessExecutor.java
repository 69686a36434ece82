package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.catalog.model.AccessTokenInfo;
import io.flowgate.catalog.model.GrantInfo;
import io.flowgate.catalog.model.PrincipalInfo.Kind;
import io.flowgate.catalog.model.PrincipalInfo;
import io.flowgate.engine.api.ResultColumn;
import io.flowgate.engine.api.StatementResult;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.security.Passwords;
import io.flowgate.engine.security.Privileges;
import io.flowgate.engine.sql.tree.Access;
import io.flowgate.engine.sql.tree.Span;
import io.flowgate.engine.type.SqlType;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs the statements that manage users and groups. Only the administrator ({@link Privileges#ADMINISTRATOR}) changes them; a
 * user may change their own password. (Everyone may list them: SHOW USERS and SHOW GROUPS are shows.)
 */
public final class AccessExecutor {
  private static final SecureRandom RANDOM = new SecureRandom();
  private final ExecutionContext context;
  private final CatalogService catalog;

  public AccessExecutor(ExecutionContext context) {
    this.context = context;
    this.catalog = context.catalog();
  }

  public StatementResult execute(Access statement) {
    if (statement instanceof Access.Grant grant) {
      grant(grant);
      return new StatementResult.Done();
    }
    if (statement instanceof Access.CreateToken create) {
      return createToken(create);
    }
    if (statement instanceof Access.RevokeToken revoke) {
      AccessTokenInfo token = catalog.tokens().stream().filter(found -> found.id().equals(revoke.id())).findFirst()
          .filter(found -> found.user().equals(user()) || user().equals(Privileges.ADMINISTRATOR))
          .orElseThrow(() -> EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "id")
              .parameter("functionName", "REVOKE ACCESS TOKEN").parameter("message", "no token of yours has the id "
                  + Errors.quote(List.of(revoke.id()))).at(revoke.span()).build());
      write(connection -> catalog.deleteToken(connection, token.id()));
      return new StatementResult.Done();
    }
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
      if (create.name().equals("token")) {
        // The gateway reads the user name "token" as "the password is an access token".
        throw EngineException.of(ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "name")
            .parameter("functionName", "CREATE USER").parameter("message", "the name token is reserved for"
                + " logins with an access token").at(create.span()).build();
      }
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
      if (drop.name().equals(Privileges.ADMINISTRATOR)) {
        throw denied(drop.span(), "the administrator " + Errors.quote(List.of(Privileges.ADMINISTRATOR)) + " cannot be dropped");
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

  /** GRANT and REVOKE: the owner of the object (or the administrator) gives or takes privileges. */
  private void grant(Access.Grant grant) {
    GrantInfo.Securable kind = GrantInfo.Securable.valueOf(grant.kind().name());
    List<String> name = securable(context, kind, grant.name(), grant.span());
    context.access().requireOwner(user(), kind, name, grant.span());
    if (!grant.principal().equals(Privileges.ALL_USERS)) {
      if (catalog.principal(grant.principal()).isEmpty()) {
        throw EngineException.of(ErrorClass.PRINCIPAL_DOES_NOT_EXIST).parameter("kind", "user or group")
            .parameter("principalName", Errors.quote(List.of(grant.principal()))).at(grant.span()).build();
      }
    }
    List<GrantInfo> grants = new java.util.ArrayList<>();
    for (String written : grant.privileges()) {
      String privilege = Privileges.named(written).orElseThrow(() -> EngineException.of(
          ErrorClass.INVALID_PARAMETER_VALUE).parameter("parameter", "privilege").parameter("functionName",
              grant.grant() ? "GRANT" : "REVOKE").parameter("message", "unknown privilege " + written
              + "; the privileges are " + String.join(", ", Privileges.NAMES)).at(grant.span()).build());
      grants.add(new GrantInfo(kind, name, grant.principal(), privilege));
    }
    write(connection -> {
      for (GrantInfo info : grants) {
        if (grant.grant()) {
          catalog.grant(connection, info);
        } else {
          catalog.revoke(connection, info);
        }
      }
    });
  }

  /** The full name of an existing securable named in GRANT, REVOKE or SHOW GRANTS. */
  static List<String> securable(ExecutionContext context, GrantInfo.Securable kind, List<String> name, Span span) {
    CatalogService catalog = context.catalog();
    return switch (kind) {
      case ANY_FILE -> List.of();
      case CATALOG -> {
        String catalogName = name.get(name.size() - 1).toLowerCase(java.util.Locale.ROOT);
        if (name.size() != 1 || catalog.catalog(catalogName).isEmpty()) {
          throw Errors.catalogNotFound(catalogName, span);
        }
        yield List.of(catalogName);
      }
      case SCHEMA -> {
        List<String> parts = name.stream().map(part -> part.toLowerCase(java.util.Locale.ROOT)).toList();
        List<String> full = parts.size() == 1 ? List.of(context.session().catalog(), parts.get(0)) : parts;
        if (full.size() != 2 || catalog.schema(full.get(0), full.get(1)).isEmpty()) {
          throw Errors.schemaNotFound(full, span);
        }
        yield full;
      }
      case TABLE -> context.translator().resolveTable(name, span).name().parts();
      case FUNCTION -> {
        io.flowgate.catalog.TableName qualified = context.translator().qualify(name, span);
        if (catalog.function(qualified).isEmpty()) {
          throw EngineException.of(ErrorClass.ROUTINE_NOT_FOUND).parameter("routineName",
              Errors.quote(qualified.parts())).at(span).build();
        }
        yield qualified.parts();
      }
      case VOLUME -> io.flowgate.engine.sql.analyzer.VolumeFiles.volume(catalog, context.translator().qualify(name, span), span)
          .name().parts();
    };
  }

  /**
   * A new token for the user (or, by the administrator, for another user): 32 random bytes, shown once in the
   * answer; only their SHA-256 hash is kept, which is enough for a secret that cannot be guessed.
   */
  private StatementResult createToken(Access.CreateToken create) {
    String owner = create.user().orElse(user());
    if (!owner.equals(user())) {
      requireAdministrator(create.span(), "create tokens for other users");
    }
    existing(owner, Kind.USER, create.span());
    byte[] secret = new byte[32];
    RANDOM.nextBytes(secret);
    String token = "fgt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    String id = "tok-" + HexFormat.of().formatHex(secret, 0, 6);
    Instant now = Instant.now();
    Optional<Instant> expires = create.lifetimeDays().map(days -> now.plus(Duration.ofDays(days)));
    write(connection -> catalog.createToken(connection, new AccessTokenInfo(id, owner, Passwords.digest(token),
        create.comment(), now, expires)));
    List<ResultColumn> columns = List.of(new ResultColumn("token_id", SqlType.STRING, false),
        new ResultColumn("token", SqlType.STRING, false), new ResultColumn("user", SqlType.STRING, false),
        new ResultColumn("expires", SqlType.STRING, true));
    List<Object> row = new java.util.ArrayList<>(List.of(id, token, owner));
    row.add(expires.map(Instant::toString).orElse(null));
    return new StatementResult.Rows(columns, new ListCursor(List.of(row)));
  }

  private String user() {
    return context.session().user();
  }

  private void requireAdministrator(Span span, String action) {
    if (!user().equals(Privileges.ADMINISTRATOR)) {
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
