-- generated columns, defaults and expectations take row-level expressions only, checked at CREATE
CREATE TABLE rlx_src (a INT);
> ok
CREATE TABLE rlx_g1 (a INT, b BIGINT GENERATED ALWAYS AS (count(a)));
> exception DELTA_AGGREGATE_IN_GENERATED_COLUMN
CREATE TABLE rlx_g2 (a INT, b DOUBLE GENERATED ALWAYS AS (rand()));
> exception DELTA_NON_DETERMINISTIC_EXPRESSION_IN_GENERATED_COLUMN
CREATE TABLE rlx_g3 (a INT, b DATE GENERATED ALWAYS AS (current_date()));
> exception DELTA_NON_DETERMINISTIC_EXPRESSION_IN_GENERATED_COLUMN
CREATE TABLE rlx_g4 (a INT, b BOOLEAN GENERATED ALWAYS AS (a IN (SELECT a FROM rlx_src)));
> exception DELTA_UNSUPPORTED_EXPRESSION_GENERATED_COLUMN
CREATE TABLE rlx_g5 (a INT, b INT GENERATED ALWAYS AS (row_number() OVER (ORDER BY a)));
> exception DELTA_UNSUPPORTED_EXPRESSION_GENERATED_COLUMN
CREATE TABLE rlx_d1 (a INT DEFAULT row_number() OVER (ORDER BY 1));
> exception INVALID_DEFAULT_VALUE.NOT_CONSTANT
CREATE TABLE rlx_d2 (a DOUBLE DEFAULT rand());
> exception INVALID_DEFAULT_VALUE.NOT_CONSTANT
CREATE TABLE rlx_d3 (a INT DEFAULT (SELECT 1));
> exception INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION
CREATE STREAMING TABLE rlx_e1 (CONSTRAINT c EXPECT (a IN (SELECT a FROM rlx_src))) AS SELECT * FROM STREAM(rlx_src);
> exception UNSUPPORTED_EXPR_FOR_OPERATOR
CREATE STREAMING TABLE rlx_e2 (CONSTRAINT c EXPECT (count(a) > 0)) AS SELECT * FROM STREAM(rlx_src);
> exception UNSUPPORTED_EXPR_FOR_OPERATOR
CREATE STREAMING TABLE rlx_e3 (CONSTRAINT c EXPECT (rand() > 0.5)) AS SELECT * FROM STREAM(rlx_src);
> exception NON_DETERMINISTIC_CHECK_CONSTRAINT
-- none of them left a table behind
SHOW TABLES LIKE 'rlx_g*|rlx_d*|rlx_e*';
> database | tableName | isTemporary
> rows: 0
-- the clock is fine where a statement fixes it: a DEFAULT, an expectation
CREATE TABLE rlx_d4 (id INT, at TIMESTAMP DEFAULT current_timestamp());
> ok
CREATE STREAMING TABLE rlx_e4 (CONSTRAINT recent EXPECT (a < 10 OR current_date() > DATE '2020-01-01')) AS SELECT * FROM STREAM(rlx_src);
> ok
-- identity bounds are the whole BIGINT range, and one beyond it is refused with nothing created
CREATE TABLE rlx_i1 (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH -9223372036854775808 INCREMENT BY -1));
> ok
CREATE TABLE rlx_i2 (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 9223372036854775808));
> exception PARSE_SYNTAX_ERROR
SHOW TABLES LIKE 'rlx_i*';
> database | tableName | isTemporary
> default | rlx_i1 | false
> rows: 1
DROP TABLE rlx_e4;
> ok
DROP TABLE rlx_d4;
> ok
DROP TABLE rlx_i1;
> ok
DROP TABLE rlx_src;
> ok
