-- AUTO CDC, SCD TYPE 1: the worked examples of SPEC §1.3 (A, D, E, H, J, K)
CREATE CATALOG cdc1_cat;
> ok
USE CATALOG cdc1_cat;
> ok
CREATE TABLE cdc_users (userId INT, name STRING, city STRING, operation STRING, sequenceNum INT);
> ok
INSERT INTO cdc_users VALUES (124, 'Raul', 'Oaxaca', 'INSERT', 1), (123, 'Isabel', 'Monterrey', 'INSERT', 1),
  (125, 'Mercedes', 'Tijuana', 'INSERT', 2), (126, 'Lily', 'Cancun', 'INSERT', 2),
  (123, NULL, NULL, 'DELETE', 6), (125, 'Mercedes', 'Guadalajara', 'UPDATE', 6),
  (125, 'Mercedes', 'Mexicali', 'UPDATE', 5), (123, 'Isabel', 'Chihuahua', 'UPDATE', 5);
> update count 8
-- Example A
CREATE OR REFRESH STREAMING TABLE target;
> ok
CREATE FLOW f AS AUTO CDC INTO target
FROM STREAM(cdc_users)
KEYS (userId)
APPLY AS DELETE WHEN operation = 'DELETE'
SEQUENCE BY sequenceNum
COLUMNS * EXCEPT (operation, sequenceNum)
STORED AS SCD TYPE 1;
> ok
SELECT * FROM target ORDER BY userId;
> userId | name | city
> 124 | Raul | Oaxaca
> 125 | Mercedes | Guadalajara
> 126 | Lily | Cancun
> rows: 3
SELECT details:flow_progress:metrics:num_upserted_rows AS upserted, details:flow_progress:metrics:num_deleted_rows AS deleted
  FROM event_log(TABLE(target)) WHERE event_type = 'flow_progress';
> upserted | deleted
> 7 | 1
> rows: 1
-- the inline form and the older spelling give the same table
CREATE OR REFRESH STREAMING TABLE target_inline FLOW AUTO CDC FROM STREAM cdc_users KEYS (userId)
  SEQUENCE BY sequenceNum APPLY AS DELETE WHEN operation = 'DELETE' COLUMNS * EXCEPT (operation, sequenceNum);
> ok
SELECT * FROM target_inline ORDER BY userId;
> userId | name | city
> 124 | Raul | Oaxaca
> 125 | Mercedes | Guadalajara
> 126 | Lily | Cancun
> rows: 3
CREATE OR REFRESH STREAMING TABLE target_apply;
> ok
APPLY CHANGES INTO LIVE.target_apply FROM STREAM(cdc_users) KEYS (userId) APPLY AS DELETE WHEN operation = 'DELETE'
  SEQUENCE BY sequenceNum COLUMNS userId, name, city;
> ok
SELECT * FROM target_apply ORDER BY userId;
> userId | name | city
> 124 | Raul | Oaxaca
> 125 | Mercedes | Guadalajara
> 126 | Lily | Cancun
> rows: 3
-- a stream reading an AUTO CDC target sees its updates
CREATE STREAMING TABLE downstream AS SELECT * FROM STREAM(target);
> ok
INSERT INTO cdc_users VALUES (124, 'Raul', 'Puebla', 'UPDATE', 7);
> update count 1
REFRESH STREAMING TABLE target;
> ok
SELECT city FROM target WHERE userId = 124;
> city
> Puebla
> rows: 1
REFRESH STREAMING TABLE downstream;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
-- Example D: truncate empties the target at its point of the sequence
CREATE TABLE cdc_t (userId INT, name STRING, city STRING, operation STRING, sequenceNum INT);
> ok
INSERT INTO cdc_t VALUES (123, 'Isabel', 'Monterrey', 'INSERT', 1), (124, 'Raul', 'Oaxaca', 'INSERT', 1),
  (125, 'Mercedes', 'Tijuana', 'INSERT', 2), (126, 'Lily', 'Cancun', 'INSERT', 2), (NULL, NULL, NULL, 'TRUNCATE', 3),
  (125, 'Mercedes', 'Guadalajara', 'UPDATE', 6), (125, 'Mercedes', 'Mexicali', 'UPDATE', 5),
  (123, 'Isabel', 'Chihuahua', 'UPDATE', 5);
