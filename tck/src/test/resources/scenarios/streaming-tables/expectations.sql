-- SPEC §2.4: expectations in all three modes
CREATE CATALOG exp_cat;
> ok
USE CATALOG exp_cat;
> ok
CREATE TABLE raw (id INT, amount INT);
> ok
INSERT INTO raw VALUES (1, 10), (2, -5), (3, 0), (NULL, 7);
> update count 4
CREATE OR REFRESH STREAMING TABLE orders (
  CONSTRAINT valid_id EXPECT (id IS NOT NULL) ON VIOLATION DROP ROW,
  CONSTRAINT positive EXPECT (amount > 0)
) AS SELECT * FROM STREAM(raw);
> ok
SELECT id, amount FROM orders ORDER BY id;
> id | amount
> 1 | 10
> 2 | -5
> 3 | 0
> rows: 3
SELECT details FROM event_log(TABLE(orders)) WHERE event_type = 'flow_progress';
> details
> {"flow_progress":{"status":"COMPLETED","metrics":{"num_output_rows":3,"num_input_rows":4},"data_quality":{"dropped_records":1,"expectations":[{"name":"valid_id","dataset":"orders","passed_records":3,"failed_records":1},{"name":"positive","dataset":"orders","passed_records":2,"failed_records":2}]}}}
> rows: 1
-- the JSON path operator reads the details
SELECT details:flow_progress:data_quality:dropped_records AS dropped, details:flow_progress.metrics.num_output_rows AS written,
  details:flow_progress:data_quality:expectations[1]:name AS second, details:flow_progress:data_quality:expectations[1] AS second_json,
  details:flow_progress:nope IS NULL AS missing
FROM event_log(TABLE(orders)) WHERE event_type = 'flow_progress';
> dropped | written | second | second_json | missing
> 1 | 3 | positive | {"name":"positive","dataset":"orders","passed_records":2,"failed_records":2} | true
> rows: 1
SELECT sum(CAST(details:flow_progress:metrics:num_output_rows AS INT)) FROM event_log(TABLE(orders)) e WHERE e.event_type = 'flow_progress';
> sum(CAST(num_output_rows AS INT))
> 3
> rows: 1
-- FAIL UPDATE writes nothing and keeps the checkpoint, so the same batch fails again
CREATE OR REFRESH STREAMING TABLE strict_orders (
  CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION FAIL UPDATE
) AS SELECT * FROM STREAM(raw) WHERE id IS NOT NULL;
> exception EXPECTATION_VIOLATION.VERBOSITY_ALL
SELECT count(*) FROM strict_orders;
> count(1)
> 0
> rows: 1
REFRESH STREAMING TABLE strict_orders;
> exception EXPECTATION_VIOLATION.VERBOSITY_ALL
SELECT event_type, level FROM event_log(TABLE(strict_orders)) WHERE level = 'ERROR' ORDER BY 1;
> event_type | level
> flow_progress | ERROR
> flow_progress | ERROR
> update_progress | ERROR
> update_progress | ERROR
> rows: 4
-- fixing the query lets the table move on
CREATE OR REFRESH STREAMING TABLE strict_orders (
  CONSTRAINT positive EXPECT (amount > 0) ON VIOLATION FAIL UPDATE
) AS SELECT * FROM STREAM(raw) WHERE id IS NOT NULL AND amount > 0;
> ok
SELECT id FROM strict_orders;
> id
> 1
> rows: 1
CREATE STREAMING TABLE dup (CONSTRAINT a EXPECT (id > 0), CONSTRAINT A EXPECT (id > 1)) AS SELECT * FROM STREAM(raw);
> exception DUPLICATE_EXPECTATION
CREATE STREAMING TABLE unknown_col (CONSTRAINT a EXPECT (nope > 0)) AS SELECT * FROM STREAM(raw);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE TABLE managed_exp (id INT, CONSTRAINT a EXPECT (id > 0));
> exception FEATURE_NOT_SUPPORTED
