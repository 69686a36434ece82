-- lambdas and the higher-order functions over arrays and maps, and the array sorts
CREATE CATALOG hof_cat;
> ok
USE CATALOG hof_cat;
> ok
CREATE TABLE t (id INT, xs ARRAY<INT>, k INT, m MAP<STRING, INT>);
> ok
INSERT INTO t VALUES (1, array(1, 2, 3), 10, map('a', 1, 'b', 2)), (2, array(), 20, map()), (3, NULL, 30, NULL);
> update count 3
-- transform with the element, or the element and its 0-based index; the lambda reads the row's columns too
SELECT id, transform(xs, x -> x * 2) AS doubled, transform(xs, (x, i) -> x + i) AS indexed, transform(xs, x -> x + k) AS shifted FROM t ORDER BY id;
> id | doubled | indexed | shifted
> 1 | [2,4,6] | [1,3,5] | [11,12,13]
> 2 | [] | [] | []
> 3 | null | null | null
> rows: 3
-- a lambda parameter hides a column of the same name; lambdas nest
SELECT transform(xs, id -> id + 1) AS a, transform(array(array(1, 2), array(3)), ys -> transform(ys, y -> y * 10)) AS b FROM t WHERE id = 1;
> a | b
> [2,3,4] | [[10,20],[30]]
> rows: 1
-- filter keeps the elements where the lambda is true (not NULL)
SELECT filter(array(1, NULL, 3, 4), x -> x % 2 = 1) AS odd, filter(array(5, 6, 7), (x, i) -> i > 0) AS tail;
> odd | tail
> [1,3] | [6,7]
> rows: 1
SELECT id FROM t WHERE exists(xs, x -> x > 2);
> id
> 1
> rows: 1
-- exists and forall: true, false or NULL as the dialect decides over NULL elements
SELECT exists(array(1, 2), x -> x > 1) AS a, exists(array(1, NULL), x -> x > 1) AS b, exists(array(), x -> x > 1) AS c, forall(array(1, 2), x -> x > 0) AS d, forall(array(1, NULL), x -> x > 0) AS e, forall(array(-1, NULL), x -> x > 0) AS f;
> a | b | c | d | e | f
> true | null | false | true | null | false
> rows: 1
-- zip_with pads the shorter array with NULLs
SELECT zip_with(array(1, 2, 3), array('a', 'b'), (x, y) -> concat(y, x)) AS z;
> z
> ["a1","b2",null]
> rows: 1
SELECT map_filter(m, (key, v) -> v > 1) AS f, transform_values(m, (key, v) -> v * 10) AS tv, transform_keys(m, (key, v) -> upper(key)) AS tk FROM t WHERE id = 1;
> f | tv | tk
> {"b":2} | {"a":10,"b":20} | {"A":1,"B":2}
> rows: 1
-- array_sort puts NULLs last; sort_array puts them first ascending and last descending
SELECT array_sort(array(3, NULL, 1)) AS a, sort_array(array(3, NULL, 1)) AS b, sort_array(array(3, NULL, 1), false) AS c;
> a | b | c
> [1,3,null] | [null,1,3] | [3,1,null]
> rows: 1
SELECT typeof(transform(array(1), x -> CAST(x AS STRING))) AS type;
> type
> array<string>
> rows: 1
-- a view keeps its lambdas
CREATE VIEW doubled AS SELECT id, transform(xs, x -> x * 2) AS ys FROM t;
> ok
SELECT ys FROM doubled WHERE id = 1;
> ys
> [2,4,6]
> rows: 1
-- errors
SELECT transform(array(1), x -> y);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
SELECT transform(array(1), (x, y, z) -> x);
> exception INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH
SELECT transform(array(1), (x, x) -> x);
> exception INVALID_LAMBDA_FUNCTION_CALL.DUPLICATE_ARG_NAMES
SELECT transform(1, x -> x);
> exception DATATYPE_MISMATCH
SELECT filter(array(1), x -> x + 1);
> exception DATATYPE_MISMATCH
SELECT transform(array(1), 2);
> exception DATATYPE_MISMATCH
SELECT coalesce(x -> x, 1);
> exception INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION
-- over an aggregate of the same SELECT: the block is planned as two (aggregates first)
SELECT k, transform(collect_list(id), x -> x * 2) AS ids FROM t GROUP BY k ORDER BY k;
> k | ids
> 10 | [2]
> 20 | [4]
> 30 | [6]
> rows: 3
-- new keys are map keys: none NULL, none twice
SELECT transform_keys(map('a', 1, 'b', 2), (k, v) -> 'same');
> exception DUPLICATED_MAP_KEY
SELECT transform_keys(map('a', 1), (k, v) -> CAST(NULL AS STRING));
> exception NULL_MAP_KEY
SELECT aggregate(array(1, 2), 0, (acc, x) -> acc + x);
> exception FEATURE_NOT_SUPPORTED
-- array_sort with a comparator: a negative answer puts the left element first; ties keep the array's order
SELECT array_sort(array(5, 6, 1), (l, r) -> CASE WHEN l < r THEN -1 WHEN l > r THEN 1 ELSE 0 END) AS a, array_sort(array('bb', 'a', 'cc', 'd'), (l, r) -> length(l) - length(r)) AS b, array_sort(array('bc', 'ab', NULL, 'dc'), (l, r) -> CASE WHEN l IS NULL AND r IS NULL THEN 0 WHEN l IS NULL THEN -1 WHEN r IS NULL THEN 1 WHEN l < r THEN 1 WHEN l > r THEN -1 ELSE 0 END) AS c, array_sort(CAST(NULL AS ARRAY<INT>), (l, r) -> l - r) AS d, array_sort(array(1), (l, r) -> 0) AS e;
> a | b | c | d | e
> [1,5,6] | ["a","d","bb","cc"] | [null,"dc","bc","ab"] | null | [1]
> rows: 1
SELECT id, array_sort(transform(sequence(1, id), x -> x * id), (l, r) -> r - l) AS descending FROM VALUES (1), (3) AS t(id) ORDER BY id;
> id | descending
> 1 | [1]
> 3 | [9,6,3]
> rows: 2
SELECT array_sort(array(2, 1), (l, r) -> l > r);
> exception DATATYPE_MISMATCH
SELECT array_sort(array(2, 1), l -> l);
> exception INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH
