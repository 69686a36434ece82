-- privileges: ownership, GRANT and REVOKE on catalogs, schemas, tables and functions, inherited downwards
CREATE CATALOG pv_cat;
> ok
USE CATALOG pv_cat;
> ok
CREATE USER pv_ann PASSWORD 'a';
> ok
CREATE USER pv_ben PASSWORD 'b';
> ok
CREATE GROUP pv_readers;
> ok
ALTER GROUP pv_readers ADD USER pv_ben;
> ok
CREATE TABLE facts (id INT, v STRING);
> ok
INSERT INTO facts VALUES (1, 'x'), (2, 'y');
> update count 2
CREATE VIEW facts_view AS SELECT id FROM facts;
> ok
CREATE FUNCTION twice(x INT) RETURNS INT RETURN x * 2;
> ok
CREATE STREAMING TABLE facts_st AS SELECT * FROM STREAM(facts);
> ok
-- a user with no grant on the catalog cannot reach anything in it, nor see its name
--@ user pv_ann
SELECT count(*) FROM pv_cat.default.facts;
> exception INSUFFICIENT_PERMISSIONS
SHOW CATALOGS LIKE 'pv*';
> catalog
> rows: 0
--@ user admin
USE CATALOG pv_cat;
> ok
GRANT USE CATALOG ON CATALOG pv_cat TO pv_readers;
> ok
GRANT USE SCHEMA ON SCHEMA pv_cat.default TO pv_readers;
> ok
GRANT SELECT ON TABLE facts_view TO pv_readers;
> ok
CREATE OR REPLACE VIEW facts_view AS SELECT id FROM facts;
> ok
SHOW GRANTS ON TABLE facts_view;
> principal | action_type | object_type | object_key
> pv_readers | SELECT | TABLE | pv_cat.default.facts_view
> rows: 1
GRANT FLY ON TABLE facts TO pv_ann;
> exception INVALID_PARAMETER_VALUE
GRANT SELECT ON TABLE facts TO pv_nobody;
> exception PRINCIPAL_DOES_NOT_EXIST
-- a member of the group reads the view (checked as its owner, who may read the table) but not the table
--@ user pv_ben
USE CATALOG pv_cat;
> ok
SHOW TABLES;
> database | tableName | isTemporary
> default | facts_view | false
> rows: 1
SELECT table_name FROM information_schema.tables WHERE table_catalog = 'pv_cat' ORDER BY table_name;
> table_name
> facts_view
> rows: 1
SELECT id FROM facts_view ORDER BY id;
> id
> 1
> 2
> rows: 2
SELECT id FROM facts;
> exception INSUFFICIENT_PERMISSIONS
SELECT id FROM facts_view WHERE id IN (SELECT id FROM facts);
> exception INSUFFICIENT_PERMISSIONS
INSERT INTO facts VALUES (3, 'z');
> exception INSUFFICIENT_PERMISSIONS
SELECT twice(2) AS t;
> exception INSUFFICIENT_PERMISSIONS
CREATE TABLE mine (a INT);
> exception INSUFFICIENT_PERMISSIONS
DROP VIEW facts_view;
> exception INSUFFICIENT_PERMISSIONS
GRANT SELECT ON TABLE facts TO pv_ben;
> exception INSUFFICIENT_PERMISSIONS
-- grants on the schema hold for everything in it
--@ user admin
USE CATALOG pv_cat;
> ok
GRANT SELECT, MODIFY, EXECUTE, CREATE TABLE ON SCHEMA pv_cat.default TO pv_readers;
> ok
--@ user pv_ben
USE CATALOG pv_cat;
> ok
INSERT INTO facts VALUES (3, 'z');
> update count 1
SELECT count(*) AS n FROM facts_st;
> n
> 2
> rows: 1
SELECT count(*) FROM event_log(TABLE(facts_st));
> exception INSUFFICIENT_PERMISSIONS
REFRESH STREAMING TABLE facts_st;
> exception INSUFFICIENT_PERMISSIONS
SELECT twice(count(*)) AS t FROM facts;
> t
> 6
> rows: 1
CREATE TABLE mine (a INT);
> ok
-- what a user creates, the user owns: others need grants for it, the owner may drop it
--@ user pv_ann
SELECT * FROM pv_cat.default.mine;
> exception INSUFFICIENT_PERMISSIONS
--@ user pv_ben
USE CATALOG pv_cat;
> ok
GRANT SELECT ON TABLE mine TO pv_ann;
> ok
DROP TABLE mine;
> ok
-- REVOKE takes a privilege away again
--@ user admin
USE CATALOG pv_cat;
> ok
REVOKE SELECT, MODIFY, EXECUTE, CREATE TABLE ON SCHEMA pv_cat.default FROM pv_readers;
> ok
--@ user pv_ben
USE CATALOG pv_cat;
> ok
SELECT count(*) FROM facts;
> exception INSUFFICIENT_PERMISSIONS
-- a streaming table needs CREATE MATERIALIZED VIEW on its schema (the seed page's privilege), a table CREATE TABLE
--@ user admin
GRANT USE CATALOG, USE SCHEMA, SELECT, CREATE TABLE ON CATALOG pv_cat TO pv_ben;
> ok
--@ user pv_ben
CREATE STREAMING TABLE ben_st AS SELECT * FROM STREAM(facts);
> exception INSUFFICIENT_PERMISSIONS
CREATE TABLE ben_t (id INT);
> ok
--@ user admin
GRANT CREATE MATERIALIZED VIEW ON SCHEMA pv_cat.default TO pv_ben;
> ok
--@ user pv_ben
CREATE STREAMING TABLE ben_st AS SELECT * FROM STREAM(facts);
> ok
SELECT count(*) AS n FROM ben_st;
> n
> 3
> rows: 1
--@ user admin
DROP TABLE ben_st;
> ok
DROP TABLE ben_t;
> ok
REVOKE USE CATALOG, USE SCHEMA, SELECT, CREATE TABLE ON CATALOG pv_cat FROM pv_ben;
> ok
REVOKE CREATE MATERIALIZED VIEW ON SCHEMA pv_cat.default FROM pv_ben;
> ok
DROP USER pv_ann;
> ok
DROP USER pv_ben;
> ok
DROP GROUP pv_readers;
> ok
-- REFRESH needs only the REFRESH privilege: the flows read their sources with the owner's rights
INSERT INTO pv_cat.default.facts VALUES (40, 'r');
> update count 1
CREATE USER pv_rita PASSWORD 'r';
> ok
GRANT USE CATALOG ON CATALOG pv_cat TO pv_rita;
> ok
GRANT USE SCHEMA ON SCHEMA pv_cat.default TO pv_rita;
> ok
GRANT REFRESH ON TABLE pv_cat.default.facts_st TO pv_rita;
> ok
--@ user pv_rita
REFRESH STREAMING TABLE pv_cat.default.facts_st;
> update count 2
SELECT count(*) FROM pv_cat.default.facts;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
DROP USER pv_rita;
> ok
