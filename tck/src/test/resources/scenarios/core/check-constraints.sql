-- ALTER TABLE ... ADD | DROP CONSTRAINT ... CHECK: checked against the rows there, then enforced on every write
CREATE CATALOG checkcat;
> ok
USE CATALOG checkcat;
> ok
CREATE TABLE c (id INT, amount DOUBLE, note STRING);
> ok
INSERT INTO c VALUES (1, 10.0, 'a'), (-1, 5.0, 'b');
> update count 2
ALTER TABLE c ADD CONSTRAINT positive_id CHECK (id > 0);
> exception DELTA_NEW_CHECK_CONSTRAINT_VIOLATION
DELETE FROM c WHERE id < 0;
> update count 1
ALTER TABLE c ADD CONSTRAINT positive_id CHECK (id > 0);
> ok
ALTER TABLE c ADD CONSTRAINT Positive_Id CHECK (id > 1) ENFORCED;
> exception DELTA_CONSTRAINT_ALREADY_EXISTS
-- the condition: a BOOLEAN, deterministic, of the row alone
ALTER TABLE c ADD CONSTRAINT amt CHECK (amount);
> exception DELTA_NON_BOOLEAN_CHECK_CONSTRAINT
ALTER TABLE c ADD CONSTRAINT r CHECK (rand() > 0.5);
> exception NON_DETERMINISTIC_CHECK_CONSTRAINT
ALTER TABLE c ADD CONSTRAINT t CHECK (note < current_date());
> exception NON_DETERMINISTIC_CHECK_CONSTRAINT
ALTER TABLE c ADD CONSTRAINT s CHECK (id IN (SELECT 1));
> exception UNSUPPORTED_EXPR_FOR_OPERATOR
ALTER TABLE c ADD CONSTRAINT u CHECK (nope > 1);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
-- every write is checked; NULL is not TRUE, so it fails too
INSERT INTO c VALUES (-5, 1.0, 'x');
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES CHECK constraint positive_id (id > 0) violated by row with values:
INSERT INTO c VALUES (NULL, 1.0, 'x');
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES - id : null
INSERT INTO c VALUES (5, 1.0, 'x'), (6, 2.0, 'y');
> update count 2
UPDATE c SET id = -id WHERE id = 5;
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES - id : -5
MERGE INTO c USING (SELECT -7 AS id) s ON c.id = s.id WHEN NOT MATCHED THEN INSERT (id, amount, note) VALUES (s.id, 0, 'm');
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES
ALTER TABLE c ADD CONSTRAINT small CHECK (amount < 100 AND note <> 'z');
> ok
INSERT INTO c VALUES (7, 1.0, 'z');
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES - note : z
SELECT * FROM c ORDER BY id;
> id | amount | note
> 1 | 10.0 | a
> 5 | 1.0 | x
> 6 | 2.0 | y
> rows: 3
SHOW TBLPROPERTIES c;
> key | value
> delta.constraints.positive_id | id > 0
> delta.constraints.small | amount < 100 AND note <> 'z'
> rows: 2
-- the properties change with ADD and DROP CONSTRAINT only; columns a constraint reads stay
ALTER TABLE c SET TBLPROPERTIES ('delta.constraints.x' = 'id > 0');
> exception DELTA_CANNOT_MODIFY_TABLE_PROPERTY
ALTER TABLE c UNSET TBLPROPERTIES ('delta.constraints.small');
> exception DELTA_CANNOT_MODIFY_TABLE_PROPERTY
CREATE TABLE d (id INT) TBLPROPERTIES ('delta.constraints.x' = 'id > 0');
> exception DELTA_CANNOT_MODIFY_TABLE_PROPERTY
ALTER TABLE c DROP COLUMN id;
> exception DELTA_CONSTRAINT_DEPENDENT_COLUMN_CHANGE
ALTER TABLE c RENAME COLUMN note TO remark;
> exception DELTA_CONSTRAINT_DEPENDENT_COLUMN_CHANGE
ALTER TABLE c DROP CONSTRAINT nope;
> exception DELTA_CONSTRAINT_DOES_NOT_EXIST
ALTER TABLE c DROP CONSTRAINT IF EXISTS nope;
> ok
ALTER TABLE c DROP CONSTRAINT POSITIVE_ID;
> ok
INSERT INTO c VALUES (-5, 1.0, 'x');
> update count 1
SHOW TBLPROPERTIES c;
> key | value
> delta.constraints.small | amount < 100 AND note <> 'z'
> rows: 1
-- not on views or streaming tables (these have expectations)
CREATE VIEW v AS SELECT id FROM c;
> ok
ALTER TABLE v ADD CONSTRAINT p CHECK (id > 0);
> exception EXPECT_TABLE_NOT_VIEW
CREATE STREAMING TABLE st AS SELECT id FROM STREAM(c);
> ok
ALTER TABLE st ADD CONSTRAINT p CHECK (id > 0);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.INVALID_ALTER
