-- a built-in's arguments fit its parameters by the dialect's implicit casts, or the call is refused before it runs;
-- CAST refuses what the dialect cannot cast
CREATE TABLE argtyped (a INT, b STRING, c DOUBLE, d DATE, ts TIMESTAMP, arr ARRAY<INT>, m MAP<STRING, INT>, bo BOOLEAN);
> ok
INSERT INTO argtyped VALUES (1, '4', 1.5, DATE'2020-03-04', TIMESTAMP'2020-01-01 10:11:12.5', array(1, 2), map('k', 1), true);
> update count 1
-- a simple value is its text for a STRING parameter, text is read as a number or a date where one is wanted
SELECT upper(bo), length(123), concat(a, c, d, bo), a || bo, lpad(a, 3, 0), substr(123456, 2, 3) FROM argtyped;
> upper(bo) | length(123) | concat(a, c, d, bo) | (a || bo) | lpad(a, 3, 0) | substr(123456, 2, 3)
> TRUE | 3 | 11.52020-03-04true | 1true | 001 | 234
> rows: 1
SELECT sqrt(b), abs('-5'), year('2021-05-06'), month(d), hour(d), a LIKE '1%', bo LIKE 't%' FROM argtyped;
> sqrt(b) | abs(-5) | year(2021-05-06) | month(d) | hour(d) | a LIKE 1% | bo LIKE t%
> 2.0 | 5.0 | 2021 | 3 | 0 | true | true
> rows: 1
SELECT arr || arr FROM argtyped;
> (arr || arr)
> [1,2,1,2]
> rows: 1
SELECT abs(b || 'x') FROM argtyped;
> exception CAST_INVALID_INPUT
-- no implicit cast makes an array, a map or a struct of a simple value, or the other way
SELECT upper(arr) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT length(m) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT concat(a, arr) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT a || arr FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT a LIKE arr FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT size(a) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT array_contains(a, 1) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT element_at(a, 1) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
-- numbers, dates and booleans are not each other
SELECT sqrt(d) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT year(a) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT date_add(d, d) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT bool_and(a) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT max(m) FROM argtyped;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT bool_and('true'), count_if(a > 0), max(arr), min(b) FROM argtyped;
> bool_and(true) | count_if((a > 0)) | max(arr) | min(b)
> true | 1 | [1,2] | 4
> rows: 1
-- CAST
SELECT CAST(a AS ARRAY<INT>) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION
SELECT CAST(arr AS INT) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION
SELECT CAST(b AS MAP<STRING, INT>) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION
SELECT CAST(bo AS TIMESTAMP) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION
SELECT CAST(d AS INT) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION
SELECT int(d) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION
SELECT CAST(a AS DATE) FROM argtyped;
> exception DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION
-- a TIMESTAMP and a number of seconds since 1970-01-01 00:00:00 UTC cast both ways
SELECT CAST(ts AS BIGINT), CAST(ts AS DECIMAL(20, 3)), CAST(a AS TIMESTAMP), CAST(TIMESTAMP'1969-12-31 23:59:59.5' AS BIGINT) FROM argtyped;
> CAST(ts AS BIGINT) | CAST(ts AS DECIMAL(20,3)) | CAST(a AS TIMESTAMP) | CAST(TIMESTAMP '1969-12-31 23:59:59.5' AS BIGINT)
> 1577873472 | 1577873472.500 | 1970-01-01 00:00:01.0 | -1
> rows: 1
SELECT CAST(arr AS ARRAY<STRING>), CAST(arr AS STRING), CAST(bo AS INT), CAST(c AS BOOLEAN), CAST(d AS TIMESTAMP) FROM argtyped;
> CAST(arr AS ARRAY<STRING>) | CAST(arr AS STRING) | CAST(bo AS INT) | CAST(c AS BOOLEAN) | CAST(d AS TIMESTAMP)
> ["1","2"] | [1, 2] | 1 | true | 2020-03-04 00:00:00.0
> rows: 1
-- IN and BETWEEN compare their value with each item and bound
SELECT a IN (1, d) FROM argtyped;
> exception DATATYPE_MISMATCH.DATA_DIFF_TYPES
SELECT a IN (arr) FROM argtyped;
> exception DATATYPE_MISMATCH.DATA_DIFF_TYPES
SELECT a BETWEEN 0 AND ts FROM argtyped;
> exception DATATYPE_MISMATCH
SELECT a IN (1, '2', NULL), ts BETWEEN '2019-01-01' AND d, arr IN (array(1, 2)) FROM argtyped;
> (a IN (1, 2, NULL)) | (ts BETWEEN 2019-01-01 AND d) | (arr IN (array(1, 2)))
> true | true | true
> rows: 1
-- complex values cast to STRING as the dialect writes them
SELECT CAST(array(1, NULL, 3) AS STRING) AS a, CAST(map('a', 1, 'b', NULL) AS STRING) AS m, CAST(named_struct('x', 1, 'y', 'z', 'n', CAST(NULL AS INT)) AS STRING) AS s;
> a | m | s
> [1, null, 3] | {a -> 1, b -> null} | {1, z, null}
> rows: 1
SELECT CAST(array(array('a'), array()) AS STRING) AS a, CAST(named_struct('b', true, 'm', map(1, array(2.5D))) AS STRING) AS s;
> a | s
> [[a], []] | {true, {1 -> [2.5]}}
> rows: 1
