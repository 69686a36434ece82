package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/** Statements that manage users and groups (administrators only). Names are folded to lower case. */
public sealed interface Access extends Statement {
  /** {@code CREATE USER name [WITH] PASSWORD 'secret'}. */
  record CreateUser(Span span, String name, String password) implements Access {}

  /** {@code ALTER USER name [WITH] PASSWORD 'secret'}. */
  record AlterUserPassword(Span span, String name, String password) implements Access {}

  /** {@code CREATE GROUP name}. */
  record CreateGroup(Span span, String name) implements Access {}

  /** {@code DROP USER | GROUP [IF EXISTS] name}. */
  record DropPrincipal(Span span, boolean group, String name, boolean ifExists) implements Access {}

  /**
   * {@code CREATE ACCESS TOKEN [FOR USER u] [COMMENT '..'] [LIFETIME n DAYS]}: answers with the token's id and its
   * secret, once.
   */
  record CreateToken(Span span, Optional<String> user, Optional<String> comment, Optional<Integer> lifetimeDays)
      implements Access {}

  /** {@code REVOKE ACCESS TOKEN 'id'}. */
  record RevokeToken(Span span, String id) implements Access {}

  /**
   * {@code GRANT privilege, ... ON securable name TO principal} ({@code grant}) or {@code REVOKE ... FROM principal}.
   */
  record Grant(Span span, boolean grant, List<String> privileges, SecurableKind kind, List<String> name,
      String principal) implements Access {
    public Grant {
      privileges = List.copyOf(privileges);
      name = List.copyOf(name);
    }
  }

  /** {@code ALTER GROUP g {ADD | DROP} {USER | GROUP} a, b}. */
  record AlterGroup(Span span, String group, boolean add, boolean groups, List<String> members) implements Access {
    public AlterGroup {
      members = List.copyOf(members);
    }
  }
}
