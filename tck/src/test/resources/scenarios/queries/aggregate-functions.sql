-- aggregates beyond the basic ones: collecting, by-value, statistics, percentiles, bitwise, and IGNORE NULLS windows
CREATE CATALOG aggfn_cat;
> ok
USE CATALOG aggfn_cat;
> ok
CREATE TABLE v (g INT, x INT, y INT, s STRING);
> ok
INSERT INTO v VALUES (1, 1, 10, 'a'), (1, 2, 20, 'b'), (1, NULL, 30, 'c'), (1, 2, 40, NULL), (2, 5, NULL, 'z');
> update count 5
-- collect_list and collect_set skip NULLs; max_by takes the value at the largest ordering value, NULL or not
SELECT g, collect_list(x) AS l, size(collect_set(x)) AS st, max_by(s, y) AS mb, min_by(s, y) AS nb, mode(x) AS m FROM v GROUP BY g ORDER BY g;
> g | l | st | mb | nb | m
> 1 | [1,2,2] | 2 | null | a | 2
> 2 | [5] | 1 | null | null | 5
> rows: 2
-- over no rows collect_list is an empty array; FILTER applies to both values of a pair
SELECT collect_list(x) FILTER (WHERE y > 100) AS none, max_by(s, y) FILTER (WHERE y < 25) AS f, count(*) FILTER (WHERE y < 25) AS n FROM v;
> none | f | n
> [] | b | 2
> rows: 1
SELECT length(listagg(s, ',')) AS la, length(string_agg(s)) AS sa FROM v WHERE g = 1;
> la | sa
> 5 | 3
> rows: 1
-- percentile interpolates; percentile_approx is the value at rank ceil(p * n)
SELECT percentile(y, 0.25) AS p, percentile_approx(y, 0.25) AS pa, approx_percentile(y, 0.5) AS ap, median(y) AS md FROM v;
> p | pa | ap | md
> 17.5 | 10 | 20 | 25.0
> rows: 1
SELECT round(corr(x, y), 6) AS c, round(covar_pop(x, y), 6) AS cp, round(covar_samp(x, y), 6) AS cs, regr_count(y, x) AS rc, round(regr_slope(y, x), 6) AS rs, round(regr_intercept(y, x), 6) AS ri FROM v WHERE g = 1;
> c | cp | cs | rc | rs | ri
> 0.755929 | 4.444444 | 6.666667 | 3 | 20.0 | -10.0
> rows: 1
SELECT bit_and(x) AS a, bit_or(x) AS o, bit_xor(x) AS x FROM v WHERE g = 1;
> a | o | x
> 0 | 3 | 1
> rows: 1
-- lag, lead and first_value skip NULLs with IGNORE NULLS
SELECT y, lag(x) IGNORE NULLS OVER (ORDER BY y) AS lg, lead(x) IGNORE NULLS OVER (ORDER BY y) AS ld, first_value(x) IGNORE NULLS OVER (ORDER BY y DESC) AS fv FROM v WHERE g = 1 ORDER BY y;
> y | lg | ld | fv
> 10 | null | 2 | 2
> 20 | 1 | 2 | 2
> 30 | 2 | 2 | 2
> 40 | 2 | null | 2
> rows: 4
SELECT y, collect_list(x) OVER (ORDER BY y ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS w FROM v WHERE g = 1 ORDER BY y;
> y | w
> 10 | [1]
> 20 | [1,2]
> 30 | [2]
> 40 | [2]
> rows: 4
SELECT percentile(x, 2) FROM v;
> exception INVALID_PARAMETER_VALUE
SELECT percentile(x, y) FROM v;
> exception INVALID_PARAMETER_VALUE
-- the aggregates written around H2's take a window too
SELECT y, max_by(x, y) OVER (PARTITION BY g) AS mb, max_by(s, y) OVER (ORDER BY y) AS cm, min_by(s, y) OVER (ORDER BY y ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS nb, percentile(y, 0.5) OVER (PARTITION BY g) AS p, percentile_approx(y, 0.5) OVER (PARTITION BY g) AS pa FROM v WHERE g = 1 ORDER BY y;
> y | mb | cm | nb | p | pa
> 10 | 2 | a | a | 25.0 | 20
> 20 | 2 | b | a | 25.0 | 20
> 30 | 2 | c | b | 25.0 | 20
> 40 | 2 | null | c | 25.0 | 20
> rows: 4
-- array functions over the block's aggregates: the block is planned as two, the aggregates computed first
SELECT g, array_sort(collect_list(x)) AS xs, array_join(array_sort(collect_set(s)), ',') AS ss, count(*) AS n, sum(x) + 1 AS total FROM v GROUP BY g ORDER BY g;
> g | xs | ss | n | total
> 1 | [1,2,2] | a,b,c | 4 | 6
> 2 | [5] | z | 1 | 6
> rows: 2
SELECT g + 1 AS h, array_max(collect_list(x)) AS mx, rank() OVER (ORDER BY array_max(collect_list(x)) DESC) AS r FROM v GROUP BY g + 1 HAVING count(*) > 0 ORDER BY h;
> h | mx | r
> 2 | 2 | 2
> 3 | 5 | 1
> rows: 2
SELECT array_sort(collect_list(y)) AS ys FROM v WHERE g = 1;
> ys
> [10,20,30,40]
> rows: 1
SELECT s, array_sort(collect_list(x)) FROM v GROUP BY g;
> exception MISSING_AGGREGATION
-- WITHIN GROUP: percentile_cont and percentile_disc, mode, and listagg / string_agg in a given order
SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY y) AS pc, percentile_cont(0.25) WITHIN GROUP (ORDER BY y DESC) AS pcd, percentile_disc(0.25) WITHIN GROUP (ORDER BY y) AS pd, mode() WITHIN GROUP (ORDER BY x) AS m FROM v;
> pc | pcd | pd | m
> 17.5 | 32.5 | 10 | 2
> rows: 1
SELECT listagg(s, ',') WITHIN GROUP (ORDER BY s DESC) AS d, string_agg(s) WITHIN GROUP (ORDER BY y) AS a FROM v WHERE g = 1;
> d | a
> c,b,a | abc
> rows: 1
CREATE VIEW ordered_names AS SELECT listagg(s, '-') WITHIN GROUP (ORDER BY s) AS names FROM v;
> ok
SELECT names FROM ordered_names;
> names
> a-b-c-z
> rows: 1
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY y DESC) FROM v;
> exception FEATURE_NOT_SUPPORTED
SELECT collect_list(x) WITHIN GROUP (ORDER BY x) FROM v;
> exception FEATURE_NOT_SUPPORTED
