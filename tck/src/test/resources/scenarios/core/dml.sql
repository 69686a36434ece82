CREATE CATALOG dml_cat;
> ok
USE CATALOG dml_cat;
> ok
CREATE TABLE t (id INT, name STRING, score DOUBLE);
> ok
INSERT INTO t VALUES (1, 'a', 1.5), (2, 'b', 2.5);
> update count 2
INSERT INTO t (name, id) VALUES ('c', 3);
> update count 1
INSERT INTO t BY NAME SELECT 4.5 AS score, 4 AS id, 'd' AS name;
> update count 1
INSERT INTO t SELECT id + 10, upper(name), score FROM t WHERE id <= 2;
> update count 2
INSERT INTO t VALUES (1, 'a');
> exception INSERT_COLUMN_ARITY_MISMATCH
INSERT INTO t (nope) VALUES (1);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
SELECT * FROM t ORDER BY id;
> id | name | score
> 1 | a | 1.5
> 2 | b | 2.5
> 3 | c | null
> 4 | d | 4.5
> 11 | A | 1.5
> 12 | B | 2.5
> rows: 6
UPDATE t SET score = score * 2 WHERE id > 10;
> update count 2
DELETE FROM t WHERE name IN ('A', 'c');
> update count 2
SELECT id, score FROM t ORDER BY id;
> id | score
> 1 | 1.5
> 2 | 2.5
> 4 | 4.5
> 12 | 5.0
> rows: 4
CREATE TABLE changes (id INT, name STRING, score DOUBLE, op STRING);
> ok
INSERT INTO changes VALUES (1, 'a1', 9.0, 'upsert'), (2, null, null, 'delete'), (7, 'g', 7.0, 'upsert');
> update count 3
MERGE INTO t USING changes c ON t.id = c.id
WHEN MATCHED AND c.op = 'delete' THEN DELETE
WHEN MATCHED THEN UPDATE SET name = c.name, score = c.score
WHEN NOT MATCHED THEN INSERT (id, name, score) VALUES (c.id, c.name, c.score);
> update count 3
SELECT * FROM t ORDER BY id;
> id | name | score
> 1 | a1 | 9.0
> 4 | d | 4.5
> 7 | g | 7.0
> 12 | B | 5.0
> rows: 4
MERGE INTO t AS target USING (SELECT id, name, score FROM changes WHERE op = 'upsert') AS s ON target.id = s.id
WHEN MATCHED THEN UPDATE SET *
WHEN NOT MATCHED THEN INSERT *;
> update count 2
-- two source rows for one target row: which one updates it is not defined, so the MERGE is refused and changes nothing
MERGE INTO t USING (SELECT 1 AS id, 'x' AS name UNION ALL SELECT 1, 'y') AS s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET name = s.name;
> exception DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE
SELECT name FROM t WHERE id = 1;
> name
> a1
> rows: 1
-- WHEN NOT MATCHED BY SOURCE: the target rows no source row matches, the first clause whose condition holds
CREATE TABLE inventory (id INT, qty INT, status STRING);
> ok
INSERT INTO inventory VALUES (1, 10, 'ok'), (2, 0, 'ok'), (3, 5, 'ok'), (4, 7, 'ok');
> update count 4
CREATE TABLE feed (id INT, qty INT);
> ok
INSERT INTO feed VALUES (1, 11), (5, 50);
> update count 2
MERGE INTO inventory t USING feed s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET qty = s.qty
WHEN NOT MATCHED THEN INSERT (id, qty, status) VALUES (s.id, s.qty, 'new')
WHEN NOT MATCHED BY SOURCE AND t.qty = 0 THEN DELETE
WHEN NOT MATCHED BY SOURCE THEN UPDATE SET status = 'stale', qty = t.qty * 10;
> update count 5
SELECT * FROM inventory ORDER BY id;
> id | qty | status
> 1 | 11 | ok
> 3 | 50 | stale
> 4 | 70 | stale
> 5 | 50 | new
> rows: 4
MERGE INTO inventory USING feed ON inventory.id = feed.id WHEN NOT MATCHED BY SOURCE AND inventory.qty > 60 THEN DELETE;
> update count 1
SELECT id FROM inventory ORDER BY id;
> id
> 1
> 3
> 5
> rows: 3
MERGE INTO inventory t USING feed s ON t.id = s.id WHEN NOT MATCHED BY SOURCE THEN UPDATE SET id = 0;
> exception FEATURE_NOT_SUPPORTED
MERGE INTO inventory t USING feed s ON t.id = s.id WHEN NOT MATCHED BY SOURCE AND s.qty > 1 THEN DELETE;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- INSERT INTO ... REPLACE WHERE: the rows the predicate holds for give way to the query's, which must all satisfy it
CREATE TABLE daily (day DATE, amount INT);
> ok
INSERT INTO daily VALUES (DATE'2026-01-01', 1), (DATE'2026-01-02', 2), (DATE'2026-01-03', 3);
> update count 3
INSERT INTO daily REPLACE WHERE day >= DATE'2026-01-02' VALUES (DATE'2026-01-02', 20), (DATE'2026-01-04', 40);
> update count 2
SELECT * FROM daily ORDER BY day;
> day | amount
> 2026-01-01 | 1
> 2026-01-02 | 20
> 2026-01-04 | 40
> rows: 3
INSERT INTO daily REPLACE WHERE day < DATE'2026-01-02' BY NAME SELECT 5 AS amount, DATE'2026-01-01' AS day;
> update count 1
INSERT INTO daily REPLACE WHERE day >= DATE'2026-01-02' VALUES (DATE'2025-12-31', 0);
> exception DELTA_REPLACE_WHERE_MISMATCH
SELECT sum(amount) AS total FROM daily;
> total
> 65
> rows: 1
INSERT OVERWRITE daily REPLACE WHERE day > DATE'2026-01-01' VALUES (DATE'2026-01-05', 5);
> exception PARSE_SYNTAX_ERROR
INSERT OVERWRITE t VALUES (100, 'only', 0.0);
> update count 1
SELECT * FROM t;
> id | name | score
> 100 | only | 0.0
> rows: 1
