-- informational keys: every form of REFERENCES names real columns, and a bad key is refused before anything exists
CREATE CATALOG fk_cat;
> ok
USE CATALOG fk_cat;
> ok
CREATE TABLE fk_cat.default.p (id BIGINT NOT NULL, region STRING NOT NULL, CONSTRAINT p_pk PRIMARY KEY (id));
> ok
CREATE TABLE fk_cat.default.p2 (a INT, b STRING, CONSTRAINT p2_pk PRIMARY KEY (a, b));
> ok
CREATE TABLE fk_cat.default.nokey (id BIGINT);
> ok
-- the parent's primary key is meant when no columns are given
CREATE TABLE fk_cat.default.c1 (k BIGINT, CONSTRAINT c1_fk FOREIGN KEY (k) REFERENCES p);
> ok
CREATE TABLE fk_cat.default.c2 (k BIGINT, CONSTRAINT c2_fk FOREIGN KEY (k) REFERENCES fk_cat.default.p (id));
> ok
-- column constraints: with and without FOREIGN KEY, with and without the column, named and not, with options
CREATE TABLE fk_cat.default.c3 (k BIGINT REFERENCES p, j BIGINT CONSTRAINT c3_j FOREIGN KEY REFERENCES p (id) NOT ENFORCED RELY, id INT CONSTRAINT c3_pk PRIMARY KEY NOT ENFORCED);
> ok
CREATE TABLE fk_cat.default.c4 (x INT, y STRING, CONSTRAINT c4_fk FOREIGN KEY (x, y) REFERENCES p2 MATCH FULL ON DELETE NO ACTION);
> ok
-- a table may reference its own primary key
CREATE TABLE fk_cat.default.tree (id BIGINT, parent BIGINT REFERENCES tree, CONSTRAINT tree_pk PRIMARY KEY (id));
> ok
SELECT k.constraint_name, k.table_name, k.column_name, u.table_name, u.column_name FROM information_schema.referential_constraints r JOIN information_schema.key_column_usage k ON k.constraint_name = r.constraint_name JOIN information_schema.key_column_usage u ON u.constraint_name = r.unique_constraint_name AND u.ordinal_position = k.ordinal_position ORDER BY 1, 3;
> constraint_name | table_name | column_name | table_name | column_name
> c1_fk | c1 | k | p | id
> c2_fk | c2 | k | p | id
> c3_fk_1 | c3 | k | p | id
> c3_j | c3 | j | p | id
> c4_fk | c4 | x | p2 | a
> c4_fk | c4 | y | p2 | b
> tree_fk_1 | tree | parent | tree | id
> rows: 7
-- the schema stays usable
SHOW TABLES;
> database | tableName | isTemporary
> default | c1 | false
> default | c2 | false
> default | c3 | false
> default | c4 | false
> default | nokey | false
> default | p | false
> default | p2 | false
> default | tree | false
> rows: 8
-- what a foreign key cannot be
CREATE TABLE fk_cat.default.bad (k BIGINT REFERENCES nokey);
> exception FOREIGN_KEY_MISMATCH
CREATE TABLE fk_cat.default.bad (k BIGINT REFERENCES missing);
> exception TABLE_OR_VIEW_NOT_FOUND
CREATE TABLE fk_cat.default.bad (k STRING REFERENCES p);
> exception FOREIGN_KEY_MISMATCH
CREATE TABLE fk_cat.default.bad (k BIGINT, CONSTRAINT bad_fk FOREIGN KEY (k) REFERENCES p (region));
> exception FOREIGN_KEY_MISMATCH
CREATE TABLE fk_cat.default.bad (k BIGINT, CONSTRAINT bad_fk FOREIGN KEY (k) REFERENCES p (nope));
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE TABLE fk_cat.default.bad (k INT, CONSTRAINT bad_fk FOREIGN KEY (k) REFERENCES p2);
> exception FOREIGN_KEY_MISMATCH
CREATE TABLE fk_cat.default.bad (k BIGINT, CONSTRAINT bad_fk FOREIGN KEY (nope) REFERENCES p);
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE TABLE fk_cat.default.bad (k BIGINT, CONSTRAINT bad_pk PRIMARY KEY (nope));
> exception UNRESOLVED_COLUMN.WITH_SUGGESTION
CREATE TABLE fk_cat.default.bad (k BIGINT PRIMARY KEY, j BIGINT PRIMARY KEY);
> exception FEATURE_NOT_SUPPORTED
CREATE TABLE fk_cat.default.bad (k BIGINT REFERENCES);
> exception PARSE_SYNTAX_ERROR
SHOW TABLES LIKE 'bad';
> database | tableName | isTemporary
> rows: 0
-- keys added and dropped by ALTER TABLE, checked as CREATE TABLE checks them
ALTER TABLE nokey ADD CONSTRAINT nokey_pk PRIMARY KEY (id);
> ok
ALTER TABLE nokey ADD PRIMARY KEY (id);
> exception FEATURE_NOT_SUPPORTED
CREATE TABLE fk_cat.default.late (k BIGINT, m BIGINT);
> ok
ALTER TABLE late ADD CONSTRAINT late_fk FOREIGN KEY (k) REFERENCES p;
> ok
ALTER TABLE late ADD FOREIGN KEY (m) REFERENCES nokey;
> ok
ALTER TABLE late ADD CONSTRAINT late_fk FOREIGN KEY (k) REFERENCES p;
> exception DELTA_CONSTRAINT_ALREADY_EXISTS
ALTER TABLE late ADD CONSTRAINT late_bad FOREIGN KEY (m) REFERENCES p2;
> exception FOREIGN_KEY_MISMATCH
SELECT constraint_name, constraint_type FROM information_schema.table_constraints WHERE table_name IN ('late', 'nokey') ORDER BY 1;
> constraint_name | constraint_type
> late_fk | FOREIGN KEY
> late_fk_2 | FOREIGN KEY
> nokey_pk | PRIMARY KEY
> rows: 3
-- a primary key that foreign keys reference goes only with CASCADE, which takes them along
ALTER TABLE nokey DROP PRIMARY KEY;
> exception CONSTRAINT_HAS_DEPENDENTS
ALTER TABLE nokey DROP CONSTRAINT nokey_pk CASCADE;
> ok
ALTER TABLE late DROP FOREIGN KEY (k);
> ok
ALTER TABLE late DROP FOREIGN KEY IF EXISTS (k);
> ok
ALTER TABLE late DROP FOREIGN KEY (k);
> exception DELTA_CONSTRAINT_DOES_NOT_EXIST
ALTER TABLE nokey DROP PRIMARY KEY IF EXISTS;
> ok
SELECT count(*) FROM information_schema.table_constraints WHERE table_name IN ('late', 'nokey');
> count(1)
> 0
> rows: 1
DROP TABLE late;
> ok
DROP TABLE IF EXISTS c1;
> ok
DROP TABLE c3;
> ok
USE CATALOG main;
> ok
DROP CATALOG fk_cat CASCADE;
> ok
