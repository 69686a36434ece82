-- GROUPING SETS, ROLLUP and CUBE with grouping() and grouping_id(), computed as Spark does (H2 has none of them)
CREATE CATALOG gs_cat;
> ok
USE CATALOG gs_cat;
> ok
CREATE TABLE dealer (city STRING, car STRING, quantity INT);
> ok
INSERT INTO dealer VALUES ('Dublin', 'Honda', 10), ('Dublin', 'Honda', 20), ('Dublin', 'VW', 5), ('Berlin', 'VW', 7), ('Berlin', 'Honda', 3), (NULL, 'VW', 1);
> update count 6
-- ROLLUP: (city, car), (city), (); grouping() tells a NULL of a rolled-up key from a NULL in the data
SELECT city, car, sum(quantity) AS total, grouping(city) AS gc, grouping_id() AS gid FROM dealer GROUP BY ROLLUP (city, car) ORDER BY gid, city, car;
> city | car | total | gc | gid
> null | VW | 1 | 0 | 0
> Berlin | Honda | 3 | 0 | 0
> Berlin | VW | 7 | 0 | 0
> Dublin | Honda | 30 | 0 | 0
> Dublin | VW | 5 | 0 | 0
> null | null | 1 | 0 | 1
> Berlin | null | 10 | 0 | 1
> Dublin | null | 35 | 0 | 1
> null | null | 46 | 1 | 3
> rows: 9
-- CUBE: every subset of the keys; the trailing WITH CUBE / WITH ROLLUP forms are the same
SELECT car, count(*) AS n, grouping_id(car) AS g FROM dealer GROUP BY CUBE (car) ORDER BY g, car;
> car | n | g
> Honda | 3 | 0
> VW | 3 | 0
> null | 6 | 1
> rows: 3
SELECT car, count(*) AS n FROM dealer GROUP BY car WITH ROLLUP ORDER BY n, car;
> car | n
> Honda | 3
> VW | 3
> null | 6
> rows: 3
SELECT city, car, sum(quantity) AS total FROM dealer WHERE city IS NOT NULL GROUP BY CUBE (city, car) ORDER BY grouping_id(city, car), city, car;
> city | car | total
> Berlin | Honda | 3
> Berlin | VW | 7
> Dublin | Honda | 30
> Dublin | VW | 5
> Berlin | null | 10
> Dublin | null | 35
> null | Honda | 33
> null | VW | 12
> null | null | 45
> rows: 9
SELECT city, car, sum(quantity) AS total, grouping_id(city, car) AS g FROM dealer WHERE city IS NOT NULL GROUP BY city, car WITH CUBE ORDER BY g, city, car;
> city | car | total | g
> Berlin | Honda | 3 | 0
> Berlin | VW | 7 | 0
> Dublin | Honda | 30 | 0
> Dublin | VW | 5 | 0
> Berlin | null | 10 | 1
> Dublin | null | 35 | 1
> null | Honda | 33 | 2
> null | VW | 12 | 2
> null | null | 45 | 3
> rows: 9
-- GROUPING SETS: sets of keys in parentheses or single keys, () for the grand total; several elements combine as
-- their cross product
SELECT city, car, sum(quantity) AS total FROM dealer GROUP BY GROUPING SETS ((city, car), car, ()) HAVING grouping(city) = 1 ORDER BY car;
> city | car | total
> null | null | 46
> null | Honda | 33
> null | VW | 13
> rows: 3
SELECT city, car, sum(quantity) AS total FROM dealer WHERE city = 'Dublin' GROUP BY city, ROLLUP (car) ORDER BY car;
> city | car | total
> Dublin | null | 35
> Dublin | Honda | 30
> Dublin | VW | 5
> rows: 3
-- keys by position and by select alias; expressions of keys; a window function over the grouped rows
SELECT upper(city) AS c, sum(quantity) + 1 AS t FROM dealer WHERE city IS NOT NULL GROUP BY ROLLUP (1) ORDER BY t;
> c | t
> BERLIN | 11
> DUBLIN | 36
> null | 46
> rows: 3
SELECT lower(car) AS model, count(*) AS n, rank() OVER (PARTITION BY grouping(lower(car)) ORDER BY count(*) DESC, lower(car)) AS r FROM dealer GROUP BY ROLLUP (model) ORDER BY r, model;
> model | n | r
> null | 6 | 1
> honda | 3 | 1
> vw | 3 | 2
> rows: 3
-- a view keeps its grouping sets in its stored text
CREATE VIEW dealer_totals AS SELECT city, sum(quantity) AS total FROM dealer GROUP BY GROUPING SETS ((city), ());
> ok
SELECT total FROM dealer_totals WHERE city IS NULL ORDER BY total;
> total
> 1
> 46
> rows: 2
-- errors: a column that is not a key, grouping() of a column that is not a key, grouping() without grouping sets,
-- grouping_id() whose columns are not all the keys in order, too many sets
SELECT city, car FROM dealer GROUP BY ROLLUP (city);
> exception MISSING_AGGREGATION
SELECT grouping(car) FROM dealer GROUP BY ROLLUP (city);
> exception GROUPING_COLUMN_MISMATCH
SELECT grouping(city) FROM dealer GROUP BY city;
> exception UNSUPPORTED_GROUPING_EXPRESSION
SELECT grouping_id(car, city) FROM dealer GROUP BY CUBE (city, car);
> exception GROUPING_ID_COLUMN_MISMATCH
SELECT count(*) FROM dealer GROUP BY CUBE (city, car, quantity, quantity + 1, quantity + 2, quantity + 3, quantity + 4, quantity + 5, quantity + 6, quantity + 7, quantity + 8, quantity + 9, quantity + 10);
> exception GROUPING_SIZE_LIMIT_EXCEEDED
