-- what the statement fuzzer found ending in INTERNAL_ERROR: each is now a result or a classified error
CREATE CATALOG fz_cat;
> ok
USE CATALOG fz_cat;
> ok
CREATE TABLE t (i INT, d DOUBLE, s STRING, dt DATE, ts TIMESTAMP, flag BOOLEAN, arr ARRAY<INT>);
> ok
INSERT INTO t VALUES (1, 1.5, '10', DATE '2024-01-31', TIMESTAMP '2024-01-31 10:00:00', TRUE, ARRAY(1, 2)), (2, -0.5, 'x', DATE '2024-02-29', TIMESTAMP '2024-02-29 23:59:59', FALSE, ARRAY(3));
> update count 2
-- signs: a negated negative literal, a sign on a string (read as DOUBLE) or NULL, and on what is no number
SELECT - - 76, - -2.5, -'10', - NULL;
> 76 | 2.5 | (- 10) | (- NULL)
> 76 | 2.5 | -10.0 | null
> rows: 1
SELECT - arr FROM t;
> exception DATATYPE_MISMATCH
SELECT - flag FROM t;
> exception DATATYPE_MISMATCH
SELECT ~ d FROM t;
> exception DATATYPE_MISMATCH
-- arithmetic: strings are read as DOUBLE, a date takes a number of days, nothing else takes a date or a boolean
SELECT s * '2' FROM t WHERE i = 1;
> (s * 2)
> 20.0
> rows: 1
SELECT dt + 1, dt - 1 FROM t WHERE i = 1;
> (dt + 1) | (dt - 1)
> 2024-02-01 | 2024-01-30
> rows: 1
SELECT ts + dt FROM t;
> exception DATATYPE_MISMATCH
SELECT flag + 1 FROM t;
> exception DATATYPE_MISMATCH
SELECT arr * 2 FROM t;
> exception DATATYPE_MISMATCH
SELECT 6 / 'NaN', CAST('Infinity' AS DOUBLE), CAST('-Infinity' AS DOUBLE);
> (6 / NaN) | CAST(Infinity AS DOUBLE) | CAST(-Infinity AS DOUBLE)
> NaN | Infinity | -Infinity
> rows: 1
-- comparisons and conditions
SELECT arr < 1 FROM t;
> exception DATATYPE_MISMATCH
SELECT CASE WHEN i THEN 1 END FROM t;
> exception DATATYPE_MISMATCH
SELECT i FROM t WHERE flag AND 1;
> exception DATATYPE_MISMATCH
SELECT CASE 66 WHEN CAST(NULL AS INTEGER) THEN 1 ELSE 2 END;
> CASE WHEN ... END
> 2
> rows: 1
SELECT CASE WHEN flag THEN arr ELSE d END FROM t;
> exception DATATYPE_MISMATCH
-- aggregates: arity, numeric inputs, DISTINCT, NULL
SELECT avg(DISTINCT CAST(NULL AS INTEGER)), sum(NULL), sum(DISTINCT s) FROM t WHERE i = 1;
> avg(DISTINCT CAST(NULL AS INT)) | sum(NULL) | sum(DISTINCT s)
> null | null | 10.0
> rows: 1
SELECT sum(s) FROM t;
> exception CAST_INVALID_INPUT
SELECT avg(i, d) FROM t;
> exception WRONG_NUM_ARGS
SELECT sum(*) FROM t;
> exception WRONG_NUM_ARGS
SELECT sum(dt) FROM t;
> exception DATATYPE_MISMATCH
SELECT count(*), count(i), count_if(flag), count_if(DISTINCT i > 0), approx_count_distinct(i), approx_count_distinct(DISTINCT s, 0.05) FROM t;
> count(1) | count(i) | count_if(flag) | count_if(DISTINCT (i > 0)) | approx_count_distinct(i) | approx_count_distinct(DISTINCT s, 0.05)
> 2 | 2 | 1 | 1 | 2 | 2
> rows: 1
-- window functions: ranks and offsets have a frame of their own; frame offsets are number literals
SELECT i, row_number() OVER (ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS n FROM t ORDER BY i;
> i | n
> 1 | 1
> 2 | 2
> rows: 2
SELECT row_number() OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t;
> exception WINDOW_FUNCTION_AND_FRAME_MISMATCH
SELECT lag(i) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t;
> exception WINDOW_FUNCTION_AND_FRAME_MISMATCH
SELECT sum(i) OVER (ORDER BY i ROWS BETWEEN TRUE PRECEDING AND CURRENT ROW) FROM t;
> exception DATATYPE_MISMATCH
SELECT ntile(0) OVER (ORDER BY i) FROM t;
> exception DATATYPE_MISMATCH
SELECT ntile(CAST(NULL AS INT)) OVER (ORDER BY i) FROM t;
> exception DATATYPE_MISMATCH
-- set operations put one family of types in a column
SELECT flag FROM t UNION ALL SELECT d FROM t;
> exception INCOMPATIBLE_COLUMN_TYPE
SELECT flag FROM t UNION ALL SELECT s FROM t;
> exception INCOMPATIBLE_COLUMN_TYPE
SELECT i FROM t UNION ALL SELECT d FROM t ORDER BY 1;
> i
> -0.5
> 1.0
> 1.5
> 2.0
> rows: 4
-- positions out of any range, parameters never bound, functions given what they do not take
SELECT i FROM t ORDER BY 9223372036854775807;
> exception ORDER_BY_POS_OUT_OF_RANGE
SELECT i FROM t GROUP BY -9223372036854775808;
> exception GROUP_BY_POS_OUT_OF_RANGE
SELECT ? AS p;
> exception UNBOUND_SQL_PARAMETER
SELECT last_day(-76);
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT concat_ws('-', 'a'), concat_ws('-', 'a', 'b'), concat_ws(1, 2, 3);
> concat_ws(-, a) | concat_ws(-, a, b) | concat_ws(1, 2, 3)
> a | a-b | 213
> rows: 1
-- a query in parentheses still sees the outer query's columns
SELECT i, ((SELECT i + 1)) AS j FROM t ORDER BY i;
> i | j
> 1 | 2
> 2 | 3
> rows: 2

-- constant subqueries inside derived tables and table functions, and a subquery of more than one row
SELECT * FROM VALUES ((SELECT NULL), 'a'), (2, 'b') AS l(k, x) FULL JOIN VALUES (2, 'B'), (3, 'C') AS r(k, y) USING (k) ORDER BY k;
> k | x | y
> null | a | null
> 2 | b | B
> 3 | null | C
> rows: 3
-- range's bounds are foldable, as in Spark (NON_FOLDABLE_ARGUMENT): a subquery there made H2 fail once prepared
-- again (it reprinted the folded subquery as a cast to a domain named after its column)
SELECT count(*) FROM range((SELECT 3));
> exception NON_FOLDABLE_ARGUMENT
SELECT (SELECT i FROM t);
> exception SCALAR_SUBQUERY_TOO_MANY_ROWS
-- a string too long to build is refused before H2 tries (out of memory, H2 closes the whole database)
SELECT lpad('x', 2147483647, 'y');
> exception INVALID_PARAMETER_VALUE
SELECT rpad(s, 100000000) FROM t;
> exception INVALID_PARAMETER_VALUE
SELECT repeat('abc', 10000000);
> exception INVALID_PARAMETER_VALUE
SELECT lpad('x', 3, 'y'), rpad('x', 3), repeat('ab', 2);
> lpad(x, 3, y) | rpad(x, 3) | repeat(ab, 2)
> yyx | x   | abab
> rows: 1
SELECT count(*) FROM t;
> count(1)
> 2
> rows: 1
-- functions that put their arguments in one column take one family of types
SELECT coalesce(i > 0, NULL, 1) FROM t;
> exception DATATYPE_MISMATCH
SELECT coalesce(NULL, i, 7), if(flag, 'yes', 'no'), nvl2(s, 1, 2) FROM t ORDER BY i;
> coalesce(NULL, i, 7) | if(flag, yes, no) | nvl2(s, 1, 2)
> 1 | yes | 1
> 2 | no | 1
> rows: 2
SELECT if(i, 1, 2) FROM t;
> exception DATATYPE_MISMATCH
CREATE TABLE bad_step (id BIGINT GENERATED BY DEFAULT AS IDENTITY (INCREMENT BY 9223372036854775807));
> exception INVALID_PARAMETER_VALUE
-- from the SQLLogicTest corpus (evidence/slt_lang_update): one column assigned twice
UPDATE t SET i = 3, i = 4;
> exception DUPLICATE_ASSIGNMENTS
MERGE INTO t USING (SELECT 1 AS k) s ON t.i = s.k WHEN MATCHED THEN UPDATE SET d = 1.0, D = 2.0;
> exception DUPLICATE_ASSIGNMENTS
INSERT INTO t (i, i) VALUES (1, 2);
> exception COLUMN_ALREADY_EXISTS
SELECT count(*) FROM range(((SELECT 3)));
> exception NON_FOLDABLE_ARGUMENT
SELECT count(*) FROM range(1 + 2, 2 * 3);
> count(1)
> 3
> rows: 1
SELECT count(*) FROM range(CAST(NULL AS STRING) + 2, 2 * 3);
> exception INVALID_PARAMETER_VALUE
SELECT count(*) FROM range(NULL);
> exception INVALID_PARAMETER_VALUE
CREATE TABLE too_wide (a VARCHAR(2147483647));
> exception PARSE_SYNTAX_ERROR
SELECT CAST('a' AS CHAR(99999999999));
> exception PARSE_SYNTAX_ERROR
SELECT CAST('abc' AS VARCHAR(1000000000)) AS v;
> v
> abc
> rows: 1
-- listagg's delimiter is a constant (H2 takes no other)
SELECT string_agg(s, length(s)) FROM VALUES ('a') AS v(s);
> exception NON_FOLDABLE_ARGUMENT
-- a time zone the query names that does not exist is the caller's mistake
SELECT from_utc_timestamp(TIMESTAMP'2017-07-14 02:40:00', 'GMT+1' 'GMT+1');
> exception INVALID_PARAMETER_VALUE
-- an integer literal beyond BIGINT is a DECIMAL; slice's literal checks only read those within BIGINT
SELECT slice(array(1, 2, 3, 4), - 1, 9223372036854775808) AS b;
> b
> [4]
> rows: 1
-- bround to a scale as large as an INT's, either way: the value as it is, or 0 (BigDecimal failed on both)
SELECT bround(2.25, -2147483648) AS a, bround(2.25, 2147483647) AS b, bround(25, -1) AS c, bround(99, -2) AS d, bround(99, -3) AS e;
> a | b | c | d | e
> 0.00 | 2.25 | 20 | 100 | 0
> rows: 1
