-- date and time functions with Spark's rules: epoch counts, making dates, unit arithmetic, months_between
CREATE CATALOG datefn_cat;
> ok
USE CATALOG datefn_cat;
> ok
SELECT CAST(timestamp_seconds(1) AS STRING) AS s, CAST(timestamp_millis(1500) AS STRING) AS ms, unix_seconds(TIMESTAMP'1970-01-01 00:00:01.9') AS us, unix_millis(TIMESTAMP'1970-01-01 00:00:01') AS um, unix_date(DATE'1970-01-02') AS ud, date_from_unix_date(1) AS d;
> s | ms | us | um | ud | d
> 1970-01-01 00:00:01 | 1970-01-01 00:00:01.5 | 1 | 1000 | 1 | 1970-01-02
> rows: 1
SELECT from_unixtime(0) AS a, from_unixtime(86400, 'yyyy-MM-dd') AS b, unix_timestamp('2020-01-01', 'yyyy-MM-dd') AS c, to_unix_timestamp('2020-01-01 00:00:00') AS d;
> a | b | c | d
> 1970-01-01 00:00:00 | 1970-01-02 | 1577836800 | 1577836800
> rows: 1
SELECT make_date(2020, 2, 29) AS d, CAST(make_timestamp(2020, 1, 2, 3, 4, 5.5) AS STRING) AS t, next_day(DATE'2024-01-01', 'MON') AS n1, next_day(DATE'2024-01-03', 'friday') AS n2, weekday(DATE'2024-01-01') AS w;
> d | t | n1 | n2 | w
> 2020-02-29 | 2020-01-02 03:04:05.5 | 2024-01-08 | 2024-01-05 | 0
> rows: 1
-- whole months for the same day or two last days, else 31-day months rounded to 8 digits
SELECT months_between(DATE'2024-03-31', DATE'2024-02-29') AS a, months_between(TIMESTAMP'1997-02-28 10:30:00', TIMESTAMP'1996-10-30 00:00:00') AS b, months_between(DATE'2024-01-15', DATE'2024-03-15') AS c;
> a | b | c
> 1.0 | 3.94959677 | -2.0
> rows: 1
SELECT make_date(2019, 2, 29);
> exception INVALID_PARAMETER_VALUE
SELECT next_day(DATE'2024-01-01', 'xx');
> exception INVALID_PARAMETER_VALUE
SELECT trunc(DATE'2024-05-15', 'MM') AS m, trunc(DATE'2024-05-15', 'YEAR') AS y, trunc(DATE'2024-05-15', 'WEEK') AS w, trunc(DATE'2024-05-15', 'QUARTER') AS q, trunc(DATE'2024-05-15', 'DD') AS dd;
> m | y | w | q | dd
> 2024-05-01 | 2024-01-01 | 2024-05-13 | 2024-04-01 | null
> rows: 1
SELECT date_part('year', DATE'2024-05-15') AS y, date_part('MONTH', TIMESTAMP'2024-05-15 10:00:00') AS m;
> y | m
> 2024 | 5
> rows: 1
-- dateadd and timestampadd with a unit give TIMESTAMPs; timestampdiff counts whole units, towards zero
SELECT CAST(dateadd(DAY, 1, DATE'2020-01-31') AS STRING) AS a, CAST(timestampadd(MONTH, 1, TIMESTAMP'2020-01-31 10:00:00') AS STRING) AS b, CAST(timestampadd(QUARTER, 1, DATE'2020-01-01') AS STRING) AS c, CAST(dateadd(HOUR, -2, TIMESTAMP'2020-01-01 01:00:00') AS STRING) AS d;
> a | b | c | d
> 2020-02-01 00:00:00 | 2020-02-29 10:00:00 | 2020-04-01 00:00:00 | 2019-12-31 23:00:00
> rows: 1
SELECT datediff(DAY, DATE'2020-01-01', DATE'2020-01-05') AS a, timestampdiff(DAY, TIMESTAMP'2020-01-01 23:00:00', TIMESTAMP'2020-01-02 01:00:00') AS b, timestampdiff(YEAR, DATE'2020-01-01', DATE'2019-01-01') AS c, date_diff(DATE'2020-01-05', DATE'2020-01-01') AS d, timestampdiff(HOUR, TIMESTAMP'2020-01-01 23:00:00', TIMESTAMP'2020-01-02 01:00:00') AS e;
> a | b | c | d | e
> 4 | 0 | -1 | 4 | 2
> rows: 1
SELECT dateadd(FORTNIGHT, 1, DATE'2020-01-01');
> exception INVALID_PARAMETER_VALUE
SELECT CAST(from_utc_timestamp(TIMESTAMP'2017-07-14 02:40:00', 'GMT+1') AS STRING) AS f, CAST(to_utc_timestamp(TIMESTAMP'2017-07-14 02:40:00', 'GMT+1') AS STRING) AS t;
> f | t
> 2017-07-14 03:40:00 | 2017-07-14 01:40:00
> rows: 1
