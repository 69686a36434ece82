-- AUTO CDC, SCD TYPE 2: the worked examples of SPEC §1.3 (B, C, F, G, I)
CREATE CATALOG cdc2_cat;
> ok
USE CATALOG cdc2_cat;
> ok
CREATE TABLE cdc_users (userId INT, name STRING, city STRING, operation STRING, sequenceNum INT);
> ok
INSERT INTO cdc_users VALUES (124, 'Raul', 'Oaxaca', 'INSERT', 1), (123, 'Isabel', 'Monterrey', 'INSERT', 1),
  (125, 'Mercedes', 'Tijuana', 'INSERT', 2), (126, 'Lily', 'Cancun', 'INSERT', 2),
  (123, NULL, NULL, 'DELETE', 6), (125, 'Mercedes', 'Guadalajara', 'UPDATE', 6),
  (125, 'Mercedes', 'Mexicali', 'UPDATE', 5), (123, 'Isabel', 'Chihuahua', 'UPDATE', 5);
> update count 8
-- Example B
CREATE OR REFRESH STREAMING TABLE target;
> ok
CREATE FLOW f AS AUTO CDC INTO target FROM STREAM(cdc_users) KEYS (userId)
  APPLY AS DELETE WHEN operation = 'DELETE' SEQUENCE BY sequenceNum COLUMNS * EXCEPT (operation, sequenceNum)
  STORED AS SCD TYPE 2;
> ok
SELECT * FROM target ORDER BY userId, __START_AT;
> userId | name | city | __START_AT | __END_AT
> 123 | Isabel | Monterrey | 1 | 5
> 123 | Isabel | Chihuahua | 5 | 6
> 124 | Raul | Oaxaca | 1 | null
> 125 | Mercedes | Tijuana | 2 | 5
> 125 | Mercedes | Mexicali | 5 | 6
> 125 | Mercedes | Guadalajara | 6 | null
> 126 | Lily | Cancun | 2 | null
> rows: 7
DESCRIBE TABLE target;
> col_name | data_type | comment
> userId | int | null
> name | string | null
> city | string | null
> __START_AT | int | null
> __END_AT | int | null
> rows: 5
-- Example C: only name is tracked; city changes are applied in place
CREATE OR REFRESH STREAMING TABLE tracked FLOW AUTO CDC FROM STREAM(cdc_users) KEYS (userId)
  APPLY AS DELETE WHEN operation = 'DELETE' SEQUENCE BY sequenceNum COLUMNS * EXCEPT (operation, sequenceNum)
  STORED AS SCD TYPE 2 TRACK HISTORY ON * EXCEPT (city);
> ok
SELECT * FROM tracked ORDER BY userId;
> userId | name | city | __START_AT | __END_AT
> 123 | Isabel | Chihuahua | 1 | 6
> 124 | Raul | Oaxaca | 1 | null
> 125 | Mercedes | Guadalajara | 2 | null
> 126 | Lily | Cancun | 2 | null
> rows: 4
-- Example F: late events re-stitch history across refreshes
CREATE TABLE ev (id INT, city STRING, seq INT, op STRING);
> ok
INSERT INTO ev VALUES (1, 'Monterrey', 1, 'U'), (1, 'Chihuahua', 5, 'U');
> update count 2
CREATE OR REFRESH STREAMING TABLE history FLOW AUTO CDC FROM STREAM(ev) KEYS (id) APPLY AS DELETE WHEN op = 'D'
  SEQUENCE BY seq COLUMNS * EXCEPT (op) STORED AS SCD TYPE 2;
> ok
INSERT INTO ev VALUES (1, 'Saltillo', 3, 'U');
> update count 1
REFRESH STREAMING TABLE history;
> ok
SELECT id, city, __START_AT, __END_AT FROM history ORDER BY __START_AT;
> id | city | __START_AT | __END_AT
> 1 | Monterrey | 1 | 3
> 1 | Saltillo | 3 | 5
> 1 | Chihuahua | 5 | null
> rows: 3
INSERT INTO ev VALUES (1, NULL, 4, 'D');
> update count 1
REFRESH STREAMING TABLE history;
> ok
INSERT INTO ev VALUES (1, NULL, 9, 'D');
> update count 1
REFRESH STREAMING TABLE history;
> ok
SELECT id, city, __START_AT, __END_AT FROM history ORDER BY __START_AT;
> id | city | __START_AT | __END_AT
> 1 | Monterrey | 1 | 3
> 1 | Saltillo | 3 | 4
> 1 | Chihuahua | 5 | 9
> rows: 3
-- Example G: duplicates and no-op updates
CREATE TABLE dup (id INT, v STRING, seq INT);
> ok
INSERT INTO dup VALUES (1, 'a', 10), (1, 'a', 10), (1, 'a', 20), (1, 'b', 30);
> update count 4
CREATE OR REFRESH STREAMING TABLE g1 FLOW AUTO CDC FROM STREAM(dup) KEYS (id) SEQUENCE BY seq COLUMNS * EXCEPT (seq);
> ok
CREATE OR REFRESH STREAMING TABLE g2 FLOW AUTO CDC FROM STREAM(dup) KEYS (id) SEQUENCE BY seq COLUMNS * EXCEPT (seq)
  STORED AS SCD TYPE 2;
