-- time travel: a managed table as each version had it (VERSION AS OF, TIMESTAMP AS OF in TimeTravelTest)
CREATE CATALOG tt_cat;
> ok
USE CATALOG tt_cat;
> ok
CREATE TABLE acct (id INT, balance INT);
> ok
INSERT INTO acct VALUES (1, 100), (2, 200);
> update count 2
UPDATE acct SET balance = 150 WHERE id = 1;
> update count 1
DELETE FROM acct WHERE id = 2;
> update count 1
INSERT INTO acct VALUES (3, 300);
> update count 1
-- versions: 0 CREATE TABLE, 1 WRITE, 2 UPDATE, 3 DELETE, 4 WRITE
SELECT * FROM acct VERSION AS OF 0;
> id | balance
> rows: 0
SELECT * FROM acct VERSION AS OF 1 ORDER BY id;
> id | balance
> 1 | 100
> 2 | 200
> rows: 2
SELECT * FROM acct VERSION AS OF 2 ORDER BY id;
> id | balance
> 1 | 150
> 2 | 200
> rows: 2
SELECT * FROM acct VERSION AS OF 3 ORDER BY id;
> id | balance
> 1 | 150
> rows: 1
SELECT a.id, a.balance - b.balance AS change FROM acct VERSION AS OF 4 a JOIN acct VERSION AS OF 1 AS b ON a.id = b.id;
> id | change
> 1 | 50
> rows: 1
-- the short form
SELECT * FROM acct@v3;
> id | balance
> 1 | 150
> rows: 1
SELECT * FROM acct@3;
> exception PARSE_SYNTAX_ERROR
-- MERGE, overwrite and TRUNCATE keep what they replace too
MERGE INTO acct t USING (SELECT 1 AS id, 175 AS balance UNION ALL SELECT 4, 400) s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET balance = s.balance WHEN NOT MATCHED THEN INSERT *;
> update count 2
INSERT OVERWRITE acct VALUES (9, 900);
> update count 1
TRUNCATE TABLE acct;
> ok
SELECT * FROM acct VERSION AS OF 5 ORDER BY id;
> id | balance
> 1 | 175
> 3 | 300
> 4 | 400
> rows: 3
SELECT * FROM acct VERSION AS OF 6;
> id | balance
> 9 | 900
> rows: 1
SELECT count(*) AS n FROM acct VERSION AS OF 7;
> n
> 0
> rows: 1
-- a column added later reads NULL in older versions
ALTER TABLE acct ADD COLUMNS (note STRING);
> ok
INSERT INTO acct VALUES (10, 1000, 'new');
> update count 1
UPDATE acct SET note = 'changed';
> update count 1
SELECT * FROM acct VERSION AS OF 6;
> id | balance | note
> 9 | 900 | null
> rows: 1
SELECT * FROM acct VERSION AS OF 8;
> id | balance | note
> 10 | 1000 | new
> rows: 1
-- what cannot be read
SELECT * FROM acct VERSION AS OF 99;
> exception DELTA_VERSION_NOT_FOUND
SELECT * FROM acct VERSION AS OF 'one';
> exception DATATYPE_MISMATCH
SELECT * FROM acct TIMESTAMP AS OF '2999-01-01 00:00:00';
> exception DELTA_TIMESTAMP_GREATER_THAN_COMMIT
SELECT * FROM acct TIMESTAMP AS OF '2000-01-01';
> exception DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION
CREATE VIEW acct_view AS SELECT * FROM acct;
> ok
SELECT * FROM acct_view VERSION AS OF 1;
> exception FEATURE_NOT_SUPPORTED
CREATE STREAMING TABLE acct_st AS SELECT * FROM STREAM(acct) WITH (skipChangeCommits = true);
> ok
SELECT * FROM acct_st VERSION AS OF 1;
> exception FEATURE_NOT_SUPPORTED
-- RESTORE: a new version with the rows an old one had
CREATE TABLE ledger (id INT, amount INT);
> ok
INSERT INTO ledger VALUES (1, 10), (2, 20);
> update count 2
UPDATE ledger SET amount = 11 WHERE id = 1;
> update count 1
DELETE FROM ledger WHERE id = 2;
> update count 1
INSERT INTO ledger VALUES (3, 30);
> update count 1
RESTORE TABLE ledger TO VERSION AS OF 1;
> num_removed_rows | num_restored_rows
> 2 | 2
> rows: 1
SELECT * FROM ledger ORDER BY id;
> id | amount
> 1 | 10
> 2 | 20
> rows: 2
-- what was restored over is history too: restoring to the version before goes back
RESTORE ledger VERSION AS OF 4;
> num_removed_rows | num_restored_rows
> 2 | 2
> rows: 1
SELECT * FROM ledger ORDER BY id;
> id | amount
> 1 | 11
> 3 | 30
> rows: 2
SELECT * FROM ledger VERSION AS OF 5 ORDER BY id;
> id | amount
> 1 | 10
> 2 | 20
> rows: 2
RESTORE TABLE ledger TO VERSION AS OF 42;
> exception DELTA_VERSION_NOT_FOUND
RESTORE TABLE acct_st TO VERSION AS OF 1;
> exception UNSUPPORTED_FEATURE.TABLE_OPERATION
USE CATALOG main;
> ok
DROP CATALOG tt_cat CASCADE;
> ok
