-- PIVOT and UNPIVOT: the vendor's examples, multiple aggregates and columns, the grouping columns PIVOT infers,
-- NULL handling, views that keep them, and the errors
CREATE CATALOG pivot_cat;
> ok
USE CATALOG pivot_cat;
> ok
CREATE TABLE sales (year INT, quarter INT, region STRING, amount DECIMAL(10,2));
> ok
INSERT INTO sales VALUES (2018, 1, 'east', 100), (2018, 2, 'east', 20), (2018, 3, 'east', 40), (2018, 1, 'west', 105), (2018, 2, 'west', 25), (2019, 1, 'east', 120), (2019, 4, 'west', 65), (2019, NULL, 'west', 1);
> update count 8
-- the columns neither the aggregate nor FOR reads (year, region) are the groups; a value without rows is NULL
SELECT * FROM sales PIVOT (sum(amount) FOR quarter IN (1 AS q1, 2 AS q2, 3 AS q3, 4 AS q4)) ORDER BY year, region;
> year | region | q1 | q2 | q3 | q4
> 2018 | east | 100.00 | 20.00 | 40.00 | null
> 2018 | west | 105.00 | 25.00 | null | null
> 2019 | east | 120.00 | null | null | null
> 2019 | west | null | null | null | 65.00
> rows: 4
-- several aggregates name their columns value_alias; count over no rows is 0; a NULL value matches NULL
SELECT * FROM (SELECT year, quarter, amount FROM sales) PIVOT (sum(amount) AS total, count(*) AS n FOR quarter IN (1 AS q1, NULL AS unknown)) ORDER BY year;
> year | q1_total | q1_n | unknown_total | unknown_n
> 2018 | 205.00 | 2 | null | 0
> 2019 | 120.00 | 1 | 1.00 | 1
> rows: 2
-- values without alias name their columns as written; an aggregate may be an expression of aggregates
SELECT * FROM (SELECT region, quarter, amount FROM sales) PIVOT (max(amount) - min(amount) FOR region IN ('east', 'west')) ORDER BY quarter NULLS FIRST;
> quarter | east | west
> null | null | 0.00
> 1 | 20.00 | 0.00
> 2 | 0.00 | 0.00
> 3 | 0.00 | null
> 4 | null | 0.00
> rows: 5
-- several FOR columns take tuples of values
SELECT * FROM (SELECT year, quarter, region, amount FROM sales) PIVOT (sum(amount) FOR (quarter, region) IN ((1, 'east') AS q1_east, (1, 'west') AS q1_west)) AS p ORDER BY p.year;
> year | q1_east | q1_west
> 2018 | 100.00 | 105.00
> 2019 | 120.00 | null
> rows: 2
-- a value is cast to the FOR column's type; FILTER of the aggregate still applies
SELECT * FROM (SELECT year, quarter, amount FROM sales) PIVOT (count(*) FILTER (WHERE amount > 50) FOR quarter IN ('1' AS one, 2.0 AS two)) ORDER BY year;
> year | one | two
> 2018 | 2 | 0
> 2019 | 1 | 0
> rows: 2
-- no grouping column left: one row
SELECT * FROM (SELECT quarter, amount FROM sales) PIVOT (sum(amount) FOR quarter IN (1, 4));
> 1 | 4
> 325.00 | 65.00
> rows: 1
-- a view keeps its PIVOT
CREATE VIEW by_quarter AS SELECT * FROM (SELECT year, quarter, amount FROM sales) PIVOT (sum(amount) AS total FOR quarter IN (1 AS q1, 2 AS q2));
> ok
SELECT year, q1, q2 FROM by_quarter ORDER BY year;
> year | q1 | q2
> 2018 | 205.00 | 45.00
> 2019 | 120.00 | null
> rows: 2
CREATE TABLE wide (year INT, q1 INT, q2 INT, q3 INT, q4 INT, note STRING);
> ok
INSERT INTO wide VALUES (2018, 100, 20, 40, NULL, 'a'), (2019, NULL, NULL, NULL, NULL, 'b');
> update count 2
-- UNPIVOT: the other columns, then the name (alias or column name) and the value; NULL values are left out
SELECT * FROM wide UNPIVOT (amount FOR quarter IN (q1 AS `Q1`, q2, q3, q4)) ORDER BY year, quarter;
> year | note | quarter | amount
> 2018 | a | Q1 | 100
> 2018 | a | q2 | 20
> 2018 | a | q3 | 40
> rows: 3
SELECT u.year, u.quarter, u.amount FROM wide UNPIVOT INCLUDE NULLS (amount FOR quarter IN (q1, q4)) AS u ORDER BY year, quarter;
> year | quarter | amount
> 2018 | q1 | 100
> 2018 | q4 | null
> 2019 | q1 | null
> 2019 | q4 | null
> rows: 4
-- several value columns: a group without alias is named by its columns joined with _; a row is left out only when all its values are NULL
SELECT year, half, first, second FROM wide UNPIVOT ((first, second) FOR half IN ((q1, q2) AS h1, (q3, q4))) ORDER BY year, half;
> year | half | first | second
> 2018 | h1 | 100 | 20
> 2018 | q3_q4 | 40 | null
> rows: 2
-- the value columns' type is the columns' common type
SELECT typeof(v) FROM (SELECT 1 AS k, CAST(2 AS BIGINT) AS a, 2.5 AS b) UNPIVOT (v FOR c IN (a, b)) LIMIT 1;
> typeof(v)
> decimal(21,1)
> rows: 1
-- a PIVOT over an UNPIVOT
SELECT * FROM wide UNPIVOT (amount FOR quarter IN (q1, q2)) PIVOT (sum(amount) FOR quarter IN ('q1', 'q2'));
> year | q3 | q4 | note | q1 | q2
> 2018 | 40 | null | a | 100 | 20
> rows: 1
-- errors
SELECT * FROM sales PIVOT (sum(amount) FOR quarter IN (year));
> exception NON_LITERAL_PIVOT_VALUES
SELECT * FROM sales PIVOT (sum(amount) FOR quarter IN (DATE'2020-01-01'));
> exception PIVOT_VALUE_DATA_TYPE_MISMATCH
SELECT * FROM sales PIVOT (sum(amount) FOR (quarter, region) IN (1));
> exception PIVOT_VALUE_DATA_TYPE_MISMATCH
SELECT * FROM sales PIVOT (amount FOR quarter IN (1));
> exception MISSING_AGGREGATION
SELECT * FROM sales PIVOT (sum(amount) FOR missing IN (1));
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
SELECT * FROM wide UNPIVOT ((a, b) FOR half IN ((q1, q2), (q3)));
> exception UNPIVOT_VALUE_SIZE_MISMATCH
SELECT * FROM wide UNPIVOT (v FOR c IN (q1, note));
> exception UNPIVOT_VALUE_DATA_TYPE_MISMATCH
SELECT * FROM wide UNPIVOT (v FOR c IN (q1, nothing));
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- the same written by hand: FILTERed aggregates in arithmetic (H2 alone fails on this select list)
SELECT quarter, max(amount) FILTER (WHERE region = 'east') - min(amount) FILTER (WHERE region = 'east') AS east, max(amount) FILTER (WHERE region = 'west') - min(amount) FILTER (WHERE region = 'west') AS west, count(*) FILTER (WHERE region = 'west') AS n FROM sales GROUP BY quarter ORDER BY quarter NULLS FIRST;
> quarter | east | west | n
> null | null | 0.00 | 1
> 1 | 20.00 | 0.00 | 1
> 2 | 0.00 | 0.00 | 1
> 3 | 0.00 | null | 0
> 4 | null | 0.00 | 1
> rows: 5
