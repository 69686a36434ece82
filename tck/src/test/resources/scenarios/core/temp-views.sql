-- CREATE TEMP VIEW: a view of the session alone, which a one-part name means before any table
CREATE CATALOG tv_cat;
> ok
USE CATALOG tv_cat;
> ok
GRANT USE CATALOG, USE SCHEMA, SELECT ON CATALOG tv_cat TO `account users`;
> ok
CREATE USER tv_other PASSWORD 'o';
> ok
CREATE TABLE tv_base (id INT, v STRING);
> ok
INSERT INTO tv_base VALUES (1, 'a'), (2, 'b'), (3, 'c');
> update count 3
CREATE TEMP VIEW tv_small AS SELECT id FROM tv_base WHERE id < 3;
> ok
SELECT id FROM tv_small ORDER BY id;
> id
> 1
> 2
> rows: 2
CREATE TEMP VIEW tv_small AS SELECT 1 AS id;
> exception TEMP_TABLE_OR_VIEW_ALREADY_EXISTS
CREATE TEMPORARY VIEW IF NOT EXISTS tv_small AS SELECT 1 AS id;
> ok
CREATE OR REPLACE TEMP VIEW tv_small (n) AS SELECT count(*) FROM tv_small;
> exception RECURSIVE_VIEW
CREATE TEMP VIEW tv_count (n) AS SELECT count(*) FROM tv_small;
> ok
CREATE OR REPLACE TEMP VIEW tv_small AS SELECT n AS id FROM tv_count;
> exception RECURSIVE_VIEW
SELECT n FROM tv_count;
> n
> 2
> rows: 1
-- it shadows a table of the same name, and views and functions of the catalog do not see it
CREATE TEMP VIEW tv_base AS SELECT 100 AS id, 'shadow' AS v;
> ok
SELECT id, v FROM tv_base;
> id | v
> 100 | shadow
> rows: 1
SELECT count(*) AS n FROM tv_cat.default.tv_base;
> n
> 3
> rows: 1
CREATE VIEW tv_permanent AS SELECT * FROM tv_small;
> exception TABLE_OR_VIEW_NOT_FOUND
CREATE TEMP VIEW tv_cat.default.tv_qualified AS SELECT 1;
> exception TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS
DESCRIBE TABLE tv_count;
> col_name | data_type | comment
> n | bigint | null
> rows: 1
SHOW TABLES LIKE 'tv_*';
> database | tableName | isTemporary
> default | tv_base | false
> | tv_base | true
> | tv_count | true
> | tv_small | true
> rows: 4
-- another session has none of them
--@ user tv_other
SELECT * FROM tv_small;
> exception TABLE_OR_VIEW_NOT_FOUND
--@ user admin
DROP VIEW tv_base;
> ok
SELECT count(*) AS n FROM tv_base;
> n
> 3
> rows: 1
DROP VIEW tv_small;
> ok
SELECT * FROM tv_small;
> exception TABLE_OR_VIEW_NOT_FOUND
DROP TABLE tv_base;
> ok
DROP USER tv_other;
> ok
USE CATALOG main;
> ok
