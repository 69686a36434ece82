package io.flowgate.engine.sql.analyzer;

/**
 * What the analyzer needs to know of a function by name, given by whoever owns the function registry (the planner),
 * so analysis does not depend on how a call is written for the store.
 */
public interface FunctionTraits {
  enum Kind { SCALAR, AGGREGATE, WINDOW }

  /** How far a call's value is fixed by its arguments. */
  enum Determinism {
    /** The same arguments give the same value, always. */
    DETERMINISTIC,
    /** The same within one statement, not across statements: the clock, the session's user, schema and groups. */
    PER_STATEMENT,
    /** A new value on each call (rand, random). */
    RANDOM
  }

  /** The kind of a function of this (lower-case) name; SCALAR for names the registry does not have. */
  Kind kind(String name);

  Determinism determinism(String name);
}
