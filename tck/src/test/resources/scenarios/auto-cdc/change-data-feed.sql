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
-- what the feed does not cover is refused, never silently wrong
MERGE INTO bronze USING (SELECT 9 AS id) s ON bronze.id = s.id WHEN NOT MATCHED THEN INSERT (id, v) VALUES (9, 'z');
> exception FEATURE_NOT_SUPPORTED
CREATE TABLE plain (id INT);
> ok
CREATE STREAMING TABLE nofeed AS SELECT * FROM STREAM(plain) WITH (readChangeFeed = true);
> exception DELTA_MISSING_CHANGE_DATA
