package io.flowgate.engine.exec;

import io.flowgate.catalog.CatalogService;
import io.flowgate.engine.plan.QueryTranslator;
import io.flowgate.engine.plan.SessionContext;
import io.flowgate.engine.storage.H2Storage;

/** What executing one statement needs: the catalog, the store and who runs it where. */
public record ExecutionContext(CatalogService catalog, H2Storage storage, SessionContext session) {
  public QueryTranslator translator() {
    return new QueryTranslator(catalog, session);
  }
}
