package io.flowgate.engine.pipeline;

import io.flowgate.catalog.model.ExpectationInfo;
import io.flowgate.catalog.model.TableInfo;
import io.flowgate.engine.type.JsonText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a flow batch's expectations found: the data-quality part of its flow_progress event, the rows that failed
 * each expectation, and the rows dropped.
 */
record DataQuality(Optional<String> json, Map<String, Long> failedByExpectation, long dropped) {
  static final DataQuality NONE = new DataQuality(Optional.empty(), Map.of(), 0);

  /**
   * From the counts of a batch's rows: all of them, those passing each expectation in order, and those kept (passing
   * every DROP ROW one). Append flows count rows, AUTO CDC flows change events.
   */
  static DataQuality of(TableInfo target, List<ExpectationInfo> expectations, List<? extends Number> counts) {
    long total = counts.get(0).longValue();
    long dropped = total - counts.get(counts.size() - 1).longValue();
    Map<String, Long> failed = new LinkedHashMap<>();
    StringBuilder json = new StringBuilder("{\"dropped_records\":").append(dropped).append(",\"expectations\":[");
    for (int i = 0; i < expectations.size(); i++) {
      long passed = counts.get(i + 1).longValue();
      failed.put(expectations.get(i).name(), total - passed);
      json.append(i > 0 ? "," : "").append("{\"name\":");
      JsonText.quote(expectations.get(i).name(), json).append(",\"dataset\":");
      JsonText.quote(target.name().table(), json).append(",\"passed_records\":").append(passed)
          .append(",\"failed_records\":").append(total - passed).append('}');
    }
    return new DataQuality(Optional.of(json.append("]}").toString()), failed, dropped);
  }
}
