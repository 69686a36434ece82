-- MERGE WITH SCHEMA EVOLUTION: a * clause writes the source's columns, adding those the target lacks
CREATE CATALOG mse_cat;
> ok
USE CATALOG mse_cat;
> ok
CREATE TABLE people (id INT, name STRING);
> ok
INSERT INTO people VALUES (1, 'ann'), (2, 'bob');
> update count 2
CREATE TABLE changes (id INT, name STRING, city STRING, score DOUBLE);
> ok
INSERT INTO changes VALUES (2, 'bobby', 'Oslo', 1.5), (3, 'cy', 'Rome', 2.0);
> update count 2
-- without it, the target keeps its columns and the source's extra ones are not written
MERGE INTO people t USING changes s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *;
> update count 2
SELECT * FROM people ORDER BY id;
> id | name
> 1 | ann
> 2 | bobby
> 3 | cy
> rows: 3
MERGE WITH SCHEMA EVOLUTION INTO people t USING changes s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *;
> update count 2
SELECT * FROM people ORDER BY id;
> id | name | city | score
> 1 | ann | null | null
> 2 | bobby | Oslo | 1.5
> 3 | cy | Rome | 2.0
> rows: 3
DESCRIBE people;
> col_name | data_type | comment
> id | int | null
> name | string | null
> city | string | null
> score | double | null
> rows: 4
-- a target column the source lacks: an update keeps it, an insert writes NULL
MERGE WITH SCHEMA EVOLUTION INTO people t USING (SELECT 3 AS id, 'Milan' AS city UNION ALL SELECT 4, 'Bern') s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *;
> update count 2
SELECT * FROM people WHERE id >= 3 ORDER BY id;
> id | name | city | score
> 3 | cy | Milan | 2.0
> 4 | null | Bern | null
> rows: 2
-- without schema evolution such a source is refused, as before
MERGE INTO people t USING (SELECT 5 AS id) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- a column of no type cannot be added
MERGE WITH SCHEMA EVOLUTION INTO people t USING (SELECT 5 AS id, NULL AS mystery) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *;
> exception FEATURE_NOT_SUPPORTED
SELECT count(*) AS n FROM people;
> n
> 4
> rows: 1
USE CATALOG main;
> ok
DROP CATALOG mse_cat CASCADE;
> ok
