-- ALTER TABLE ... RENAME TO: a managed table's new name in its schema, with its rows and its grants
CREATE CATALOG rn_cat;
> ok
USE CATALOG rn_cat;
> ok
CREATE USER rn_ann PASSWORD 'a';
> ok
GRANT USE CATALOG ON CATALOG rn_cat TO rn_ann;
> ok
GRANT USE SCHEMA ON SCHEMA rn_cat.default TO rn_ann;
> ok
CREATE TABLE old_name (id INT);
> ok
INSERT INTO old_name VALUES (1), (2);
> update count 2
GRANT SELECT ON TABLE old_name TO rn_ann;
> ok
ALTER TABLE old_name RENAME TO new_name;
> ok
SELECT count(*) AS n FROM new_name;
> n
> 2
> rows: 1
SELECT * FROM old_name;
> exception TABLE_OR_VIEW_NOT_FOUND
-- the grant went with the table; a new table under the old name starts without it
CREATE TABLE old_name (secret STRING);
> ok
--@ user rn_ann
SELECT count(*) AS n FROM rn_cat.default.new_name;
> n
> 2
> rows: 1
SELECT * FROM rn_cat.default.old_name;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
ALTER TABLE new_name RENAME TO old_name;
> exception TABLE_OR_VIEW_ALREADY_EXISTS
ALTER TABLE new_name RENAME TO other_schema.new_name;
> exception FEATURE_NOT_SUPPORTED
CREATE STREAMING TABLE st AS SELECT * FROM STREAM(new_name);
> ok
ALTER TABLE st RENAME TO st2;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
ALTER TABLE nowhere RENAME TO anywhere;
> exception TABLE_OR_VIEW_NOT_FOUND
