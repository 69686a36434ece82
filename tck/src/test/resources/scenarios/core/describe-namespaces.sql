-- DESCRIBE SCHEMA / DATABASE / CATALOG [EXTENDED]: name, comment, owner; a table named schema is still described
CREATE CATALOG dns_cat COMMENT 'for describing';
> ok
CREATE SCHEMA dns_cat.sales COMMENT 'the sales team';
> ok
DESCRIBE SCHEMA dns_cat.sales;
> database_description_item | database_description_value
> Catalog Name | dns_cat
> Namespace Name | sales
> Comment | the sales team
> Owner | admin
> rows: 4
USE CATALOG dns_cat;
> ok
DESCRIBE DATABASE sales;
> database_description_item | database_description_value
> Catalog Name | dns_cat
> Namespace Name | sales
> Comment | the sales team
> Owner | admin
> rows: 4
DESCRIBE CATALOG dns_cat;
> info_name | info_value
> Catalog Name | dns_cat
> Comment | for describing
> Owner | admin
> Catalog Type | Regular
> rows: 4
DESCRIBE SCHEMA nowhere;
> exception SCHEMA_NOT_FOUND
DESCRIBE CATALOG EXTENDED nowhere;
> exception CATALOG_NOT_FOUND
CREATE TABLE sales.schema (id INT);
> ok
USE SCHEMA sales;
> ok
DESCRIBE schema;
> col_name | data_type | comment
> id | int | null
> rows: 1
