-- SPEC §4.5: a row filter and column masks, the same queries as a member of the groups and as an outsider
CREATE CATALOG rls_cat;
> ok
USE CATALOG rls_cat;
> ok
GRANT USE CATALOG, USE SCHEMA, SELECT ON CATALOG rls_cat TO `account users`;
> ok
CREATE USER rf_alice PASSWORD 'a';
> ok
CREATE USER rf_bob PASSWORD 'b';
> ok
CREATE GROUP rf_admins;
> ok
CREATE GROUP rf_hr;
> ok
ALTER GROUP rf_admins ADD USER rf_alice;
> ok
ALTER GROUP rf_hr ADD USER rf_alice;
> ok
CREATE TABLE sales (id INT, region STRING, amount INT);
> ok
INSERT INTO sales VALUES (1, 'US', 100), (2, 'EU', 200), (3, NULL, 50);
> update count 3
CREATE FUNCTION us_only(region STRING) RETURN IF(is_account_group_member('rf_admins'), true, region = 'US');
> ok
ALTER TABLE sales SET ROW FILTER us_only ON (region);
> ok
CREATE VIEW v_sales AS SELECT * FROM sales;
> ok
CREATE TABLE people (name STRING, ssn STRING, country STRING);
> ok
INSERT INTO people VALUES ('James', '123-45-6789', 'US'), ('Ana', '987-65-4321', 'BR');
> update count 2
CREATE FUNCTION mask_ssn(ssn STRING) RETURN CASE WHEN is_account_group_member('rf_hr') THEN ssn ELSE '***-**-****' END;
> ok
ALTER TABLE people ALTER COLUMN ssn SET MASK mask_ssn;
> ok
CREATE TABLE other (ssn STRING, note STRING);
> ok
INSERT INTO other VALUES ('123-45-6789', 'real'), ('***-**-****', 'masked');
> update count 2
--@ user rf_alice
USE CATALOG rls_cat;
> ok
SELECT id FROM sales ORDER BY id;
> id
> 1
> 2
> 3
> rows: 3
SELECT name, ssn FROM people ORDER BY name;
> name | ssn
> Ana | 987-65-4321
> James | 123-45-6789
> rows: 2
SELECT name FROM people WHERE ssn = '123-45-6789';
> name
> James
> rows: 1
SELECT count(DISTINCT ssn) AS n FROM people;
> n
> 2
> rows: 1
--@ user rf_bob
USE CATALOG rls_cat;
> ok
SELECT id FROM sales ORDER BY id;
> id
> 1
> rows: 1
SELECT count(*) AS n FROM sales;
> n
> 1
> rows: 1
SELECT id FROM sales WHERE region IS NULL;
> id
> rows: 0
SELECT id FROM v_sales;
> id
> 1
> rows: 1
SELECT name, ssn FROM people ORDER BY name;
> name | ssn
> Ana | ***-**-****
> James | ***-**-****
> rows: 2
SELECT name FROM people WHERE ssn = '123-45-6789';
> name
> rows: 0
SELECT count(DISTINCT ssn) AS n FROM people;
> n
> 1
> rows: 1
SELECT o.note FROM people p JOIN other o ON p.ssn = o.ssn ORDER BY p.name;
> note
> masked
> masked
> rows: 2
-- bypass attempts: subqueries, CTEs, set operations, aggregates and windows all read through the policies
SELECT (SELECT max(amount) FROM sales) AS top;
> top
> 100
> rows: 1
WITH s AS (SELECT * FROM sales) SELECT sum(amount) AS total FROM s;
> total
> 100
> rows: 1
SELECT id FROM sales UNION ALL SELECT id FROM sales WHERE id > 1;
> id
> 1
> rows: 1
SELECT id, sum(amount) OVER () AS total FROM sales;
> id | total
> 1 | 100
> rows: 1
-- an error cannot reveal a hidden row: 100 / (amount - 200) would divide by zero on the EU row bob cannot see
SELECT id FROM sales WHERE 100 / (amount - 200) < 0;
> id
> 1
> rows: 1
SELECT count(*) AS n FROM people WHERE EXISTS (SELECT 1 FROM other WHERE other.ssn = people.ssn AND note = 'real');
> n
> 0
> rows: 1
-- a caller's names cannot capture the policy: a column named like the parameter changes nothing
SELECT region FROM (SELECT 'US' AS region) s WHERE region IN (SELECT region FROM sales);
> region
> US
> rows: 1
-- writes: INSERT adds rows; UPDATE, DELETE and MERGE are refused while a policy is on the table
--@ user admin
USE CATALOG rls_cat;
> ok
INSERT INTO sales VALUES (4, 'US', 10);
> update count 1
UPDATE sales SET amount = 0;
> exception FEATURE_NOT_SUPPORTED
DELETE FROM people;
> exception FEATURE_NOT_SUPPORTED
-- only the owner (or the administrator) sets policies; SPEC §4.6 errors
--@ user rf_bob
USE CATALOG rls_cat;
> ok
ALTER TABLE sales DROP ROW FILTER;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
USE CATALOG rls_cat;
> ok
ALTER TABLE sales SET ROW FILTER nope ON (region);
> exception ROW_COLUMN_ACCESS.ASSIGNED_ROW_FILTER_FUNCTION_NOT_FOUND
ALTER TABLE sales SET ROW FILTER us_only ON (region, id);
> exception ROW_COLUMN_ACCESS.ASSIGNED_ROW_FILTER_WRONG_NUMBER_OF_COLUMNS
ALTER TABLE people ALTER COLUMN ssn SET MASK mask_ssn USING COLUMNS (country);
> exception ROW_COLUMN_ACCESS.ASSIGNED_COLUMN_MASK_WRONG_NUMBER_OF_COLUMNS
CREATE FUNCTION two(a STRING, b STRING) RETURN a;
> ok
ALTER TABLE people ALTER COLUMN ssn SET MASK two USING COLUMNS (ssn);
> exception ROW_COLUMN_ACCESS.ASSIGNED_COLUMN_MASK_USING_COLUMN_NAME_SAME_AS_TARGET_COLUMN
ALTER TABLE sales SET ROW FILTER two ON (region, region);
> exception ROW_COLUMN_ACCESS.ASSIGNED_ROW_FILTER_DUPLICATE_COLUMN_NAME
ALTER TABLE sales SET ROW FILTER two ON (region, nope);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
ALTER TABLE sales SET ROW FILTER two ON (region, 'x');
> exception QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY.NON_BOOLEAN_RETURN_TYPE
-- USING COLUMNS: the mask sees another column of the same row
CREATE FUNCTION mask_by_country(ssn STRING, country STRING) RETURN CASE WHEN country = 'US' THEN '***' ELSE ssn END;
> ok
ALTER TABLE people ALTER COLUMN ssn SET MASK mask_by_country USING COLUMNS (country);
> ok
--@ user rf_bob
USE CATALOG rls_cat;
> ok
SELECT name, ssn FROM people ORDER BY name;
> name | ssn
> Ana | 987-65-4321
> James | ***
> rows: 2
--@ user admin
USE CATALOG rls_cat;
> ok
ALTER TABLE sales DROP ROW FILTER;
> ok
ALTER TABLE people ALTER COLUMN ssn DROP MASK;
> ok
--@ user rf_bob
USE CATALOG rls_cat;
> ok
SELECT count(*) AS n FROM sales;
> n
> 4
> rows: 1
-- declared with the table: CREATE TABLE and CREATE STREAMING TABLE take WITH ROW FILTER and MASK
--@ user admin
USE CATALOG rls_cat;
> ok
CREATE TABLE staff (name STRING, ssn STRING MASK mask_ssn, region STRING) WITH ROW FILTER us_only ON (region);
> ok
INSERT INTO staff VALUES ('Kim', '111', 'US'), ('Lou', '222', 'EU');
> update count 2
CREATE STREAMING TABLE staff_feed (name STRING, ssn STRING MASK mask_ssn, region STRING)
  WITH ROW FILTER us_only ON (region) AS SELECT * FROM STREAM(staff);
> ok
CREATE TABLE bad_mask (a STRING MASK mask_ssn USING COLUMNS (nope));
> exception ROW_COLUMN_ACCESS.ASSIGNED_COLUMN_MASK_WRONG_NUMBER_OF_COLUMNS
-- the flow read staff as its owner (admin, in neither group), so the feed holds only what admin may see
--@ user rf_alice
USE CATALOG rls_cat;
> ok
SELECT * FROM staff_feed ORDER BY name;
> name | ssn | region
> Kim | ***-**-**** | US
> rows: 1
SELECT * FROM staff ORDER BY name;
> name | ssn | region
> Kim | 111 | US
> Lou | 222 | EU
> rows: 2
--@ user rf_bob
USE CATALOG rls_cat;
> ok
SELECT * FROM staff ORDER BY name;
> name | ssn | region
> Kim | ***-**-**** | US
> rows: 1
SELECT * FROM staff_feed ORDER BY name;
> name | ssn | region
> Kim | ***-**-**** | US
> rows: 1
--@ user admin
USE CATALOG rls_cat;
> ok
DROP USER rf_alice;
> ok
DROP USER rf_bob;
> ok
DROP GROUP rf_admins;
> ok
DROP GROUP rf_hr;
> ok
