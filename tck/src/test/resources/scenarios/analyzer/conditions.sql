-- a condition must be a BOOLEAN: H2 would read a non-zero number as TRUE, the dialect gives it no truth
CREATE TABLE cond (a INT, b STRING, c DOUBLE);
> ok
INSERT INTO cond VALUES (1, 'x', 1.5), (0, 'y', 0.0);
> update count 2
CREATE TABLE cond_other (a INT, e STRING);
> ok
INSERT INTO cond_other VALUES (1, 'one');
> update count 1
SELECT a FROM cond WHERE a;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT a FROM cond WHERE b;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT a FROM cond WHERE (SELECT max(a) FROM cond_other);
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT a FROM cond GROUP BY a HAVING sum(a);
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT a, row_number() OVER (ORDER BY a) AS r FROM cond QUALIFY r;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
SELECT NOT a FROM cond;
> exception DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE
SELECT * FROM cond JOIN cond_other ON cond.a;
> exception JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE
DELETE FROM cond WHERE a + 1;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
UPDATE cond SET a = 2 WHERE c;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
MERGE INTO cond USING cond_other ON cond_other.a WHEN MATCHED THEN DELETE;
> exception JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE
MERGE INTO cond USING cond_other ON cond.a = cond_other.a WHEN MATCHED AND cond_other.e THEN DELETE;
> exception DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN
-- NULL and BOOLEAN conditions, and the rows above unchanged
SELECT a FROM cond WHERE NULL;
> a
> rows: 0
SELECT a FROM cond WHERE NOT (a = 0) AND c > 1;
> a
> 1
> rows: 1
SELECT cond.a, e FROM cond JOIN cond_other ON cond.a = cond_other.a WHERE e IS NOT NULL;
> a | e
> 1 | one
> rows: 1
SELECT count(*) FROM cond;
> count(1)
> 2
> rows: 1
