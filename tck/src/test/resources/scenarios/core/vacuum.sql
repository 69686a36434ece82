-- VACUUM: versions committed before the retention period stop being readable, and the rows only they needed go
CREATE CATALOG vac_cat;
> ok
USE CATALOG vac_cat;
> ok
CREATE TABLE stock (id INT, qty INT);
> ok
INSERT INTO stock VALUES (1, 10), (2, 20);
> update count 2
UPDATE stock SET qty = 15 WHERE id = 1;
> update count 1
DELETE FROM stock WHERE id = 2;
> update count 1
-- versions: 0 CREATE TABLE, 1 WRITE, 2 UPDATE, 3 DELETE; the history holds (1, 10) and (2, 20)
SELECT * FROM stock VERSION AS OF 1 ORDER BY id;
> id | qty
> 1 | 10
> 2 | 20
> rows: 2
-- the default retention is 7 days: every version was committed within it
VACUUM stock;
> num_deleted_rows | earliest_version
> 0 | 0
> rows: 1
-- a RETAIN shorter than the table's retention is refused unless the session turns the check off
VACUUM stock RETAIN 0 HOURS;
> exception DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT
SET spark.databricks.delta.retentionDurationCheck.enabled = false;
> ok
VACUUM stock RETAIN 0 HOURS DRY RUN;
> num_deleted_rows | earliest_version
> 2 | 3
> rows: 1
SELECT * FROM stock VERSION AS OF 1 ORDER BY id;
> id | qty
> 1 | 10
> 2 | 20
> rows: 2
VACUUM stock RETAIN 0 HOURS;
> num_deleted_rows | earliest_version
> 2 | 3
> rows: 1
SELECT * FROM stock VERSION AS OF 1;
> exception DELTA_VERSION_NOT_FOUND
RESTORE TABLE stock TO VERSION AS OF 2;
> exception DELTA_VERSION_NOT_FOUND
SELECT * FROM stock VERSION AS OF 3;
> id | qty
> 1 | 15
> rows: 1
-- later writes keep their history as before
UPDATE stock SET qty = 16 WHERE id = 1;
> update count 1
SELECT v3.qty AS before, v4.qty AS after FROM stock@v3 v3 JOIN stock@v4 v4 ON v3.id = v4.id;
> before | after
> 15 | 16
> rows: 1
SET spark.databricks.delta.retentionDurationCheck.enabled = true;
> ok
-- the table's delta.deletedFileRetentionDuration is the default RETAIN and the check's bound
ALTER TABLE stock SET TBLPROPERTIES ('delta.deletedFileRetentionDuration' = 'interval 0 hours');
> ok
VACUUM stock LITE;
> num_deleted_rows | earliest_version
> 1 | 4
> rows: 1
ALTER TABLE stock SET TBLPROPERTIES ('delta.deletedFileRetentionDuration' = 'interval 1 week');
> ok
VACUUM stock RETAIN 167.5 HOURS;
> exception DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT
VACUUM stock RETAIN 200 HOURS DRY RUN;
> num_deleted_rows | earliest_version
> 0 | 4
> rows: 1
ALTER TABLE stock SET TBLPROPERTIES ('delta.deletedFileRetentionDuration' = 'a week');
> ok
VACUUM stock;
> exception INVALID_PARAMETER_VALUE
VACUUM stock RETAIN 1 HOURS RETAIN 2 HOURS;
> exception PARSE_SYNTAX_ERROR
-- it needs MODIFY: SELECT is not enough
CREATE USER vac_reader PASSWORD 'r';
> ok
GRANT USE CATALOG ON CATALOG vac_cat TO vac_reader;
> ok
GRANT USE SCHEMA ON SCHEMA vac_cat.default TO vac_reader;
> ok
GRANT SELECT ON TABLE stock TO vac_reader;
> ok
--@ user vac_reader
VACUUM vac_cat.default.stock RETAIN 200 HOURS;
> exception INSUFFICIENT_PERMISSIONS
--@ user admin
CREATE VIEW stock_view AS SELECT * FROM stock;
> ok
VACUUM stock_view;
> exception FEATURE_NOT_SUPPORTED
VACUUM missing_table;
> exception TABLE_OR_VIEW_NOT_FOUND
USE CATALOG main;
> ok
DROP CATALOG vac_cat CASCADE;
> ok
DROP USER vac_reader;
> ok
