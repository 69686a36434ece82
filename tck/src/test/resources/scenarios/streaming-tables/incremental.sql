-- SPEC §3.1 S1/S2 and §3.2 S3: incremental appends, query changes, full refresh, source changes
CREATE CATALOG st_cat;
> ok
USE CATALOG st_cat;
> ok
CREATE TABLE src (id INT);
> ok
INSERT INTO src VALUES (1), (2);
> update count 2
CREATE OR REFRESH STREAMING TABLE st AS SELECT id FROM STREAM(src);
> ok
SELECT id FROM st ORDER BY id;
> id
> 1
> 2
> rows: 2
INSERT INTO src VALUES (3);
> update count 1
REFRESH STREAMING TABLE st;
> ok
SELECT id FROM st ORDER BY id;
> id
> 1
> 2
> 3
> rows: 3
REFRESH STREAMING TABLE st;
> ok
SELECT count(*) FROM st;
> count(1)
> 3
> rows: 1
REFRESH STREAMING TABLE st FULL;
> ok
SELECT id FROM st ORDER BY id;
> id
> 1
> 2
> 3
> rows: 3
-- S2: a new query applies to new data only, until FULL
CREATE OR REFRESH STREAMING TABLE st AS SELECT id * 10 AS id FROM STREAM(src);
> ok
INSERT INTO src VALUES (4);
> update count 1
REFRESH STREAMING TABLE st;
> ok
SELECT id FROM st ORDER BY id;
> id
> 1
> 2
> 3
> 40
> rows: 4
REFRESH TABLE st FULL;
> ok
SELECT id FROM st ORDER BY id;
> id
> 10
> 20
> 30
> 40
> rows: 4
-- only flows write a streaming table
INSERT INTO st VALUES (5);
> exception UNSUPPORTED_FEATURE.TABLE_OPERATION
DELETE FROM st;
> exception UNSUPPORTED_FEATURE.TABLE_OPERATION
CREATE OR REPLACE TABLE st (a INT);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.CREATE_OR_REPLACE
CREATE OR REPLACE STREAMING TABLE st2 AS SELECT * FROM STREAM(src);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.CREATE_OR_REPLACE
CREATE STREAMING TABLE st AS SELECT * FROM STREAM(src);
> exception TABLE_OR_VIEW_ALREADY_EXISTS
CREATE STREAMING TABLE IF NOT EXISTS st AS SELECT * FROM STREAM(src);
> ok
REFRESH STREAMING TABLE src;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.NON_STREAMING_TABLE
CREATE STREAMING TABLE batchy AS SELECT * FROM src;
> exception INVALID_FLOW_QUERY_TYPE.BATCH_RELATION_FOR_STREAMING_TABLE
SELECT * FROM STREAM(src);
> exception FEATURE_NOT_SUPPORTED
-- S3: an update in the source fails the stream unless skipChangeCommits
CREATE TABLE s3 (id INT);
> ok
INSERT INTO s3 VALUES (1);
> update count 1
INSERT INTO s3 VALUES (2);
> update count 1
CREATE OR REFRESH STREAMING TABLE t3 AS SELECT * FROM STREAM(s3);
> ok
UPDATE s3 SET id = 20 WHERE id = 2;
> update count 1
REFRESH STREAMING TABLE t3;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
SELECT id FROM t3 ORDER BY id;
> id
> 1
> 2
> rows: 2
CREATE OR REFRESH STREAMING TABLE t3 AS SELECT * FROM STREAM(s3) WITH (skipChangeCommits = true);
> ok
INSERT INTO s3 VALUES (5);
> update count 1
REFRESH STREAMING TABLE t3;
> ok
SELECT id FROM t3 ORDER BY id;
> id
> 1
> 2
> 5
> rows: 3
CREATE OR REFRESH STREAMING TABLE t3b AS SELECT * FROM STREAM s3 WITH ('skipChangeCommits' = 'true');
> ok
SELECT id FROM t3b ORDER BY id;
> id
> 1
> 5
> 20
> rows: 3
DELETE FROM s3 WHERE id = 1;
> update count 1
REFRESH STREAMING TABLE t3b;
> ok
CREATE OR REFRESH STREAMING TABLE t3c AS SELECT * FROM STREAM(s3);
> ok
DELETE FROM s3 WHERE id = 5;
> update count 1
REFRESH STREAMING TABLE t3c;
> exception DELTA_SOURCE_IGNORE_DELETE
-- a declared schema: query columns must be in it, the others read as NULL
CREATE TABLE people (name STRING, age INT);
> ok
INSERT INTO people VALUES ('ann', 30);
> update count 1
CREATE OR REFRESH STREAMING TABLE people_st (name STRING NOT NULL, age INT, note STRING COMMENT 'unset')
  AS SELECT name, age FROM STREAM(people);
> ok
SELECT * FROM people_st;
> name | age | note
> ann | 30 | null
> rows: 1
CREATE STREAMING TABLE bad_st (name STRING) AS SELECT name, age FROM STREAM(people);
> exception USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE
SHOW TABLES LIKE 'bad*';
> database | tableName | isTemporary
> rows: 0
SELECT table_name, table_type FROM information_schema.tables WHERE table_name = 'people_st';
> table_name | table_type
> people_st | STREAMING_TABLE
> rows: 1
-- ONCE flows run once, and again after FULL
CREATE TABLE hist (id INT);
> ok
INSERT INTO hist VALUES (0);
> update count 1
CREATE STREAMING TABLE backfill FLOW INSERT ONCE BY NAME SELECT id FROM hist;
> ok
INSERT INTO hist VALUES (9);
> update count 1
REFRESH STREAMING TABLE backfill;
> ok
SELECT id FROM backfill;
> id
> 0
> rows: 1
REFRESH STREAMING TABLE backfill FULL;
> ok
SELECT id FROM backfill ORDER BY id;
> id
> 0
> 9
> rows: 2
CREATE STREAMING TABLE once_stream FLOW INSERT ONCE BY NAME SELECT id FROM STREAM(hist);
> exception INVALID_FLOW_QUERY_TYPE.STREAMING_RELATION_FOR_ONCE_FLOW
DROP TABLE st;
> ok
SELECT * FROM st;
> exception TABLE_OR_VIEW_NOT_FOUND
-- pipelines.reset.allowed = false: a full refresh may not clear the table
CREATE TABLE kept_src (id INT);
> ok
INSERT INTO kept_src VALUES (1), (2);
> update count 2
CREATE STREAMING TABLE kept TBLPROPERTIES ('pipelines.reset.allowed' = 'false') AS SELECT id FROM STREAM(kept_src);
> ok
REFRESH STREAMING TABLE kept FULL;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.RESET_NOT_ALLOWED
INSERT INTO kept_src VALUES (3);
> update count 1
REFRESH STREAMING TABLE kept;
> ok
SELECT id FROM kept ORDER BY id;
> id
> 1
> 2
> 3
> rows: 3
DROP TABLE kept;
> ok
DROP TABLE kept_src;
> ok
