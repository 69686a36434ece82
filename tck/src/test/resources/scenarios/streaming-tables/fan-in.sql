-- A managed table fed by flows only (the CREATE TABLE ... FLOW page's fan-in): CREATE TABLE with columns, then
-- several CREATE FLOW ... INSERT INTO it BY NAME; REFRESH TABLE runs every flow, each from its own checkpoint
CREATE CATALOG fanin_cat;
> ok
USE CATALOG fanin_cat;
> ok
CREATE TABLE eu_orders (id INT, amount INT);
> ok
CREATE TABLE us_orders (id INT, amount INT);
> ok
INSERT INTO eu_orders VALUES (1, 10);
> update count 1
INSERT INTO us_orders VALUES (2, 20), (3, 30);
> update count 2
CREATE TABLE all_orders (id INT, amount INT, region STRING);
> ok
CREATE FLOW from_eu AS INSERT INTO all_orders BY NAME SELECT id, amount, 'EU' AS region FROM STREAM(eu_orders);
> ok
CREATE FLOW from_us AS INSERT INTO all_orders BY NAME SELECT id, amount, 'US' AS region FROM STREAM(us_orders);
> ok
REFRESH TABLE all_orders;
> ok
SELECT region, count(*) AS n, sum(amount) AS total FROM all_orders GROUP BY region ORDER BY region;
> region | n | total
> EU | 1 | 10
> US | 2 | 50
> rows: 2
INSERT INTO eu_orders VALUES (4, 40);
> update count 1
REFRESH TABLE all_orders;
> ok
SELECT id, region FROM all_orders ORDER BY id;
> id | region
> 1 | EU
> 2 | US
> 3 | US
> 4 | EU
> rows: 4
-- REFRESH FULL empties it and runs every flow from the start
REFRESH TABLE all_orders FULL;
> ok
SELECT count(*) AS n FROM all_orders;
> n
> 4
> rows: 1
-- it stays a managed table: AUTO CDC and REPLACE WHERE flows need a streaming table
CREATE FLOW cdc_in AS AUTO CDC INTO all_orders FROM STREAM(eu_orders) KEYS (id) SEQUENCE BY id;
> exception MANAGED_TABLE_DOES_NOT_SUPPORT_CDC
-- its event log holds its flows' updates, as a streaming table's does
SELECT flow_name, count(*) > 0 AS ran FROM (SELECT origin.flow_name AS flow_name FROM event_log(TABLE(all_orders)) WHERE event_type = 'flow_progress') GROUP BY flow_name ORDER BY flow_name;
> flow_name | ran
> from_eu | true
> from_us | true
> rows: 2
SELECT * FROM event_log(TABLE(eu_orders));
> exception STREAMING_TABLE_OPERATION_NOT_ALLOWED.NON_STREAMING_TABLE
