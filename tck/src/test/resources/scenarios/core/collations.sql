-- STRING COLLATE UTF8_LCASE compares ignoring case (equality, IN, LIKE, grouping); UTF8_BINARY is the default
CREATE TABLE coll (id INT, s STRING COLLATE UTF8_LCASE, b STRING COLLATE UTF8_BINARY);
> ok
INSERT INTO coll VALUES (1, 'Abc', 'Abc'), (2, 'ABC', 'ABC'), (3, 'x', 'x');
> update count 3
SELECT count(*) AS n FROM coll WHERE s = 'abc';
> n
> 2
> rows: 1
SELECT count(*) AS n FROM coll WHERE b = 'abc';
> n
> 0
> rows: 1
SELECT count(*) AS n FROM coll WHERE s IN ('aBc') AND s LIKE 'ab%';
> n
> 2
> rows: 1
SELECT count(DISTINCT s) AS groups, count(DISTINCT b) AS exact FROM coll;
> groups | exact
> 2 | 3
> rows: 1
DESCRIBE TABLE coll;
> col_name | data_type | comment
> id | int | null
> s | string collate UTF8_LCASE | null
> b | string | null
> rows: 3
SELECT CAST('A' AS STRING COLLATE UTF8_LCASE) = 'a' AS same;
> same
> true
> rows: 1
-- the table default the seed pages allow, and collations Flowgate does not have
CREATE TABLE coll_default (s STRING) DEFAULT COLLATION UTF8_BINARY;
> ok
CREATE TABLE coll_unicode (s STRING COLLATE UNICODE_CI);
> exception FEATURE_NOT_SUPPORTED
CREATE TABLE coll_lcase_default (s STRING) DEFAULT COLLATION UTF8_LCASE;
> exception FEATURE_NOT_SUPPORTED
CREATE TABLE coll_src (id INT, name STRING);
> ok
INSERT INTO coll_src VALUES (1, 'Ann');
> update count 1
CREATE STREAMING TABLE coll_st (id INT, name STRING COLLATE UTF8_LCASE) DEFAULT COLLATION UTF8_BINARY
  AS SELECT id, name FROM STREAM(coll_src);
> ok
SELECT id FROM coll_st WHERE name = 'ANN';
> id
> 1
> rows: 1
DROP TABLE coll_st;
> ok
DROP TABLE coll_src;
> ok
DROP TABLE coll_default;
> ok
DROP TABLE coll;
> ok
