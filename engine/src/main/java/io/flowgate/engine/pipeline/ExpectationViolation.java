package io.flowgate.engine.pipeline;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import io.flowgate.engine.type.JsonText;
import java.util.List;

/** The error of an expectation with ON VIOLATION FAIL UPDATE, quoting the first record that violated it. */
final class ExpectationViolation {
  private ExpectationViolation() {}

  /** {@code values} are the record's columns named {@code names}; {@code violated} the expectations it failed. */
  static EngineException of(String flowName, List<String> names, Object[] values, List<String> violated) {
    StringBuilder record = new StringBuilder("{");
    for (int i = 0; i < names.size(); i++) {
      JsonText.quote(names.get(i), i > 0 ? record.append(',') : record).append(':');
      record.append(values[i] == null ? "null" : values[i] instanceof Number || values[i] instanceof Boolean
          ? values[i].toString() : JsonText.quote(values[i].toString()));
    }
    String json = record.append('}').toString();
    return EngineException.of(ErrorClass.EXPECTATION_VIOLATION).subClass("VERBOSITY_ALL",
        "Violated expectations: '<expectationsViolated>'. Input data: '<inputData>'. Output record:"
            + " '<outputRecord>'. Missing input data: false").parameter("flowName", flowName)
        .parameter("expectationsViolated", String.join(", ", violated)).parameter("inputData", json)
        .parameter("outputRecord", json).build();
  }
}
