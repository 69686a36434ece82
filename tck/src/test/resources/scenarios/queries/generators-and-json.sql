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
-- to_json writes structs, arrays and maps as Spark's default options do: NULL fields left out, NULL elements null
SELECT to_json(named_struct('a', 1, 'b', 'x"y', 'c', CAST(NULL AS INT), 'd', array(1, NULL, 3))) AS j;
> j
> {"a":1,"b":"x\"y","d":[1,null,3]}
> rows: 1
SELECT to_json(map('a', 1, 'b', NULL)) AS m, to_json(array(array(1, 2), array())) AS nested, to_json(CAST(NULL AS ARRAY<INT>)) AS none;
> m | nested | none
> {"a":1,"b":null} | [[1,2],[]] | null
> rows: 1
SELECT to_json(named_struct('t', TIMESTAMP'2020-01-01 10:11:12.5', 'd', DATE'2020-01-02', 'bo', true, 'dec', 1.50BD, 'bin', X'0102')) AS j;
> j
> {"t":"2020-01-01T10:11:12.500Z","d":"2020-01-02","bo":true,"dec":1.50,"bin":"AQI="}
> rows: 1
SELECT to_json(array(named_struct('k', 1.5D), named_struct('k', CAST(NULL AS DOUBLE)))) AS j;
> j
> [{"k":1.5},{}]
> rows: 1
SELECT to_json(1);
> exception DATATYPE_MISMATCH.INVALID_JSON_SCHEMA
-- options: ignoreNullFields 'false' writes a NULL field; an option it does not implement is refused by name
SELECT to_json(named_struct('a', 1, 'b', CAST(NULL AS STRING)), map('ignoreNullFields', 'false')) AS j, to_json(named_struct('a', 1, 'b', CAST(NULL AS STRING)), map('IGNORENULLFIELDS', 'TRUE', 'pretty', 'false')) AS k;
> j | k
> {"a":1,"b":null} | {"a":1}
> rows: 1
SELECT to_json(named_struct('a', 1), map('x', 'y'));
> exception FEATURE_NOT_SUPPORTED
SELECT to_json(named_struct('t', TIMESTAMP'2024-02-01 10:11:12', 'd', DATE'2024-02-03'), map('timestampFormat', 'dd/MM/yyyy HH:mm', 'dateFormat', 'yyyy/MM/dd')) AS j;
> j
> {"t":"01/02/2024 10:11","d":"2024/02/03"}
> rows: 1
SELECT to_json(named_struct('a', 1), map('dateFormat', 'yyyy-MM-dd Hq{'));
> exception INVALID_PARAMETER_VALUE
SELECT to_json(named_struct('a', 1), 'pretty');
> exception INVALID_OPTIONS.NON_MAP_FUNCTION
SELECT to_json(named_struct('a', 1), map('pretty', false));
> exception INVALID_OPTIONS.NON_STRING_TYPE
-- from_json's PERMISSIVE mode reads what fits and makes the rest NULL; FAILFAST fails on the first part that does not fit
SELECT from_json('not json', 'a INT', map('mode', 'PERMISSIVE')) AS v;
> v
> null
> rows: 1
SELECT from_json('not json', 'a INT', map('mode', 'FAILFAST'));
> exception MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION
SELECT from_json('[{"a": 1}]', 'a INT', map('mode', 'FAILFAST'));
> exception MALFORMED_RECORD_IN_PARSING.CANNOT_PARSE_JSON_ARRAYS_AS_STRUCTS
SELECT from_json('{"a": 1, "b": "x"}', 'a INT, b INT', map('mode', 'FAILFAST'));
> exception MALFORMED_RECORD_IN_PARSING.CANNOT_PARSE_STRING_AS_DATATYPE value 'x' of the field 'b' as target spark data type "INT" from the input type 'STRING'
SELECT from_json('{"a": 1, "s": {"n": [1, "two"]}}', 'a INT, s STRUCT<n: ARRAY<INT>>', map('mode', 'FAILFAST'));
> exception MALFORMED_RECORD_IN_PARSING.CANNOT_PARSE_STRING_AS_DATATYPE
SELECT from_json('{"a": 1, "b": null}', 'a INT, b INT, c STRUCT<x: INT>', map('mode', 'FAILFAST')) AS v, from_json(CAST(NULL AS STRING), 'a INT', map('mode', 'failfast')) AS n, from_json('{"a": 1, "b": "x"}', 'a INT, b INT') AS lenient;
> v | n | lenient
> {"a":1,"b":null,"c":null} | null | {"a":1,"b":null}
> rows: 1
SELECT from_json('{"a": 1}', 'a INT', map('mode', 'DROPMALFORMED'));
> exception FEATURE_NOT_SUPPORTED
-- dateFormat and timestampFormat read dates and timestamps by Spark's pattern letters; text without an offset is the session zone's wall clock
SELECT from_json('{"d": "02/01/2024", "t": "02/01/2024 13:14", "z": "2024-01-02T03:04:05+02:00", "bad": "2024-13-45"}', 'd DATE, t TIMESTAMP, z TIMESTAMP, bad DATE', map('dateFormat', 'dd/MM/yyyy', 'timestampFormat', 'dd/MM/yyyy HH:mm')) AS v;
> v
> {"d":"2024-01-02","t":"2024-01-02 13:14:00.0","z":null,"bad":null}
> rows: 1
SELECT from_json('{"t": "2024-01-02T03:04:05+02:00", "u": "2024-01-02 03:04:05"}', 't TIMESTAMP, u TIMESTAMP') AS v;
> v
> {"t":"2024-01-02 01:04:05.0","u":"2024-01-02 03:04:05.0"}
> rows: 1
SELECT from_json('{"d": "2024-01-02"}', 'd DATE', map('dateFormat', 'not a pattern {'));
> exception INVALID_PARAMETER_VALUE
-- a struct with a NULL field is not NULL
SELECT named_struct('a', CAST(NULL AS INT)) IS NULL AS n, isnotnull(named_struct('a', 1, 'b', CAST(NULL AS INT))) AS nn, nvl2(named_struct('a', CAST(NULL AS INT)), 'set', 'unset') AS v;
> n | nn | v
> false | true | set
> rows: 1
-- json_tuple: one row of STRING columns c0, c1, ... per input row, the top-level keys' values
CREATE TABLE raw_events (id INT, body STRING);
> ok
INSERT INTO raw_events VALUES (1, '{"user": "ann", "n": 3, "tags": ["a", "b"], "nested": {"x": 1}}'), (2, 'not json'), (3, '{"user": "bo"}');
> update count 3
SELECT id, json_tuple(body, 'user', 'n', 'tags', 'nested', 'missing') FROM raw_events ORDER BY id;
> id | c0 | c1 | c2 | c3 | c4
> 1 | ann | 3 | ["a", "b"] | {"x": 1} | null
> 2 | null | null | null | null | null
> 3 | bo | null | null | null | null
> rows: 3
SELECT e.id, t.who, t.how_many FROM raw_events e LATERAL VIEW json_tuple(e.body, 'user', 'n') t AS who, how_many WHERE t.who IS NOT NULL ORDER BY e.id;
> id | who | how_many
> 1 | ann | 3
> 3 | bo | null
> rows: 2
SELECT json_tuple(body) FROM raw_events;
> exception WRONG_NUM_ARGS
SELECT json_tuple(body, id) FROM raw_events;
> exception FEATURE_NOT_SUPPORTED
-- schema_of_json: the type Spark infers, fields in name order
SELECT schema_of_json('{"b": [1, 2.5], "a": {"y": null, "x": true}, "c": []}') AS s, schema_of_json('[{"col": 0}, {"col": 12345678901234567890}]') AS t, schema_of_json('"text"') AS u;
> s | t | u
> STRUCT<a: STRUCT<x: BOOLEAN, y: STRING>, b: ARRAY<DOUBLE>, c: ARRAY<STRING>> | ARRAY<STRUCT<col: DECIMAL(20,0)>> | STRING
> rows: 1
SELECT schema_of_json(body) FROM raw_events;
> exception NON_FOLDABLE_ARGUMENT
SELECT schema_of_json('{"a": ');
> exception INVALID_PARAMETER_VALUE
SELECT from_json('{"a": 1, "b": [true]}', schema_of_json('{"a": 1, "b": [true]}')) AS parsed;
> parsed
> {"a":1,"b":[true]}
> rows: 1
