package io.flowgate.engine.sql.tree;

/** A parsed statement, by family. */
public sealed interface Statement extends Node permits Query, Ddl, Dml, Show, Pipeline, Access, Transaction,
    Explain, FileCommand, CopyInto {}
