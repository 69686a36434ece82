-- CREATE OR REPLACE MATERIALIZED VIEW takes the new query's columns: dropped, retyped and new columns, a new
-- grouping; the grants on the name stay and readers see the new rows
CREATE CATALOG mvr_cat;
> ok
USE CATALOG mvr_cat;
> ok
CREATE TABLE src (id INT, region STRING);
> ok
INSERT INTO src VALUES (1, 'east'), (2, 'west');
> update count 2
CREATE MATERIALIZED VIEW mv AS SELECT id, region FROM src;
> ok
CREATE USER mvr_reader PASSWORD 'r';
> ok
GRANT USE CATALOG ON CATALOG mvr_cat TO mvr_reader;
> ok
GRANT USE SCHEMA ON SCHEMA mvr_cat.default TO mvr_reader;
> ok
GRANT SELECT ON TABLE mv TO mvr_reader;
> ok
CREATE OR REPLACE MATERIALIZED VIEW mv AS SELECT id FROM src;
> ok
SELECT * FROM mv ORDER BY id;
> id
> 1
> 2
> rows: 2
CREATE OR REPLACE MATERIALIZED VIEW mv AS SELECT CAST(id AS STRING) AS id, region, id * 10 AS tens FROM src;
> ok
DESCRIBE mv;
> col_name | data_type | comment
> id | string | null
> region | string | null
> tens | int | null
> rows: 3
SELECT * FROM mv ORDER BY id;
> id | region | tens
> 1 | east | 10
> 2 | west | 20
> rows: 2
CREATE OR REPLACE MATERIALIZED VIEW mv AS SELECT region, count(*) AS n FROM src GROUP BY region;
> ok
INSERT INTO src VALUES (3, 'east');
> update count 1
REFRESH MATERIALIZED VIEW mv;
> ok
SELECT * FROM mv ORDER BY region;
> region | n
> east | 2
> west | 1
> rows: 2
CREATE OR REPLACE MATERIALIZED VIEW mv (region STRING COMMENT 'where', n BIGINT) AS
  SELECT region, count(*) AS n FROM src GROUP BY region;
> ok
DESCRIBE mv;
> col_name | data_type | comment
> region | string | where
> n | bigint | null
> rows: 2
--@ user mvr_reader
SELECT region, n FROM mvr_cat.default.mv ORDER BY region;
> region | n
> east | 2
> west | 1
> rows: 2
--@ user admin
-- a column named as the engine's hidden ones (an average's kept sum) is refused
CREATE MATERIALIZED VIEW mv_avg AS SELECT region, avg(id) AS mean, sum(id) AS __fg_avg_sum_mean FROM src GROUP BY region;
> exception FEATURE_NOT_SUPPORTED
