-- The dialect's query shorthands: GROUP BY ALL, ORDER BY ALL, * EXCEPT, QUALIFY, named windows, LIKE ANY / ALL,
-- nested comments and raw strings
CREATE CATALOG qs_cat;
> ok
USE CATALOG qs_cat;
> ok
CREATE TABLE sales (id INT, region STRING, amount DOUBLE, note STRING);
> ok
INSERT INTO sales VALUES (1, 'east', 1.5, 'a\\b'), (2, 'west', 2.5, NULL), (3, 'east', 3.5, 'c'), (4, 'west', 0.5, 'd');
> update count 4
-- GROUP BY ALL groups by every select item without an aggregate; ORDER BY ALL sorts by every output column
SELECT region, upper(region) AS loud, sum(id) AS ids FROM sales GROUP BY ALL ORDER BY ALL;
> region | loud | ids
> east | EAST | 4
> west | WEST | 6
> rows: 2
SELECT region, count(*) AS n FROM sales GROUP BY ALL ORDER BY ALL DESC;
> region | n
> west | 2
> east | 2
> rows: 2
SELECT sum(amount) AS total FROM sales GROUP BY ALL;
> total
> 8.0
> rows: 1
-- a column named all is that column
CREATE TABLE flags (`all` INT, b INT);
> ok
INSERT INTO flags VALUES (2, 1), (1, 2);
> update count 2
SELECT `all`, b FROM flags ORDER BY all;
> all | b
> 1 | 2
> 2 | 1
> rows: 2
-- * EXCEPT leaves columns out
SELECT * EXCEPT (amount, note) FROM sales ORDER BY id;
> id | region
> 1 | east
> 2 | west
> 3 | east
> 4 | west
> rows: 4
SELECT s.* EXCEPT (id) FROM sales s WHERE id = 1;
> region | amount | note
> east | 1.5 | a\b
> rows: 1
SELECT * EXCEPT (nope) FROM sales;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- QUALIFY filters on window functions, by alias or inline, also over an aggregation, and before DISTINCT
SELECT id, region, row_number() OVER (PARTITION BY region ORDER BY amount DESC) AS rn FROM sales QUALIFY rn = 1
ORDER BY id;
> id | region | rn
> 2 | west | 1
> 3 | east | 1
> rows: 2
SELECT region, sum(amount) AS total FROM sales GROUP BY region QUALIFY rank() OVER (ORDER BY sum(amount) DESC) = 1;
> region | total
> east | 5.0
> rows: 1
SELECT DISTINCT region FROM sales QUALIFY row_number() OVER (PARTITION BY region ORDER BY id) <= 2 ORDER BY region;
> region
> east
> west
> rows: 2
SELECT id FROM sales QUALIFY id;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT region, amount FROM sales GROUP BY region QUALIFY row_number() OVER (ORDER BY amount) = 1;
> exception MISSING_AGGREGATION
-- named windows, used whole or built on
SELECT id, sum(id) OVER w AS running, max(amount) OVER (w ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS recent
FROM sales WINDOW w AS (PARTITION BY region ORDER BY id) ORDER BY id;
> id | running | recent
> 1 | 1 | 1.5
> 2 | 2 | 2.5
> 3 | 4 | 3.5
> 4 | 6 | 2.5
> rows: 4
SELECT id, rank() OVER w2 AS r FROM sales WINDOW w1 AS (PARTITION BY region), w2 AS (w1 ORDER BY amount) ORDER BY id;
> id | r
> 1 | 1
> 2 | 2
> 3 | 2
> 4 | 1
> rows: 4
SELECT id, sum(id) OVER nowhere FROM sales;
> exception MISSING_WINDOW_SPECIFICATION
-- LIKE ANY / SOME / ALL, and their negations (NOT LIKE ALL: no pattern matches)
SELECT id FROM sales WHERE region LIKE ANY ('e%', 'x%') ORDER BY id;
> id
> 1
> 3
> rows: 2
SELECT id FROM sales WHERE region NOT LIKE ALL ('e%', 'x%') ORDER BY id;
> id
> 2
> 4
> rows: 2
SELECT id FROM sales WHERE region ILIKE SOME ('EAST', 'w_st') AND region LIKE ALL ('%e%', '%s%') ORDER BY id;
> id
> 1
> 2
> 3
> 4
> rows: 4
-- bracketed comments nest; raw strings keep backslashes
SELECT /* outer /* inner */ still a comment */ r'a\b' = note AS raw FROM sales WHERE id = 1;
> raw
> true
> rows: 1
