-- REPLACE WHERE flows: each update replaces the target's rows inside the predicate with the query's rows
CREATE CATALOG rw_cat;
> ok
USE CATALOG rw_cat;
> ok
CREATE TABLE sales (day DATE, store STRING, amount INT);
> ok
INSERT INTO sales VALUES (DATE'2026-11-01', 'a', 10), (DATE'2026-11-01', 'b', 5), (DATE'2026-11-02', 'a', 7);
> update count 3
CREATE STREAMING TABLE daily FLOW REPLACE WHERE day >= DATE'2026-11-01' BY NAME
  SELECT day, sum(amount) AS total FROM sales WHERE day >= DATE'2026-11-01' GROUP BY day;
> ok
SELECT * FROM daily ORDER BY day;
> day | total
> 2026-11-01 | 15
> 2026-11-02 | 7
> rows: 2
-- late data for a day already written: the next update recomputes the days in range, nothing twice
INSERT INTO sales VALUES (DATE'2026-11-01', 'c', 1), (DATE'2026-11-03', 'a', 2);
> update count 2
REFRESH STREAMING TABLE daily;
> ok
SELECT * FROM daily ORDER BY day;
> day | total
> 2026-11-01 | 16
> 2026-11-02 | 7
> 2026-11-03 | 2
> rows: 3
-- a second flow with its own range: rows outside a flow's predicate are left alone
CREATE TABLE old_sales (day DATE, amount INT);
> ok
INSERT INTO old_sales VALUES (DATE'2026-10-31', 3), (DATE'2026-10-30', 4);
> update count 2
CREATE FLOW backfill AS INSERT INTO daily REPLACE WHERE day < DATE'2026-11-01' BY NAME
  SELECT day, sum(amount) AS total FROM old_sales GROUP BY day;
> ok
REFRESH STREAMING TABLE daily;
> ok
SELECT * FROM daily ORDER BY day;
> day | total
> 2026-10-30 | 4
> 2026-10-31 | 3
> 2026-11-01 | 16
> 2026-11-02 | 7
> 2026-11-03 | 2
> rows: 5
-- query rows outside the predicate fail the update, which then writes nothing
INSERT INTO old_sales VALUES (DATE'2026-11-05', 1);
> update count 1
REFRESH STREAMING TABLE daily;
> exception DELTA_REPLACE_WHERE_MISMATCH
SELECT count(*) AS n FROM daily;
> n
> 5
> rows: 1
-- a stream reading the target sees its rows rewritten, unless it skips change commits
DELETE FROM old_sales WHERE day = DATE'2026-11-05';
> update count 1
CREATE STREAMING TABLE daily_stream AS SELECT * FROM STREAM(daily);
> ok
CREATE STREAMING TABLE daily_skip AS SELECT * FROM STREAM(daily) WITH (skipChangeCommits = true);
> ok
REFRESH STREAMING TABLE daily;
> ok
REFRESH STREAMING TABLE daily_stream;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
REFRESH STREAMING TABLE daily_skip;
> ok
-- with the change data feed, a replacement is recorded as the rows it removed and the rows it wrote
CREATE TABLE tallies (k STRING, n INT);
> ok
INSERT INTO tallies VALUES ('a', 1), ('b', 2);
> update count 2
CREATE STREAMING TABLE latest TBLPROPERTIES (delta.enableChangeDataFeed = true)
  FLOW REPLACE WHERE k IN ('a', 'b') BY NAME SELECT k, n FROM tallies;
> ok
UPDATE tallies SET n = 5 WHERE k = 'b';
> update count 1
REFRESH STREAMING TABLE latest;
> ok
CREATE STREAMING TABLE latest_feed AS SELECT k, n, _change_type, _commit_version FROM STREAM(latest) WITH (readChangeFeed = true);
> ok
SELECT * FROM latest_feed ORDER BY _commit_version, _change_type, k;
> k | n | _change_type | _commit_version
> a | 1 | insert | 1
> b | 2 | insert | 1
> a | 1 | delete | 2
> b | 2 | delete | 2
> a | 1 | insert | 2
> b | 5 | insert | 2
> rows: 6