> update count 8
CREATE OR REFRESH STREAMING TABLE truncated FLOW AUTO CDC FROM STREAM(cdc_t) KEYS (userId)
  APPLY AS DELETE WHEN operation = 'DELETE' APPLY AS TRUNCATE WHEN operation = 'TRUNCATE' SEQUENCE BY sequenceNum
  COLUMNS * EXCEPT (operation, sequenceNum) STORED AS SCD TYPE 1;
> ok
SELECT * FROM truncated ORDER BY userId;
> userId | name | city
> 123 | Isabel | Chihuahua
> 125 | Mercedes | Guadalajara
> rows: 2
CREATE OR REFRESH STREAMING TABLE truncated2 FLOW AUTO CDC FROM STREAM(cdc_t) KEYS (userId)
  APPLY AS TRUNCATE WHEN operation = 'TRUNCATE' SEQUENCE BY sequenceNum STORED AS SCD TYPE 2;
> exception PARSE_SYNTAX_ERROR
-- Example E: late data across refreshes; deletes leave tombstones; FULL starts over
CREATE TABLE cdc (id INT, name STRING, version BIGINT, op STRING);
> ok
INSERT INTO cdc VALUES (1, 'alice', 1, 'UPSERT'), (2, 'bob', 1, 'UPSERT');
> update count 2
CREATE OR REFRESH STREAMING TABLE customers;
> ok
CREATE FLOW c AS AUTO CDC INTO customers FROM STREAM(cdc) KEYS (id)
  APPLY AS DELETE WHEN op = 'DELETE' SEQUENCE BY version COLUMNS * EXCEPT (op);
> ok
SELECT * FROM customers ORDER BY id;
> id | name | version
> 1 | alice | 1
> 2 | bob | 1
> rows: 2
INSERT INTO cdc VALUES (1, 'alicia', 2, 'UPSERT'), (2, 'bob', 2, 'DELETE'), (3, 'carol', 1, 'UPSERT'), (1, 'alice', 1, 'UPSERT');
> update count 4
REFRESH STREAMING TABLE customers;
> ok
SELECT * FROM customers ORDER BY id;
> id | name | version
> 1 | alicia | 2
> 3 | carol | 1
> rows: 2
INSERT INTO cdc VALUES (2, 'bobby', 1, 'UPSERT');
> update count 1
REFRESH STREAMING TABLE customers;
> ok
INSERT INTO cdc VALUES (1, 'alice', 1, 'UPSERT');
> update count 1
REFRESH STREAMING TABLE customers;
> ok
SELECT * FROM customers ORDER BY id;
> id | name | version
> 1 | alicia | 2
> 3 | carol | 1
> rows: 2
INSERT INTO cdc VALUES (2, 'bob2', 3, 'UPSERT');
> update count 1
REFRESH STREAMING TABLE customers;
> ok
REFRESH STREAMING TABLE customers FULL;
> ok
SELECT * FROM customers ORDER BY id;
> id | name | version
> 1 | alicia | 2
> 2 | bob2 | 3
> 3 | carol | 1
> rows: 3
-- Example H: IGNORE NULL UPDATES, on all columns, some, or all but some
CREATE TABLE ev (id INT, name STRING, city STRING, seq INT);
> ok
INSERT INTO ev VALUES (1, 'alice', 'NYC', 10), (2, NULL, 'SF', 5);
> update count 2
CREATE OR REFRESH STREAMING TABLE plain FLOW AUTO CDC FROM STREAM(ev) KEYS (id) SEQUENCE BY seq;
> ok
CREATE OR REFRESH STREAMING TABLE ignore_all FLOW AUTO CDC FROM STREAM(ev) KEYS (id) IGNORE NULL UPDATES SEQUENCE BY seq;
> ok
CREATE OR REFRESH STREAMING TABLE ignore_city FLOW AUTO CDC FROM STREAM(ev) KEYS (id) IGNORE NULL UPDATES ON (city)
  SEQUENCE BY seq;
