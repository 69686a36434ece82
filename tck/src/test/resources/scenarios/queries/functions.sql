-- the dialect's semantics where H2 differs
SELECT 7 / 2, 7 div 2, -7 div 2, 6 / 3, 7 % 3;
> (7 / 2) | (7 div 2) | (-7 div 2) | (6 / 3) | (7 % 3)
> 3.5 | 3 | -3 | 2.0 | 1
> rows: 1
SELECT CAST(2.7 AS INT), CAST(-2.7 AS INT), CAST('12' AS INT), CAST(3.99 AS BIGINT);
> CAST(2.7 AS INT) | CAST(-2.7 AS INT) | CAST(12 AS INT) | CAST(3.99 AS BIGINT)
> 2 | -2 | 12 | 3
> rows: 1
SELECT concat('a', NULL) IS NULL, concat('a', 'b', 'c'), 'x' || 1, concat_ws('-', 'a', NULL, 'b');
> (concat(a, NULL) IS NULL) | concat(a, b, c) | (x || 1) | concat_ws(-, a, NULL, b)
> true | abc | x1 | a-b
> rows: 1
SELECT 'Abc' = 'abc', 'abc' < 'abd', upper('abc'), lower('ABC'), length('héllo'), substring('hello', 2, 3), substr('hello', 3);
> (Abc = abc) | (abc < abd) | upper(abc) | lower(ABC) | length(héllo) | substring(hello, 2, 3) | substr(hello, 3)
> false | true | ABC | abc | 5 | ell | llo
> rows: 1
SELECT current_user(), current_catalog(), current_schema(), current_date() IS NOT NULL, current_timestamp() IS NOT NULL;
> current_user() | current_catalog() | current_schema() | (current_date() IS NOT NULL) | (current_timestamp() IS NOT NULL)
> admin | main | default | true | true
> rows: 1
SELECT coalesce(NULL, 2), nullif(1, 1), nvl(NULL, 'x'), if(1 < 2, 'yes', 'no'), nvl2(NULL, 1, 2);
> coalesce(NULL, 2) | nullif(1, 1) | nvl(NULL, x) | if((1 < 2), yes, no) | nvl2(NULL, 1, 2)
> 2 | null | x | yes | 2
> rows: 1
SELECT abs(-3), round(2.456, 2), ceil(1.2), floor(-1.2), sqrt(16), pow(2, 10), mod(10, 3), greatest(1, 5, 3), least(4, 2);
> abs(-3) | round(2.456, 2) | ceil(1.2) | floor(-1.2) | sqrt(16) | pow(2, 10) | mod(10, 3) | greatest(1, 5, 3) | least(4, 2)
> 3 | 2.46 | 2 | -2 | 4.0 | 1024.0 | 1 | 5 | 2
> rows: 1
SELECT year(DATE '2024-02-29'), month(DATE '2024-02-29'), day(DATE '2024-02-29'), date_add(DATE '2024-02-28', 2), datediff(DATE '2024-03-01', DATE '2024-02-01');
> year(DATE '2024-02-29') | month(DATE '2024-02-29') | day(DATE '2024-02-29') | date_add(DATE '2024-02-28', 2) | datediff(DATE '2024-03-01', DATE '2024-02-01')
> 2024 | 2 | 29 | 2024-03-01 | 29
> rows: 1
SELECT hour(TIMESTAMP '2024-01-01 13:45:10'), extract(MINUTE FROM TIMESTAMP '2024-01-01 13:45:10'), to_date('2024-05-06');
> hour(TIMESTAMP '2024-01-01 13:45:10') | extract(MINUTE, TIMESTAMP '2024-01-01 13:45:10') | to_date(2024-05-06)
> 13 | 45 | 2024-05-06
> rows: 1
SELECT trim('  x  '), ltrim('  x'), rtrim('x  '), replace('aXbX', 'X', '-'), lpad('7', 3, '0'), instr('hello', 'l'), count_if(true);
> trim(  x  ) | ltrim(  x) | rtrim(x  ) | replace(aXbX, X, -) | lpad(7, 3, 0) | instr(hello, l) | count_if(true)
> x | x | x | a-b- | 007 | 3 | 1
> rows: 1
SELECT CAST(true AS STRING), CAST(12.5 AS STRING), CAST('2024-01-02' AS DATE), TRY_CAST('abc' AS INT);
> CAST(true AS STRING) | CAST(12.5 AS STRING) | CAST(2024-01-02 AS DATE) | TRY_CAST(abc AS INT)
> true | 12.5 | 2024-01-02 | null
> rows: 1
SELECT 1 <=> NULL, NULL <=> NULL, 2 IS DISTINCT FROM 3, NOT true;
> (1 <=> NULL) | (NULL <=> NULL) | (NOT (2 <=> 3)) | (NOT true)
> false | true | true | false
> rows: 1
SELECT no_such_function(1);
> exception UNRESOLVED_ROUTINE
SELECT upper('a', 'b');
> exception WRONG_NUM_ARGS
SELECT 1 / 0;
> exception DIVIDE_BY_ZERO
SELECT CAST('abc' AS INT);
> exception CAST_INVALID_INPUT
SELECT 2147483647 + 1;
> exception ARITHMETIC_OVERFLOW
SELECT row_number();
> exception WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE
-- typeof names the dialect's type of a value, decided before anything runs; an aggregate argument still aggregates
CREATE TABLE typed (a INT, c DOUBLE, d DECIMAL(10,2));
> ok
INSERT INTO typed VALUES (1, 1.5, 2.25), (2, 2.5, 1.00);
> update count 2
SELECT typeof(sum(c)) AS s, typeof(sum(d)) AS sd, typeof(a / 2) AS q, typeof(NULL) AS n, typeof(array(a)) AS arr,
  typeof(INTERVAL 1 DAY) AS i FROM typed GROUP BY a ORDER BY a;
