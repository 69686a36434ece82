-- SPEC §3.3 S4: two append flows and a ONCE flow into one streaming table; FULL refresh re-runs ONCE flows
CREATE CATALOG flow_cat;
> ok
USE CATALOG flow_cat;
> ok
CREATE TABLE customers_us_west (id INT, state STRING);
> ok
CREATE TABLE customers_us_east (id INT, state STRING);
> ok
CREATE TABLE customers_us_2020 (id INT, state STRING);
> ok
INSERT INTO customers_us_west VALUES (1, 'CA');
> update count 1
INSERT INTO customers_us_east VALUES (2, 'NY');
> update count 1
INSERT INTO customers_us_2020 VALUES (0, 'TX');
> update count 1
CREATE OR REFRESH STREAMING TABLE customers_us;
> ok
CREATE FLOW west AS INSERT INTO customers_us BY NAME SELECT * FROM STREAM(customers_us_west);
> ok
CREATE FLOW east COMMENT 'east coast' AS INSERT INTO customers_us BY NAME SELECT * FROM STREAM(customers_us_east);
> ok
CREATE FLOW backfill AS INSERT INTO ONCE customers_us BY NAME SELECT * FROM customers_us_2020;
> ok
SELECT id, state FROM customers_us ORDER BY id;
> id | state
> 0 | TX
> 1 | CA
> 2 | NY
> rows: 3
INSERT INTO customers_us_west VALUES (3, 'WA');
> update count 1
REFRESH STREAMING TABLE customers_us;
> ok
SELECT id, state FROM customers_us ORDER BY id;
> id | state
> 0 | TX
> 1 | CA
> 2 | NY
> 3 | WA
> rows: 4
INSERT INTO customers_us_2020 VALUES (9, 'FL');
> update count 1
REFRESH STREAMING TABLE customers_us;
> ok
SELECT count(*) FROM customers_us;
> count(1)
> 4
> rows: 1
REFRESH STREAMING TABLE customers_us FULL;
> ok
SELECT id, state FROM customers_us ORDER BY id;
> id | state
> 0 | TX
> 1 | CA
> 2 | NY
> 3 | WA
> 9 | FL
> rows: 5
-- a flow that brings a new column widens the table; the other flows' rows read NULL there
CREATE TABLE customers_ca (id INT, state STRING, vip BOOLEAN);
> ok
INSERT INTO customers_ca VALUES (10, 'CA', true);
> update count 1
CREATE FLOW ca AS INSERT INTO customers_us BY NAME SELECT id, state, vip FROM STREAM(customers_ca);
> ok
SELECT id, vip FROM customers_us WHERE id IN (1, 10) ORDER BY id;
> id | vip
> 1 | null
> 10 | true
> rows: 2
DESCRIBE TABLE customers_us;
> col_name | data_type | comment
> id | int | null
> state | string | null
> vip | boolean | null
> rows: 3
CREATE FLOW a.b AS INSERT INTO customers_us BY NAME SELECT * FROM STREAM(customers_ca);
> exception MULTIPART_FLOW_NAME_NOT_SUPPORTED
CREATE VIEW customers_view AS SELECT * FROM customers_us_west;
> ok
CREATE FLOW nope AS INSERT INTO customers_view BY NAME SELECT * FROM STREAM(customers_ca);
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.NON_STREAMING_TABLE
CREATE FLOW batch AS INSERT INTO customers_us BY NAME SELECT * FROM customers_ca;
> exception INVALID_FLOW_QUERY_TYPE.BATCH_RELATION_FOR_STREAMING_TABLE
CREATE FLOW cdc AS AUTO CDC INTO customers_us FROM STREAM(customers_ca) KEYS (id) SEQUENCE BY id;
> exception FEATURE_NOT_SUPPORTED
SELECT count(*) > 0 FROM event_log(TABLE(customers_us)) WHERE event_type = 'flow_progress';
> (count(1) > 0)
> true
> rows: 1
SELECT * FROM event_log(TABLE(customers_us_west));
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.NON_STREAMING_TABLE
SELECT * FROM event_log(customers_us);
> exception DATATYPE_MISMATCH
SELECT * FROM event_log('00000000-0000-0000-0000-000000000000');
> exception INVALID_PARAMETER_VALUE
-- flows are independent: one failing does not hold the others back, and keeps its own checkpoint
CREATE TABLE src_a (id INT);
> ok
CREATE TABLE src_b (id INT);
> ok
CREATE OR REFRESH STREAMING TABLE both_sources;
> ok
CREATE FLOW from_a AS INSERT INTO both_sources BY NAME SELECT id FROM STREAM(src_a);
> ok
CREATE FLOW from_b AS INSERT INTO both_sources BY NAME SELECT id FROM STREAM(src_b);
> ok
INSERT INTO src_a VALUES (1);
> update count 1
INSERT INTO src_b VALUES (2);
> update count 1
UPDATE src_a SET id = 10;
> update count 1
REFRESH STREAMING TABLE both_sources;
> exception DELTA_SOURCE_TABLE_IGNORE_CHANGES
SELECT id FROM both_sources ORDER BY id;
> id
> 2
> rows: 1
