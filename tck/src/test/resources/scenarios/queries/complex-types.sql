-- ARRAY, MAP and STRUCT are values: stored, compared, taken apart; JDBC clients read them as JSON text
CREATE CATALOG ct_cat;
> ok
USE CATALOG ct_cat;
> ok
CREATE TABLE people (id INT, tags ARRAY<STRING>, address STRUCT<street: STRING, zip: INT>, scores MAP<STRING, INT>);
> ok
INSERT INTO people VALUES
  (1, array('a', 'b'), named_struct('street', 'Main St', 'zip', 12345), map('math', 90, 'art', 75)),
  (2, array(), struct('Side St', 999), map('math', 60)),
  (3, NULL, NULL, NULL);
> update count 3
SELECT id, tags, address, scores FROM people ORDER BY id;
> id | tags | address | scores
> 1 | ["a","b"] | {"street":"Main St","zip":12345} | {"math":90,"art":75}
> 2 | [] | {"street":"Side St","zip":999} | {"math":60}
> 3 | null | null | null
> rows: 3
SELECT id, address.street, address.zip + 1 AS next_zip, scores['math'] AS math, scores['art'] AS art, size(tags) AS n
FROM people WHERE id < 3 ORDER BY id;
> id | street | next_zip | math | art | n
> 1 | Main St | 12346 | 90 | 75 | 2
> 2 | Side St | 1000 | 60 | null | 0
> rows: 2
-- in ANSI mode the size of NULL is NULL
SELECT size(tags) AS n, size(scores) AS m, cardinality(CAST(NULL AS ARRAY<INT>)) AS c FROM people WHERE id = 3;
> n | m | c
> null | null | null
> rows: 1
SELECT tags[0], tags[1] FROM people WHERE id = 1;
> tags[0] | tags[1]
> a | b
> rows: 1
SELECT tags[5] FROM people WHERE id = 1;
> exception INVALID_ARRAY_INDEX
SELECT p.address.zip FROM people p WHERE p.address.street LIKE 'Main%';
> zip
> 12345
> rows: 1
SELECT map_keys(scores), map_values(scores), size(scores), element_at(scores, 'art') FROM people WHERE id = 1;
> map_keys(scores) | map_values(scores) | size(scores) | element_at(scores, art)
> ["math","art"] | [90,75] | 2 | 75
> rows: 1
SELECT named_struct('a', 1, 'b', 'x').b AS b, struct(1 AS x).x AS x;
> b | x
> x | 1
> rows: 1
SELECT struct(1 AS x).col1;
> exception FIELD_NOT_FOUND
SELECT named_struct('a', 1, 'b', 'x').b AS b, array_contains(array(1, 2, 3), 2) AS has_two;
> b | has_two
> x | true
> rows: 1
SELECT address.nope FROM people;
> exception FIELD_NOT_FOUND
SELECT (id).x FROM people;
> exception INVALID_EXTRACT_BASE_FIELD_TYPE
SELECT named_struct('a', 1).zz;
> exception FIELD_NOT_FOUND
SELECT struct(), current_schema();
> exception WRONG_NUM_ARGS
SELECT named_struct();
> exception WRONG_NUM_ARGS
DESCRIBE TABLE people;
> col_name | data_type | comment
> id | int | null
> tags | array<string> | null
> address | struct<street:string,zip:int> | null
> scores | map<string,int> | null
> rows: 4
-- element_at on an array is 1-based, and a negative index counts from the end
SELECT element_at(array(10, 20, 30), 1) AS first, element_at(array(10, 20, 30), -1) AS last,
  element_at(array(10, 20, 30), -3) AS from_end;
> first | last | from_end
> 10 | 30 | 10
> rows: 1
SELECT element_at(array(10, 20, 30), 4);
> exception INVALID_ARRAY_INDEX
SELECT element_at(array(10, 20, 30), 'x');
> exception DATATYPE_MISMATCH
