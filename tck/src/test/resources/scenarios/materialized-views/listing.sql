-- SHOW MATERIALIZED VIEWS lists the materialized views only, with SHOW VIEWS's columns
CREATE CATALOG mvl_cat;
> ok
USE CATALOG mvl_cat;
> ok
CREATE TABLE sales (region STRING, amount INT);
> ok
INSERT INTO sales VALUES ('east', 3), ('west', 4), ('east', 5);
> update count 3
CREATE MATERIALIZED VIEW by_region AS SELECT region, sum(amount) AS total FROM sales GROUP BY region;
> ok
CREATE MATERIALIZED VIEW biggest AS SELECT max(amount) AS top FROM sales;
> ok
CREATE VIEW plain AS SELECT * FROM sales;
> ok
CREATE TEMPORARY VIEW scratch AS SELECT 1 AS one;
> ok
SHOW MATERIALIZED VIEWS;
> namespace | viewName | isTemporary | isMaterialized
> default | biggest | false | true
> default | by_region | false | true
> rows: 2
SHOW MATERIALIZED VIEWS IN mvl_cat.default LIKE 'by*';
> namespace | viewName | isTemporary | isMaterialized
> default | by_region | false | true
> rows: 1
SHOW VIEWS LIKE 'b*|p*';
> namespace | viewName | isTemporary | isMaterialized
> default | biggest | false | true
> default | by_region | false | true
> default | plain | false | false
> rows: 3
SHOW MATERIALIZED VIEWS IN nowhere;
> exception SCHEMA_NOT_FOUND
SELECT region, total FROM by_region ORDER BY region;
> region | total
> east | 8
> west | 4
> rows: 2
