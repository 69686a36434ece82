-- SPEC §2: expectations declared on an AUTO CDC target check each change event, by the source's columns
CREATE CATALOG cdc_exp_cat;
> ok
USE CATALOG cdc_exp_cat;
> ok
CREATE TABLE changes (id INT, name STRING, seq INT, op STRING);
> ok
INSERT INTO changes VALUES (1, 'a', 1, 'U'), (2, NULL, 1, 'U'), (3, 'c', 1, 'U'), (-4, 'd', 1, 'U'), (3, NULL, 2, 'D');
> update count 5
-- SCD 1 (each key's newest event): the dropped event never reaches the target, a warning only counts
CREATE OR REFRESH STREAMING TABLE people (
  CONSTRAINT valid_id EXPECT (id > 0) ON VIOLATION DROP ROW,
  CONSTRAINT named EXPECT (name IS NOT NULL OR op = 'D')
) FLOW AUTO CDC FROM STREAM(changes) KEYS (id) APPLY AS DELETE WHEN op = 'D' SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq);
> ok
SELECT * FROM people ORDER BY id;
> id | name
> 1 | a
> 2 | null
> rows: 2
SELECT details:flow_progress:data_quality AS quality, details:flow_progress:metrics:num_upserted_rows AS upserts
FROM event_log(TABLE(people)) WHERE event_type = 'flow_progress';
> quality | upserts
> {"dropped_records":1,"expectations":[{"name":"valid_id","dataset":"people","passed_records":4,"failed_records":1},{"name":"named","dataset":"people","passed_records":4,"failed_records":1}]} | 3
> rows: 1
-- SCD 2 (every event kept): the same expectations, the same events
CREATE OR REFRESH STREAMING TABLE people_history (
  CONSTRAINT valid_id EXPECT (id > 0) ON VIOLATION DROP ROW
) FLOW AUTO CDC FROM STREAM(changes) KEYS (id) APPLY AS DELETE WHEN op = 'D' SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 2;
> ok
SELECT id, name, __START_AT, __END_AT FROM people_history ORDER BY id;
> id | name | __START_AT | __END_AT
> 1 | a | 1 | null
> 2 | null | 1 | null
> 3 | c | 1 | 2
> rows: 3
SELECT details:flow_progress:data_quality:dropped_records AS dropped FROM event_log(TABLE(people_history))
WHERE event_type = 'flow_progress';
> dropped
> 1
> rows: 1
-- FAIL UPDATE fails the batch: nothing is applied and the checkpoint stays, in either layout
CREATE STREAMING TABLE strict_people (
  CONSTRAINT named EXPECT (name IS NOT NULL) ON VIOLATION FAIL UPDATE
);
> ok
CREATE FLOW strict_flow AS AUTO CDC INTO strict_people FROM STREAM(changes) KEYS (id) SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq);
> exception EXPECTATION_VIOLATION.VERBOSITY_ALL
SELECT count(*) AS n FROM strict_people;
> n
> 0
> rows: 1
CREATE OR REFRESH STREAMING TABLE strict_history (
  CONSTRAINT named EXPECT (name IS NOT NULL) ON VIOLATION FAIL UPDATE
) FLOW AUTO CDC FROM STREAM(changes) KEYS (id) SEQUENCE BY seq COLUMNS * EXCEPT (op, seq) STORED AS SCD TYPE 2;
> exception EXPECTATION_VIOLATION.VERBOSITY_ALL
