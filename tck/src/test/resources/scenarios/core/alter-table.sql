-- ALTER TABLE ... ADD COLUMNS, COMMENT ON TABLE / COLUMN and ALTER COLUMN ... COMMENT
CREATE CATALOG alter_cat;
> ok
USE CATALOG alter_cat;
> ok
CREATE TABLE t (a INT) COMMENT 'first';
> ok
INSERT INTO t VALUES (1);
> update count 1
-- new columns come after the others, NULL in the rows the table has
ALTER TABLE t ADD COLUMNS (b STRING COMMENT 'bee', c DECIMAL(10,2));
> ok
ALTER TABLE t ADD COLUMN d DATE;
> ok
INSERT INTO t VALUES (2, 'x', 1.5, DATE'2020-01-01');
> update count 1
SELECT * FROM t ORDER BY a;
> a | b | c | d
> 1 | null | null | null
> 2 | x | 1.50 | 2020-01-01
> rows: 2
DESCRIBE t b;
> info_name | info_value
> col_name | b
> data_type | string
> comment | bee
> rows: 3
ALTER TABLE t ADD COLUMN a INT;
> exception COLUMN_ALREADY_EXISTS
ALTER TABLE t ADD COLUMN e INT NOT NULL;
> exception FEATURE_NOT_SUPPORTED
CREATE VIEW v AS SELECT a FROM t;
> ok
ALTER TABLE v ADD COLUMN z INT;
> exception EXPECT_TABLE_NOT_VIEW
CREATE STREAMING TABLE st AS SELECT a FROM STREAM(t);
> ok
ALTER TABLE st ADD COLUMN z INT;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
-- comments: on the table, on a column, and none with NULL
COMMENT ON TABLE t IS 'second';
> ok
COMMENT ON COLUMN t.a IS 'the a';
> ok
ALTER TABLE t ALTER COLUMN c COMMENT 'money';
> ok
SELECT column_name, comment FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position;
> column_name | comment
> a | the a
> b | bee
> c | money
> d | null
> rows: 4
SELECT comment FROM information_schema.tables WHERE table_name = 't';
> comment
> second
> rows: 1
COMMENT ON TABLE t IS NULL;
> ok
SELECT comment FROM information_schema.tables WHERE table_name = 't';
> comment
> null
> rows: 1
COMMENT ON COLUMN t.zz IS 'x';
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
COMMENT ON SCHEMA default IS 'x';
> exception FEATURE_NOT_SUPPORTED
