package io.flowgate.engine.sql.analyzer;

import io.flowgate.catalog.model.CommitInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.catalog.model.TableKind;
import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression;
import io.flowgate.engine.sql.tree.Relation.TableRef;
import io.flowgate.engine.sql.tree.Relation;
import io.flowgate.engine.sql.tree.Span;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code t VERSION AS OF n} and {@code t TIMESTAMP AS OF ts}: a managed table as one of its versions had it, from its
 * rows stamped at or before that version and the rows its later writes took away (storage.History). The version is
 * one of those its history covers (from its creation, or from when a store made before history first opened) up to
 * the latest; a timestamp means the latest version committed at or before it. The table's row filter and masks apply
 * as to any read. The columns are the table's now: one added since reads NULL in older versions, one dropped is gone.
 */
public final class TimeTravel {
  private TimeTravel() {}

  static QueryTranslator.From read(QueryTranslator translator, TableRef reference, Optional<Scope> outer) {
    TableInfo table = translator.resolveTable(reference.name(), reference.span());
    long version = version(translator, table, reference.asOf().orElseThrow(), reference.span());
    return translator.tableAsOf(table, version, reference, outer);
  }

  /**
   * The version {@code asOf} names of {@code table}: one its history covers, up to the latest (RESTORE takes the
   * same).
   */
  public static long version(QueryTranslator translator, TableInfo table, Relation.AsOf asOf, Span span) {
    Optional<Long> since = table.kind() == TableKind.MANAGED ? translator.catalog().historySince(table.id())
        : Optional.empty();
    if (since.isEmpty()) {
      throw Errors.notSupported("time travel of " + Errors.quote(table.name().parts()) + ", a "
          + table.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " (managed tables keep the"
          + " rows their writes replace; streaming tables, materialized views and views do not)", span);
    }
    List<CommitInfo> commits = translator.catalog().history(table.id()).stream()
        .filter(commit -> commit.version() >= since.get())
        .sorted(Comparator.comparingLong(CommitInfo::version)).toList();
    long latest = commits.isEmpty() ? since.get() : commits.get(commits.size() - 1).version();
    return asOf.version() ? version(asOf.value(), table, since.get(), latest)
        : versionAt(instant(asOf.value(), translator.session().timeZone()), table, commits);
  }

  private static long version(Expression value, TableInfo table, long since, long latest) {
    if (!(value instanceof Expression.Literal literal) || literal.kind() != Expression.LiteralKind.INTEGER) {
      throw Errors.typeMismatch("VERSION AS OF", "the version must be an integer literal", value.span());
    }
    long version;
    try {
      version = Long.parseLong(literal.text());
    } catch (NumberFormatException tooLarge) {
      version = -1;
    }
    if (version < since || version > latest) {
      throw EngineException.of(ErrorClass.DELTA_VERSION_NOT_FOUND).parameter("userVersion", literal.text())
          .parameter("tableName", Errors.quote(table.name().parts())).parameter("earliest", since)
          .parameter("latest", latest).at(value.span()).build();
    }
    return version;
  }

  /** A timestamp written as a string, DATE or TIMESTAMP literal, in the session's time zone. */
  private static Instant instant(Expression value, ZoneId zone) {
    if (value instanceof Expression.Literal literal && (literal.kind() == Expression.LiteralKind.STRING
        || literal.kind() == Expression.LiteralKind.TIMESTAMP || literal.kind() == Expression.LiteralKind.DATE
        || literal.kind() == Expression.LiteralKind.TIMESTAMP_NTZ)) {
      String text = literal.text().strip().replace(' ', 'T');
      try {
        if (text.endsWith("Z")) {
          return Instant.parse(text);
        }
        return text.contains("T") ? LocalDateTime.parse(text).atZone(zone).toInstant()
            : LocalDate.parse(text).atStartOfDay(zone).toInstant();
      } catch (DateTimeParseException notATimestamp) {
        throw EngineException.of(ErrorClass.CAST_INVALID_INPUT).parameter("expression", "'" + literal.text() + "'")
            .parameter("sourceType", "\"STRING\"").parameter("targetType", "\"TIMESTAMP\"").at(value.span())
            .build();
      }
    }
    throw Errors.notSupported("TIMESTAMP AS OF a value that is not a literal", value.span());
  }

  /**
   * The latest version committed at or before {@code at}, among those the history covers; a time after the latest
   * commit reads the latest version (the vendor refuses it), a time yet to come is refused.
   */
  private static long versionAt(Instant at, TableInfo table, List<CommitInfo> commits) {
    if (at.isAfter(Instant.now()) && !commits.isEmpty()) {
      throw EngineException.of(ErrorClass.DELTA_TIMESTAMP_GREATER_THAN_COMMIT)
          .parameter("providedTimestamp", at.toString()).parameter("tableName", Errors.quote(table.name().parts()))
          .parameter("maximumTimestamp", commits.get(commits.size() - 1).timestamp().toString()).build();
    }
    Optional<CommitInfo> found = commits.stream().filter(commit -> !commit.timestamp().isAfter(at))
        .reduce((first, second) -> second);
    if (found.isPresent()) {
      return found.get().version();
    }
    throw EngineException.of(ErrorClass.DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION)
        .parameter("userTimestamp", at.toString()).parameter("tableName", Errors.quote(table.name().parts()))
        .parameter("commitTs", commits.isEmpty() ? "none" : commits.get(0).timestamp().toString()).build();
  }
}
