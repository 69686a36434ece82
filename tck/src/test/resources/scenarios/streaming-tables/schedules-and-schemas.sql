-- refresh schedules are checked when made and kept with the table (ScheduledRefreshTest waits for them to fire)
CREATE CATALOG sched_cat;
> ok
USE CATALOG sched_cat;
> ok
CREATE TABLE src (id INT, name STRING);
> ok
INSERT INTO src VALUES (1, 'a'), (2, 'b');
> update count 2
CREATE STREAMING TABLE hourly SCHEDULE EVERY 2 HOURS AS SELECT id FROM STREAM(src);
> ok
SELECT count(*) AS n FROM hourly;
> n
> 2
> rows: 1
ALTER STREAMING TABLE hourly ALTER SCHEDULE CRON '0 0 0 * * ? *' AT TIME ZONE 'America/Los_Angeles';
> ok
ALTER STREAMING TABLE hourly DROP SCHEDULE;
> ok
ALTER STREAMING TABLE hourly ADD TRIGGER ON UPDATE;
> ok
CREATE STREAMING TABLE too_often SCHEDULE EVERY 73 HOURS AS SELECT id FROM STREAM(src);
> exception INVALID_PARAMETER_VALUE
CREATE STREAMING TABLE never SCHEDULE REFRESH EVERY 0 DAYS AS SELECT id FROM STREAM(src);
> exception INVALID_PARAMETER_VALUE
ALTER STREAMING TABLE hourly ADD SCHEDULE EVERY 9 WEEKS;
> exception INVALID_PARAMETER_VALUE
ALTER STREAMING TABLE hourly ADD SCHEDULE EVERY 3 MONTHS;
> exception PARSE_SYNTAX_ERROR
ALTER STREAMING TABLE hourly ADD SCHEDULE CRON '0 0 * * * ?' AT TIME ZONE LOCAL;
> exception FEATURE_NOT_SUPPORTED
-- a cron string is checked when the schedule is made: Quartz's shape, and a real time zone
ALTER STREAMING TABLE hourly ADD SCHEDULE CRON 'every day at noon';
> exception INVALID_PARAMETER_VALUE
ALTER STREAMING TABLE hourly ADD SCHEDULE CRON '0 12 * * *';
> exception INVALID_PARAMETER_VALUE
ALTER STREAMING TABLE hourly ADD SCHEDULE CRON '0 0 12 * * ?' AT TIME ZONE 'Mars/Olympus_Mons';
> exception INVALID_PARAMETER_VALUE
ALTER STREAMING TABLE hourly ADD SCHEDULE CRON '0 0 12 ? * MON-FRI' AT TIME ZONE 'Europe/Paris';
> ok
CREATE TABLE plain (id INT) SCHEDULE EVERY 1 HOUR;
> exception FEATURE_NOT_SUPPORTED
-- a declared schema must hold every column the query writes
CREATE STREAMING TABLE narrow (id INT) AS SELECT id, name FROM STREAM(src);
> exception USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE
CREATE STREAMING TABLE declared (id INT, note STRING) AS SELECT id FROM STREAM(src);
> ok
CREATE OR REFRESH STREAMING TABLE declared (id INT, note STRING) AS SELECT id, name FROM STREAM(src);
> exception USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE
-- without one, the table grows with its query: old rows read NULL in the new column
CREATE STREAMING TABLE grows AS SELECT id FROM STREAM(src);
> ok
INSERT INTO src VALUES (3, 'c');
> update count 1
CREATE OR REFRESH STREAMING TABLE grows AS SELECT id, name FROM STREAM(src);
> ok
SELECT id, name FROM grows ORDER BY id;
> id | name
> 1 | null
> 2 | null
> 3 | c
> rows: 3
-- a source dropped and created again is another table: the stream stops until a full refresh
CREATE TABLE feed (id INT);
> ok
INSERT INTO feed VALUES (1);
> update count 1
CREATE STREAMING TABLE feed_st AS SELECT id FROM STREAM(feed);
> ok
DROP TABLE feed;
> ok
CREATE TABLE feed (id INT);
> ok
INSERT INTO feed VALUES (10), (20);
> update count 2
REFRESH STREAMING TABLE feed_st;
> exception DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE
REFRESH STREAMING TABLE feed_st FULL;
> ok
SELECT id FROM feed_st ORDER BY id;
> id
> 10
> 20
> rows: 2
