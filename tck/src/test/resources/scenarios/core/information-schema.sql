CREATE CATALOG info_cat;
> ok
CREATE SCHEMA info_cat.s;
> ok
CREATE TABLE info_cat.s.parent (id BIGINT NOT NULL, label STRING COMMENT 'shown', CONSTRAINT parent_pk PRIMARY KEY (id));
> ok
CREATE TABLE info_cat.s.child (id BIGINT, parent_id BIGINT, CONSTRAINT child_parent FOREIGN KEY (parent_id) REFERENCES info_cat.s.parent (id));
> ok
CREATE VIEW info_cat.s.v AS SELECT id FROM info_cat.s.parent;
> ok
SELECT table_schema, table_name, table_type FROM info_cat.information_schema.tables ORDER BY table_name;
> table_schema | table_name | table_type
> s | child | MANAGED
> s | parent | MANAGED
> s | v | VIEW
> rows: 3
SELECT column_name, ordinal_position, is_nullable, full_data_type, comment FROM info_cat.information_schema.columns WHERE table_name = 'parent' ORDER BY ordinal_position;
> column_name | ordinal_position | is_nullable | full_data_type | comment
> id | 0 | NO | bigint | null
> label | 1 | YES | string | shown
> rows: 2
SELECT constraint_name, table_name, constraint_type FROM info_cat.information_schema.table_constraints ORDER BY 1;
> constraint_name | table_name | constraint_type
> child_parent | child | FOREIGN KEY
> parent_pk | parent | PRIMARY KEY
> rows: 2
SELECT constraint_name, unique_constraint_name, unique_constraint_table FROM info_cat.information_schema.referential_constraints;
> constraint_name | unique_constraint_name | unique_constraint_table
> child_parent | parent_pk | parent
> rows: 1
SELECT schema_name FROM info_cat.information_schema.schemata ORDER BY 1;
> schema_name
> default
> s
> rows: 2
SELECT count(*) > 0 FROM system.information_schema.routines WHERE routine_name = 'upper';
> (count(1) > 0)
> true
> rows: 1
SELECT count(*) FROM system.information_schema.tables WHERE table_catalog = 'info_cat';
> count(1)
> 3
> rows: 1
SELECT * FROM info_cat.information_schema.nope;
> exception TABLE_OR_VIEW_NOT_FOUND
CREATE SCHEMA info_cat.information_schema;
> exception SCHEMA_ALREADY_EXISTS
CREATE CATALOG system;
> exception CATALOG_ALREADY_EXISTS
SHOW FUNCTIONS LIKE 'date_*';
> function
> date_add
> date_diff
> date_format
> date_from_unix_date
> date_part
> date_sub
> date_trunc
> rows: 7
