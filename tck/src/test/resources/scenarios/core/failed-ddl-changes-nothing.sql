-- a CREATE [OR REPLACE] TABLE ... AS SELECT whose query fails while it runs changes nothing
CREATE CATALOG ctas_cat;
> ok
USE CATALOG ctas_cat;
> ok
CREATE TABLE keep (id INT, s STRING);
> ok
INSERT INTO keep VALUES (1, '10'), (2, 'x');
> update count 2
CREATE OR REPLACE TABLE keep AS SELECT id, CAST(s AS INT) AS n FROM keep;
> exception CAST_INVALID_INPUT
SELECT id, s FROM keep ORDER BY id;
> id | s
> 1 | 10
> 2 | x
> rows: 2
INSERT INTO keep VALUES (3, '30');
> update count 1
CREATE TABLE fresh AS SELECT id, CAST(s AS INT) AS n FROM keep;
> exception CAST_INVALID_INPUT
SHOW TABLES;
> database | tableName | isTemporary
> default | keep | false
> rows: 1
CREATE TABLE fresh AS SELECT id, CAST(s AS INT) AS n FROM keep WHERE s <> 'x';
> ok
SELECT id, n FROM fresh ORDER BY id;
> id | n
> 1 | 10
> 3 | 30
> rows: 2
CREATE OR REPLACE TABLE keep AS SELECT id * 10 AS id FROM keep;
> ok
SELECT id FROM keep ORDER BY id;
> id
> 10
> 20
> 30
> rows: 3
USE CATALOG main;
> ok
DROP CATALOG ctas_cat CASCADE;
> ok
