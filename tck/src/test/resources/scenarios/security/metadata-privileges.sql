-- a table's definition, properties, history and grants are shown only to those who may see the table
CREATE CATALOG mp_cat;
> ok
USE CATALOG mp_cat;
> ok
CREATE USER mp_eve PASSWORD 'e';
> ok
CREATE USER mp_sam PASSWORD 's';
> ok
GRANT USE CATALOG ON CATALOG mp_cat TO mp_eve;
> ok
GRANT USE SCHEMA ON SCHEMA mp_cat.default TO mp_eve;
> ok
GRANT USE CATALOG ON CATALOG mp_cat TO mp_sam;
> ok
GRANT USE SCHEMA ON SCHEMA mp_cat.default TO mp_sam;
> ok
CREATE TABLE secret (id INT, v STRING) TBLPROPERTIES ('connector.password' = 'hunter2');
> ok
INSERT INTO secret VALUES (1, 'x');
> update count 1
GRANT SELECT ON TABLE secret TO mp_sam;
> ok
GRANT MODIFY ON TABLE secret TO mp_sam;
> ok
--@ user mp_eve
SHOW TBLPROPERTIES mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
DESCRIBE TABLE EXTENDED mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
DESCRIBE TABLE mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
SHOW CREATE TABLE mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
DESCRIBE HISTORY mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
SHOW COLUMNS IN mp_cat.default.secret;
> exception INSUFFICIENT_PERMISSIONS
SHOW GRANTS ON TABLE mp_cat.default.secret;
> principal | action_type | object_type | object_key
> rows: 0
--@ user mp_sam
SHOW TBLPROPERTIES mp_cat.default.secret;
> key | value
> connector.password | hunter2
> rows: 1
SHOW COLUMNS IN mp_cat.default.secret;
> col_name
> id
> v
> rows: 2
-- a grantee sees its own grants, not everyone's
SHOW GRANTS ON TABLE mp_cat.default.secret;
> principal | action_type | object_type | object_key
> mp_sam | MODIFY | TABLE | mp_cat.default.secret
> mp_sam | SELECT | TABLE | mp_cat.default.secret
> rows: 2
--@ user admin
GRANT SELECT ON TABLE secret TO mp_eve;
> ok
--@ user mp_eve
SHOW GRANTS ON TABLE mp_cat.default.secret;
> principal | action_type | object_type | object_key
> mp_eve | SELECT | TABLE | mp_cat.default.secret
> rows: 1
SHOW COLUMNS IN mp_cat.default.secret;
> col_name
> id
> v
> rows: 2
--@ user admin
SHOW GRANTS ON TABLE secret;
> principal | action_type | object_type | object_key
> mp_eve | SELECT | TABLE | mp_cat.default.secret
> mp_sam | MODIFY | TABLE | mp_cat.default.secret
> mp_sam | SELECT | TABLE | mp_cat.default.secret
> rows: 3
USE CATALOG main;
> ok
DROP CATALOG mp_cat CASCADE;
> ok
DROP USER mp_eve;
> ok
DROP USER mp_sam;
> ok
-- read_files reads inside the ingest roots only for those the administrator allows (SELECT ON ANY FILE)
CREATE USER mp_reader PASSWORD 'r';
> ok
--@ user mp_reader
SELECT count(*) FROM read_files('nothing-here/', format => 'csv');
> exception INSUFFICIENT_PERMISSIONS
GRANT SELECT ON ANY FILE TO mp_reader;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
GRANT SELECT ON ANY FILE TO mp_reader;
> ok
SHOW GRANTS ON ANY FILE;
> principal | action_type | object_type | object_key
> mp_reader | SELECT | ANY_FILE | 
> rows: 1
-- allowed now, the read gets as far as the (empty) folder
--@ user mp_reader
SELECT count(*) FROM read_files('nothing-here/', format => 'csv');
> exception FEATURE_NOT_SUPPORTED
--@ user admin
REVOKE SELECT ON ANY FILE FROM mp_reader;
> ok
DROP USER mp_reader;
> ok
