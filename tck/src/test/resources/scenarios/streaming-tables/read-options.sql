-- the seed page's read options: a boolean option without = TRUE, where a stream starts, and the one refused by name
CREATE CATALOG ro_cat;
> ok
USE CATALOG ro_cat;
> ok
CREATE TABLE ro_src (id INT);
> ok
INSERT INTO ro_src VALUES (1), (2);
> update count 2
CREATE STREAMING TABLE ro_flag AS SELECT id FROM STREAM ro_src WITH (SKIPCHANGECOMMITS);
> ok
CREATE STREAMING TABLE ro_latest AS SELECT id FROM STREAM ro_src WITH (startingVersion = 'latest');
> ok
CREATE STREAMING TABLE ro_past AS SELECT id FROM STREAM ro_src WITH (startingTimestamp = '2000-01-01');
> ok
CREATE STREAMING TABLE ro_future AS SELECT id FROM STREAM ro_src WITH (startingTimestamp = '2999-01-01 00:00:00');
> ok
CREATE STREAMING TABLE ro_bad_time AS SELECT id FROM STREAM ro_src WITH (startingTimestamp = 'yesterday');
> exception DATATYPE_MISMATCH
CREATE STREAMING TABLE ro_order AS SELECT id FROM STREAM ro_src WITH (withEventTimeOrder = true);
> exception FEATURE_NOT_SUPPORTED
-- an update after the skipped change reaches ro_flag as nothing; the new row reaches every stream
UPDATE ro_src SET id = 20 WHERE id = 2;
> update count 1
INSERT INTO ro_src VALUES (3);
> update count 1
REFRESH STREAMING TABLE ro_flag;
> ok
SELECT id FROM ro_flag ORDER BY id;
> id
> 1
> 2
> 3
> rows: 3
DELETE FROM ro_src WHERE id = 20;
> update count 1
INSERT INTO ro_src VALUES (4);
> update count 1
CREATE OR REFRESH STREAMING TABLE ro_latest AS SELECT id FROM STREAM ro_src WITH (startingVersion = 'latest', skipChangeCommits);
> ok
SELECT id FROM ro_latest ORDER BY id;
> id
> 3
> 4
> rows: 2
CREATE OR REFRESH STREAMING TABLE ro_past AS SELECT id FROM STREAM ro_src WITH (startingTimestamp = '2000-01-01', skipChangeCommits);
> ok
SELECT id FROM ro_past ORDER BY id;
> id
> 1
> 2
> 3
> 4
> rows: 4
CREATE OR REFRESH STREAMING TABLE ro_future AS SELECT id FROM STREAM ro_src WITH (startingTimestamp = '2999-01-01 00:00:00', skipChangeCommits);
> ok
SELECT count(*) AS n FROM ro_future;
> n
> 2
> rows: 1
