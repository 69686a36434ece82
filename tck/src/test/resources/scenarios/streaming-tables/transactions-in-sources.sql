-- a client transaction that rewrites rows of a streaming source is a change to it, whatever else it also did
CREATE TABLE tx_src (id INT, v STRING);
> ok
INSERT INTO tx_src VALUES (1, 'a'), (2, 'b');
> update count 2
CREATE STREAMING TABLE tx_st AS SELECT * FROM STREAM(tx_src);
> ok
CREATE STREAMING TABLE tx_skip AS SELECT * FROM STREAM(tx_src) WITH (skipChangeCommits = true);
> ok
BEGIN TRANSACTION;
> ok
UPDATE tx_src SET v = 'z' WHERE id = 1;
> update count 1
INSERT INTO tx_src VALUES (3, 'c');
> update count 1
COMMIT;
> ok
REFRESH STREAMING TABLE tx_st;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
SELECT id, v FROM tx_st ORDER BY id;
> id | v
> 1 | a
> 2 | b
> rows: 2
-- skipChangeCommits skips the whole commit, its insert too, as Delta does
REFRESH STREAMING TABLE tx_skip;
> ok
SELECT id, v FROM tx_skip ORDER BY id;
> id | v
> 1 | a
> 2 | b
> rows: 2
-- a transaction of inserts only is an append, and streams on
BEGIN TRANSACTION;
> ok
INSERT INTO tx_src VALUES (4, 'd');
> update count 1
INSERT INTO tx_src VALUES (5, 'e');
> update count 1
COMMIT;
> ok
REFRESH STREAMING TABLE tx_skip;
> ok
SELECT id, v FROM tx_skip ORDER BY id;
> id | v
> 1 | a
> 2 | b
> 4 | d
> 5 | e
> rows: 4
DROP TABLE tx_skip;
> ok
DROP TABLE tx_st;
> ok
DROP TABLE tx_src;
> ok
