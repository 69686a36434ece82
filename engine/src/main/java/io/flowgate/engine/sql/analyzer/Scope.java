package io.flowgate.engine.sql.analyzer;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.error.Errors;
import io.flowgate.engine.sql.tree.Expression.ColumnRef;
import io.flowgate.engine.type.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The columns visible at one point of a query, with the scope of the enclosing query for correlated references.
 * Names are matched without regard to case.
 */
final class Scope {
  /**
   * A visible column. {@code relation} is the generated H2 alias of its relation (empty for a table's own DDL
   * expressions); {@code qualifier} is the name it can be qualified with, e.g. {@code [main, default, t]} or
   * {@code [x]}; {@code hidden} columns resolve by name but are not part of {@code *} (the right side of USING). A
   * column with an {@code expression} stands for that H2 SQL: a SQL function's parameter is its argument.
   * {@code nullable} is false only for a column known to hold no NULL here (NOT NULL, and not padded by an outer join).
   */
  record Column(String relation, List<String> qualifier, String name, String h2Name, Optional<SqlType> type,
      boolean hidden, Optional<Analyzed> expression, boolean nullable) {
    Column(String relation, List<String> qualifier, String name, String h2Name, Optional<SqlType> type,
        boolean hidden) {
      this(relation, qualifier, name, h2Name, type, hidden, Optional.empty(), true);
    }

    /** A name that stands for a value, such as a SQL function's parameter for its argument. */
    static Column bound(String name, Analyzed value, SqlType type) {
      return new Column("", List.of(), name, name, Optional.of(type), false, Optional.of(value), true);
    }

    Analyzed value() {
      return expression.orElseGet(() -> new Analyzed.ColumnValue(relation, h2Name));
    }

    Column hide() {
      return new Column(relation, qualifier, name, h2Name, type, true, expression, nullable);
    }

    Column withNullable(boolean canBeNull) {
      return new Column(relation, qualifier, name, h2Name, type, hidden, expression, canBeNull);
    }
  }

  record Resolved(Column column, boolean outer) {}

  /**
   * Whether a subquery read a column of the query around it (or of one further out): one that did not has the same
   * value for every row of that query.
   */
  static final class Correlation {
    private boolean found;

    boolean found() {
      return found;
    }
  }

  private final List<Column> columns;
  private final Optional<Scope> outer;
  private final Optional<Correlation> correlation;

  Scope(List<Column> columns, Optional<Scope> outer) {
    this(columns, outer, Optional.empty());
  }

  private Scope(List<Column> columns, Optional<Scope> outer, Optional<Correlation> correlation) {
    this.columns = List.copyOf(columns);
    this.outer = outer;
    this.correlation = correlation;
  }

  /** This scope as the outer scope of a subquery, noting in {@code correlation} whether the subquery reads it. */
  Scope watched(Correlation correlation) {
    return new Scope(columns, outer, Optional.of(correlation));
  }

  static Scope empty(Optional<Scope> outer) {
    return new Scope(List.of(), outer);
  }

  List<Column> columns() {
    return columns;
  }

  Optional<Scope> outer() {
    return outer;
  }

  Scope join(Scope right) {
    List<Column> all = new ArrayList<>(columns);
    all.addAll(right.columns);
    return new Scope(all, outer);
  }

  Scope withColumns(List<Column> replaced) {
    return new Scope(replaced, outer);
  }

  /** The columns {@code *} or {@code q.*} expands to. */
  List<Column> expand(List<String> qualifier, io.flowgate.engine.sql.tree.Span span) {
    List<Column> expanded = columns.stream()
        .filter(column -> !column.hidden() || !qualifier.isEmpty())
        .filter(column -> qualifier.isEmpty() || qualifies(column, qualifier))
        .toList();
    if (!qualifier.isEmpty() && expanded.isEmpty()) {
      throw EngineException.of(ErrorClass.UNRESOLVED_COLUMN).subClass("WITHOUT_SUGGESTION", "")
          .parameter("objectName", Errors.quote(qualifier) + ".*").at(span).build();
    }
    return expanded;
  }

  Resolved resolve(ColumnRef reference) {
    Optional<Column> found = find(reference);
    if (found.isPresent()) {
      return new Resolved(found.get(), false);
    }
    List<Scope> crossed = new ArrayList<>();
    Optional<Scope> enclosing = outer;
    while (enclosing.isPresent()) {
      crossed.add(enclosing.get());
      Optional<Column> outerColumn = enclosing.get().find(reference);
      if (outerColumn.isPresent()) {
        crossed.forEach(scope -> scope.correlation.ifPresent(watch -> watch.found = true));
        return new Resolved(outerColumn.get(), true);
      }
      enclosing = enclosing.get().outer;
    }
    throw Errors.unresolvedColumn(reference.parts(), columns.stream().filter(c -> !c.hidden())
        .map(column -> column.qualifier().isEmpty() ? column.name()
            : column.qualifier().get(column.qualifier().size() - 1) + "." + column.name())
        .toList(), reference.span());
  }

  /** Whether {@code reference} names a column of this scope itself (not of one around it). */
  boolean resolves(ColumnRef reference) {
    return find(reference).isPresent();
  }

  private Optional<Column> find(ColumnRef reference) {
    List<String> parts = reference.parts();
    String name = parts.get(parts.size() - 1);
    List<String> qualifier = parts.subList(0, parts.size() - 1);
    List<Column> matches = columns.stream()
        .filter(column -> column.name().equalsIgnoreCase(name))
        .filter(column -> qualifier.isEmpty() || qualifies(column, qualifier))
        .toList();
    if (matches.size() > 1) {
      // USING joins expose the same column from both sides; the visible one wins.
      List<Column> visible = matches.stream().filter(column -> !column.hidden()).toList();
      if (visible.size() != 1) {
        throw EngineException.of(ErrorClass.AMBIGUOUS_REFERENCE).parameter("name", Errors.quote(parts))
            .parameter("referenceNames", matches.stream()
                .map(column -> Errors.quote(append(column.qualifier(), column.name()))).distinct().toList())
            .at(reference.span()).build();
      }
      return Optional.of(visible.get(0));
    }
    return matches.stream().findFirst();
  }

  /** A column's qualifier and name as the parts of one reference. */
  static List<String> append(List<String> qualifier, String name) {
    List<String> parts = new ArrayList<>(qualifier);
    parts.add(name);
    return parts;
  }

  private static boolean qualifies(Column column, List<String> qualifier) {
    List<String> full = column.qualifier();
    if (qualifier.size() > full.size()) {
      return false;
    }
    List<String> tail = full.subList(full.size() - qualifier.size(), full.size());
    for (int i = 0; i < qualifier.size(); i++) {
      if (!tail.get(i).toLowerCase(Locale.ROOT).equals(qualifier.get(i).toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }
}
