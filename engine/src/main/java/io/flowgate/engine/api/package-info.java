/**
 * What the engine's API hands out and takes besides {@code Engine} and {@code Session}: statement results and their
 * cursors, result columns, prepared-statement information and the principal a session acts for. A leaf: it knows
 * only the dialect's types, so the engine's executors can produce these without depending on the API's entry
 * points.
 */
package io.flowgate.engine.api;
