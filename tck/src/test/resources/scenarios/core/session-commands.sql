-- SET CATALOG / SET SCHEMA, SHOW CURRENT SCHEMA, ANSI_MODE, SHOW VIEWS, SHOW USER | SYSTEM FUNCTIONS, DESCRIBE QUERY
-- and DESCRIBE t column
CREATE CATALOG sess_cat;
> ok
SET CATALOG sess_cat;
> ok
SHOW CURRENT SCHEMA;
> catalog | namespace
> sess_cat | default
> rows: 1
CREATE SCHEMA inner_s;
> ok
SET SCHEMA inner_s;
> ok
SHOW CURRENT SCHEMA;
> catalog | namespace
> sess_cat | inner_s
> rows: 1
SET ansi_mode = true;
> ok
SET spark.sql.ansi.enabled;
> key | value
> spark.sql.ansi.enabled | true
> rows: 1
SET ansi_mode = false;
> exception INVALID_PARAMETER_VALUE
CREATE TABLE t (a INT COMMENT 'the a', b STRING);
> ok
CREATE VIEW v AS SELECT a FROM t;
> ok
CREATE TEMP VIEW tv AS SELECT 1 AS x;
> ok
SHOW VIEWS;
> namespace | viewName | isTemporary | isMaterialized
> inner_s | v | false | false
>  | tv | true | false
> rows: 2
SHOW VIEWS IN sess_cat.inner_s LIKE 'v*';
> namespace | viewName | isTemporary | isMaterialized
> inner_s | v | false | false
> rows: 1
DESCRIBE QUERY SELECT a, b, a + 1 AS c FROM t;
> col_name | data_type | comment
> a | int | null
> b | string | null
> c | int | null
> rows: 3
DESCRIBE SELECT 1.5 AS d;
> col_name | data_type | comment
> d | decimal(2,1) | null
> rows: 1
DESCRIBE t a;
> info_name | info_value
> col_name | a
> data_type | int
> comment | the a
> rows: 3
DESCRIBE TABLE t nope;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE FUNCTION twice(x INT) RETURNS INT RETURN x * 2;
> ok
SHOW USER FUNCTIONS;
> function
> sess_cat.inner_s.twice
> rows: 1
SHOW SYSTEM FUNCTIONS LIKE 'upp*';
> function
> upper
> rows: 1
-- DESCRIBE FUNCTION of a built-in
DESCRIBE FUNCTION upper;
> function_desc
> Function: upper
> Class:    system.builtin
> Type:     SCALAR
> Usage:    upper(1 argument); the rules are the dialect's, as engine/docs/sql-surface.md lists them
> rows: 4
