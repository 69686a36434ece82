-- LATERAL VIEW [OUTER], generators in FROM (explode, posexplode, inline, stack and their _outer forms) and
-- FROM t, LATERAL generator(t.col)
CREATE CATALOG lv_cat;
> ok
USE CATALOG lv_cat;
> ok
CREATE TABLE orders (id INT, items ARRAY<STRING>, prices MAP<STRING, INT>, points ARRAY<STRUCT<x: INT, y: INT>>);
> ok
INSERT INTO orders VALUES (1, array('a', 'b'), map('a', 3), array(named_struct('x', 1, 'y', 2), named_struct('x', 5, 'y', 6))), (2, array(), map(), array()), (3, NULL, NULL, NULL);
> update count 3
-- rows without elements are dropped, or kept once with NULLs under OUTER
SELECT id, item FROM orders LATERAL VIEW explode(items) t AS item ORDER BY id, item;
> id | item
> 1 | a
> 1 | b
> rows: 2
SELECT id, t.item FROM orders LATERAL VIEW OUTER explode(items) t AS item ORDER BY id, item;
> id | item
> 1 | a
> 1 | b
> 2 | null
> 3 | null
> rows: 4
SELECT id, pos, item FROM orders LATERAL VIEW posexplode(items) t AS pos, item ORDER BY id, pos;
> id | pos | item
> 1 | 0 | a
> 1 | 1 | b
> rows: 2
-- without column names a generator's columns keep its own names; a map gives key and value
SELECT id, key, value FROM orders LATERAL VIEW explode(prices) p;
> id | key | value
> 1 | a | 3
> rows: 1
SELECT id, x * y AS area FROM orders LATERAL VIEW inline(points) p ORDER BY area;
> id | area
> 1 | 2
> 1 | 30
> rows: 2
-- lateral views chain, each reading the rows before it, and the block then groups as usual
SELECT a, b FROM orders LATERAL VIEW explode(items) t1 AS a LATERAL VIEW explode(items) t2 AS b WHERE a < b;
> a | b
> a | b
> rows: 1
SELECT item, count(*) AS n FROM orders LATERAL VIEW OUTER explode(items) t AS item GROUP BY item ORDER BY item;
> item | n
> null | 2
> a | 1
> b | 1
> rows: 3
-- stack(n, ...) makes n rows of the values, row by row: an unpivot
CREATE TABLE quarters (id INT, q1 INT, q2 INT);
> ok
INSERT INTO quarters VALUES (1, 10, 20), (2, 30, NULL);
> update count 2
SELECT id, quarter, amount FROM quarters LATERAL VIEW stack(2, 'q1', q1, 'q2', q2) s AS quarter, amount ORDER BY id, quarter;
> id | quarter | amount
> 1 | q1 | 10
> 1 | q2 | 20
> 2 | q1 | 30
> 2 | q2 | null
> rows: 4
SELECT * FROM stack(2, 1, 'a', 2);
> col0 | col1
> 1 | a
> 2 | null
> rows: 2
-- generators in FROM, alone or reading the relation on their left
SELECT * FROM explode(array(10, 20)) AS e(v) ORDER BY v DESC;
> v
> 20
> 10
> rows: 2
SELECT * FROM inline(array(struct(1, 'a'), struct(2, 'b')));
> col1 | col2
> 1 | a
> 2 | b
> rows: 2
SELECT id, e.col FROM orders, LATERAL explode(orders.items) e ORDER BY id, col;
> id | col
> 1 | a
> 1 | b
> rows: 2
-- a view keeps its lateral view in its stored text
CREATE VIEW order_items AS SELECT id, item FROM orders LATERAL VIEW OUTER explode(items) t AS item;
> ok
SELECT count(*) AS n FROM order_items;
> n
> 4
> rows: 1
-- errors: names that do not match the columns, a function that is no generator, an outer join to a generator
SELECT id FROM orders LATERAL VIEW explode(items) t AS a, b;
> exception UDTF_ALIAS_NUMBER_MISMATCH
SELECT id FROM orders LATERAL VIEW upper(id) t AS u;
> exception UNSUPPORTED_GENERATOR.NOT_GENERATOR
SELECT id FROM orders LATERAL VIEW inline(items) t;
> exception DATATYPE_MISMATCH
SELECT id FROM orders LEFT JOIN LATERAL explode(items) e ON true;
> exception FEATURE_NOT_SUPPORTED
SELECT * FROM stack(0, 1);
> exception DATATYPE_MISMATCH
