-- the array and map functions H2 lacks, computed over element numbers with Spark's rules
CREATE CATALOG arrfn_cat;
> ok
USE CATALOG arrfn_cat;
> ok
CREATE TABLE t (id INT, xs ARRAY<INT>);
> ok
INSERT INTO t VALUES (1, array(1, 2, 1, NULL, NULL, 3)), (2, array()), (3, NULL);
> update count 3
-- first occurrences in order; NULL for a NULL array
SELECT id, array_distinct(xs) AS d, array_compact(xs) AS c, array_max(xs) AS mx, array_min(xs) AS mn, array_position(xs, 3) AS p, array_remove(xs, 1) AS r FROM t ORDER BY id;
> id | d | c | mx | mn | p | r
> 1 | [1,2,null,3] | [1,2,1,3] | 3 | 1 | 6 | [2,null,null,3]
> 2 | [] | [] | null | null | 0 | []
> 3 | null | null | null | null | null | null
> rows: 3
SELECT array_join(array('a', NULL, 'b'), ',') AS a, array_join(array('a', NULL, 'b'), ',', '?') AS b, array_join(array(), ',') AS c, array_join(array(1, 2), '-') AS d;
> a | b | c | d
> a,b | a,?,b |  | 1-2
> rows: 1
SELECT array_union(array(1, 2, 2), array(3, 1)) AS u, array_intersect(array(1, 2, 2, 3), array(3, 2)) AS i, array_except(array(1, 2, 2, 3), array(3)) AS e, array_union(array(1), array(2.5)) AS widened;
> u | i | e | widened
> [1,2,3] | [2,3] | [1,2] | [1.0,2.5]
> rows: 1
SELECT array_append(array(1, 2), 3) AS a, array_prepend(array(1, 2), 0) AS p, array_append(array(1), NULL) AS n, array_repeat('x', 3) AS r, array_repeat(1, 0) AS none, concat(array(1, 2), array(3)) AS c;
> a | p | n | r | none | c
> [1,2,3] | [0,1,2] | [1,null] | ["x","x","x"] | [] | [1,2,3]
> rows: 1
-- arrays_overlap: true for a common element, else NULL when both have elements and a NULL, else false
SELECT arrays_overlap(array(1, 2), array(2, 3)) AS a, arrays_overlap(array(1, NULL), array(3)) AS b, arrays_overlap(array(1), array(3)) AS c, arrays_overlap(array(), array(NULL)) AS d;
> a | b | c | d
> true | null | false | false
> rows: 1
SELECT flatten(array(array(1, 2), array(3))) AS f, flatten(array(array(1), NULL)) AS n, sequence(1, 5) AS up, sequence(5, 1) AS down, sequence(1, 10, 3) AS step;
> f | n | up | down | step
> [1,2,3] | null | [1,2,3,4,5] | [5,4,3,2,1] | [1,4,7,10]
> rows: 1
-- date sequences by days (the default), weeks or months: months are added to the start each time
SELECT sequence(DATE'2024-01-30', DATE'2024-02-02') AS days, sequence(DATE'2024-01-31', DATE'2024-04-30', INTERVAL 1 MONTH) AS months, sequence(DATE'2024-01-01', DATE'2024-01-15', INTERVAL 1 WEEK) AS weeks;
> days | months | weeks
> ["2024-01-30","2024-01-31","2024-02-01","2024-02-02"] | ["2024-01-31","2024-02-29","2024-03-31","2024-04-30"] | ["2024-01-01","2024-01-08","2024-01-15"]
> rows: 1
-- a step must lead from start to stop (Spark's rule); a zero step only from a bound to itself
SELECT sequence(3, 3, 0) AS same, sequence(5, 1, -2) AS down, sequence(DATE'2024-01-03', DATE'2024-01-01', INTERVAL -1 DAY) AS back, sequence(NULL, 1, -1) AS none;
> same | down | back | none
> [3] | [5,3,1] | ["2024-01-03","2024-01-02","2024-01-01"] | null
> rows: 1
SELECT sequence(1, 5, -1);
> exception INVALID_PARAMETER_VALUE
SELECT sequence(5, 1, 1);
> exception INVALID_PARAMETER_VALUE
SELECT sequence(1, 2, 0);
> exception INVALID_PARAMETER_VALUE
SELECT sequence(DATE'2024-01-01', DATE'2024-01-03', INTERVAL -1 DAY);
> exception INVALID_PARAMETER_VALUE
SELECT slice(array(1, 2, 3, 4), 2, 2) AS a, slice(array(1, 2, 3, 4), -2, 5) AS b, slice(array(1, 2), 5, 1) AS c;
> a | b | c
> [2,3] | [3,4] | []
> rows: 1
SELECT slice(array(1), 0, 1);
> exception INVALID_PARAMETER_VALUE
SELECT map_contains_key(map('a', 1), 'a') AS k, map_entries(map('a', 1, 'b', 2)) AS e, map_from_arrays(array('x', 'y'), array(1, 2)) AS m, try_element_at(array(1, 2), 5) AS out, try_element_at(array(1, 2), -1) AS last, try_element_at(map('a', 1), 'z') AS absent;
> k | e | m | out | last | absent
> true | [{"key":"a","value":1},{"key":"b","value":2}] | {"x":1,"y":2} | null | 2 | null
> rows: 1
-- a map has one value per key, no NULL key and no key twice (Spark's default dedup policy refuses one)
SELECT map_from_arrays(array(1, 2), array('a'));
> exception INVALID_PARAMETER_VALUE
SELECT map_from_arrays(array(1, NULL), array('a', 'b'));
> exception NULL_MAP_KEY
SELECT map_from_arrays(array(1, 1), array('a', 'b'));
> exception DUPLICATED_MAP_KEY
SELECT map('a', 1, 'a', 2);
> exception DUPLICATED_MAP_KEY
SELECT map(CAST(NULL AS STRING), 1);
> exception NULL_MAP_KEY
SELECT map_from_arrays(array(1), CAST(NULL AS ARRAY<STRING>)) AS n, map() AS e;
> n | e
> null | {}
> rows: 1
-- map_concat, map_from_entries and str_to_map make maps as map() does: a key twice or a NULL key is refused
SELECT map_concat(map('a', 1), map('b', 2, 'c', 3)) AS m, map_concat(map('a', 1), NULL) AS n, map_from_entries(array(struct('x', 1), struct('y', 2))) AS e, map_from_entries(array(struct('x', 1), NULL)) AS ne, str_to_map('a:1,b:2,c') AS t, str_to_map('k=v;w=z', ';', '=') AS d, str_to_map(NULL) AS nt;
> m | n | e | ne | t | d | nt
> {"a":1,"b":2,"c":3} | null | {"x":1,"y":2} | null | {"a":"1","b":"2","c":null} | {"k":"v","w":"z"} | null
> rows: 1
SELECT map_concat(map('a', 1), map('a', 2));
> exception DUPLICATED_MAP_KEY
SELECT map_concat(map('a', 1), map(1, 'a'));
> exception DATATYPE_MISMATCH.DATA_DIFF_TYPES
SELECT map_concat(array(1));
> exception DATATYPE_MISMATCH
SELECT map_from_entries(array(struct('x', 1), struct('x', 2)));
> exception DUPLICATED_MAP_KEY
SELECT map_from_entries(array(struct(CAST(NULL AS STRING), 1)));
> exception NULL_MAP_KEY
SELECT map_from_entries(array(1, 2));
> exception DATATYPE_MISMATCH
SELECT str_to_map('a:1,a:2');
> exception DUPLICATED_MAP_KEY
SELECT str_to_map(map('a', 1));
> exception DATATYPE_MISMATCH
SELECT concat(array(1), NULL) AS n;
> n
> null
> rows: 1
SELECT concat(array(1), 'a');
> exception DATATYPE_MISMATCH
SELECT array_union(array(1), array('a'));
> exception DATATYPE_MISMATCH
-- in a block with window functions too (H2 reads another row's columns inside an aggregate of such a subquery, so
-- none of these uses one)
SELECT id, array_max(xs) AS mx, array_min(xs) AS mn, array_position(xs, 3) AS p, array_join(xs, '-') AS j, exists(xs, x -> x > 2) AS e, forall(xs, x -> x > 0) AS f, row_number() OVER (ORDER BY id) AS r FROM t ORDER BY id;
> id | mx | mn | p | j | e | f | r
> 1 | 3 | 1 | 6 | 1-2-1-3 | true | null | 1
> 2 | null | null | 0 |  | false | true | 2
> 3 | null | null | null | null | null | null | 3
> rows: 3
-- reverse of an array, and concat_ws over arrays of strings (their non-NULL elements)
SELECT reverse(array(1, 2, NULL, 4)) AS r, reverse(CAST(NULL AS ARRAY<INT>)) AS n, reverse('abc') AS s;
> r | n | s
> [4,null,2,1] | null | cba
> rows: 1
SELECT concat_ws(',', 'a', array('b', NULL, 'c'), NULL, array(), true, 1) AS j, concat_ws('-', array('x')) AS one;
> j | one
> a,b,c,true,1 | x
> rows: 1
SELECT concat_ws(',', array(1, 2));
> exception DATATYPE_MISMATCH
-- array() and array(NULL) are ARRAY<VOID>: they meet any array type and cast to it
SELECT typeof(array()) AS e, typeof(array(NULL)) AS n, typeof(coalesce(CAST(NULL AS ARRAY<INT>), array())) AS c, typeof(CASE WHEN true THEN array() ELSE array('x') END) AS w;
> e | n | c | w
> array<void> | array<void> | array<int> | array<string>
> rows: 1
SELECT CAST(array() AS ARRAY<STRUCT<a: INT>>) AS s, array(array(), array(1)) AS nested, nvl(CAST(NULL AS ARRAY<STRING>), array()) AS fallback;
> s | nested | fallback
> [] | [[],[1]] | []
> rows: 1
-- a table column cannot hold one: its elements have no type
CREATE TABLE void_elements AS SELECT array() AS xs;
> exception UNSUPPORTED_DATATYPE
