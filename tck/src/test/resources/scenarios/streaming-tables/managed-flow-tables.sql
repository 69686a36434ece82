-- CREATE TABLE ... FLOW: a managed table written by flows, with the seeds' limitations
CREATE CATALOG mft_cat;
> ok
USE CATALOG mft_cat;
> ok
CREATE TABLE landing (id INT, v STRING);
> ok
INSERT INTO landing VALUES (1, 'a'), (2, 'b');
> update count 2
CREATE TABLE curated (id INT, v STRING, CONSTRAINT has_v EXPECT (v IS NOT NULL) ON VIOLATION DROP ROW)
  FLOW INSERT BY NAME SELECT id, upper(v) AS v FROM STREAM(landing);
> ok
SELECT * FROM curated ORDER BY id;
> id | v
> 1 | A
> 2 | B
> rows: 2
INSERT INTO landing VALUES (3, NULL), (4, 'd');
> update count 2
REFRESH TABLE curated;
> ok
SELECT * FROM curated ORDER BY id;
> id | v
> 1 | A
> 2 | B
> 4 | D
> rows: 3
-- it is still a managed table: users may write it too
INSERT INTO curated VALUES (100, 'manual');
> update count 1
SELECT table_type FROM information_schema.tables WHERE table_name = 'curated';
> table_type
> MANAGED
> rows: 1
CREATE TABLE cdc_target FLOW AUTO CDC FROM STREAM(landing) KEYS (id) SEQUENCE BY id;
> exception MANAGED_TABLE_DOES_NOT_SUPPORT_CDC
CREATE TABLE rw FLOW REPLACE WHERE id > 1 BY NAME SELECT * FROM landing;
> exception FEATURE_NOT_SUPPORTED
CREATE STREAMING TABLE st_name AS SELECT * FROM STREAM(landing);
> ok
CREATE TABLE st_name FLOW INSERT BY NAME SELECT * FROM STREAM(landing);
> exception CANNOT_SWITCH_STREAMING_TABLE_TO_MANAGED_TABLE
CREATE TABLE curated FLOW INSERT BY NAME SELECT * FROM STREAM(landing);
> exception TABLE_OR_VIEW_ALREADY_EXISTS
REFRESH TABLE landing;
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.NON_STREAMING_TABLE
-- CREATE FLOW into a managed table takes INSERT BY NAME flows only, also when the table has flows already
CREATE FLOW rw_into_managed AS INSERT INTO curated REPLACE WHERE id > 1 BY NAME SELECT id, v FROM landing;
> exception FEATURE_NOT_SUPPORTED
CREATE FLOW cdc_into_managed AS AUTO CDC INTO curated FROM STREAM(landing) KEYS (id) SEQUENCE BY id;
> exception MANAGED_TABLE_DOES_NOT_SUPPORT_CDC
SELECT id, v FROM curated ORDER BY id;
> id | v
> 1 | A
> 2 | B
> 4 | D
> 100 | manual
> rows: 4
REFRESH TABLE curated;
> ok
SELECT count(*) AS n FROM curated;
> n
> 4
> rows: 1
-- a managed table's flow may read a batch source (the page allows batch or streaming): each update reads it whole
CREATE TABLE daily_totals FLOW INSERT BY NAME SELECT count(*) AS n FROM landing;
> ok
REFRESH TABLE daily_totals;
> ok
SELECT n FROM daily_totals ORDER BY n;
> n
> 4
> 4
> rows: 2
-- ONCE makes it a backfill that runs once
CREATE TABLE backfilled FLOW INSERT ONCE BY NAME SELECT id FROM landing;
> ok
REFRESH TABLE backfilled;
> ok
SELECT count(*) AS n FROM backfilled;
> n
> 4
> rows: 1
