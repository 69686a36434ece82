-- TABLESAMPLE: n ROWS, p PERCENT, BUCKET x OUT OF y (random rows, so only the bounds are checked here)
CREATE CATALOG sample_cat;
> ok
USE CATALOG sample_cat;
> ok
CREATE TABLE t (id INT);
> ok
INSERT INTO t SELECT id FROM range(100);
> update count 100
SELECT count(*) AS n FROM t TABLESAMPLE (10 ROWS);
> n
> 10
> rows: 1
SELECT count(*) AS n FROM t TABLESAMPLE (0 PERCENT);
> n
> 0
> rows: 1
SELECT count(*) AS n FROM t TABLESAMPLE (100 PERCENT) AS s WHERE s.id >= 0;
> n
> 100
> rows: 1
SELECT count(*) AS n FROM t TABLESAMPLE (BUCKET 1 OUT OF 1);
> n
> 100
> rows: 1
SELECT count(*) AS n FROM (SELECT * FROM t) TABLESAMPLE (5 ROWS) s;
> n
> 5
> rows: 1
-- joined, and kept by a view
SELECT count(*) AS n FROM t a JOIN t TABLESAMPLE (5 ROWS) b ON a.id = b.id;
> n
> 5
> rows: 1
CREATE VIEW five AS SELECT id FROM t TABLESAMPLE (5 ROWS);
> ok
SELECT count(*) AS n FROM five;
> n
> 5
> rows: 1
SELECT * FROM t TABLESAMPLE (101 PERCENT);
> exception INVALID_PARAMETER_VALUE
SELECT * FROM t TABLESAMPLE (BUCKET 3 OUT OF 2);
> exception INVALID_PARAMETER_VALUE
SELECT * FROM t TABLESAMPLE (10 PERCENT) REPEATABLE (1);
> exception FEATURE_NOT_SUPPORTED
