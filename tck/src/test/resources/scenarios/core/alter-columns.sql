-- ALTER TABLE on existing columns: DROP COLUMN[S], RENAME COLUMN, SET / DROP NOT NULL, and what each refuses
CREATE CATALOG colcat;
> ok
USE CATALOG colcat;
> ok
CREATE TABLE t (a INT, b STRING, c INT, d DATE);
> ok
INSERT INTO t VALUES (1, 'x', 10, DATE'2020-01-01'), (2, NULL, 20, NULL);
> update count 2
ALTER TABLE t DROP COLUMN d;
> ok
SELECT * FROM t ORDER BY a;
> a | b | c
> 1 | x | 10
> 2 | null | 20
> rows: 2
ALTER TABLE t DROP COLUMN d;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
ALTER TABLE t DROP COLUMN IF EXISTS d;
> ok
-- a renamed column keeps its rows; the old name no longer resolves
ALTER TABLE t RENAME COLUMN c TO amount;
> ok
INSERT INTO t (a, b, amount) VALUES (3, 'z', 30);
> update count 1
SELECT a, amount FROM t ORDER BY a;
> a | amount
> 1 | 10
> 2 | 20
> 3 | 30
> rows: 3
SELECT c FROM t;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
ALTER TABLE t RENAME COLUMN amount TO b;
> exception COLUMN_ALREADY_EXISTS
ALTER TABLE t RENAME COLUMN nope TO e;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- the engine's own columns beside a table's begin with __fg_: no column may be named so
ALTER TABLE t RENAME COLUMN amount TO __FG_commit_version;
> exception FEATURE_NOT_SUPPORTED
-- SET NOT NULL checks the rows there, then holds for new ones
ALTER TABLE t ALTER COLUMN b SET NOT NULL;
> exception DELTA_NOT_NULL_CONSTRAINT_VIOLATED
UPDATE t SET b = 'y' WHERE b IS NULL;
> update count 1
ALTER TABLE t ALTER COLUMN b SET NOT NULL;
> ok
INSERT INTO t VALUES (4, NULL, 40);
> exception DELTA_NOT_NULL_CONSTRAINT_VIOLATED
SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position;
> column_name | is_nullable
> a | YES
> b | NO
> amount | YES
> rows: 3
ALTER TABLE t CHANGE COLUMN b DROP NOT NULL;
> ok
INSERT INTO t VALUES (4, NULL, 40);
> update count 1
ALTER TABLE t DROP COLUMNS (b, amount);
> ok
SELECT * FROM t ORDER BY a;
> a
> 1
> 2
> 3
> 4
> rows: 4
ALTER TABLE t DROP COLUMN a;
> exception DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA
-- a column's type widens only where the table allows type widening, as the dialect's tables do
ALTER TABLE t ALTER COLUMN a TYPE BIGINT;
> exception DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP
CREATE TABLE w (i INT, f FLOAT, d DECIMAL(5,2), day DATE, s STRING) TBLPROPERTIES ('delta.enableTypeWidening' = 'true');
> ok
INSERT INTO w VALUES (2147483647, 1.5, 123.45, DATE'2026-01-02', 'x');
> update count 1
ALTER TABLE w ALTER COLUMN i TYPE BIGINT;
> ok
ALTER TABLE w CHANGE COLUMN f TYPE DOUBLE;
> ok
ALTER TABLE w ALTER COLUMN d TYPE DECIMAL(8,3);
> ok
ALTER TABLE w ALTER COLUMN day TYPE TIMESTAMP_NTZ;
> ok
INSERT INTO w VALUES (2147483648, 2.5, 12345.678, TIMESTAMP_NTZ'2026-01-03 04:05:06', 'y');
> update count 1
SELECT * FROM w ORDER BY i;
> i | f | d | day | s
> 2147483647 | 1.5 | 123.450 | 2026-01-02 00:00:00.0 | x
> 2147483648 | 2.5 | 12345.678 | 2026-01-03 04:05:06.0 | y
> rows: 2
DESCRIBE w;
> col_name | data_type | comment
> i | bigint | null
> f | double | null
> d | decimal(8,3) | null
> day | timestamp_ntz | null
> s | string | null
> rows: 5
ALTER TABLE w ALTER COLUMN i TYPE INT;
> exception DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP
ALTER TABLE w ALTER COLUMN d TYPE DECIMAL(8,4);
> exception DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP
ALTER TABLE w ALTER COLUMN s TYPE INT;
> exception DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP
ALTER TABLE w ALTER COLUMN nope TYPE INT;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- a column that something the table keeps reads is refused
CREATE TABLE g (a INT, b INT GENERATED ALWAYS AS (a * 2));
> ok
ALTER TABLE g DROP COLUMN a;
> exception DELTA_GENERATED_COLUMNS_DEPENDENT_COLUMN_CHANGE
ALTER TABLE g RENAME COLUMN a TO z;
> exception DELTA_GENERATED_COLUMNS_DEPENDENT_COLUMN_CHANGE
ALTER TABLE g DROP COLUMN b;
> ok
ALTER TABLE g RENAME COLUMN a TO z;
> ok
INSERT INTO g VALUES (5);
> update count 1
SELECT * FROM g;
> z
> 5
> rows: 1
CREATE TABLE p (a INT, region STRING) PARTITIONED BY (region);
> ok
ALTER TABLE p DROP COLUMN region;
> exception DELTA_CONSTRAINT_DEPENDENT_COLUMN_CHANGE
CREATE FUNCTION us_only(region STRING) RETURN region = 'US';
> ok
CREATE TABLE f (id INT, region STRING, note STRING);
> ok
ALTER TABLE f SET ROW FILTER us_only ON (region);
> ok
ALTER TABLE f RENAME COLUMN region TO r;
> exception DELTA_CONSTRAINT_DEPENDENT_COLUMN_CHANGE
-- a column's own mask follows its new name, and goes with it when it is dropped
CREATE FUNCTION hide(s STRING) RETURN '***';
> ok
ALTER TABLE f ALTER COLUMN note SET MASK hide;
> ok
INSERT INTO f VALUES (1, 'US', 'secret'), (2, 'EU', 'other');
> update count 2
ALTER TABLE f RENAME COLUMN note TO remark;
> ok
SELECT id, remark FROM f;
> id | remark
> 1 | ***
> rows: 1
ALTER TABLE f DROP COLUMN remark;
> ok
ALTER TABLE f ADD COLUMN remark STRING;
> ok
INSERT INTO f VALUES (3, 'US', 'visible');
> update count 1
SELECT id, remark FROM f ORDER BY id;
> id | remark
> 1 | null
> 3 | visible
> rows: 2
CREATE VIEW v AS SELECT id FROM f;
> ok
ALTER TABLE v DROP COLUMN id;
> exception EXPECT_TABLE_NOT_VIEW
CREATE STREAMING TABLE st AS SELECT id FROM STREAM(f);
> ok
ALTER TABLE st RENAME COLUMN id TO x;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
ALTER TABLE st ALTER COLUMN id TYPE BIGINT;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
-- SET / DROP DEFAULT: for rows written from now on
CREATE TABLE dft (id INT, status STRING, g INT GENERATED ALWAYS AS (id * 2));
> ok
INSERT INTO dft (id) VALUES (1);
> update count 1
ALTER TABLE dft ALTER COLUMN status SET DEFAULT 'new';
> ok
INSERT INTO dft (id) VALUES (2);
> update count 1
INSERT INTO dft VALUES (3, DEFAULT);
> update count 1
SELECT id, status, g FROM dft ORDER BY id;
> id | status | g
> 1 | null | 2
> 2 | new | 4
> 3 | new | 6
> rows: 3
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'dft' ORDER BY ordinal_position;
> column_name | column_default
> id | null
> status | 'new'
> g | null
> rows: 3
ALTER TABLE dft CHANGE COLUMN status DROP DEFAULT;
> ok
INSERT INTO dft (id) VALUES (4);
> update count 1
SELECT status FROM dft WHERE id = 4;
> status
> null
> rows: 1
ALTER TABLE dft ALTER COLUMN g SET DEFAULT 1;
> exception FEATURE_NOT_SUPPORTED
ALTER TABLE dft ALTER COLUMN status SET DEFAULT (SELECT 'x');
> exception INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION
ALTER TABLE dft ALTER COLUMN status SET DEFAULT uuid();
> exception INVALID_DEFAULT_VALUE.NOT_CONSTANT
