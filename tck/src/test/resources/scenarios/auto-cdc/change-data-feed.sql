-- the change data feed of a table with delta.enableChangeDataFeed, read as a stream, and SPEC example L
CREATE CATALOG cdf_cat;
> ok
USE CATALOG cdf_cat;
> ok
CREATE TABLE bronze (id INT, v STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true);
> ok
INSERT INTO bronze VALUES (1, 'a');
> update count 1
UPDATE bronze SET v = 'b' WHERE id = 1;
> update count 1
DELETE FROM bronze WHERE id = 1;
> update count 1
INSERT INTO bronze VALUES (2, 'c');
> update count 1
CREATE STREAMING TABLE feed AS SELECT id, v, _change_type, _commit_version FROM STREAM(bronze) WITH (readChangeFeed = true);
> ok
SELECT * FROM feed ORDER BY _commit_version, _change_type;
> id | v | _change_type | _commit_version
> 1 | a | insert | 1
> 1 | b | update_postimage | 2
> 1 | a | update_preimage | 2
> 1 | b | delete | 3
> 2 | c | insert | 4
> rows: 5
-- Example L: AUTO CDC chained on the change data feed
CREATE OR REFRESH STREAMING TABLE silver;
> ok
CREATE FLOW f AS AUTO CDC INTO silver
FROM (SELECT * FROM STREAM(bronze) WITH (readChangeFeed = true) WHERE _change_type != 'update_preimage')
KEYS (id)
APPLY AS DELETE WHEN _change_type = 'delete'
SEQUENCE BY _commit_version
COLUMNS * EXCEPT (_change_type, _commit_version, _commit_timestamp);
> ok
SELECT * FROM silver;
> id | v
> 2 | c
> rows: 1
-- later changes flow through, incrementally
UPDATE bronze SET v = 'd' WHERE id = 2;
> update count 1
INSERT INTO bronze VALUES (3, 'e');
> update count 1
REFRESH STREAMING TABLE silver;
> ok
SELECT * FROM silver ORDER BY id;
> id | v
> 2 | d
> 3 | e
> rows: 2
TRUNCATE TABLE bronze;
> ok
REFRESH STREAMING TABLE silver;
> ok
SELECT count(*) AS n FROM silver;
> n
> 0
> rows: 1
-- MERGE updates, deletes and inserts in one commit; the feed pairs its updated rows' images and flows on
INSERT INTO bronze VALUES (4, 'f'), (5, 'g');
> update count 2
REFRESH STREAMING TABLE silver;
> ok
MERGE INTO bronze USING (SELECT * FROM VALUES (4, 'F'), (5, NULL), (6, 'h') AS s(id, v)) s ON bronze.id = s.id
WHEN MATCHED AND s.v IS NULL THEN DELETE
WHEN MATCHED THEN UPDATE SET v = s.v
WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v);
> update count 3
CREATE STREAMING TABLE merged AS SELECT id, v, _change_type FROM STREAM(bronze) WITH (readChangeFeed = true, startingVersion = 9);
> ok
SELECT * FROM merged ORDER BY id, _change_type;
> id | v | _change_type
> 4 | F | update_postimage
> 4 | f | update_preimage
> 5 | g | delete
> 6 | h | insert
> rows: 4
REFRESH STREAMING TABLE silver;
> ok
SELECT * FROM silver ORDER BY id;
> id | v
> 4 | F
> 6 | h
> rows: 2
-- a table's feed can be turned on later; it records the changes from then on
CREATE TABLE plain (id INT);
> ok
INSERT INTO plain VALUES (1);
> update count 1
CREATE STREAMING TABLE nofeed AS SELECT * FROM STREAM(plain) WITH (readChangeFeed = true);
> exception DELTA_MISSING_CHANGE_DATA
ALTER TABLE plain SET TBLPROPERTIES (delta.enableChangeDataFeed = true, 'team' = 'ops');
> ok
SHOW TBLPROPERTIES plain;
> key | value
> delta.enableChangeDataFeed | true
> team | ops
> rows: 2
UPDATE plain SET id = 2;
> update count 1
MERGE INTO plain USING (SELECT 3 AS id) s ON plain.id = s.id WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id);
> update count 1
CREATE STREAMING TABLE laterfeed AS SELECT id, _change_type FROM STREAM(plain) WITH (readChangeFeed = true);
> ok
SELECT * FROM laterfeed ORDER BY id, _change_type;
> id | _change_type
> 1 | update_preimage
> 2 | update_postimage
> 3 | insert
> rows: 3
ALTER TABLE plain UNSET TBLPROPERTIES (team, nope);
> exception UNSET_NONEXISTENT_PROPERTIES
ALTER TABLE plain UNSET TBLPROPERTIES IF EXISTS (team, nope);
> ok
ALTER TABLE plain UNSET TBLPROPERTIES (delta.enableChangeDataFeed);
> ok
REFRESH STREAMING TABLE laterfeed;
> exception DELTA_MISSING_CHANGE_DATA
ALTER TABLE feed SET TBLPROPERTIES (a = 1);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
-- the change rows were written under the feed table's columns
ALTER TABLE bronze DROP COLUMN v;
> exception FEATURE_NOT_SUPPORTED
ALTER TABLE bronze RENAME COLUMN v TO w;
> exception FEATURE_NOT_SUPPORTED
-- AUTO CDC into a table with its own change data feed: each batch's upserts, deletes and truncates are recorded
CREATE TABLE cdc_src (id INT, v STRING, seq INT, op STRING);
> ok
INSERT INTO cdc_src VALUES (1, 'a', 1, 'U'), (2, 'b', 1, 'U'), (3, 'c', 1, 'U');
> update count 3
CREATE OR REFRESH STREAMING TABLE silver_cdf TBLPROPERTIES (delta.enableChangeDataFeed = true)
FLOW AUTO CDC FROM STREAM(cdc_src) KEYS (id) APPLY AS DELETE WHEN op = 'D' APPLY AS TRUNCATE WHEN op = 'T'
SEQUENCE BY seq COLUMNS * EXCEPT (op, seq);
> ok
INSERT INTO cdc_src VALUES (1, 'A', 2, 'U'), (2, NULL, 2, 'D'), (4, 'd', 1, 'U'), (3, 'stale', 0, 'U');
> update count 4
REFRESH STREAMING TABLE silver_cdf;
> ok
INSERT INTO cdc_src VALUES (NULL, NULL, 3, 'T'), (5, 'e', 4, 'U');
> update count 2
REFRESH STREAMING TABLE silver_cdf;
> ok
CREATE STREAMING TABLE silver_changes AS
SELECT id, v, _change_type, _commit_version FROM STREAM(silver_cdf) WITH (readChangeFeed = true);
> ok
SELECT * FROM silver_changes ORDER BY _commit_version, id, _change_type;
> id | v | _change_type | _commit_version
> 1 | a | insert | 1
> 2 | b | insert | 1
> 3 | c | insert | 1
> 1 | A | update_postimage | 2
> 1 | a | update_preimage | 2
> 2 | b | delete | 2
> 4 | d | insert | 2
> 1 | A | delete | 3
> 3 | c | delete | 3
> 4 | d | delete | 3
> 5 | e | insert | 3
> rows: 11
-- and the next table chains on that feed, as example L chains on bronze's
CREATE OR REFRESH STREAMING TABLE gold FLOW AUTO CDC
FROM (SELECT * FROM STREAM(silver_cdf) WITH (readChangeFeed = true) WHERE _change_type != 'update_preimage')
KEYS (id) APPLY AS DELETE WHEN _change_type = 'delete' SEQUENCE BY _commit_version
COLUMNS * EXCEPT (_change_type, _commit_version, _commit_timestamp);
> ok
SELECT * FROM gold;
> id | v
> 5 | e
> rows: 1
-- SCD 2 rewrites a touched key's rows; its feed shows only what changed: the closed version as an update
CREATE OR REFRESH STREAMING TABLE silver_scd2 TBLPROPERTIES (delta.enableChangeDataFeed = true)
FLOW AUTO CDC FROM (SELECT * FROM STREAM(cdc_src) WHERE op <> 'T') KEYS (id) APPLY AS DELETE WHEN op = 'D'
SEQUENCE BY seq COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 2;
> ok
INSERT INTO cdc_src VALUES (4, 'D', 6, 'U');
> update count 1
REFRESH STREAMING TABLE silver_scd2;
> ok
CREATE STREAMING TABLE scd2_changes AS SELECT id, v, __START_AT, __END_AT, _change_type, _commit_version
FROM STREAM(silver_scd2) WITH (readChangeFeed = true);
> ok
SELECT * FROM scd2_changes ORDER BY _commit_version, id, __START_AT, _change_type;
> id | v | __START_AT | __END_AT | _change_type | _commit_version
> 1 | a | 1 | 2 | insert | 1
> 1 | A | 2 | null | insert | 1
> 2 | b | 1 | 2 | insert | 1
> 3 | stale | 0 | 1 | insert | 1
> 3 | c | 1 | null | insert | 1
> 4 | d | 1 | null | insert | 1
> 5 | e | 4 | null | insert | 1
> 4 | d | 1 | 6 | update_postimage | 2
> 4 | d | 1 | null | update_preimage | 2
> 4 | D | 6 | null | insert | 2
> rows: 10
-- IGNORE NULL UPDATES keeps every event too: an update that changes nothing records nothing
CREATE OR REFRESH STREAMING TABLE silver_keep TBLPROPERTIES (delta.enableChangeDataFeed = true)
FLOW AUTO CDC FROM (SELECT * FROM STREAM(cdc_src) WHERE op <> 'T') KEYS (id) IGNORE NULL UPDATES
APPLY AS DELETE WHEN op = 'D' SEQUENCE BY seq COLUMNS * EXCEPT (op, seq);
> ok
INSERT INTO cdc_src VALUES (3, NULL, 7, 'U'), (5, 'E', 8, 'U');
> update count 2
REFRESH STREAMING TABLE silver_keep;
> ok
CREATE STREAMING TABLE keep_changes AS SELECT id, v, _change_type FROM STREAM(silver_keep)
WITH (readChangeFeed = true, startingVersion = 2);
> ok
SELECT * FROM keep_changes ORDER BY id, _change_type;
> id | v | _change_type
> 5 | E | update_postimage
> 5 | e | update_preimage
> rows: 2
-- a stream of an AUTO CDC target's rows sees each batch as a rewrite: skipped with skipChangeCommits, else an error
CREATE STREAMING TABLE silver_rows AS SELECT * FROM STREAM(silver_cdf) WITH (skipChangeCommits = true);
> ok
CREATE STREAMING TABLE silver_strict AS SELECT * FROM STREAM(silver_cdf);
> ok
INSERT INTO cdc_src VALUES (6, 'f', 5, 'U');
> update count 1
REFRESH STREAMING TABLE silver_cdf;
> ok
REFRESH STREAMING TABLE silver_rows;
> ok
SELECT * FROM silver_rows;
> id | v
> 5 | e
> rows: 1
REFRESH STREAMING TABLE silver_strict;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
-- a column added to a table with the feed is in its images too: NULL in those written before it
CREATE TABLE grown (id INT) TBLPROPERTIES (delta.enableChangeDataFeed = true);
> ok
INSERT INTO grown VALUES (1);
> update count 1
ALTER TABLE grown ADD COLUMNS (note STRING);
> ok
UPDATE grown SET note = 'n' WHERE id = 1;
> update count 1
CREATE STREAMING TABLE grown_changes AS SELECT id, note, _change_type, _commit_version FROM STREAM(grown) WITH (readChangeFeed = true);
> ok
SELECT * FROM grown_changes ORDER BY _commit_version, _change_type;
> id | note | _change_type | _commit_version
> 1 | null | insert | 1
> 1 | n | update_postimage | 2
> 1 | null | update_preimage | 2
> rows: 3
