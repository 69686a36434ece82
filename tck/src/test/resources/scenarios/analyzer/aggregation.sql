-- the aggregation structure is checked from the statement, so an empty table and a full one answer alike
CREATE TABLE agg (a INT, b INT, s STRING);
> ok
SELECT a FROM agg GROUP BY b;
> exception MISSING_AGGREGATION
SELECT a, count(*) FROM agg;
> exception MISSING_AGGREGATION
SELECT a FROM agg HAVING count(*) > 0;
> exception MISSING_AGGREGATION
SELECT count(*) FROM agg WHERE count(*) > 1;
> exception INVALID_WHERE_CONDITION
SELECT a FROM agg WHERE row_number() OVER (ORDER BY a) = 1;
> exception INVALID_WHERE_CONDITION
SELECT count(*) FROM agg GROUP BY count(*);
> exception GROUP_BY_AGGREGATE
SELECT sum(count(a)) FROM agg;
> exception NESTED_AGGREGATE_FUNCTION
SELECT a, row_number() OVER (ORDER BY b) FROM agg GROUP BY a;
> exception MISSING_AGGREGATION
INSERT INTO agg VALUES (1, 10, 'x'), (1, 20, 'y'), (2, 30, 'x');
> update count 3
SELECT a FROM agg GROUP BY b;
> exception MISSING_AGGREGATION
SELECT sum(count(a)) FROM agg;
> exception NESTED_AGGREGATE_FUNCTION
-- what is grouped may be read: by name, qualified, by position, by alias, as the same expression
SELECT agg.a, count(*) FROM agg GROUP BY a ORDER BY 1;
> a | count(1)
> 1 | 2
> 2 | 1
> rows: 2
SELECT a AS k, sum(b) FROM agg GROUP BY k ORDER BY k;
> k | sum(b)
> 1 | 30
> 2 | 30
> rows: 2
SELECT s || '!' AS bang, count(*) AS n FROM agg GROUP BY s || '!' ORDER BY bang;
> bang | n
> x! | 2
> y! | 1
> rows: 2
SELECT a, sum(sum(b)) OVER () AS total FROM agg GROUP BY 1 ORDER BY a;
> a | total
> 1 | 60
> 2 | 60
> rows: 2
-- HAVING may name a select alias, as in Spark
SELECT a, count(*) AS n FROM agg GROUP BY a HAVING n > 1;
> a | n
> 1 | 2
> rows: 1
-- a subquery is a query of its own: its columns are not this block's
SELECT a, (SELECT max(b) FROM agg AS inner_agg WHERE inner_agg.a = agg.a) AS top FROM agg GROUP BY a ORDER BY a;
> a | top
> 1 | 20
> 2 | 30
> rows: 2
-- aggregates of constants that H2 would fold to an untyped NULL keep their type
SELECT sum(- CAST(NULL AS INT)) AS s, avg(DISTINCT - CAST(NULL AS INT)) AS v FROM agg;
> s | v
> null | null
> rows: 1
-- LIMIT and OFFSET take constants: a column, an outer query's column or a subquery is refused before H2 runs
SELECT a FROM agg ORDER BY a LIMIT 1 + 1;
> a
> 1
> 1
> rows: 2
SELECT a FROM agg LIMIT b;
> exception INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE
SELECT a, (SELECT count(*) FROM agg i LIMIT o.b) FROM agg o;
> exception INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE
SELECT a FROM agg OFFSET (SELECT 1);
> exception INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE
DROP TABLE agg;
> ok
