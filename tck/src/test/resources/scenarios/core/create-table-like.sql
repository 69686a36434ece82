-- CREATE TABLE ... LIKE: an empty managed table with the source's columns (types, NOT NULL, comments)
CREATE CATALOG ctl_cat;
> ok
USE CATALOG ctl_cat;
> ok
CREATE TABLE orders (id BIGINT NOT NULL COMMENT 'the key', amount DECIMAL(10,2), placed TIMESTAMP);
> ok
INSERT INTO orders VALUES (1, 9.99, TIMESTAMP '2026-01-01 10:00:00');
> update count 1
CREATE TABLE orders_copy LIKE orders COMMENT 'same shape' TBLPROPERTIES ('team' = 'sales');
> ok
DESCRIBE TABLE orders_copy;
> col_name | data_type | comment
> id | bigint | the key
> amount | decimal(10,2) | null
> placed | timestamp | null
> rows: 3
SELECT count(*) AS n FROM orders_copy;
> n
> 0
> rows: 1
INSERT INTO orders_copy VALUES (NULL, 1, NULL);
> exception DELTA_NOT_NULL_CONSTRAINT_VIOLATED
CREATE VIEW big_orders AS SELECT id, amount FROM orders WHERE amount > 5;
> ok
CREATE TABLE from_view LIKE big_orders;
> ok
DESCRIBE TABLE from_view;
> col_name | data_type | comment
> id | bigint | null
> amount | decimal(10,2) | null
> rows: 2
CREATE TABLE orders_copy LIKE orders;
> exception TABLE_OR_VIEW_ALREADY_EXISTS
CREATE TABLE IF NOT EXISTS orders_copy LIKE orders;
> ok
CREATE TABLE nothing_like LIKE nowhere;
> exception TABLE_OR_VIEW_NOT_FOUND
