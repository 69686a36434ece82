-- INTERVAL literals and date and timestamp arithmetic with them, as in the dialect (ANSI intervals)
CREATE CATALOG iv_cat;
> ok
USE CATALOG iv_cat;
> ok
CREATE TABLE orders (id INT, placed DATE, shipped TIMESTAMP);
> ok
INSERT INTO orders VALUES (1, DATE '2024-01-31', TIMESTAMP '2024-02-01 10:00:00'),
  (2, DATE '2024-02-29', TIMESTAMP '2024-03-02 23:30:00'), (3, DATE '2024-12-15', NULL);
> update count 3
-- the three forms of a literal; a column of one is named by its text, and clients read it as that text
SELECT INTERVAL 1 DAY, INTERVAL '2' HOUR, INTERVAL 1 DAY 2 HOURS, INTERVAL '1 day 30 minutes',
  INTERVAL '1-2' YEAR TO MONTH, INTERVAL '3 04:05:06.5' DAY TO SECOND, INTERVAL -'10' MINUTE, - INTERVAL 2 WEEKS,
  INTERVAL 1500 MILLISECONDS;
> INTERVAL '1' DAY | INTERVAL '02' HOUR | INTERVAL '1 02' DAY TO HOUR | INTERVAL '1 00:30' DAY TO MINUTE | INTERVAL '1-2' YEAR TO MONTH | INTERVAL '3 04:05:06.5' DAY TO SECOND | INTERVAL '-10' MINUTE | INTERVAL '-14' DAY | INTERVAL '01.5' SECOND
> INTERVAL '1' DAY | INTERVAL '02' HOUR | INTERVAL '1 02' DAY TO HOUR | INTERVAL '1 00:30' DAY TO MINUTE | INTERVAL '1-2' YEAR TO MONTH | INTERVAL '3 04:05:06.5' DAY TO SECOND | INTERVAL '-10' MINUTE | INTERVAL '-14' DAY | INTERVAL '01.5' SECOND
> rows: 1
-- a DATE plus months or whole days is a DATE (months keep the day, or take the month's last); plus hours, a TIMESTAMP
SELECT id, placed + INTERVAL 1 MONTH AS next_month, placed - INTERVAL '1' YEAR AS last_year,
  placed + INTERVAL 10 DAYS AS later, INTERVAL 1 DAY + placed AS tomorrow, placed + INTERVAL 36 HOURS AS at_noon
FROM orders ORDER BY id;
> id | next_month | last_year | later | tomorrow | at_noon
> 1 | 2024-02-29 | 2023-01-31 | 2024-02-10 | 2024-02-01 | 2024-02-01 12:00:00.0
> 2 | 2024-03-29 | 2023-02-28 | 2024-03-10 | 2024-03-01 | 2024-03-01 12:00:00.0
> 3 | 2025-01-15 | 2023-12-15 | 2024-12-25 | 2024-12-16 | 2024-12-16 12:00:00.0
> rows: 3
-- TPC-H's spelling
SELECT count(*) FROM orders WHERE placed <= DATE '2024-12-31' - INTERVAL '90' DAY
  AND placed >= DATE '2024-01-01' AND placed < DATE '2024-01-01' + INTERVAL '1' YEAR;
> count(1)
> 2
> rows: 1
SELECT id, shipped + INTERVAL '1 02:30' DAY TO MINUTE AS later, shipped - INTERVAL 1 MONTH AS month_before
FROM orders WHERE shipped >= placed + INTERVAL 1 DAY ORDER BY id;
> id | later | month_before
> 1 | 2024-02-02 12:30:00.0 | 2024-01-01 10:00:00.0
> 2 | 2024-03-04 02:00:00.0 | 2024-02-02 23:30:00.0
> rows: 2
-- intervals add and subtract within their kind, and scale by numbers (the result has all the fields of its kind)
SELECT INTERVAL 1 DAY + INTERVAL 3 HOURS AS a, INTERVAL 1 YEAR - INTERVAL 3 MONTHS AS b,
  INTERVAL 1 DAY * 3 AS c, INTERVAL 1 DAY / 4 AS d, 2 * INTERVAL '1-6' YEAR TO MONTH AS e,
  INTERVAL 1 HOUR > INTERVAL 59 MINUTES AS longer, CAST(INTERVAL 90 MINUTES AS STRING) AS text;
> a | b | c | d | e | longer | text
> INTERVAL '1 03' DAY TO HOUR | INTERVAL '0-9' YEAR TO MONTH | INTERVAL '3 00:00:00' DAY TO SECOND | INTERVAL '0 06:00:00' DAY TO SECOND | INTERVAL '3-0' YEAR TO MONTH | true | INTERVAL '90' MINUTE
> rows: 1
-- a day is 24 hours, exactly; a month moves the wall clock of the session's zone (here across a DST change)
SET TIME ZONE 'America/New_York';
> ok
SELECT CAST(TIMESTAMP '2024-03-09 12:00:00' + INTERVAL 1 DAY AS STRING) AS one_day,
  CAST(TIMESTAMP '2024-03-09 12:00:00' + INTERVAL 24 HOURS AS STRING) AS hours,
  CAST(TIMESTAMP '2024-02-10 12:00:00' + INTERVAL 1 MONTH AS STRING) AS one_month,
  CAST(DATE '2024-03-09' + INTERVAL 36 HOURS AS STRING) AS from_midnight;
> one_day | hours | one_month | from_midnight
> 2024-03-10 13:00:00 | 2024-03-10 13:00:00 | 2024-03-10 12:00:00 | 2024-03-10 13:00:00
> rows: 1
-- timestampadd, as Spark's: a DAY and longer units move the wall clock, an HOUR and shorter the instant
SELECT CAST(timestampadd(DAY, 1, TIMESTAMP '2024-03-09 12:00:00') AS STRING) AS one_day,
  CAST(timestampadd(HOUR, 24, TIMESTAMP '2024-03-09 12:00:00') AS STRING) AS hours,
  CAST(dateadd(WEEK, 1, DATE '2024-03-09') AS STRING) AS from_date,
  CAST(timestampadd(MINUTE, 90, DATE '2024-03-10') AS STRING) AS minutes;
> one_day | hours | from_date | minutes
> 2024-03-10 12:00:00 | 2024-03-10 13:00:00 | 2024-03-16 00:00:00 | 2024-03-10 01:30:00
> rows: 1
SET TIME ZONE 'UTC';
> ok
-- refused with the dialect's classes
SELECT INTERVAL 1 YEAR 2 DAYS;
> exception MIXED_INTERVAL_UNITS
SELECT INTERVAL '1-2' YEAR TO DAY;
> exception UNSUPPORTED_FROM_TO_INTERVAL
SELECT INTERVAL 'soon' DAY;
> exception INVALID_INTERVAL_FORMAT
SELECT INTERVAL '1 25' DAY TO HOUR;
> exception INVALID_INTERVAL_FORMAT
SELECT INTERVAL 1.5 MONTHS;
> exception INVALID_INTERVAL_FORMAT
SELECT INTERVAL 1 DAY + 1;
> exception DATATYPE_MISMATCH
SELECT INTERVAL 1 DAY + INTERVAL 1 MONTH;
> exception DATATYPE_MISMATCH
SELECT INTERVAL 1 DAY < INTERVAL 1 MONTH;
> exception DATATYPE_MISMATCH
SELECT CAST(INTERVAL 1 DAY AS INT);
> exception DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION
-- a column may still be named interval
CREATE TABLE spans (interval INT);
> ok
INSERT INTO spans VALUES (7);
> update count 1
SELECT interval, interval * 2 AS doubled FROM spans;
> interval | doubled
> 7 | 14
> rows: 1
