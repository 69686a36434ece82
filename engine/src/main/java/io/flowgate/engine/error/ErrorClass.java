package io.flowgate.engine.error;

/**
 * The error classes the engine raises, each with its SQLSTATE and message template. Parameters in the
 * template are written {@code <name>}. Constants are alphabetical and never renamed: clients match on them.
 */
public enum ErrorClass {
  AMBIGUOUS_REFERENCE("42702", "Reference <name> is ambiguous, could be: <referenceNames>."),
  ARITHMETIC_OVERFLOW("22003", "<message>. If necessary set ansi_mode to false to bypass this error."),
  ASSIGNMENT_ARITY_MISMATCH("42802", "The number of columns or variables assigned or aliased: <numTarget> does not match the number of source expressions: <numExpr>."),
  AUTOCDC_INCOMPATIBLE_STATE("55000", "The AUTO CDC state of <tableName> was built for <stored>, but its flows now declare <declared>. Changing KEYS, SEQUENCE BY, STORED AS, IGNORE NULL UPDATES or the kept columns of SCD TYPE 2 needs a full refresh: REFRESH STREAMING TABLE <tableName> FULL."),
  AUTOCDC_MICROBATCH_VALIDATION("22000", "AutoCDC flow on table <tableName> in batch <batchId> failed microbatch validation."),
  CANNOT_SWITCH_STREAMING_TABLE_TO_MANAGED_TABLE("42809", "Cannot create the managed table <tableName>: a streaming table of that name exists. Drop the streaming table first."),
  CAST_INVALID_INPUT("22018", "The value <expression> cannot be cast to <targetType> because it is malformed."),
  CATALOG_ALREADY_EXISTS("42P04", "Cannot create catalog <catalogName> because it already exists."),
  CATALOG_NOT_FOUND("42704", "The catalog <catalogName> cannot be found. Verify the spelling and correctness of the catalog."),
  COLUMN_ALREADY_EXISTS("42711", "The column <columnName> already exists. Choose another name or rename the existing column."),
  CONCURRENT_MODIFICATION("40001", "The statement conflicted with a concurrent change; retry it."),
  CONFIG_NOT_AVAILABLE("42K0I", "Configuration <config> is not available."),
  CONNECTION_NOT_FOUND("08003", "The connection <connectionId> does not exist or has expired."),
  DATATYPE_MISMATCH("42K09", "Cannot resolve <sqlExpr> due to data type mismatch: <message>."),
  DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED("42808", "Providing values for GENERATED ALWAYS AS IDENTITY column <colName> is not supported."),
  DELTA_IDENTITY_COLUMNS_ILLEGAL_STEP("42611", "IDENTITY column step cannot be 0."),
  DELTA_IDENTITY_COLUMNS_UNSUPPORTED_DATA_TYPE("428H2", "DataType <dataType> is not supported for IDENTITY columns."),
  DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED("42808", "UPDATE on IDENTITY column <colName> is not supported."),
  DELTA_IDENTITY_COLUMNS_WITH_GENERATED_EXPRESSION("42613", "IDENTITY column cannot be specified with a generated column expression."),
  DELTA_MISSING_CHANGE_DATA("KD002", "Error getting change data for <table>: change data was not recorded. To start recording change data, use ALTER TABLE <table> SET TBLPROPERTIES (<property> = true), or create it with that property."),
  DELTA_NOT_NULL_CONSTRAINT_VIOLATED("23502", "NOT NULL constraint violated for column: <columnName>."),
  DELTA_REPLACE_WHERE_MISMATCH("44000", "Written data does not conform to partial table overwrite condition or constraint '<replaceWhere>'. <message>"),
  DELTA_SOURCE_IGNORE_DELETE("0A000", "Detected deleted data (for example <removedFile>) from streaming source at version <version>. This is currently not supported. If you'd like to ignore deletes, set the option 'ignoreDeletes' to 'true'. The source table can be found at path <dataPath>."),
  DELTA_SOURCE_TABLE_IGNORE_CHANGES("0A000", "Detected a data update (for example <file>) in the source table at version <version>. This is currently not supported. If this is going to happen regularly and you are okay to skip changes, set the option 'skipChangeCommits' to 'true'. If you would like the data update to be reflected, please restart this query with a fresh checkpoint directory, or do a full refresh. The source table can be found at path <dataPath>."),
  DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE("55019", "The streaming query was reading from an unexpected table (id = '<newTableId>'). It used to read from another table (id = '<oldTableId>') according to its checkpoint. This happens when the source table <tableName> was dropped and created again. Run a full refresh of the streaming table to read the new table from the start."),
  DIVIDE_BY_ZERO("22012", "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead."),
  DUPLICATE_ASSIGNMENTS("42701", "The columns or variables <nameList> appear more than once as assignment targets."),
  DUPLICATE_CLAUSES("42614", "Found duplicate clauses: <clauseName>. Please, remove one of them."),
  DUPLICATE_EXPECTATION("42710", "The expectation name <name> is used twice on one dataset; expectation names must be unique per dataset."),
  EXPECTATION_VIOLATION("22000", "Flow '<flowName>' failed to meet the expectation."),
  EXPECT_TABLE_NOT_VIEW("42809", "<operation> expects a table but <viewName> is a view or a pipeline dataset."),
  FEATURE_NOT_SUPPORTED("0A000", "The feature is not supported: <feature>."),
  FIELD_NOT_FOUND("42704", "No such struct field <fieldName> in <fields>."),
  FOREIGN_KEY_MISMATCH("42830", "The foreign key <keyName> does not match the primary key of <parentTable>: <reason>."),
  GROUP_BY_POS_OUT_OF_RANGE("42805", "GROUP BY position <index> is not in select list (valid range is [1, <size>])."),
  INCOMPATIBLE_COLUMN_TYPE("42825", "<operator> can only be performed on inputs with compatible column types. The <columnOrdinalNumber> column of the <tableOrdinalNumber> input is <dataType1> and does not fit <dataType2>."),
  INSERT_COLUMN_ARITY_MISMATCH("21S01", "Cannot write to <tableName>, the reason is <reason>: table columns <tableColumns>, data columns <dataColumns>."),
  INSUFFICIENT_PERMISSIONS("42501", "Insufficient privileges: <report>"),
  INTERNAL_ERROR("XX000", "An internal error occurred: <message>."),
  INVALID_AGGREGATE_USE("42903", "An aggregate function is used where it is not allowed (WHERE, GROUP BY or nested in another aggregate)."),
  INVALID_ARRAY_INDEX("22003", "The index <indexValue> is out of bounds. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead."),
  INVALID_CREDENTIALS("28000", "The user name or password is not valid."),
  INVALID_EXTRACT_BASE_FIELD_TYPE("42000", "Can't extract a value from <base>. Need a complex type [STRUCT, ARRAY, MAP] but got <other>."),
  INVALID_FLOW_QUERY_TYPE("42000", "Flow <flowIdentifier> returns an invalid relation type."),
  INVALID_INLINE_TABLE("42000", "Invalid inline table."),
  INVALID_PARAMETER_VALUE("22023", "The value of parameter(s) <parameter> in <functionName> is invalid: <message>."),
  INVALID_REQUEST("08P01", "The request cannot be served: <reason>."),
  INVALID_SCHEMA_OR_RELATION_NAME("42602", "<name> is not a valid name for tables/schemas."),
  INVALID_STATEMENT_HANDLE("HY010", "The statement <statementId> does not exist or has been closed."),
  INVALID_SUBQUERY_EXPRESSION("42823", "Invalid subquery: the subquery must return exactly one column, but it returns <number>."),
  INVALID_TYPED_LITERAL("42604", "The value of the typed literal <valueType> is invalid: <value>."),
  INVALID_USAGE_OF_STAR_OR_REGEX("42000", "Invalid usage of <elem> in <prettyName>."),
  LOGIN_RATE_LIMITED("28000", "Too many failed logins for this user from this address; try again in <seconds> seconds."),
  MANAGED_TABLE_DOES_NOT_SUPPORT_CDC("0A000", "Managed tables do not support AUTO CDC flows. Use a streaming table, with flows defined by CREATE FLOW, as the target of change data capture."),
  MISSING_AGGREGATION("42803", "The non-aggregating expression <expression> is based on columns which are not participating in the GROUP BY clause."),
  MULTIPART_FLOW_NAME_NOT_SUPPORTED("0A000", "Flow with multipart name <flowName> is not supported."),
  NO_ACTIVE_TRANSACTION("25000", "There is no active transaction to <action>."),
  NUMERIC_VALUE_OUT_OF_RANGE("22003", "The value <value> cannot be represented: <message>."),
  NUM_COLUMNS_MISMATCH("42826", "<operator> can only be performed on inputs with the same number of columns, but the first input has <firstNumColumns> columns and the <invalidOrdinalNum> input has <invalidNumColumns> columns."),
  OPERATION_CANCELED("HY008", "The operation was canceled."),
  ORDER_BY_POS_OUT_OF_RANGE("42805", "ORDER BY position <index> is not in select list (valid range is [1, <size>])."),
  PARSE_SYNTAX_ERROR("42601", "Syntax error at or near <error><hint>."),
  PIPELINE_DUPLICATE_IDENTIFIERS("42710", "A duplicate identifier was found for elements registered in the pipeline's dataflow graph."),
  PIPELINE_GRAPH_CYCLE("42000", "The pipeline's datasets read each other in a cycle: <datasets>."),
  PIPELINE_SQL_GRAPH_ELEMENT_REGISTRATION_ERROR("42000", "<message>. Offending query: <offendingQuery>. Query defined at <location>."),
  PRINCIPAL_ALREADY_EXISTS("42710", "Cannot create the <kind> <principalName> because a user or group of that name already exists."),
  PRINCIPAL_DOES_NOT_EXIST("42704", "Cannot find the <kind> <principalName>."),
  QUERIED_TABLE_INCOMPATIBLE_WITH_COLUMN_MASK_POLICY("428HD", "Unable to access referenced table because a previously assigned column mask is currently incompatible with the table schema; to continue, please contact the owner of the table to update the policy:"),
  QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY("428HD", "Unable to access referenced table because a previously assigned row level security policy is currently incompatible with the table schema; to continue, please contact the owner of the table to update the policy:"),
  RESULT_CLOSED("24000", "The result was closed when its transaction ended; run the query again."),
  RESULT_EXPIRED("24000", "The result of statement <statementId> was closed because it was not fetched from for too long; run the statement again."),
  ROUTINE_ALREADY_EXISTS("42723", "Cannot create the function <routineName> because it already exists. Choose a different name, drop or replace the existing function, or add the IF NOT EXISTS clause to tolerate a pre-existing function."),
  ROUTINE_NOT_FOUND("42883", "The function <routineName> cannot be found. Verify the spelling and correctness of the schema and catalog."),
  ROW_COLUMN_ACCESS("HY000", "Error using row filters or column masks:"),
  RUN_EMPTY_PIPELINE("42617", "Pipelines are expected to have at least one non-temporary dataset defined (tables, persisted views) but no non-temporary datasets were found in your pipeline."),
  SCALAR_SUBQUERY_TOO_MANY_ROWS("21000", "More than one row returned by a subquery used as an expression."),
  SCHEMA_ALREADY_EXISTS("42P06", "Cannot create schema <schemaName> because it already exists."),
  SCHEMA_NOT_EMPTY("2BP01", "Cannot drop a schema <schemaName> because it contains objects. Use DROP SCHEMA ... CASCADE to drop the schema and all its objects."),
  SCHEMA_NOT_FOUND("42704", "The schema <schemaName> cannot be found. Verify the spelling and correctness of the schema and catalog."),
  STATEMENT_TIMEOUT_EXCEEDED("HYT00", "The statement ran longer than its timeout of <seconds> s and was canceled; its changes were rolled back. Raise STATEMENT_TIMEOUT (SET STATEMENT_TIMEOUT = seconds) or the client's query timeout."),
  STATEMENT_TOO_COMPLEX("54001", "The statement is too complex: <reason>. Simplify it or split it into smaller statements."),
  STREAMING_TABLE_OPERATION_NOT_ALLOWED("42601", "The operation <operation> is not allowed:"),
  STRING_VALUE_TOO_LONG("22001", "The value is too long for column <columnName>."),
  TABLE_METADATA_UNREADABLE("XX001", "The catalog entry of <relationName> cannot be read: <reason>. The table can only be dropped (DROP TABLE <relationName>)."),
  TABLE_OR_VIEW_ALREADY_EXISTS("42P07", "Cannot create table or view <relationName> because it already exists. Choose a different name, drop the existing object, add the IF NOT EXISTS clause to tolerate pre-existing objects, or add the OR REFRESH clause to refresh the existing streaming table."),
  TABLE_OR_VIEW_NOT_FOUND("42P01", "The table or view <relationName> cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS."),
  TOO_MANY_CONNECTIONS("53300", "Too many open connections for user <user> (at most <limit>): close connections before opening more."),
  TOO_MANY_OPEN_RESULTS("54000", "Too many open results (at most <limit> <scope>): read results to the end or close them before running more queries."),
  TOO_MANY_OPEN_STATEMENTS("54000", "Too many open statements on one connection (at most <limit>): close statements before creating more."),
  TOO_MANY_OPEN_TRANSACTIONS("53300", "Too many open transactions (at most <limit>): commit or roll back transactions before starting more."),
  TRANSACTION_NOT_SUPPORTED("0A000", "The statement is not supported in a transaction:"),
  TRANSACTION_ROLLBACK_REQUIRED_AFTER_ABORT("40000", "The current transaction has been aborted. Run ROLLBACK TRANSACTION before continuing. Abort reason:"),
  UNBOUND_SQL_PARAMETER("42P02", "Found the unbound parameter: <name>. Please bind a value to every parameter marker."),
  UNRESOLVED_COLUMN("42703", "A column, variable, or function parameter with name <objectName> cannot be resolved."),
  UNRESOLVED_ROUTINE("42883", "Cannot resolve function <routineName> on search path <searchPath>."),
  UNSET_NONEXISTENT_PROPERTIES("42K0J", "Attempted to unset non-existent properties [<properties>] in table <table>."),
  UNSUPPORTED_DATATYPE("0A000", "Unsupported data type <typeName>."),
  UNSUPPORTED_FEATURE("0A000", "The feature is not supported:"),
  UNSUPPORTED_GENERATOR("42K0E", "The generator is not supported:"),
  USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE("42000", "Table '<tableName>' has a user-specified schema that is incompatible with the schema inferred from its query: the query writes <columns>, which the declared schema lacks. <streamingTableHint>"),
  VIEW_EXCEED_MAX_NESTED_DEPTH("54K00", "The depth of view <viewName> exceeds the maximum view resolution depth (<maxNestedDepth>)."),
  WINDOW_FUNCTION_AND_FRAME_MISMATCH("42K0E", "The window function <funcName> has a frame of its own and cannot take another; leave the frame out."),
  WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE("42601", "Window function <funcName> requires an OVER clause."),
  WRONG_COMMAND_FOR_OBJECT_TYPE("42809", "The operation <operation> requires a <requiredType>. But <objectName> is a <foundType>. Use <alternative> instead."),
  WRONG_NUM_ARGS("42605", "The <functionName> requires <expectedNum> parameters but the actual number is <actualNum>.");

  private final String sqlState;
  private final String template;

  ErrorClass(String sqlState, String template) {
    this.sqlState = sqlState;
    this.template = template;
  }

  public String sqlState() {
    return sqlState;
  }

  public String template() {
    return template;
  }
}
