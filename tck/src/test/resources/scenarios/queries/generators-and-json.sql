-- explode and its kin turn array and map elements into rows; from_json reads JSON text into typed values
CREATE CATALOG gj_cat;
> ok
USE CATALOG gj_cat;
> ok
CREATE TABLE people (id INT, tags ARRAY<STRING>, scores MAP<STRING, INT>);
> ok
INSERT INTO people VALUES (1, array('a', 'b'), map('math', 90, 'art', 75)), (2, array(), map()), (3, NULL, NULL);
> update count 3
SELECT id, explode(tags) AS tag FROM people ORDER BY id, tag;
> id | tag
> 1 | a
> 1 | b
> rows: 2
SELECT id, explode_outer(tags) FROM people ORDER BY id, col;
> id | col
> 1 | a
> 1 | b
> 2 | null
> 3 | null
> rows: 4
SELECT id, posexplode(tags) FROM people WHERE id = 1 ORDER BY pos;
> id | pos | col
> 1 | 0 | a
> 1 | 1 | b
> rows: 2
SELECT explode(scores) FROM people ORDER BY key;
> key | value
> art | 75
> math | 90
> rows: 2
SELECT explode(array(10, 20, 30)) AS n;
> n
> 10
> 20
> 30
> rows: 3
SELECT tag, count(*) AS n FROM (SELECT explode(tags) AS tag FROM people) GROUP BY tag ORDER BY tag;
> tag | n
> a | 1
> b | 1
> rows: 2
SELECT explode(tags), explode(tags) FROM people;
> exception UNSUPPORTED_GENERATOR.MULTI_GENERATOR
SELECT upper(explode(tags)) FROM people;
> exception UNSUPPORTED_GENERATOR.OUTSIDE_SELECT
SELECT explode(id) FROM people;
> exception DATATYPE_MISMATCH
SELECT explode(tags) FROM people GROUP BY id;
> exception FEATURE_NOT_SUPPORTED
-- from_json: a struct's field list, or any STRUCT, ARRAY or MAP type; what does not fit is NULL
SELECT from_json('{"a": 1, "b": "x", "c": [1, 2]}', 'a INT, b STRING, c ARRAY<INT>') AS v;
> v
> {"a":1,"b":"x","c":[1,2]}
> rows: 1
SELECT from_json('{"a": 1, "b": "x"}', 'a INT, b STRING').b AS b, from_json('{"a": "no"}', 'a INT').a AS a;
> b | a
> x | null
> rows: 1
SELECT r.name, r.n FROM (SELECT explode(from_json('[{"name": "p", "n": 3}, {"name": "q", "n": 4}]',
  'array<struct<name: string, n: bigint>>')) AS r) ORDER BY r.name;
> name | n
> p | 3
> q | 4
> rows: 2
SELECT from_json('{"x": {"k": [true, false]}, "y": 2.5}', 'map<string, string>') AS m;
> m
> {"x":"{\"k\": [true, false]}","y":"2.5"}
> rows: 1
SELECT from_json('{"d": "2024-01-02", "t": "2024-01-02 03:04:05", "q": 1.25}',
  'd DATE, t TIMESTAMP, q DECIMAL(5,2)') AS v;
> v
> {"d":"2024-01-02","t":"2024-01-02 03:04:05.0","q":1.25}
> rows: 1
SELECT from_json('not json', 'a INT') AS v, from_json(NULL, 'a INT') AS w;
> v | w
> null | null
> rows: 1
SELECT from_json('{}', 'INT');
> exception DATATYPE_MISMATCH
SELECT from_json('{}', id) FROM people;
> exception INVALID_PARAMETER_VALUE