> ok
CREATE OR REFRESH STREAMING TABLE g3 FLOW AUTO CDC FROM STREAM(dup) KEYS (id) SEQUENCE BY seq STORED AS SCD TYPE 2;
> ok
CREATE OR REFRESH STREAMING TABLE g4 FLOW AUTO CDC FROM STREAM(dup) KEYS (id) SEQUENCE BY seq STORED AS SCD TYPE 2
  TRACK HISTORY ON * EXCEPT (seq);
> ok
SELECT * FROM g1;
> id | v
> 1 | b
> rows: 1
SELECT * FROM g2 ORDER BY __START_AT;
> id | v | __START_AT | __END_AT
> 1 | a | 10 | 30
> 1 | b | 30 | null
> rows: 2
SELECT * FROM g3 ORDER BY __START_AT;
> id | v | seq | __START_AT | __END_AT
> 1 | a | 10 | 10 | 20
> 1 | a | 20 | 20 | 30
> 1 | b | 30 | 30 | null
> rows: 3
SELECT * FROM g4 ORDER BY __START_AT;
> id | v | seq | __START_AT | __END_AT
> 1 | a | 20 | 10 | 30
> 1 | b | 30 | 30 | null
> rows: 2
-- Example I: a STRUCT sequence orders field by field
CREATE TABLE st_ev (id INT, v STRING, ts INT, n INT);
> ok
INSERT INTO st_ev VALUES (1, 'x', 100, 1), (1, 'y', 100, 2), (1, 'z', 99, 9);
> update count 3
CREATE OR REFRESH STREAMING TABLE by_struct FLOW AUTO CDC FROM STREAM(st_ev) KEYS (id) SEQUENCE BY STRUCT(ts, n)
  COLUMNS (id, v);
> ok
SELECT * FROM by_struct;
> id | v
> 1 | y
> rows: 1
CREATE OR REFRESH STREAMING TABLE by_struct2 FLOW AUTO CDC FROM STREAM(st_ev) KEYS (id) SEQUENCE BY STRUCT(ts, n)
  COLUMNS (id, v) STORED AS SCD TYPE 2;
> ok
SELECT v, __START_AT.ts AS start_ts, __START_AT.n AS start_n, __END_AT.ts AS end_ts, __END_AT.n AS end_n
  FROM by_struct2 ORDER BY start_ts, start_n;
> v | start_ts | start_n | end_ts | end_n
> z | 99 | 9 | 100 | 1
> x | 100 | 1 | 100 | 2
> y | 100 | 2 | null | null
> rows: 3
SELECT v FROM by_struct2 WHERE __END_AT IS NULL;
> v
> y
> rows: 1
-- Late events across refreshes: a NULL field orders before any value, so (100, NULL) loses to (100, 2),
-- (5, NULL) to (5, 1), and (101, NULL) wins.
INSERT INTO st_ev VALUES (1, 'w', 100, NULL), (2, 'p', 5, 1);
> update count 2
REFRESH STREAMING TABLE by_struct;
> ok
SELECT * FROM by_struct ORDER BY id;
> id | v
> 1 | y
> 2 | p
> rows: 2
INSERT INTO st_ev VALUES (1, 'u', 101, NULL), (2, 'q', 5, NULL);
> update count 2
REFRESH STREAMING TABLE by_struct;
> ok
SELECT * FROM by_struct ORDER BY id;
> id | v
> 1 | u
> 2 | p
> rows: 2
-- a STRUCT sequence whose fields are all NULL is a NULL sequence, in either layout
CREATE TABLE st_null (id INT, ts INT, n INT);
> ok
INSERT INTO st_null VALUES (1, NULL, NULL);
> update count 1
CREATE OR REFRESH STREAMING TABLE null_struct FLOW AUTO CDC FROM STREAM(st_null) KEYS (id) SEQUENCE BY STRUCT(ts, n);
> exception AUTOCDC_MICROBATCH_VALIDATION.NULL_SEQUENCE
CREATE OR REFRESH STREAMING TABLE null_struct2 FLOW AUTO CDC FROM STREAM(st_null) KEYS (id) SEQUENCE BY STRUCT(ts, n)
  STORED AS SCD TYPE 2;
> exception AUTOCDC_MICROBATCH_VALIDATION.NULL_SEQUENCE
