package io.flowgate.engine.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.FlowInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.api.ResultColumn;
import java.util.List;
import java.util.function.Supplier;

/**
 * The flows planned at the catalog's current generation, so that a REFRESH plans a flow once and not on every
 * batch: parsing its stored text, resolving and checking it, writing its statements, describing its columns. A plan depends on nothing but
 * the catalog (every change of a table, grant or flow starts a new generation), the flow, its target, its
 * expectations and the user it runs as, which make up the key. Plans that read files are not kept: what a file
 * read finds is decided when it runs. Bounded; one per engine.
 */
public final class FlowPlans {
  private static final int MAX_PLANS = 1_000;

  private record Key(long generation, String user, FlowInfo flow, TableInfo target, List<ExpectationInfo> expectations) {}

  private final Cache<Key, FlowRunner.PlannedFlow> plans = Caffeine.newBuilder().maximumSize(MAX_PLANS).build();

  private record ColumnsKey(long generation, String user, FlowInfo flow) {}

  /** The columns a flow's query writes, as planned: what a REFRESH checks its target's schema against. */
  record Columns(List<ResultColumn> columns, boolean readsFiles) {}

  private final Cache<ColumnsKey, Columns> columns = Caffeine.newBuilder().maximumSize(MAX_PLANS).build();

  /** The datasets a flow's query names: its text and where it was defined decide them, so the flow is the key. */
  private final Cache<FlowInfo, List<io.flowgate.catalog.TableName>> inputs = Caffeine.newBuilder()
      .maximumSize(MAX_PLANS).build();

  List<io.flowgate.catalog.TableName> inputs(FlowInfo flow,
      java.util.function.Function<FlowInfo, List<io.flowgate.catalog.TableName>> reader) {
    return inputs.get(flow, reader);
  }

  FlowRunner.PlannedFlow get(long generation, String user, FlowInfo flow, TableInfo target,
      List<ExpectationInfo> expectations, Supplier<FlowRunner.PlannedFlow> planner) {
    Key key = new Key(generation, user, flow, target, List.copyOf(expectations));
    FlowRunner.PlannedFlow known = plans.getIfPresent(key);
    if (known != null) {
      return known;
    }
    FlowRunner.PlannedFlow planned = planner.get();
    if (planned.fileReads().isEmpty() && planned.cdc().isEmpty()) {
      plans.put(key, planned);
    }
    return planned;
  }

  /** The columns of a flow's query at this generation; not kept when it reads files (new files may add some). */
  List<ResultColumn> columns(long generation, String user, FlowInfo flow, Supplier<Columns> planner) {
    ColumnsKey key = new ColumnsKey(generation, user, flow);
    Columns known = columns.getIfPresent(key);
    if (known != null) {
      return known.columns();
    }
    Columns planned = planner.get();
    if (!planned.readsFiles()) {
      columns.put(key, planned);
    }
    return planned.columns();
  }
}
