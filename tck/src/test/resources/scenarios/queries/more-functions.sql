-- built-ins no other scenario called (engine/docs/functions.md lists which scenario calls each), with Spark's answers
SELECT acos(1) AS a, asin(0) AS b, atan(0) AS c, atan2(0, 1) AS d, cos(0) AS e, cosh(0) AS f, cot(1) AS g, sin(0) AS h, sinh(0) AS i, tan(0) AS j, tanh(0) AS k;
> a | b | c | d | e | f | g | h | i | j | k
> 0.0 | 0.0 | 0.0 | 0.0 | 1.0 | 1.0 | 0.6420926159343306 | 0.0 | 0.0 | 0.0 | 0.0
> rows: 1
SELECT degrees(pi()) AS a, radians(180) AS b, exp(0) AS c, ln(1) AS d, log(10, 100) AS e, log10(1000) AS f, log2(8) AS g, pmod(-7, 3) AS h, positive(-5) AS i, sign(-2.5) AS j, signum(3) AS k, power(2, 10) AS l, ceiling(1.2) AS m, chr(65) AS n, ascii('A') AS o;
> a | b | c | d | e | f | g | h | i | j | k | l | m | n | o
> 180.0 | 3.141592653589793 | 1.0 | 0.0 | 2.0 | 3.0 | 3.0 | 2 | -5 | -1.0 | 1.0 | 1024.0 | 2 | A | 65
> rows: 1
SELECT contains('Spark SQL', 'SQL') AS a, startswith('Spark', 'Sp') AS b, endswith('Spark', 'rk') AS c, left('Spark', 2) AS d, right('Spark', 2) AS e, locate('b', 'abcb') AS f, locate('b', 'abcb', 3) AS g, position('b', 'abc') AS h;
> a | b | c | d | e | f | g | h
> true | true | true | Sp | rk | 2 | 4 | 2
> rows: 1
SELECT lcase('AB') AS a, ucase('ab') AS b, len('abc') AS c, char_length('abc') AS d, character_length('abc') AS e, btrim('  a  ') AS f, regexp_like('abc', '^a') AS g, regexp_replace('2024-01-02', '-', '/') AS h, sha('abc') AS i;
> a | b | c | d | e | f | g | h | i
> ab | AB | 3 | 3 | 3 | a | true | 2024/01/02 | a9993e364706816aba3e25717850c26c9cd0d89d
> rows: 1
SELECT add_months(DATE'2024-01-31', 1) AS a, date_sub(DATE'2024-03-01', 1) AS b, date_format(TIMESTAMP'2024-03-05 14:07:09', 'yyyy/MM/dd HH:mm') AS c, dayofmonth(DATE'2024-03-05') AS d, dayofweek(DATE'2024-03-05') AS e, dayofyear(DATE'2024-03-05') AS f, quarter(DATE'2024-03-05') AS g;
> a | b | c | d | e | f | g
> 2024-02-29 | 2024-02-29 | 2024/03/05 14:07 | 5 | 3 | 65 | 1
> rows: 1
SELECT minute(TIMESTAMP'2024-03-05 14:07:09') AS a, second(TIMESTAMP'2024-03-05 14:07:09') AS b, timestamp_micros(1000000) AS c, unix_micros(TIMESTAMP'1970-01-01 00:00:01') AS d, to_timestamp('2024-03-05 14:07', 'yyyy-MM-dd HH:mm') AS e;
> a | b | c | d | e
> 7 | 9 | 1970-01-01 00:00:01.0 | 1000000 | 2024-03-05 14:07:00.0
> rows: 1
-- the clock: one value per statement; localtimestamp is the session zone's wall clock, with no zone
SELECT curdate() = current_date() AS a, now() = current_timestamp() AS b, typeof(localtimestamp()) AS c, typeof(now()) AS d, random() >= 0 AND random() < 1 AS e;
> a | b | c | d | e
> true | true | timestamp_ntz | timestamp | true
> rows: 1
SET TIME ZONE '+05:00';
> ok
SELECT abs(timestampdiff(MINUTE, CAST(localtimestamp() AS TIMESTAMP), current_timestamp())) < 2 AS wall_clock_of_the_zone;
> wall_clock_of_the_zone
> true
> rows: 1
-- from_json reads a timestamp without an offset as the session zone's wall clock; to_json writes the zone's
SELECT CAST(from_json('{"u": "2024-01-02 03:04:05"}', 'u TIMESTAMP').u AS STRING) AS s, CAST(from_json('{"u": "2024-01-02T03:04:05Z"}', 'u TIMESTAMP').u AS STRING) AS z, to_json(from_json('{"u": "2024-01-02 03:04:05"}', 'u TIMESTAMP')) AS j;
> s | z | j
> 2024-01-02 03:04:05 | 2024-01-02 08:04:05 | {"u":"2024-01-02T03:04:05.000+05:00"}
> rows: 1
SET TIME ZONE 'UTC';
> ok
SELECT array_size(array(1, 2)) AS z, ifnull(NULL, 1) AS a, isnull(NULL) AS b, iff(true, 1, 2) AS c, current_database() AS d, current_timezone() AS e, user() AS f, try_subtract(5, 3) AS g, try_subtract(CAST(-2147483648 AS INT), 1) AS h, try_subtract(-2147483648, 1) AS i;
> z | a | b | c | d | e | f | g | h | i
> 2 | 1 | true | 1 | default | UTC | admin | 2 | null | -2147483649
> rows: 1
-- aggregates
SELECT sort_array(array_agg(x)) AS a, bool_or(x > 3) AS b, every(x > 0) AS c, mean(x) AS d, std(x) AS e, stddev(x) AS f, stddev_samp(x) AS g, stddev_pop(x) AS h, variance(x) AS i, var_samp(x) AS j, var_pop(x) AS k FROM VALUES (1), (2), (3), (4) AS t(x);
> a | b | c | d | e | f | g | h | i | j | k
> [1,2,3,4] | true | true | 2.5 | 1.2909944487358056 | 1.2909944487358056 | 1.2909944487358056 | 1.118033988749895 | 1.6666666666666667 | 1.6666666666666667 | 1.25
> rows: 1
SELECT regr_avgx(y, x) AS a, regr_avgy(y, x) AS b, regr_r2(y, x) AS c, regr_sxx(y, x) AS d, regr_sxy(y, x) AS e, regr_syy(y, x) AS f FROM VALUES (2, 1), (4, 2), (6, 3), (8, 4), (NULL, 5) AS t(y, x);
> a | b | c | d | e | f
> 2.5 | 5.0 | 1.0 | 5.0 | 10.0 | 20.0
> rows: 1
SELECT any_value(x) AS a, first(x) AS b, last(x) AS c, first(x, true) AS d FROM VALUES (7), (7) AS t(x);
> a | b | c | d
> 7 | 7 | 7 | 7
> rows: 1
-- windows
SELECT x, cume_dist() OVER (ORDER BY x) AS a, percent_rank() OVER (ORDER BY x) AS b, dense_rank() OVER (ORDER BY x) AS c, last_value(x) OVER (ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS d, nth_value(x, 2) OVER (ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS e FROM VALUES (1), (2), (2), (4) AS t(x) ORDER BY x;
> x | a | b | c | d | e
> 1 | 0.25 | 0.0 | 1 | 4 | 2
> 2 | 0.75 | 0.3333333333333333 | 2 | 4 | 2
> 2 | 0.75 | 0.3333333333333333 | 2 | 4 | 2
> 4 | 1.0 | 1.0 | 3 | 4 | 2
> rows: 4
-- the _outer generators keep a row for an empty array
SELECT * FROM inline_outer(filter(array(struct(1 AS a, 'x' AS b)), s -> s.a > 1));
> a | b
> null | null
> rows: 1
SELECT posexplode_outer(filter(array(1), v -> v > 1));
> pos | col
> null | null
> rows: 1