> s | sd | q | n | arr | i
> double | decimal(20,2) | double | void | array<int> | interval day
> double | decimal(20,2) | double | void | array<int> | interval day
> rows: 2
SELECT typeof(1, 2);
> exception WRONG_NUM_ARGS
-- weeks are ISO weeks, as in the dialect: date_trunc('WEEK') goes back to Monday, and week 1 holds the first Thursday
SELECT date_trunc('WEEK', DATE '2024-01-07') AS sunday, date_trunc('week', TIMESTAMP '2024-01-03 10:00:00') AS wednesday,
  extract(WEEK FROM DATE '2024-01-07') AS week, weekofyear(DATE '2024-01-07') AS iso;
> sunday | wednesday | week | iso
> 2024-01-01 00:00:00.0 | 2024-01-01 00:00:00.0 | 1 | 1
> rows: 1
-- hashes are lower-case hex of a string's UTF-8 bytes; sha2 of an unknown bit length is NULL
SELECT md5('Spark') AS m, sha1('Spark') AS s1, sha2('Spark', 256) AS s256, sha2('Spark', 0) = sha2('Spark', 256) AS same, sha2('Spark', 1) AS bad;
> m | s1 | s256 | same | bad
> 8cde774d6f7333752ed72cacddb05126 | 85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c | 529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b | true | null
> rows: 1
SELECT md5('é') = md5(X'C3A9') AS utf8, sha2('Spark', 224) AS s224;
> utf8 | s224
> true | dbeab94971678d36af2195851c0f7485775a2a7c60073d62fc04549c
> rows: 1
SELECT md5(1);
> exception DATATYPE_MISMATCH
SELECT zeroifnull(CAST(NULL AS INT)) AS z, zeroifnull(5) AS f, nullifzero(0) AS n, nullifzero(2.5) AS d, equal_null(NULL, NULL) AS e1, equal_null(1, NULL) AS e2;
> z | f | n | d | e1 | e2
> 0 | 5 | null | 2.5 | true | false
> rows: 1
-- initcap splits words at spaces only; translate removes the characters that have no counterpart
SELECT initcap('sPark sql-engine  two') AS caps, translate('AaBbCc', 'abc', '123') AS mapped, translate('abcd', 'abca', 'x') AS removed;
> caps | mapped | removed
> Spark Sql-engine  Two | A1B2C3 | xd
> rows: 1
-- strings the engine computes itself (Spark's rules): split keeps trailing empty parts, limit > 0 caps the count
SELECT split('a,b,,', ',') AS a, split('a,b,c', ',', 2) AS b, regexp_extract('ab12', '([a-z]+)([0-9]+)', 2) AS c, regexp_extract('x', '([0-9]+)', 1) AS d, regexp_extract_all('a1b22', '([0-9]+)') AS e;
> a | b | c | d | e
> ["a","b","",""] | ["a","b,c"] | 12 |  | ["1","22"]
> rows: 1
SELECT regexp_extract('ab', '(a)', 3);
> exception INVALID_PARAMETER_VALUE
SELECT regexp_extract('ab', '(a', 1);
> exception INVALID_PARAMETER_VALUE
SELECT levenshtein('kitten', 'sitting') AS l, soundex('Robert') AS s1, soundex('Tymczak') AS s2, soundex('1abc') AS s3, reverse('abc') AS r, find_in_set('b', 'a,b,c') AS f;
> l | s1 | s2 | s3 | r | f
> 3 | R163 | T522 | 1abc | cba | 2
> rows: 1
SELECT format_string('Hello %s, %d items at %.2f', 'ann', 3, CAST(2.5 AS DOUBLE)) AS f, printf('%05d-%-4s-%s', 42, 'ab', NULL) AS p, format_string('plain') AS q, format_string(NULL, 1) AS n;
> f | p | q | n
> Hello ann, 3 items at 2.50 | 00042-ab  -null | plain | null
> rows: 1
SELECT format_string('%d', 'x');
> exception INVALID_PARAMETER_VALUE
SELECT base64('abc') AS b, CAST(unbase64('YWJj') AS STRING) AS u, hex(17) AS h1, hex(-1) AS h2, hex('abc') AS h3, CAST(unhex('616263') AS STRING) AS uh, unhex('zz') IS NULL AS bad;
> b | u | h1 | h2 | h3 | uh | bad
> YWJj | abc | 11 | FFFFFFFFFFFFFFFF | 616263 | abc | true
> rows: 1
SELECT url_encode('a b&c') AS e, url_decode('a+b%26c') AS d, crc32('abc') AS c, split_part('a,b,c', ',', -1) AS p1, split_part('a,b', ',', 5) AS p2, substring_index('www.apache.org', '.', 2) AS s1, substring_index('www.apache.org', '.', -2) AS s2;
> e | d | c | p1 | p2 | s1 | s2
> a+b%26c | a b&c | 891568578 | c |  | www.apache | apache.org
> rows: 1
SELECT split_part('a', ',', 0);
> exception INVALID_PARAMETER_VALUE
SELECT space(3) || 'x' AS s, octet_length('é') AS o, bit_length('ab') AS b, length(uuid()) AS u;
> s | o | b | u
>    x | 2 | 16 | 36
> rows: 1
-- numbers: bround rounds ties to even; try_ arithmetic gives NULL where the operator fails
SELECT bround(2.5) AS a, bround(3.5) AS b, bround(2.25, 1) AS c, bround(25, -1) AS d, typeof(bround(2.5)) AS t, bround(CAST(2.5 AS DOUBLE)) AS e;
> a | b | c | d | t | e
> 2 | 4 | 2.2 | 20 | decimal(2,0) | 2.0
> rows: 1
SELECT factorial(5) AS f, factorial(21) AS g, bin(5) AS b, isnan(CAST('NaN' AS DOUBLE)) AS n, nanvl(CAST('NaN' AS DOUBLE), 2.0) AS v, cbrt(27.0) AS c, hypot(3, 4) AS h, negative(5) AS m;
> f | g | b | n | v | c | h | m
> 120 | null | 101 | true | 2.0 | 3.0 | 5.0 | -5
> rows: 1
SELECT shiftleft(1, 3) AS l, shiftright(-8, 1) AS r, shiftrightunsigned(-8, 60) AS u, bit_count(7) AS c, width_bucket(5.3, 0.2, 10.6, 5) AS w1, width_bucket(-2.1, 1.3, 3.4, 4) AS w2, width_bucket(8.1, 0.0, 5.7, 4) AS w3, width_bucket(-0.9, 5.2, 0.5, 2) AS w4;
> l | r | u | c | w1 | w2 | w3 | w4
> 8 | -4 | 0 | 3 | 3 | 0 | 5 | 3
> rows: 1
SELECT try_add(2147483647, 1) AS a, try_add(1, 2) AS b, try_multiply(3000000000, 4000000000) AS c, try_divide(1, 0) AS d, try_divide(3, 2) AS e, typeof(try_add(1, 2)) AS t;
> a | b | c | d | e | t
> null | 3 | null | null | 1.5 | int
> rows: 1
-- hash is Spark's MurmurHash3 (seed 42, each value seeding the next; NULL changes nothing)
SELECT hash(1) AS i, hash('Spark') AS s, hash(CAST(1 AS BIGINT)) AS l, hash('Spark', 2) AS two, hash(NULL) AS n, hash() AS none;
> i | s | l | two | n | none
> -559580957 | 228093765 | -1712319331 | -1781276684 | 42 | 42
> rows: 1
SELECT hash(array(1));
> exception FEATURE_NOT_SUPPORTED
-- xxhash64 is Spark's 64-bit xxHash with the same chaining: the vendor's example xxhash64('Spark', array(123), 2)
-- is 5602566077635097486, and an array of one value hashes as the value
SELECT xxhash64('Spark', 123, 2) AS chain, xxhash64(NULL) AS n, typeof(xxhash64(1)) AS t;
> chain | n | t
> 5602566077635097486 | 42 | bigint
> rows: 1
-- struct with AS names its fields; a field without one keeps struct's naming
SELECT struct(1 AS a, 'x' AS b) AS s, struct(1 AS a, 2) AS t, struct(1 AS a).a AS f;
> s | t | f
> {"a":1,"b":"x"} | {"a":1,"col2":2} | 1
> rows: 1
-- get_json_object reads a JSONPath of keys and indexes; another form of path gives NULL
SELECT get_json_object('{"a": {"b": [10, 20]}, "c": "x"}', '$.a.b[1]') AS i, get_json_object('{"a": {"b": [10, 20]}, "c": "x"}', '$.c') AS s, get_json_object('{"a": {"b": [10, 20]}}', '$[''a'']') AS o, get_json_object('{"a": 1}', '$.missing') AS m, get_json_object('{"a": 1}', 'a') AS bad;
> i | s | o | m | bad
> 20 | x | {"b": [10, 20]} | null | null
> rows: 1
