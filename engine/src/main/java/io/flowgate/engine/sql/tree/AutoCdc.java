package io.flowgate.engine.sql.tree;

import java.util.List;
import java.util.Optional;

/**
 * The {@code auto_cdc_spec} of {@code FLOW AUTO CDC}, {@code CREATE FLOW ... AS AUTO CDC INTO} and {@code APPLY
 * CHANGES INTO}: change events from {@code source}, identified by {@code keys} and ordered by {@code sequenceBy}.
 */
public record AutoCdc(Span span, Relation source, List<String> keys, Optional<ColumnSet> ignoreNullUpdates,
    Optional<Expression> deleteWhen, Optional<Expression> truncateWhen, Expression sequenceBy,
    Optional<ColumnSet> columns, int scdType, Optional<ColumnSet> trackHistory) implements Node {
  public AutoCdc {
    keys = List.copyOf(keys);
  }

  /**
   * A set of columns: {@code (a, b)}, or {@code * EXCEPT (a, b)} ({@code allExcept}); {@code IGNORE NULL UPDATES}
   * without {@code ON} is every column, {@code * EXCEPT ()}.
   */
  public record ColumnSet(boolean allExcept, List<String> names) {
    public ColumnSet {
      names = List.copyOf(names);
    }

    public boolean contains(String column) {
      boolean listed = names.stream().anyMatch(name -> name.equalsIgnoreCase(column));
      return allExcept != listed;
    }
  }
}
