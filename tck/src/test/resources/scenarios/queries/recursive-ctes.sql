-- WITH RECURSIVE: anchor UNION ALL step, MAX RECURSION LEVEL (default 100), hierarchies, and the refusals
CREATE CATALOG rcte_cat;
> ok
USE CATALOG rcte_cat;
> ok
WITH RECURSIVE numbers(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM numbers WHERE n < 5) SELECT * FROM numbers ORDER BY n;
> n
> 1
> 2
> 3
> 4
> 5
> rows: 5
-- 100 rows take 99 steps: within the default level; one more step is not
WITH RECURSIVE numbers(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM numbers WHERE n < 100) SELECT count(*), max(n) FROM numbers;
> count(1) | max(n)
> 100 | 100
> rows: 1
WITH RECURSIVE numbers(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM numbers WHERE n < 101) SELECT count(*) FROM numbers;
> exception RECURSION_LEVEL_LIMIT_EXCEEDED
WITH RECURSIVE numbers(n) MAX RECURSION LEVEL 200 AS (VALUES (1) UNION ALL SELECT n + 1 FROM numbers WHERE n < 150) SELECT count(*), max(n) FROM numbers;
> count(1) | max(n)
> 150 | 150
> rows: 1
-- a step without an end stops at the limit instead of running until memory is gone
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM t) SELECT * FROM t;
> exception RECURSION_LEVEL_LIMIT_EXCEEDED
-- the CTE's columns have the anchor's names and types; the step's values are cast to them
WITH RECURSIVE s AS (SELECT 'a' AS str, CAST(1 AS TINYINT) AS d UNION ALL SELECT str || 'b', d + 1 FROM s WHERE d < 4) SELECT str, d, typeof(d) FROM s ORDER BY d;
> str | d | typeof(d)
> a | 1 | tinyint
> ab | 2 | tinyint
> abb | 3 | tinyint
> abbb | 4 | tinyint
> rows: 4
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n * 100000 FROM t WHERE n < 1000000000) SELECT * FROM t;
> exception ARITHMETIC_OVERFLOW
CREATE TABLE emp (id INT, name STRING, mgr INT);
> ok
INSERT INTO emp VALUES (1, 'ceo', NULL), (2, 'vp1', 1), (3, 'vp2', 1), (4, 'dev', 2), (5, 'intern', 4);
> update count 5
-- a hierarchy: the step joins the table to the rows of the step before
WITH RECURSIVE org AS (SELECT id, name, 0 AS depth, name AS path FROM emp WHERE mgr IS NULL UNION ALL SELECT e.id, e.name, o.depth + 1, o.path || '/' || e.name FROM emp e JOIN org o ON e.mgr = o.id) SELECT * FROM org ORDER BY id;
> id | name | depth | path
> 1 | ceo | 0 | ceo
> 2 | vp1 | 1 | ceo/vp1
> 3 | vp2 | 1 | ceo/vp2
> 4 | dev | 2 | ceo/vp1/dev
> 5 | intern | 3 | ceo/vp1/dev/intern
> rows: 5
-- read twice, next to a plain CTE that reads it
WITH RECURSIVE chain(id) AS (SELECT 5 UNION ALL SELECT e.mgr FROM chain c JOIN emp e ON e.id = c.id WHERE e.mgr IS NOT NULL), named AS (SELECT e.name FROM chain c JOIN emp e ON e.id = c.id) SELECT (SELECT count(*) FROM chain) AS n, (SELECT count(*) FROM named WHERE name LIKE 'v%') AS vps;
> n | vps
> 4 | 1
> rows: 1
-- a view keeps it
CREATE VIEW reports AS WITH RECURSIVE r MAX RECURSION LEVEL 10 AS (SELECT id, mgr FROM emp UNION ALL SELECT r.id, e.mgr FROM r JOIN emp e ON e.id = r.mgr) SELECT id, mgr AS above FROM r WHERE mgr IS NOT NULL;
> ok
SELECT id, count(*) AS levels FROM reports GROUP BY id ORDER BY id;
> id | levels
> 2 | 1
> 3 | 1
> 4 | 2
> 5 | 3
> rows: 4
-- RECURSIVE without a self-reference is a plain CTE; a self-reference without RECURSIVE names a table
WITH RECURSIVE t AS (SELECT 1 AS n) SELECT * FROM t;
> n
> 1
> rows: 1
WITH t AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
> exception TABLE_OR_VIEW_NOT_FOUND
-- refusals
WITH RECURSIVE t AS (SELECT 1 AS n UNION SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
> exception INVALID_RECURSIVE_CTE
WITH RECURSIVE t AS (SELECT n FROM t UNION ALL SELECT 1) SELECT * FROM t;
> exception INVALID_RECURSIVE_CTE
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT t.n + 1 FROM t, t AS u WHERE t.n < 3) SELECT * FROM t;
> exception INVALID_RECURSIVE_REFERENCE.NUMBER
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT max(n) + 1 FROM t) SELECT * FROM t;
> exception INVALID_RECURSIVE_REFERENCE.PLACE
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT e.id FROM emp e LEFT JOIN t ON e.id = t.n) SELECT * FROM t;
> exception INVALID_RECURSIVE_REFERENCE.PLACE
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT id FROM emp WHERE id IN (SELECT n + 1 FROM t)) SELECT * FROM t;
> exception INVALID_RECURSIVE_REFERENCE.PLACE
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT n + 1, 2 FROM t WHERE n < 3) SELECT * FROM t;
> exception NUM_COLUMNS_MISMATCH
WITH RECURSIVE t MAX RECURSION LEVEL 0 AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
> exception PARSE_SYNTAX_ERROR