> ok
CREATE OR REFRESH STREAMING TABLE ignore_but_city FLOW AUTO CDC FROM STREAM(ev) KEYS (id)
  IGNORE NULL UPDATES ON * EXCEPT (city) SEQUENCE BY seq;
> ok
INSERT INTO ev VALUES (1, NULL, 'LA', 20);
> update count 1
REFRESH STREAMING TABLE plain;
> ok
REFRESH STREAMING TABLE ignore_all;
> ok
REFRESH STREAMING TABLE ignore_city;
> ok
REFRESH STREAMING TABLE ignore_but_city;
> ok
SELECT 'plain' AS t, * FROM plain UNION ALL SELECT 'all', * FROM ignore_all UNION ALL SELECT 'city', * FROM ignore_city
  UNION ALL SELECT 'but_city', * FROM ignore_but_city ORDER BY 1, 2;
> t | id | name | city | seq
> all | 1 | alice | LA | 20
> all | 2 | null | SF | 5
> but_city | 1 | alice | LA | 20
> but_city | 2 | null | SF | 5
> city | 1 | null | LA | 20
> city | 2 | null | SF | 5
> plain | 1 | null | LA | 20
> plain | 2 | null | SF | 5
> rows: 8
-- Example J: composite keys
CREATE TABLE orders_cdc (region STRING, order_id INT, amount INT, seq INT, op STRING);
> ok
INSERT INTO orders_cdc VALUES ('EU', 1, 10, 1, 'U'), ('US', 1, 20, 1, 'U'), ('EU', 1, NULL, 2, 'D');
> update count 3
CREATE OR REFRESH STREAMING TABLE orders FLOW AUTO CDC FROM STREAM(orders_cdc) KEYS (region, order_id)
  APPLY AS DELETE WHEN op = 'D' SEQUENCE BY seq COLUMNS (region, order_id, amount);
