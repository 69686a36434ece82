package io.flowgate.gateway.convert;

import io.flowgate.engine.error.EngineException;
import io.flowgate.engine.error.ErrorClass;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one place engine failures become Avatica errors that carry the error class text and SQLSTATE. */
public final class ErrorConverter {
  private static final Logger log = LoggerFactory.getLogger(ErrorConverter.class);

  private ErrorConverter() {}

  /**
   * The failure as Avatica sends it, logged at WARN with its user and error class only (never the statement or its
   * values, which may be private).
   */
  public static AvaticaRuntimeException toAvatica(RuntimeException failure, String user) {
    if (failure instanceof AvaticaRuntimeException avatica) {
      return avatica;
    }
    EngineException engine;
    if (failure instanceof EngineException e) {
      engine = e;
    } else {
      log.error("internal error", failure);
      engine = EngineException.of(ErrorClass.INTERNAL_ERROR).parameter("message", "see the gateway log").build();
    }
    if (engine.errorClass() == ErrorClass.INTERNAL_ERROR && engine.getCause() != null) {
      log.error("internal error", engine.getCause());
    }
    log.warn("request of {} failed: {} (SQLSTATE {})", user, engine.qualifiedClass(), engine.sqlState());
    return new AvaticaRuntimeException(engine.getMessage(), -1, engine.sqlState(), AvaticaSeverity.ERROR);
  }
}
