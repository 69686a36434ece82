-- the DEFAULT keyword in INSERT ... VALUES, UPDATE SET and MERGE writes the column's default (NULL without one)
CREATE TABLE dflt (id INT, status STRING DEFAULT 'new', n INT DEFAULT 7, note STRING);
> ok
INSERT INTO dflt VALUES (1, DEFAULT, DEFAULT, DEFAULT), (2, 'old', 1, 'x');
> update count 2
INSERT INTO dflt (id, n) VALUES (3, DEFAULT);
> update count 1
SELECT id, status, n, note FROM dflt ORDER BY id;
> id | status | n | note
> 1 | new | 7 | null
> 2 | old | 1 | x
> 3 | new | 7 | null
> rows: 3
UPDATE dflt SET status = DEFAULT, note = DEFAULT WHERE id = 2;
> update count 1
SELECT id, status, n, note FROM dflt WHERE id = 2;
> id | status | n | note
> 2 | new | 1 | null
> rows: 1
MERGE INTO dflt t USING (SELECT 2 AS id UNION ALL SELECT 4) s ON t.id = s.id
  WHEN MATCHED THEN UPDATE SET n = DEFAULT
  WHEN NOT MATCHED THEN INSERT (id, status, n) VALUES (s.id, DEFAULT, DEFAULT);
> update count 2
SELECT id, status, n FROM dflt WHERE id IN (2, 4) ORDER BY id;
> id | status | n
> 2 | new | 7
> 4 | new | 7
> rows: 2
-- DEFAULT is a whole value, not part of an expression
INSERT INTO dflt VALUES (5, DEFAULT || 'x', 1, NULL);
> exception DEFAULT_PLACEMENT_INVALID
UPDATE dflt SET n = DEFAULT + 1;
> exception DEFAULT_PLACEMENT_INVALID
SELECT DEFAULT FROM dflt;
> exception DEFAULT_PLACEMENT_INVALID
SELECT * FROM VALUES (DEFAULT);
> exception DEFAULT_PLACEMENT_INVALID
-- a column may still be called default, and a schema is called default
CREATE TABLE main.default.named_default (`default` INT);
> ok
INSERT INTO named_default VALUES (1);
> update count 1
SELECT default FROM main.default.named_default;
> default
> 1
> rows: 1
DROP TABLE named_default;
> ok
DROP TABLE dflt;
> ok
-- a value written into a generated column must be what its expression gives (the rule of the vendor's tables)
CREATE TABLE gen (id INT, price INT DEFAULT 10, doubled INT GENERATED ALWAYS AS (price * 2));
> ok
INSERT INTO gen (id, price, doubled) VALUES (1, 5, 10);
> update count 1
INSERT INTO gen (id, doubled) VALUES (2, 20);
> update count 1
INSERT INTO gen (id, price, doubled) VALUES (3, 5, 11);
> exception DELTA_VIOLATE_CONSTRAINT_WITH_VALUES
INSERT INTO gen (id, price, doubled) VALUES (4, NULL, NULL);
> update count 1
INSERT INTO gen (id, price) SELECT 5, 7;
> update count 1
SELECT id, price, doubled FROM gen ORDER BY id;
> id | price | doubled
> 1 | 5 | 10
> 2 | 10 | 20
> 4 | null | null
> 5 | 7 | 14
> rows: 4
UPDATE gen SET doubled = 3;
> exception FEATURE_NOT_SUPPORTED
DROP TABLE gen;
> ok