> ok
SELECT * FROM orders;
> region | order_id | amount
> US | 1 | 20
> rows: 1
-- Example K: a NULL sequence or key fails the batch; nothing is applied and the checkpoint stays
INSERT INTO ev VALUES (3, 'x', 'y', NULL);
> update count 1
REFRESH STREAMING TABLE plain;
> exception AUTOCDC_MICROBATCH_VALIDATION.NULL_SEQUENCE
REFRESH STREAMING TABLE plain;
> exception AUTOCDC_MICROBATCH_VALIDATION.NULL_SEQUENCE
SELECT count(*) AS n FROM plain;
> n
> 2
> rows: 1
INSERT INTO orders_cdc VALUES (NULL, 2, 5, 3, 'U');
> update count 1
REFRESH STREAMING TABLE orders;
> exception AUTOCDC_MICROBATCH_VALIDATION.NULL_KEY
-- AUTO CDC ONCE: a batch of changes applied once (again after FULL), e.g. a backfill
CREATE TABLE backfill (id INT, name STRING, city STRING, seq INT);
> ok
INSERT INTO backfill VALUES (7, 'old', 'x', 1), (7, 'new', 'y', 2), (8, 'z', 'w', 1);
> update count 3
CREATE OR REFRESH STREAMING TABLE filled;
> ok
CREATE FLOW fill AS AUTO CDC ONCE INTO filled FROM backfill KEYS (id) SEQUENCE BY seq COLUMNS (id, name);
> ok
INSERT INTO backfill VALUES (9, 'late', 'q', 1);
> update count 1
REFRESH STREAMING TABLE filled;
> ok
SELECT * FROM filled ORDER BY id;
> id | name
> 7 | new
> 8 | z
> rows: 2
REFRESH STREAMING TABLE filled FULL;
> ok
SELECT count(*) AS n FROM filled;
> n
> 3
> rows: 1
CREATE FLOW fill_stream AS AUTO CDC ONCE INTO filled FROM STREAM(backfill) KEYS (id) SEQUENCE BY seq;
> exception INVALID_FLOW_QUERY_TYPE.STREAMING_RELATION_FOR_ONCE_FLOW
-- the spec's own errors
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM STREAM(ev) KEYS (id) SEQUENCE BY seq SEQUENCE BY id;
> exception DUPLICATE_CLAUSES
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM STREAM(ev) KEYS (id) COLUMNS (name);
> exception PARSE_SYNTAX_ERROR
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM STREAM(ev) KEYS (id) SEQUENCE BY seq TRACK HISTORY ON (name);
> exception PARSE_SYNTAX_ERROR
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM STREAM(ev) KEYS (nope) SEQUENCE BY seq;
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM STREAM(ev) KEYS (id) SEQUENCE BY seq COLUMNS (name, city);
> exception INVALID_PARAMETER_VALUE
CREATE OR REFRESH STREAMING TABLE bad FLOW AUTO CDC FROM ev KEYS (id) SEQUENCE BY seq;
> exception INVALID_FLOW_QUERY_TYPE.BATCH_RELATION_FOR_STREAMING_TABLE
CREATE TABLE managed_cdc FLOW AUTO CDC FROM STREAM(ev) KEYS (id) SEQUENCE BY seq;
> exception MANAGED_TABLE_DOES_NOT_SUPPORT_CDC
CREATE FLOW bad_flow AS AUTO CDC FROM SNAPSHOT INTO plain FROM ev KEYS (id);
> exception FEATURE_NOT_SUPPORTED
SHOW TABLES LIKE 'bad*';
> database | tableName | isTemporary
> rows: 0
-- R13: a flow's state follows its KEYS, SEQUENCE BY, STORED AS and IGNORE NULL UPDATES; another needs FULL
CREATE TABLE rk (id INT, name STRING, seq INT);
> ok
INSERT INTO rk VALUES (1, 'a', 1), (1, 'b', 2), (2, 'c', 1);
> update count 3
CREATE OR REFRESH STREAMING TABLE rekeyed FLOW AUTO CDC FROM STREAM(rk) KEYS (id) SEQUENCE BY seq;
> ok
CREATE OR REFRESH STREAMING TABLE rekeyed FLOW AUTO CDC FROM STREAM(rk) KEYS (id, name) SEQUENCE BY seq;
> exception AUTOCDC_INCOMPATIBLE_STATE
CREATE OR REFRESH STREAMING TABLE rekeyed FLOW AUTO CDC FROM STREAM(rk) KEYS (id) IGNORE NULL UPDATES SEQUENCE BY seq;
> exception AUTOCDC_INCOMPATIBLE_STATE
REFRESH STREAMING TABLE rekeyed FULL;
> ok
SELECT * FROM rekeyed ORDER BY id;
> id | name | seq
> 1 | b | 2
> 2 | c | 1
> rows: 2
-- a full refresh under new KEYS rebuilds the state; the old key column (the table's clustering key under KEYS (id)) takes NULL again
CREATE OR REFRESH STREAMING TABLE rekeyed FLOW AUTO CDC FROM STREAM(rk) KEYS (name) SEQUENCE BY seq;
> exception AUTOCDC_INCOMPATIBLE_STATE
REFRESH STREAMING TABLE rekeyed FULL;
> ok
INSERT INTO rk VALUES (NULL, 'd', 3);
> update count 1
REFRESH STREAMING TABLE rekeyed;
> ok
SELECT * FROM rekeyed ORDER BY name;
> id | name | seq
> 1 | a | 1
> 1 | b | 2
> 2 | c | 1
> null | d | 3
> rows: 4
