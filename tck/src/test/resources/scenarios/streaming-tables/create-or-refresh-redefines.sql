-- CREATE OR REFRESH of an existing streaming table applies the statement's whole definition: masks, row filter,
-- comment, properties and columns; what it leaves out goes; a change the table's rows cannot follow is refused
CREATE CATALOG redef_cat;
> ok
USE CATALOG redef_cat;
> ok
GRANT USE CATALOG, USE SCHEMA, SELECT ON CATALOG redef_cat TO `account users`;
> ok
CREATE USER redef_reader PASSWORD 'r';
> ok
CREATE FUNCTION redef_mask(ssn STRING) RETURN '***-**-****';
> ok
CREATE FUNCTION redef_us(region STRING) RETURN region = 'US';
> ok
CREATE TABLE people_src (id INT, ssn STRING, region STRING);
> ok
INSERT INTO people_src VALUES (1, '123-45-6789', 'US'), (2, '987-65-4321', 'BR');
> update count 2
CREATE STREAMING TABLE people AS SELECT id, ssn, region FROM STREAM(people_src);
> ok
CREATE OR REFRESH STREAMING TABLE people (id INT, ssn STRING MASK redef_mask, region STRING)
  WITH ROW FILTER redef_us ON (region) COMMENT 'people, masked' TBLPROPERTIES ('team' = 'hr')
  AS SELECT id, ssn, region FROM STREAM(people_src);
> ok
--@ user redef_reader
USE CATALOG redef_cat;
> ok
SELECT id, ssn, region FROM people ORDER BY id;
> id | ssn | region
> 1 | ***-**-**** | US
> rows: 1
--@ user admin
SHOW TBLPROPERTIES people ('team');
> key | value
> team | hr
> rows: 1
SELECT comment FROM information_schema.tables WHERE table_name = 'people';
> comment
> people, masked
> rows: 1
-- a change the rows already written cannot follow is refused, and nothing of the statement applies
CREATE OR REFRESH STREAMING TABLE people (id INT, region STRING) AS SELECT id, region FROM STREAM(people_src);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INCOMPATIBLE_SCHEMA_CHANGE
CREATE OR REFRESH STREAMING TABLE people (id BIGINT, ssn STRING, region STRING)
  AS SELECT id, ssn, region FROM STREAM(people_src);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INCOMPATIBLE_SCHEMA_CHANGE
CREATE OR REFRESH STREAMING TABLE people (ssn STRING, id INT, region STRING)
  AS SELECT id, ssn, region FROM STREAM(people_src);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INCOMPATIBLE_SCHEMA_CHANGE
--@ user redef_reader
SELECT id, ssn, region FROM people ORDER BY id;
> id | ssn | region
> 1 | ***-**-**** | US
> rows: 1
--@ user admin
-- a column added at the end reads NULL in the rows before it; NOT NULL and comments follow the statement
INSERT INTO people_src VALUES (3, '555-55-5555', 'US');
> update count 1
CREATE OR REFRESH STREAMING TABLE people (id INT NOT NULL, ssn STRING COMMENT 'secret', region STRING, note STRING)
  AS SELECT id, ssn, region, 'new' AS note FROM STREAM(people_src);
> ok
SELECT id, ssn, region, note FROM people ORDER BY id;
> id | ssn | region | note
> 1 | 123-45-6789 | US | null
> 2 | 987-65-4321 | BR | null
> 3 | 555-55-5555 | US | new
> rows: 3
SELECT column_name, is_nullable, comment FROM information_schema.columns WHERE table_name = 'people' ORDER BY ordinal_position;
> column_name | is_nullable | comment
> id | NO | null
> ssn | YES | secret
> region | YES | null
> note | YES | null
> rows: 4
SHOW TBLPROPERTIES people ('team');
> key | value
> team | Table redef_cat.default.people does not have property: team
> rows: 1
--@ user redef_reader
-- the definition without the mask and the filter has neither
SELECT id, ssn FROM people ORDER BY id;
> id | ssn
> 1 | 123-45-6789
> 2 | 987-65-4321
> 3 | 555-55-5555
> rows: 3
--@ user admin
INSERT INTO people_src VALUES (NULL, '000-00-0000', 'US');
> update count 1
REFRESH STREAMING TABLE people;
> exception DELTA_NOT_NULL_CONSTRAINT_VIOLATED
DROP TABLE people;
> ok
DROP TABLE people_src;
> ok
USE CATALOG main;
> ok
