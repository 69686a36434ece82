package io.flowgate.engine.sql.tree;

/** What a GRANT, REVOKE or SHOW GRANTS names: a catalog, a schema, a table or view, a function, or ANY FILE. */
public enum SecurableKind { CATALOG, SCHEMA, TABLE, FUNCTION, VOLUME, ANY_FILE }
